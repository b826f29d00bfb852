"""How the offline tutor reads a backing that names who keeps a record ("the counsellor ms
okafor keeps that log"), an organisation typed in lower case ("la aemet avisa", "the nhs
says") or a study with its institution ("a harvard study found"), and grounds that are only
a conviction ("i think its 100% true ..."). Near misses (hearsay, "I found it online", a
record that no one in particular keeps, asking for a source) must still be asked which one.

The first lists are what a tester typed and the cases tuned on; the ``FROZEN`` lists were
written beside them and left untouched while the rules changed."""

from __future__ import annotations

import json

import pytest

from coach.domain.heuristics import step_check
from coach.domain.steps import STEPS
from coach.domain.tutor import PRAISE, PROBLEMS, offline_turn

SOURCE_PROBLEMS = ("no_authority", "vague_source")
TOPIC = {"en": "Heat at school", "es": "El calor en el instituto"}


def _turn(language: str, step: str, message: str) -> dict:
    inputs = {
        "step": step,
        "language": language,
        "topic": TOPIC[language],
        "draft": {name: "" for name in STEPS},
        "draft_value": "",
        "user_message": message,
        "is_first_turn": True,
        "step_messages": [],
        "history": [],
    }
    return json.loads(offline_turn(inputs))


NAMED_BACKINGS = [
    (
        "en",
        "the nurses log book, she writes down every kid who comes in "
        "with the date and what was wrong",
    ),
    ("en", "the counsellor ms okafor keeps that log for the school"),
    (
        "es",
        "el registro de la cafeteria, la encargada apunta cada dia cuantos alumnos comen de tupper",
    ),
    (
        "es",
        "la enfermera, rosa, apunta en su libro a cada alumno q va a "
        "la enfermeria con la fecha y lo q le pasa",
    ),
    (
        "es",
        "pero si te digo quien, es rosa la enfermera del insti, lo "
        "apunta todo en el registro de la enfermeria",
    ),
    ("es", "el conserje, paco, que lleva 20 años en el insti"),
    ("es", "pero paco el conserje lleva 20 años apuntando quien usa el ascensor, eso no vale??"),
    ("es", "la enfermera apunta cada visita en su libreta"),
    (
        "es",
        "la aemet avisa q estar al sol en las horas centrales del "
        "dia en verano puede dar golpes de calor",
    ),
    ("en", "the nhs says heat makes people dizzy and tired"),
    ("en", "a harvard study found students do worse on tests on really hot school days"),
    ("en", "mr osei the caretaker has been logging the classroom temperatures since september"),
    ("es", "segun la oms el calor extremo baja la concentracion"),
    ("en", "the cdc says kids overheat faster than adults"),
]
NAMED_BACKINGS_FROZEN = [
    ("en", "mrs patel in the office keeps this register of everyone who goes home ill"),
    ("es", "la conserje, maribel, lleva la cuenta de los dias que se estropea el aire"),
    ("es", "la unicef dice que los niños con calor rinden menos en clase"),
    ("en", "the bbc did a report on hot classrooms in 2023"),
    ("es", "un estudio de la ocde sobre el calor en las aulas de 2022"),
    ("en", "an oxford study on heat and exam results in 2019"),
    ("es", "luis el de mantenimiento lleva 15 años anotando la temperatura de cada aula"),
]
VAGUE_BACKINGS = [
    ("en", "my cousin told me"),
    ("en", "I found it online"),
    ("en", "someone keeps a list"),
    ("es", "alguien lleva una lista"),
    ("es", "me lo dijo mi primo"),
    ("en", "who knows, it is just obvious"),
    ("en", "people who study this say so"),
]
VAGUE_BACKINGS_FROZEN = [
    ("en", "somebody has a spreadsheet somewhere"),
    ("es", "lo vi en internet"),
    ("es", "mi tia me lo conto"),
    ("en", "my mate said it on snapchat"),
    ("en", "the who cares, its hot"),
]
REQUESTS = [
    ("en", "can you give me a source"),
    ("es", "me das una fuente?"),
]


@pytest.mark.parametrize(("language", "text"), NAMED_BACKINGS + NAMED_BACKINGS_FROZEN)
def test_a_backing_that_names_who_stands_behind_it_passes(language, text):
    assert step_check("groundsBacking", text).problem is None
    assert step_check("warrantBacking", text).problem is None
    reply = _turn(language, "groundsBacking", text)
    if text.endswith("?"):
        # Ended with "?": the tutor asks whether it is her part, and names no problem.
        assert not any(PROBLEMS[language][p] in reply["assistantText"] for p in SOURCE_PROBLEMS)
    else:
        assert "proposedUpdate" in reply


@pytest.mark.parametrize(("language", "text"), VAGUE_BACKINGS + VAGUE_BACKINGS_FROZEN)
def test_a_backing_that_names_no_one_in_particular_is_asked_which_one(language, text):
    assert step_check("groundsBacking", text).problem is not None
    assert (
        PRAISE[language]["groundsBacking"]
        not in _turn(language, "groundsBacking", text)["assistantText"]
    )


@pytest.mark.parametrize(("language", "text"), REQUESTS)
def test_asking_for_a_source_is_not_saved_as_one(language, text):
    assert "proposedUpdate" not in _turn(language, "groundsBacking", text)


OPINIONS = [
    ("en", "i think its 100% true everyone in my class is always tired"),
    ("es", "yo creo q es 100% verdad, en mi clase todos estan siempre cansados"),
]
# Frozen, and still missed: "percent" written out counts as a source, and "estoy segura" is
# not read as an opinion (no rule was tuned on these two).
_STILL_MISSED = pytest.mark.xfail(strict=True, reason="frozen case the rules do not read yet")
OPINIONS_FROZEN = [
    pytest.param(
        "en",
        "honestly i believe 100 percent that everyone in my class is exhausted",
        marks=_STILL_MISSED,
    ),
    pytest.param(
        "es", "estoy 100% segura de que en mi clase todos tienen sueño", marks=_STILL_MISSED
    ),
]
OBSERVED = [
    ("en", "in my class 19 of 27 said they were tired in first period"),
    ("es", "en mi clase 19 de 27 dijeron que estaban cansados a primera hora"),
]


@pytest.mark.parametrize(("language", "text"), OPINIONS + OPINIONS_FROZEN)
def test_a_conviction_sure_to_a_hundred_percent_is_an_opinion(language, text):
    assert step_check("grounds", text).problem == "opinion"
    assert PRAISE[language]["grounds"] not in _turn(language, "grounds", text)["assistantText"]


@pytest.mark.parametrize(("language", "text"), OBSERVED)
def test_a_count_in_ones_class_is_still_evidence(language, text):
    assert step_check("grounds", text).problem is None


def test_the_new_source_expressions_are_quick_on_long_input():
    import time

    from coach.domain import heuristics

    for attack in ("someone " * 2500, "lleva " * 3400, "keeps that " * 1800, "100 " * 5000):
        text = attack[:20_000]
        start = time.process_time()
        heuristics.backing_problem(text)
        heuristics.grounds_problem(text)
        assert time.process_time() - start < 0.5
