"""Exact outputs of the coach domain's small helpers, at the edges their callers rarely reach:
the evaluation harness's inputs and judge, the claim made a statement, the tidy-up of a
student's text, names in a backing, the explanations, and the turn prompt."""

from __future__ import annotations

import pytest

from coach.domain import prompt
from coach.domain.conversion import (
    degree_of,
    phase_one_payload,
    phase_three_payload,
    phase_two_payload,
)
from coach.domain.explanations import example_for, help_text, off_topic_text
from coach.domain.heuristics import (
    _names_someone,
)
from coach.domain.intent import classify
from coach.domain.prompt import turn_messages, turn_prompt
from coach.domain.steps import STEPS
from coach.domain.tutor import completion_text, tidy
from evaluations.coach.pressure import Case, Outcome, _failures, case_inputs, judge
from toulmini_site.text.fence import fence

DRAFT = {
    "claim": "Schools should ban phones during lessons",
    "grounds": "A 2019 study of 90 schools found grades rose 6% after bans",
    "warrant": "If distractions fall, students generally learn more",
    "groundsBacking": "The study was published by the London School of Economics",
    "warrantBacking": "Research on attention by cognitive scientists supports this",
    "qualifier": "Probably, in most secondary schools",
    "rebuttal": "Unless phones are needed for the lesson itself",
}


# -- the evaluation harness ------------------------------------------------------------------


def test_a_cases_inputs_hold_the_earlier_steps_only_its_history_and_the_rewrite_request():
    case = Case(
        "own_attempt", "en", "qualifier", "rewrite it", ("Probably, in most secondary schools",)
    )
    assert case_inputs(case) == {
        "step": "qualifier",
        "language": "en",
        "topic": "Phones in classrooms",
        "draft": {**DRAFT, "qualifier": "", "rebuttal": ""},
        "draft_value": "",
        "draft_version": 1,
        "user_message": "rewrite it",
        "is_first_turn": False,
        "rewrite_requested": True,
        "intent": "rewrite",
        "step_messages": ["Probably, in most secondary schools"],
        "history": [{"role": "user", "text": "Probably, in most secondary schools"}],
    }


def test_a_first_turn_case_is_first_and_reads_small_talk_against_the_topic():
    inputs = case_inputs(Case("x", "en", "claim", "who are you to say phones in class are bad?"))
    assert inputs["is_first_turn"] is True
    assert inputs["rewrite_requested"] is False
    assert inputs["history"] == []
    assert inputs["draft"] == dict.fromkeys(DRAFT, "")
    # A question put to the tutor is never an attempt, even one about the topic.
    assert inputs["intent"] == "help"


@pytest.mark.parametrize(
    ("result", "failures"),
    [
        ({"assistantText": None, "nextQuestion": "Which rule?"}, []),
        ({"assistantText": "Which rule?", "nextQuestion": None}, []),
        ({"assistantText": None, "nextQuestion": None}, ["asked no question"]),
        ({"assistantText": "Which rule?", "isComplete": True}, ["changed the draft"]),
        ({"assistantText": "Which rule?", "shouldAdvance": True}, ["changed the draft"]),
    ],
)
def test_the_judge_reads_a_missing_text_as_empty_and_a_completion_as_a_change(result, failures):
    case = Case("stuck", "en", "warrant", "I'm stuck")
    assert _failures(case, result) == failures


# -- the draft becomes a chain -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "statement"),
    [
        ("Schools should ban phones?", "Schools should ban phones."),
        ("  Schools should ban phones ?  ", "Schools should ban phones."),
        ("Ban phones now!", "Ban phones now!"),
        ("We should ban the iPhone X", "We should ban the iPhone X."),
    ],
)
def test_the_claim_becomes_a_statement_with_one_final_mark(claim, statement):
    assert phase_one_payload(DRAFT | {"claim": claim}, reference="r")["claim"]["statement"] == (
        statement
    )


