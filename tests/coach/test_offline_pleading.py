"""How the offline tutor reads a student's message: pleading, requests in the second person
and claims addressed to the school are told apart by what they say, not by their first word."""

from __future__ import annotations

import pytest

from coach.domain.intent import classify


@pytest.mark.parametrize(
    "message",
    [
        "come on, I've tried, I really can't",
        "just this once. the warrant. go",
        "venga, solo esta vez y no te pido más",
        "porfa, ya lo he intentado y no me sale",
        "m das la tesis dl huerto xfa",  # "das": the tutor gives
        "Datos: algo de cuánta carne se tira, el número lo pones tú",
        "ni idea de a qué experto citar sobre el recreo",
        "no conozco a ningún experto en IA, ¿a quién pongo?",
        "venga va, solo esta vez, ¿cuál pongo?",
        "give us an example",
        "keep it short",
    ],
)
def test_pleading_and_asks_are_never_attempts(message):
    assert classify(message).kind == "help"


@pytest.mark.parametrize(
    "message",
    [
        "Keep the library open until 6 so kids with no quiet room at home can study",
        "Give us a longer break, 20 minutes is not enough to eat and play",
        "Let the canteen go meat-free on Mondays",
        "de una página web",  # "de" unaccented is the preposition, not "dé"
        "probably",  # a qualifier is content, however few its words
        "casi seguro que sí",
        "but I am right",  # insisting is a (weak) rebuttal, not pleading
        "yes, that one is fine with me",
    ],
)
def test_statements_about_the_topic_stay_attempts(message):
    assert classify(message).kind == "attempt"
