"""Exact outputs of the coach's step checks and guards, at the edges their callers rarely
reach: a warrant's two sides, a rebuttal's case, a backing's statistic, provenance, and what
counts as writing the student's part for them."""

from __future__ import annotations

import pytest

from coach.domain.explanations import guiding_question, help_text
from coach.domain.guards import (
    enforce_contract,
    is_own_text,
    writes_the_part,
)
from coach.domain.heuristics import (
    StepCheck,
    backing_problem,
    rebuttal_problem,
    step_check,
    warrant_problem,
)
from coach.domain.intent import rewrite_payload
from coach.domain.provenance import after_confirm, after_hand_edit

# -- the step checks ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("warrant", "claim", "problem"),
    [
        # "If X, Y": the comma splits the sides, the first comma only.
        ("If tired, students learn less", "", "one_sided"),
        ("If tired, hungry, or bored, pupils learn less", "", "one_sided"),
        ("If distractions fall, students learn more", "", None),
        # "If X then Y", each side at least two words, the first "then".
        ("If pupils sleep then grades rise", "", None),
        ("If pupils sleep then grades", "", "one_sided"),
        ("If pupils sleep then grades rise then fall", "", None),
        # "If ..." alone: four words can hold both sides, three cannot.
        ("If pupils sleep more", "", "one_sided"),
        ("If pupils sleep more hours", "", None),
        # "X because Y": two words on each side.
        ("Pupils learn because they sleep", "", None),
        ("Pupils learn because sleep", "", "one_sided"),
        ("Pupils because they sleep", "", "one_sided"),
        # Three quarters of the words (of four letters or more) from the claim: a restatement.
        ("When schools should ban phones", "Schools should ban phones", "restates_claim"),
        ("When kids need rest", "Kids need rest", "restates_claim"),
        ("When kids need rest", "Kids want sleep", "one_sided"),  # its own, but one side
        ("Usually kids need rest", "Kids need rest and food", "restates_claim"),
        # "tend*" is a stem: "tends" is general, "ten" is not.
        ("Ten pupils sleep more", "", "no_principle"),
        ("Pupils tend to sleep more", "", None),
    ],
)
def test_a_warrant_needs_two_sides_and_words_of_its_own(warrant, claim, problem):
    assert warrant_problem(warrant, claim) == problem


@pytest.mark.parametrize(
    ("rebuttal", "problem"),
    [
        ("but not always", "no_condition"),  # two words after the contrast: no case named
        ("but not in winter", None),  # three words
        ("but I am right", "insists"),
        ("unless it rains", None),
    ],
)
def test_a_rebuttal_names_a_case_after_its_contrast_word(rebuttal, problem):
    assert rebuttal_problem(rebuttal) == problem


@pytest.mark.parametrize(
    ("backing", "problem"),
    [
        ("90 percent of pupils agree", None),
        ("el 90 por ciento de los alumnos", None),
        ("90% of pupils agree", None),
        ("90 pupils agree", "no_authority"),
    ],
)
def test_a_backing_with_a_percentage_is_a_statistic(backing, problem):
    assert backing_problem(backing) == problem


# -- provenance --------------------------------------------------------------------------------


def test_emptying_a_part_that_had_no_provenance_leaves_none():
    assert after_hand_edit({}, before={"claim": "Old"}, after={"claim": " "}) == {}


def test_an_accepted_proposal_without_text_is_the_tutors_whatever_the_student_wrote():
    assert after_confirm({}, step="claim", own_texts=("XXXX", "")) == {"claim": "tutor"}


# -- the guards ---------------------------------------------------------------------------------


def test_a_part_written_in_the_next_question_alone_is_still_written_for_the_student():
    raw = {
        "assistantText": "Think about what you already know.",
        "nextQuestion": "Maybe: Los deberes escolares quitan dos horas de sueño cada noche, "
        "según un estudio de 2019. ¿Te sirve?",
        "step": "grounds",
    }
    result, _ = enforce_contract(
        raw,
        current_step="grounds",
        draft_value="",
        is_first_turn=False,
        user_message="Escríbelo por mí",
        step_messages=[],
        topic="Los deberes escolares",
        language="es",
    )
    assert result.assistantText.startswith("No voy a escribir tus datos por ti:")
    assert "dos horas" not in result.assistantText


