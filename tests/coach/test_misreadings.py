"""How the offline tutor reads a yes-word inside an idiom or a question ("¿Vale la pena
madrugar tanto?", "make sure pupils sleep more": no yes), an uppercase acronym that folds to a
pronoun ("la ESO", "the US", "IT": not "eso", "us", "it"), and a third-person subject before a
verb that looks like an order ("Mi entrenador, que lleva diez años con el equipo, apunta la
asistencia": a statement, not a request); and the near misses that must be read as before
(plain yeses, feedback questions with the pronoun, real requests).

The examples were written before the rules were changed for them, in two halves
(``misreadings_tune.json``, ``misreadings_frozen.json``): the tuning half is played here; the
held-out half is never tuned on, only measured (``python -m tests.coach.test_misreadings
--frozen``)."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from coach.domain.intent import classify, confirms_card
from evaluations.coach import voices as v

HERE = Path(__file__).parent
TUNE = HERE / "misreadings_tune.json"
FROZEN = HERE / "misreadings_frozen.json"

_TUNE = v.load(TUNE)
_TUNE_YES = json.loads(TUNE.read_text(encoding="utf-8"))["confirmations"]


@pytest.mark.parametrize(
    "index",
    range(len(_TUNE.messages)),
    ids=[f"{m.language}-{m.step}-{m.kind}-{m.message[:30]}" for m in _TUNE.messages],
)
def test_each_message_is_read_as_its_kind(index):
    # One message at a time, through the offline tutor's whole turn and a "yes" after it:
    # attempts saved in the student's words, questions about the topic told to take a
    # position and never saved, feedback questions answered, requests never saved.
    one = v.Voices(_TUNE.topics, _TUNE.drafts, (), (_TUNE.messages[index],))
    (played,) = v.play_offline(one)
    assert played.failures == ()


@pytest.mark.parametrize("language, message", _TUNE_YES)
def test_a_plain_yes_still_confirms(language, message):
    assert classify(message).kind == "confirmation" or confirms_card(message)


@pytest.mark.parametrize(
    "message",
    ["¿Vale la pena madrugar tanto?", "vale la pena", "make sure they sleep"],
)
def test_a_yes_word_inside_an_idiom_is_no_yes(message):
    assert classify(message).kind != "confirmation"
    assert not confirms_card(message)


@pytest.mark.parametrize(
    "message, kind",
    [
        ("¿Está bien madrugar tanto?", "attempt"),
        ("¿vale madrugar tanto para dormirse en clase?", "attempt"),
        ("¿vale?", "confirmation"),
        ("¿De acuerdo entonces?", "confirmation"),
        ("¿Vale, lo guardo?", "confirmation"),
    ],
)
def test_a_question_with_a_yes_word_about_the_topic_is_no_yes(message, kind):
    assert classify(message).kind == kind


@pytest.mark.parametrize(
    "message, kind",
    [
        ("¿La ESO es demasiado dura?", "attempt"),
        ("¿ESO está bien?", "feedback"),  # a sentence's first word: the pronoun, stressed
        ("ESO ESTÁ BIEN?", "feedback"),  # all in capitals: shouted
        ("Mi tesis. ¿ESO es suficiente?", "feedback"),
        ("Are pupils in the US too tired?", "attempt"),
    ],
)
def test_capitals_inside_a_sentence_are_an_acronym(message, kind):
    assert classify(message).kind == kind


def test_the_two_halves_hold_different_messages():
    frozen = v.load(FROZEN)
    assert {m.message for m in _TUNE.messages}.isdisjoint(m.message for m in frozen.messages)
    assert len(frozen.messages) >= 20


@pytest.mark.parametrize(
    "trigger",
    [
        "vale la pena ",
        "¿vale madrugar ",
        "está bien ",
        "make sure ",
        "la ESO ",
        "ESO ",
        "the US IT ",
        "Mi entrenador, que lleva, ",
        "The nurses, who write down, ",
        "el conserje, quien abre, apunta, ",
    ],
)
def test_the_readings_stay_linear(trigger):
    # 20,000 characters of one frame repeated: each reading is one pass; the bound is on
    # backtracking, not on a busy machine's pace.
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    start = time.process_time()  # CPU time: other work on the machine does not count
    classify(text)
    classify(text + "?")
    confirms_card(text)
    assert time.process_time() - start < 5.0


def measure(path: Path) -> tuple[list[v.Offline], list[str]]:
    """Every message of one half played, failed or not, and the yeses not read as one."""
    data = json.loads(path.read_text(encoding="utf-8"))
    missed = [
        m
        for _, m in data["confirmations"]
        if classify(m).kind != "confirmation" and not confirms_card(m)
    ]
    return v.play_offline(v.load(path)), missed


if __name__ == "__main__":  # the tuning half; the held-out half only with --frozen, once
    sys.path.insert(0, os.getcwd())
    half = FROZEN if "--frozen" in sys.argv else TUNE
    played, missed = measure(half)
    failed = [o for o in played if o.failures]
    for o in failed:
        m = o.message
        print(f"[{half.name} {m.language} {m.step} {m.kind}] {o.failures}: {m.message!r}")
    for m in missed:
        print(f"[{half.name} yes] not a yes: {m!r}")
    print(f"{half.name}: failures {len(failed)}/{len(played)}, yeses missed {len(missed)}")