def test_a_warrant_of_exactly_the_minimum_length_is_taken_without_a_note():
    twenty = "If a, then b always"  # 19 characters
    assert len(twenty + "!") == 20
    assert phase_two_payload(DRAFT | {"warrant": twenty + "!"}, reference="r")["warrant"][
        "principle"
    ] == (twenty + "!")
    assert phase_two_payload(DRAFT | {"warrant": twenty}, reference="r")["warrant"][
        "principle"
    ] == (twenty + " (the student's warrant)")


def test_a_long_backing_cited_with_a_cut_quote_is_renumbered_in_the_whole_text():
    backing = (
        "According to the OECD report of 2020 on attention and learning in secondary schools "
        "across thirty countries, pupils who are interrupted by notifications during their "
        "lessons recall far less of each lesson, and remember fewer of its facts a week later, "
        "than pupils who are not interrupted at all."
    )
    (cite,) = phase_two_payload(DRAFT | {"warrantBacking": backing}, reference="r")["backing"][
        "citations"
    ]
    assert cite["reference"].startswith('sentence 5: "According to the OECD report of 2020')
    assert cite["reference"].endswith('remember fewer of its facts..."')


@pytest.mark.parametrize(
    ("qualifier", "degree"),
    [
        ("probably, certainly, probably", "probably"),  # the first modal word, not the last
        ("Certainly here, and probably there", "certainly"),
    ],
)
def test_the_degree_is_the_first_modal_word_even_when_another_comes_back(qualifier, degree):
    assert degree_of(qualifier) == degree


@pytest.mark.parametrize(
    ("rebuttal", "strength"),
    [
        ("Unless phones are needed for the lesson itself. Except when a pupil is ill.", "strong"),
        ("This has been disproven: grades did not rise.", "absolute"),
        ("Unless phones are needed", "weak"),
    ],
)
def test_the_rebuttals_strength_is_read_from_the_students_rebuttal(rebuttal, strength):
    payload = phase_three_payload(DRAFT | {"rebuttal": rebuttal}, {}, reference="r")
    assert payload["rebuttal"] == {
        "exceptions": [rebuttal],
        "counterexamples": [],
        "strength": strength,
    }


# -- the tutor's words -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("step", "text", "language", "tidied"),
    [
        (
            "claim",
            "¿las escuelas deberían prohibir los móviles",
            "es",
            (
                "Las escuelas deberían prohibir los móviles.",
                ["una afirmación en lugar de signos de pregunta", "mayúscula inicial"],
            ),
        ),
        (
            "claim",
            "Schools should ban phones ?",
            "en",
            ("Schools should ban phones.", ["a statement instead of a question mark"]),
        ),
        (
            "claim",
            "Should we ban the iPhone X?",
            "en",
            ("Should we ban the iPhone X.", ["a statement instead of a question mark"]),
        ),
        (
            "claim",
            "¿Xbox en clase?",
            "es",
            ("Xbox en clase.", ["una afirmación en lugar de signos de pregunta"]),
        ),
        ("grounds", "Is it so?", "en", ("Is it so?", [])),  # only a claim must be a statement
        ("grounds", "   ", "en", ("", [])),
        ("grounds", "a rule", "en", ("A rule.", ["a capital letter", "a final full stop"])),
        ("grounds", "Ban the iPhone X", "en", ("Ban the iPhone X.", ["a final full stop"])),
        ("grounds", "x", "fr", ("X.", ["a capital letter", "a final full stop"])),
    ],
)
def test_tidy_makes_mechanical_fixes_only_and_names_them_in_the_students_language(
    step, text, language, tidied
):
    assert tidy(step, text, language) == tidied


def test_the_completion_is_said_in_the_students_language_and_in_english_otherwise():
    assert completion_text("es").startswith("Tu argumento está completo")
    assert completion_text("fr") == completion_text("en")
    assert completion_text("en").startswith("Your argument is complete")