def test_a_help_answer_in_spanish_that_asks_nothing_gets_the_spanish_question_on_the_topic():
    raw = {"assistantText": "Una tesis es lo que defiendes.", "step": "claim"}
    result, _ = enforce_contract(
        raw,
        current_step="claim",
        draft_value="",
        is_first_turn=False,
        user_message="No sé qué poner, ayúdame",
        step_messages=[],
        topic="Los móviles en clase",
        language="es",
    )
    assert result.assistantText == (
        "Una tesis es lo que defiendes.\n\n"
        "¿Qué piensas tú sobre «Los móviles en clase», en una frase?"
    )


@pytest.mark.parametrize(
    ("text", "topic", "writes"),
    [
        ("Kids need more sleep at night.", "Kids", True),  # a four-letter topic word counts
        # A question is never the part, even one that would pass the step's check.
        ("Did a 2019 study show kids sleep 6% less at night?", "Kids and sleep", False),
    ],
)
def test_writing_the_part_needs_a_statement_on_the_topic(text, topic, writes):
    step = "claim" if text.endswith(".") else "grounds"
    assert writes_the_part(text, step=step, topic=topic) is writes


@pytest.mark.parametrize(
    ("value", "own"),
    [
        ("alpha bravo charlie delta echo", True),  # three of five words: exactly 60%
        ("alpha bravo delta echo foxtrot", False),  # two of five
    ],
)
def test_a_proposal_is_the_students_own_from_sixty_percent_of_its_words(value, own):
    assert is_own_text(value, "alpha bravo charlie") is own


# -- the step checks, whole --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("step", "text", "claim", "problem"),
    [
        ("claim", "", "", "empty"),
        ("claim", "Ban", "", "too_short"),
        ("claim", "Schools should ban phones during lessons", "", None),
        ("grounds", "Grades rose 6 points after the ban", "", None),  # a figure is evidence
        ("grounds", "Grades rose after the ban", "", "no_evidence"),
        ("warrant", "When kids need rest", "Kids need rest", "restates_claim"),
    ],
)
def test_a_step_check_names_its_step_and_its_problem(step, text, claim, problem):
    assert step_check(step, text, claim=claim) == StepCheck(step, problem)


@pytest.mark.parametrize(
    ("message", "payload"),
    [
        ("rewrite: Schools: ban phones", "Schools: ban phones"),  # the first colon only
        ("rewrite it", ""),
        ("rewrite:", ""),
    ],
)
def test_a_rewrite_request_carries_the_text_after_its_first_colon(message, payload):
    assert rewrite_payload(message) == payload


def test_the_guiding_question_falls_back_to_english():
    assert guiding_question("claim", "fr", "Phones") == (
        "What do you yourself think about “Phones”, in one sentence?"
    )


@pytest.mark.parametrize(
    ("language", "pressure", "about", "opener"),
    [
        ("es", "write_for_me", "grounds", "No voy a escribir tus datos por ti:"),
        ("es", "write_for_me", "claim", "No voy a escribir tu tesis por ti:"),
        ("es", "compare", "grounds", "pero puedo mostrarte qué hace falta en tus datos."),
        ("es", "compare", "warrant", "pero puedo mostrarte qué hace falta en tu garantía."),
        ("en", "write_for_me", "grounds", "I won't write your grounds for you:"),
        ("en", "compare", "warrant", "I can show you what a strong warrant contains."),
    ],
)
def test_the_opener_names_the_part_asked_about_with_its_spanish_agreement(
    language, pressure, about, opener
):
    text = help_text(step="claim", language=language, topic="x", pressure=pressure, about=about)
    assert opener in text.split("\n\n")[0]
