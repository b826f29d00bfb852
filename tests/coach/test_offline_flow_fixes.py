"""What a new student met in the offline coach's flow: praise that said a first try "answers
what was missing", a question-marked qualifier saved with its "?", a new attempt sent with a
question about it, Spanish fillers quoted back, a question that did not fit "I have no facts".
Each with near misses that must keep working."""

import json

import pytest

from coach.domain.tutor import PHRASES, PRAISE, offline_turn
from tests.coach.builders import turn_inputs

TOPIC = {"en": "Safety on school buses", "es": "El uso del ascensor del instituto"}


def _inputs(language, step, message, earlier=(), draft=None):
    return turn_inputs(language, step, message, TOPIC[language], draft, earlier)


def _reply(language, step, message, earlier=(), draft=None):
    return json.loads(offline_turn(_inputs(language, step, message, earlier, draft)))


# -- "That answers what was missing" only after an attempt with a named problem ------------


@pytest.mark.parametrize(
    ("language", "earlier", "message"),
    [
        (
            "en",
            ["can u give me an example claim about seatbelts"],
            "school buses shud have seatbelts on every seat",
        ),
        (
            "en",
            ["what does a claim even mean?"],
            "every school bus should have a seatbelt for each seat",
        ),
        (
            "es",
            ["nose q poner en la tesis, me das 3 ideas?"],
            "los alumnos con muletas deberian poder usar el ascensor del insti",
        ),
        (
            "es",
            ["hola", "que es una tesis?"],
            "el instituto deberia dejar el ascensor a quien tenga una lesion",
        ),
    ],
)
def test_a_first_attempt_after_requests_is_praised_as_a_first_try(language, earlier, message):
    said = _reply(language, "claim", message, earlier)
    assert said["proposedUpdate"]["value"] == message
    assert PHRASES[language]["fixed"] not in said["assistantText"]
    assert said["assistantText"].startswith(PRAISE[language]["claim"])


@pytest.mark.parametrize(
    ("language", "earlier", "message"),
    [
        ("en", ["seatbelts"], "school buses should have seatbelts on every seat"),
        ("es", ["el ascensor"], "los alumnos con muletas deberian poder usar el ascensor"),
    ],
)
def test_after_an_attempt_with_a_problem_it_still_answers_what_was_missing(
    language, earlier, message
):
    said = _reply(language, "claim", message, earlier)
    assert said["assistantText"].startswith(PHRASES[language]["fixed"])


# -- a "yes" after the question-mark note settles the doubt: the card holds no "?" ---------


@pytest.mark.parametrize(
    ("language", "typed", "yes", "saved"),
    [
        ("en", "probably?", "yes", "probably"),
        ("en", "in most cases?", "ok", "in most cases"),
        ("es", "probablemente?", "sí", "probablemente"),
        ("es", "¿en la mayoría de los casos?", "vale", "en la mayoría de los casos"),
    ],
)
def test_a_yes_after_the_question_mark_note_offers_the_part_without_it(language, typed, yes, saved):
    claims = {"en": "school buses should have seatbelts", "es": "el ascensor debe ser para todos"}
    draft = {"claim": claims[language]}
    note = _reply(language, "qualifier", typed, draft=draft)
    assert note["assistantText"].startswith(PHRASES[language]["doubt_question"])
    assert "proposedUpdate" not in note
    card = _reply(language, "qualifier", yes, [typed], draft=draft)
    assert card["proposedUpdate"]["value"] == saved


def test_a_part_without_a_question_mark_is_offered_as_written():
    card = _reply("en", "qualifier", "yes", ["probably."], draft={"claim": "buses need belts"})
    assert card["proposedUpdate"]["value"] == "probably."