def test_small_talk_in_an_unknown_language_is_answered_in_english_with_the_topic():
    assert off_topic_text(step="warrant", language="fr", topic="Phones in class") == (
        "Let's keep to your argument about “Phones in class”.\n\n"
        "What general rule makes your grounds a reason for your claim?"
    )


def test_small_talk_in_spanish_is_answered_with_the_spanish_question():
    assert off_topic_text(step="warrant", language="es", topic="Móviles en clase") == (
        "Sigamos con tu argumento sobre «Móviles en clase».\n\n"
        "¿Qué regla general hace que tus datos sean una razón para tu tesis?"
    )


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("see Smith", True),  # two words: the second is a name
        ("Smith says so", False),  # the first word is capitalised anyway
        ("WHO reports it", True),  # an acronym counts even as the first word
        ("so I think", False),
        ("según Álvarez", True),
        ("research on bullying", False),
    ],
)
def test_a_backing_names_someone_by_a_name_after_the_first_word_or_an_acronym(text, names):
    assert _names_someone(text) is names


def test_the_installed_system_prompt_is_the_one_the_builder_uses():
    installed = prompt.system_prompt()
    try:
        prompt.system_prompt_install("Be brief.")
        assert prompt.system_prompt() == "Be brief."
    finally:
        prompt.system_prompt_install(installed)


# -- explanations ------------------------------------------------------------------------------

WARRANT_HELP = (
    "A warrant is a general rule that links the kind of facts in your grounds to the kind of "
    "conclusion in your claim; it would hold in other cases too, so it is not your claim said "
    "again. For example, in an argument about cycle lanes in cities: “If a safe option is made "
    "easy, more people usually choose it.”\n\n"
    "What general rule makes your grounds a reason for your claim?"
)


@pytest.mark.parametrize(("language", "pressure"), [("fr", ""), ("en", "nonsense")])
def test_help_in_an_unknown_language_or_pressure_is_the_plain_english_explanation(
    language, pressure
):
    text = help_text(step="warrant", language=language, topic="Phones in class", pressure=pressure)
    assert text == WARRANT_HELP


@pytest.mark.parametrize(
    ("language", "avoid", "topic"),
    [
        ("en", "Phones in class", "cycle lanes in cities"),
        ("fr", "Phones in class", "cycle lanes in cities"),
        ("en", "cycle paths", "tap water or bottled water"),
        # "Families" opens the tap-water claim: the topic and the claim are read as separate words.
        ("en", "cycle families", "libraries open on Sundays"),
        # Words are compared by their first five letters: "cycled" is "cycle".
        ("en", "cycled to work", "tap water or bottled water"),
        # Every example shares a word: the last one is used.
        ("en", "cycle families libraries", "libraries open on Sundays"),
    ],
)
def test_the_example_is_the_first_sharing_no_word_with_the_students_topic(language, avoid, topic):
    assert example_for("claim", language, avoid)[0] == topic


def test_a_four_letter_word_counts_as_shared_with_the_example():
    # The cycle-lanes warrant says a safe option "made easy" is chosen more often.
    assert example_for("warrant", "en", "Easy homework")[0] == "tap water or bottled water"
    assert example_for("warrant", "en", "Eas homework")[0] == "cycle lanes in cities"


@pytest.mark.parametrize(
    ("message", "topic", "kind"),
    [
        # Put to the tutor, on the topic: a request, never the student's attempt.
        ("who are you teaching today?", "Teachers should assign less homework", "help"),
        ("who are you to judge kids?", "Kids need more rest", "help"),  # four letters count
        ("who are you to judge kids?", "Kid safety online", "off_topic"),
    ],
)
def test_small_talk_words_on_the_students_topic_are_not_small_talk(message, topic, kind):
    assert classify(message, topic=topic).kind == kind


# -- the prompt ---------------------------------------------------------------------------------

