"""The offline tutor: asks, checks, explains, and proposes only what the contract allows."""

import json

import pytest

from coach.domain import enforce_contract
from coach.domain.phrases import words
from coach.domain.steps import STEPS
from coach.domain.tutor import PRAISE, offline_turn, opening_text, step_intro_text, tidy
from tests.coach.builders import GOOD_TEXT


def turn(message, *, step="claim", language="en", earlier=(), draft=""):
    inputs = {
        "step": step,
        "language": language,
        "user_message": message,
        "draft_value": draft,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
    }
    raw = json.loads(offline_turn(inputs))
    result, status = enforce_contract(
        raw,
        current_step=step,
        draft_value=draft,
        is_first_turn=not earlier,
        user_message=message,
    )
    return raw, result, status


def test_a_good_first_attempt_gets_praise_and_a_card_of_its_own_words():
    raw, result, status = turn("Schools should ban phones during lessons")
    assert status == "kept"
    assert result.proposedUpdate.value == "Schools should ban phones during lessons"
    assert PRAISE["en"]["claim"] in result.assistantText
    assert "say “yes”" not in result.assistantText


def test_a_good_attempt_written_as_a_question_says_the_doubt_and_waits_for_a_yes():
    raw, result, status = turn(
        "In a 2022 survey 70% of pupils said they were tired before 9am?", step="grounds"
    )
    assert "proposedUpdate" not in raw
    assert "question mark" in result.assistantText and "yes" in result.assistantText


def test_a_weak_attempt_is_explained_with_the_guiding_question():
    _, result, _ = turn("Should schools ban phones?")
    assert "question" in result.assistantText
    assert "What do you want your reader to accept?" in result.assistantText


def test_a_confirmation_proposes_the_students_own_text_and_may_advance():
    text = "Schools should ban phones during lessons"
    _, result, status = turn("yes", earlier=[text])
    assert status == "kept"
    assert result.proposedUpdate.value == text
    assert result.shouldAdvance is True
    assert result.confidence >= 0.8


def test_a_confirmation_of_weak_text_explains_instead_of_proposing():
    _, result, status = turn("ok", earlier=["Phones bad"])
    assert status == "none"
    assert result.shouldAdvance is False


def test_a_confirmation_with_nothing_written_asks_for_a_first_attempt():
    raw, _, _ = turn("yes")
    assert "proposedUpdate" not in raw
    assert "first attempt" in raw["assistantText"]


def test_a_rewrite_request_tidies_only_the_students_words():
    earlier = ["  schools should   ban phones during lessons"]
    _, result, status = turn("improve it", earlier=earlier)
    assert status == "kept"
    assert result.proposedUpdate.value == "Schools should ban phones during lessons."
    assert set(words(result.proposedUpdate.value)) <= set(words(earlier[0]))


def test_a_rewrite_request_turns_a_question_claim_into_a_statement():
    _, result, _ = turn("rephrase", earlier=["¿las escuelas deberían prohibir los móviles?"])
    assert result.proposedUpdate.value == "Las escuelas deberían prohibir los móviles."


def test_a_spanish_student_gets_spanish_answers_in_an_english_session():
    raw, _, _ = turn("Un estudio de 2019 mostró que las notas subieron", step="grounds")
    assert raw["assistantText"].startswith("Bien")
    raw, _, _ = turn("mejóralo", step="grounds", earlier=["un estudio de 2019 mostró que subió"])
    assert "Ordené tus propias palabras" in raw["assistantText"]


def test_a_spanish_confirmation_proposes_in_a_spanish_session():
    text = GOOD_TEXT["es"]["claim"]
    raw, result, status = turn("me sirve", language="es", earlier=[text])
    assert status == "kept"
    assert result.proposedUpdate.value == text
    assert "Aquí está tu tesis" in raw["assistantText"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_step_can_be_completed_by_writing_then_confirming(language):
    confirm = "yes" if language == "en" else "sí, me sirve"
    for step in STEPS:
        text = GOOD_TEXT[language][step]
        _, first, _ = turn(text, step=step, language=language)
        assert first.proposedUpdate.value == text, step
        _, second, status = turn(confirm, step=step, language=language, earlier=[text])
        assert status == "kept", step
        assert second.proposedUpdate.value == text
        if step == "rebuttal":
            assert second.isComplete is True
        else:
            assert second.shouldAdvance is True


def test_tidy_lists_the_changes_it_made():
    value, changes = tidy("claim", "phones distract   students?", "en")
    assert value == "Phones distract students."
    assert changes == ["spacing", "a statement instead of a question mark", "a capital letter"]


def test_openings_and_step_intros_ask_the_steps_question_in_the_sessions_language():
    assert "Step 1 of 7" in opening_text("Phones", "en")
    assert "Paso 1 de 7" in opening_text("Móviles", "es")
    assert "Step 3 of 7" in step_intro_text("warrant", "en")
    assert "Paso 7 de 7: Refutación" in step_intro_text("rebuttal", "es")


@pytest.mark.parametrize(
    ("step", "language", "expected"),
    [
        ("grounds", "en", "Here are your grounds as you wrote them."),
        ("claim", "en", "Here is your claim as you wrote it."),
        ("groundsBacking", "en", "Here is the backing for your grounds as you wrote it."),
        ("grounds", "es", "Aquí están tus datos tal como los escribiste."),
        ("warrant", "es", "Aquí está tu garantía tal como la escribiste."),
        ("qualifier", "es", "Aquí está tu calificador tal como lo escribiste."),
    ],
)
def test_a_confirmation_speaks_of_each_part_with_its_own_grammar(step, language, expected):
    text = GOOD_TEXT[language][step]
    confirm = "yes" if language == "en" else "sí"
    raw, _, _ = turn(confirm, step=step, language=language, earlier=[text])
    assert raw["assistantText"].startswith(expected)
