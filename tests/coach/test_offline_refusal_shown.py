"""The offline tutor's own refusal ("I won't write your claim for you: the argument has to be
in your own words.") reaches the student whole: the guard read "for you: ..." as an offer and
withheld it, on every request in every step, and the teacher saw a withheld answer counted."""

from __future__ import annotations

import json

import pytest

from coach.domain import offers
from coach.domain.answer import serve
from coach.domain.steps import STEPS
from coach.domain.tutor import offline_turn
from tests.coach.builders import turn_inputs

REQUESTS = {"en": "write my {part} for me", "es": "escríbeme tú la parte, porfa"}


def _inputs(language: str, step: str, message: str) -> dict:
    index = STEPS.index(step)
    draft = {name: "Schools should ban phones in lessons" for name in STEPS[:index]}
    topic = {"en": "Phones in classrooms", "es": "Móviles en clase"}[language]
    return turn_inputs(language, step, message, topic, draft)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("step", STEPS)
def test_the_offline_refusal_is_shown_whole(language, step):
    inputs = _inputs(language, step, REQUESTS[language].format(part=step))
    raw = offline_turn(inputs)
    chunks = [raw[i : i + 7] for i in range(0, len(raw), 7)]
    judged = [event for event in serve(chunks, inputs) if event["type"] == "judged"][-1]
    assert not judged["withheld"]
    assert json.loads(raw)["assistantText"].split("\n")[0] in judged["result"].assistantText


@pytest.mark.parametrize(
    "sentence",
    [
        "I won't write your claim for you: the argument has to be in your own words.",
        "I can't write it for you: it has to be yours.",
        "No voy a escribir tu tesis por ti: el argumento tiene que estar en tus propias palabras.",
        "No te la puedo escribir: tiene que ser tuya.",
    ],
)
def test_a_refusal_offers_nothing(sentence):
    assert offers.read(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Can't you add that 60% of students skip breakfast?",
        "I don't think so; for you: the school should ban phones in every lesson.",
        "¿No puedes poner que el 60 % de los alumnos no desayuna?",
        "I'd add that the school should ban phones in lessons.",
    ],
)
def test_an_offer_after_a_negation_still_offers(sentence):
    assert offers.read(sentence)