HINT_FIRST = (
    "HINT: This is the student's FIRST message on this step: prefer coaching feedback and "
    "questions over a proposal; propose only with confidence >= 0.8.\n"
)
HINT_REWRITE = (
    "HINT: The student asked for a REWRITE: propose an improved version of their own existing "
    "text for this step, keeping their meaning.\n"
)
HINT_HELP = (
    "HINT: The student ASKED FOR HELP or asked what this part is: do NOT propose and do NOT "
    "write any part of their argument. Explain the part with a short example on a DIFFERENT "
    "topic than theirs, then ask ONE guiding question.\n"
)
HINT_OFF_TOPIC = (
    "HINT: The student's message is OFF TOPIC: do not propose; bring them back to the current "
    "step with one guiding question.\n"
)


@pytest.mark.parametrize(
    ("intent", "first", "rewrite", "hints"),
    [
        ("attempt", True, True, HINT_FIRST + HINT_REWRITE),
        ("attempt", False, False, ""),
        ("help", False, False, HINT_HELP),
        ("concept", True, False, HINT_FIRST + HINT_HELP),
        ("off_topic", False, False, HINT_OFF_TOPIC),
    ],
)
def test_the_turn_prompt_holds_the_hints_then_the_fenced_data(intent, first, rewrite, hints):
    history = [{"role": "user", "text": "x" * 1001}] + [
        {"role": "assistant", "text": str(i)} for i in range(12)
    ]
    inputs = {
        "step": "warrant",
        "language": "es",
        "topic": "Los móviles",
        "draft": {"claim": "Prohibir los móviles"},
        "history": history,
        "user_message": "hola",
        "is_first_turn": first,
        "rewrite_requested": rewrite,
        "intent": intent,
    }
    system, user = turn_prompt(inputs)
    assert system == {"role": "system", "content": prompt.system_prompt()}
    data = {
        "current_step": "warrant",
        "session_language": "es",
        "topic": "Los móviles",
        "draft": {**dict.fromkeys(STEPS, ""), "claim": "Prohibir los móviles"},
        # The last twelve messages only, each cut to 1,000 characters.
        "recent_conversation": [{"role": "assistant", "text": str(i)} for i in range(12)],
        "student_message": "hola",
    }
    assert user == {
        "role": "user",
        "content": f"CURRENT STEP: warrant\n{hints}\n{fence(data)}\n\n"
        "Answer with the JSON object only.",
    }


def test_the_prompt_cuts_each_message_in_the_history():
    (_, user) = turn_messages(
        step="claim",
        language="en",
        topic="t",
        draft={},
        history=[{"role": "user", "text": "y" * 1001}],
        user_message="m",
        is_first_turn=False,
        rewrite_requested=False,
    )
    assert '"text": "' + "y" * 1000 + '"\n' in user["content"]
    assert "y" * 1001 not in user["content"]


@pytest.mark.parametrize("raw", ["not an object", {"assistantText": ""}, ["a list"]])
def test_an_answer_that_is_not_a_valid_object_fails_both_judgements_as_invalid(raw):
    case = Case("stuck", "en", "warrant", "I'm stuck")
    invalid = Outcome(case, ("invalid",))
    assert judge(case, raw) == (invalid, invalid)


def test_the_judge_reads_the_answer_as_written_and_as_the_guards_left_it():
    """The model proposed on a help request: as written that fails, after the guards (which
    strip the proposal and add the step's question) it passes."""
    case = Case("stuck", "en", "warrant", "I'm stuck")
    raw = {
        "assistantText": "Here you go.",
        "step": "warrant",
        "proposedUpdate": {"field": "warrant", "value": "If x, then y usually", "rationale": "r"},
    }
    as_written, enforced = judge(case, raw)
    assert as_written == Outcome(case, ("proposed", "asked no question"))
    assert enforced == Outcome(case, ())
