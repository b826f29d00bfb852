"""Exact outputs of the coach domain's small helpers, at the edges their callers rarely reach:
the evaluation harness's inputs and judge, the claim made a statement, the tidy-up of a
student's text, names in a backing, and text in a language the coach does not speak."""

from __future__ import annotations

import json

import pytest

from coach.domain import prompt
from coach.domain.conversion import (
    degree_of,
    phase_one_payload,
    phase_three_payload,
    phase_two_payload,
)
from coach.domain.explanations import example_for, guiding_question, help_text, off_topic_text
from coach.domain.guards import (
    ValidationError,
    _own_text,
    enforce_contract,
    enforce_turn,
    is_own_text,
    writes_the_part,
)
from coach.domain.heuristics import (
    StepCheck,
    _names_someone,
    backing_problem,
    is_question,
    rebuttal_problem,
    step_check,
    warrant_problem,
)
from coach.domain.intent import classify, rewrite_payload
from coach.domain.phrases import contains_phrase, guess_language, is_rewrite_request
from coach.domain.prompt import turn_messages, turn_prompt
from coach.domain.provenance import after_confirm, after_hand_edit
from coach.domain.steps import STEPS, step_name
from coach.domain.stream import parse_answer, streamed_text
from coach.domain.tutor import candidate_text, completion_text, offline_turn, opening_text, tidy
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


# -- the offline tutor, whole answers --------------------------------------------------------

CLAIM_Q = "What do you want your reader to accept? Write it as one statement, not a question."
ES_ATTEMPT = "las escuelas deberían prohibir los móviles en clase"


def _turn(**inputs):
    raw = offline_turn(inputs)
    return raw, json.loads(raw)


def test_an_attempt_that_passes_the_step_is_praised_and_waits_for_the_students_yes():
    _, answer = _turn(
        step="claim", language="en", user_message="Schools should ban phones in class"
    )
    assert answer == {
        "step": "claim",
        "assistantText": "That is a clear position a reader can agree or disagree with. If you "
        "are happy with it, say “yes” and I will put it in your draft, or refine it first.",
        "confidence": 0.7,
    }


def test_a_confirmation_with_nothing_written_yet_asks_for_a_first_attempt():
    # Only the step, the language and the message: every other input has its default.
    _, answer = _turn(step="claim", language="en", user_message="yes")
    assert answer == {
        "step": "claim",
        "nextQuestion": CLAIM_Q,
        "assistantText": "Write your own first attempt and I will help you polish it.",
    }


def test_small_talk_without_a_topic_is_steered_back_to_the_step():
    _, answer = _turn(step="claim", language="en", user_message="what's your name?")
    assert answer == {
        "step": "claim",
        "assistantText": "Let's keep to your argument about “claim”.\n\n"
        "What do you yourself think about “claim”, in one sentence?",
    }


def test_small_talk_words_about_the_topic_put_to_the_tutor_are_a_request_not_small_talk():
    _, answer = _turn(
        step="claim",
        language="en",
        user_message="who are you to say phones distract pupils in class?",
        topic="Phones in class",
    )
    assert answer["assistantText"].startswith("I won't write your claim for you")
    assert "proposedUpdate" not in answer and answer["confidence"] == 0.0


def test_a_neutral_yes_in_a_spanish_session_proposes_the_attempt_in_spanish_unescaped():
    raw, answer = _turn(step="claim", language="es", user_message="sí", step_messages=[ES_ATTEMPT])
    assert "deberían" in raw  # the JSON keeps the accents as they are
    assert answer == {
        "step": "claim",
        "assistantText": "Aquí está tu tesis tal como la escribiste. Confírmala para guardarla y "
        "seguir.",
        "confidence": 0.9,
        "proposedUpdate": {
            "field": "claim",
            "value": ES_ATTEMPT,
            "rationale": "Tu propio texto; cumple lo que necesita este paso (tesis).",
        },
        "shouldAdvance": True,
    }


def test_a_spanish_rewrite_lists_its_fixes_in_spanish():
    _, answer = _turn(
        step="claim",
        language="es",
        user_message="reescríbelo",
        step_messages=[ES_ATTEMPT],
        topic="Los móviles",
    )
    assert answer["assistantText"] == (
        "Ordené tus propias palabras (mayúscula inicial, punto final). Confírmalo si dice lo "
        "que quieres decir."
    )
    assert answer["proposedUpdate"] == {
        "field": "claim",
        "value": "Las escuelas deberían prohibir los móviles en clase.",
        "rationale": "Tu texto con mayúscula inicial, punto final.",
    }


def test_a_confirmed_attempt_that_fails_its_check_is_not_proposed_and_says_why():
    _, answer = _turn(
        step="warrant",
        language="en",
        user_message="yes",
        step_messages=["Kids like cake if hungry"],
        topic="Phones",
    )
    assert answer == {
        "step": "warrant",
        "nextQuestion": "What general rule connects those facts to your claim? Try 'If ..., "
        "then usually ...'.",
        "assistantText": "Before I can propose it: A warrant needs both sides of a rule: what "
        "kind of fact (if ...) leads to what kind of conclusion (then ...). One side is missing "
        "or too thin.",
        "confidence": 0.3,
    }


def test_a_concept_answer_keeps_its_example_off_the_students_draft():
    """The draft is about cycle lanes, so the example comes from the next topic."""
    _, answer = _turn(
        step="warrant",
        language="en",
        user_message="what is a warrant?",
        topic="Phones",
        draft={"claim": "Cities should build cycle lanes"},
    )
    assert "in an argument about tap water or bottled water:" in answer["assistantText"]
    assert answer["confidence"] == 0.0
    assert "nextQuestion" not in answer


@pytest.mark.parametrize(
    ("message", "earlier", "draft", "latest", "candidate"),
    [
        ("yes", ["Schools ban phones"], "My draft", False, "Schools ban phones"),
        ("yes", [], "My draft ", False, "My draft"),
        ("yes", ["rewrite: Schools ban phones", "yes"], "", False, "Schools ban phones"),
        ("yes", ["Old attempt"], "Hand edit", True, "Hand edit"),
        ("yes", ["Old attempt"], " ", True, "Old attempt"),
        ("yes", ["Old attempt"], "", True, "Old attempt"),  # a cleared draft is not a hand edit
    ],
)
def test_the_candidate_is_the_students_latest_own_text(message, earlier, draft, latest, candidate):
    assert (
        candidate_text(message, earlier, draft, topic="Phones", draft_is_latest=latest) == candidate
    )


def test_the_candidate_by_default_is_the_chat_attempt_not_the_draft():
    assert candidate_text("yes", ["Schools ban phones"], "My draft", topic="Phones") == (
        "Schools ban phones"
    )


# -- the model's answer, read ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ('```json\n{"a": 1}\n```  ', {"a": 1}),
        ("```\n[1, 2]\n```", [1, 2]),  # a fenced value that is not an object
        ("``` json\n[1]\n```", [1]),
        ('```json\n{"a":\n 1}\n```', {"a": 1}),  # the object spans lines
        ('```json {"a": 1}```', {"a": 1}),  # a fence on one line
        ('```{"a": 1}```', {"a": 1}),  # ...naming no language
        ('x {"a": {"b": 1}} y', {"a": {"b": 1}}),  # the outermost braces
        ('a{"b": 1}', {"b": 1}),
        ('x {"a": 1}y', {"a": 1}),
    ],
)
def test_the_answer_is_read_from_a_fence_or_the_outermost_braces(answer, value):
    assert parse_answer(answer) == value


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("x } y", "the answer holds no JSON object"),
        ('{"a": 1} and {"b": 2}', "the answer is not valid JSON: Extra data"),
    ],
)
def test_an_answer_without_one_object_says_why(answer, message):
    with pytest.raises(ValueError) as refused:
        parse_answer(answer)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("buffer", "text"),
    [
        ('{"assistantText": "a\\n', "a\n"),  # an escape that arrived whole, at the end
        ('{"assistantText": "a\\qb', "aqb"),  # an unknown escape keeps its letter
        ('{"assistantText": "x\\/y', "x/y"),
    ],
)
def test_streamed_text_reads_each_complete_escape(buffer, text):
    assert streamed_text(buffer) == text


@pytest.mark.parametrize(
    ("text", "question"),
    [("Phones help?", True), ("¿Los móviles ayudan", True), ("Phones help.", False)],
)
def test_a_question_is_marked_at_either_end_or_opened_by_a_question_word(text, question):
    assert is_question(text) is question


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("el año", "es"),
        ("EL AÑO", "es"),
        ("¡vale!", "es"),
        ("ok", "en"),
        ("the rule", "en"),
        ("PIÑATA", "es"),  # the capital letter alone
        ("Xbox", "en"),  # a letter not on the list tells nothing: the default
    ],
)
def test_a_spanish_letter_or_mark_makes_a_message_spanish(text, language):
    assert guess_language(text, "en") == language


def test_a_step_name_in_an_unknown_language_is_english():
    assert step_name("groundsBacking", "fr") == "Backing for the grounds"


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


# -- more edges the mutants found --------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "earlier", "draft", "candidate"),
    [
        ("rewrite: Schools ban phones", [], "", "Schools ban phones"),
        # An earlier help request with a colon carries no text of the student's.
        ("yes", ["I am stuck: help me"], "Draft", "Draft"),
    ],
)
def test_only_a_rewrite_request_carries_its_text_after_a_colon(message, earlier, draft, candidate):
    assert candidate_text(message, earlier, draft, topic="Phones") == candidate


def test_the_opening_names_the_topic():
    assert opening_text("Phones in class", "en").startswith(
        "Let's build your argument about “Phones in class” in seven steps."
    )


@pytest.mark.parametrize(
    ("inputs", "opening"),
    [
        (
            {
                "step": "warrant",
                "user_message": "Schools should always ban phones during lessons",
                "draft": {"claim": "Schools should ban phones during lessons"},
            },
            "That says your claim again.",
        ),
        (
            {
                "step": "claim",
                "user_message": "rewrite it",
                "step_messages": ["Schools should ban phones during lessons."],
            },
            "I tidied your own words (nothing needed changing).",
        ),
        (
            {"step": "warrant", "user_message": "just write it for me", "topic": "Phones"},
            "I won't write your warrant for you:",
        ),
    ],
)
def test_the_offline_tutor_judges_against_the_claim_and_keeps_the_pressures_opener(inputs, opening):
    answer = json.loads(offline_turn({"language": "en", **inputs}))
    assert answer["assistantText"].startswith(opening)


def test_a_raw_answer_that_is_not_an_object_is_described_by_the_validation():
    with pytest.raises(ValidationError, match="input_value='not json'"):
        enforce_contract(
            "not json", current_step="claim", draft_value="", is_first_turn=False, user_message="x"
        )


@pytest.mark.parametrize(
    "raw",
    [
        {
            "assistantText": "ok?",
            "confidence": "high",
            "step": "claim",
            "proposedUpdate": {"field": "claim", "value": "Schools should ban phones"},
            "shouldAdvance": True,
        },
        {"assistantText": "ok?", "proposedUpdate": "Schools should ban phones", "step": "claim"},
    ],
)
def test_a_confidence_or_proposal_of_the_wrong_type_is_refused_by_the_validation(raw):
    with pytest.raises(ValidationError):
        enforce_contract(
            raw,
            current_step="claim",
            draft_value="",
            is_first_turn=True,
            user_message="Schools should ban phones",
        )


def test_only_the_last_step_completes_the_argument():
    raw = {"assistantText": "Good.", "step": "warrant", "isComplete": True, "shouldAdvance": False}
    result, _ = enforce_contract(
        raw,
        current_step="warrant",
        draft_value="If distractions fall, students generally learn more",
        is_first_turn=False,
        user_message="If distractions fall, students generally learn more",
    )
    assert (result.isComplete, result.shouldAdvance, result.nextStep) == (False, False, None)


def _turn_inputs(**changes):
    """A turn's inputs as the service builds them (see ``enforce_turn``), with ``changes``."""
    return {
        "step": "claim",
        "draft_value": "",
        "is_first_turn": False,
        "user_message": "",
        "step_messages": [],
        "topic": "Phones",
        "language": "en",
        "draft": {"claim": ""},
        **changes,
    }


def test_a_first_warrant_that_restates_the_draft_claim_is_not_proposed():
    inputs = _turn_inputs(
        step="warrant",
        is_first_turn=True,
        user_message="When schools should ban phones",
        draft={"claim": "Schools should ban phones"},
    )
    raw = {
        "assistantText": "Saved?",
        "step": "warrant",
        "proposedUpdate": {
            "field": "warrant",
            "value": "When schools should ban phones",
            "rationale": "Your words.",
        },
    }
    result, status = enforce_turn(raw, inputs)
    assert (result.proposedUpdate, status) == (None, "stripped-first-attempt-failed-heuristics")
    other_claim = {**inputs, "draft": {"claim": "Homework should be optional"}}
    assert enforce_turn(raw, other_claim)[1] == "kept"


@pytest.mark.parametrize(
    ("value", "own", "mine"),
    [
        ("the cat sat", "the cat sat", True),  # three-letter words count
        ("teaching", "teacher", True),  # the first five letters
        ("teachers", "tea", False),
    ],
)
def test_a_students_own_words_are_compared_by_their_first_five_letters(value, own, mine):
    assert is_own_text(value, own) is mine


def test_the_students_own_text_keeps_each_attempt_and_the_draft_as_separate_words():
    own = _own_text("yes", ["Dogs are loyal"], "Cats purr", topic="Pets")
    assert own.split() == ["Dogs", "are", "loyal", "Cats", "purr"]
    assert is_own_text("Cats purr", own) and is_own_text("Dogs are loyal", own)


@pytest.mark.parametrize(
    ("text", "phrase", "negated", "found"),
    [
        ("it is not true", "true", False, True),
        ("it is not true", "true", True, False),
        ("true is it not", "true", False, True),  # the last word is not before the first
        ("yes i said no", "yes", True, True),
        ("not yes but yes", "yes", True, True),  # a later occurrence still counts
        ("a b c", "b c", False, True),
        ("abc", "!!", False, False),  # a phrase without words is never found
    ],
)
def test_a_phrase_is_found_as_whole_words_and_unless_negated_when_asked(
    text, phrase, negated, found
):
    assert contains_phrase(text, phrase, unless_negated=negated) is found


def test_a_rewrite_request_after_a_no_is_still_a_rewrite_request():
    assert is_rewrite_request("no, rewrite it") is True
    assert guess_language("¿ok?", "en") == "es"


def test_without_an_installed_system_prompt_the_builder_says_so():
    installed = prompt.system_prompt()
    prompt.system_prompt_install("")
    prompt._SYSTEM.clear()
    try:
        with pytest.raises(LookupError) as missing:
            prompt.system_prompt()
        assert str(missing.value) == "The coach's system prompt is not installed."
    finally:
        prompt.system_prompt_install(installed)


# -- small-talk words on the student's own topic -----------------------------------------------

JOKE = "Teachers who tell me a joke in class help me remember the lesson"


def test_small_talk_words_on_the_arguments_own_topic_are_the_students_attempt():
    raw = {
        "assistantText": "Noted.",
        "step": "claim",
        "confidence": 0.9,
        "proposedUpdate": {"field": "claim", "value": JOKE, "rationale": "Your words."},
    }
    turn = {
        "current_step": "claim",
        "draft_value": "",
        "is_first_turn": False,
        "user_message": JOKE,
        "step_messages": [],
    }
    result, status = enforce_contract(raw, **turn, topic="Telling jokes in class")
    assert (result.proposedUpdate.value, status) == (JOKE, "kept")
    # A whole statement is the student's attempt on any topic: "tell me a joke" inside it is
    # not small talk (the tutor judges the part; topic words never make it off-topic).
    assert enforce_contract(raw, **turn, topic="Phones")[1] == "kept"


def test_a_confirmation_brings_back_an_earlier_attempt_on_the_arguments_own_topic():
    assert candidate_text("yes", [JOKE], "Draft", topic="Telling jokes in class") == JOKE
    assert candidate_text("yes", [JOKE], "Draft", topic="Phones") == JOKE
    assert candidate_text("yes", ["tell me a joke"], "Draft", topic="Phones") == "Draft"


def test_a_turn_is_judged_in_the_sessions_language():
    inputs = _turn_inputs(
        user_message="escríbela tú por mí, por favor", topic="Móviles en clase", language="es"
    )
    # A help request answered with the student's part on their topic: overruled, in Spanish.
    raw = {
        "assistantText": "Tu tesis: Los colegios deberían prohibir los móviles en clase.",
        "step": "claim",
    }
    result, _ = enforce_turn(raw, inputs)
    assert result.assistantText.startswith("No voy a escribir tu tesis por ti:")


def test_a_help_request_never_advances_even_on_a_draft_that_passes():
    raw = {
        "assistantText": "What would you change?",
        "step": "claim",
        "confidence": 0.9,
        "shouldAdvance": True,
    }
    draft = "Schools should ban phones in class"
    help_asked = _turn_inputs(draft_value=draft, user_message="can you give me an example?")
    result, _ = enforce_turn(raw, help_asked)
    assert (result.shouldAdvance, result.nextStep) == (False, None)
    attempt, _ = enforce_turn(raw, {**help_asked, "user_message": draft})
    assert (attempt.shouldAdvance, attempt.nextStep) == (True, "grounds")


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("yes that is fine with me", "confirmation"),  # six words: still a control message
        ("yes, that one is fine with me", "attempt"),  # seven: the student is saying something
        (
            "please rewrite this so it is clearer for readers of the school paper: "
            "Schools should ban phones",
            "rewrite",  # a long request carries its text after the colon
        ),
        (
            "please rewrite this so it is clearer for readers of the school paper "
            "Schools should ban phones",
            "help",  # addressed to the tutor: never the student's attempt
        ),
        ("   ", "attempt"),  # nothing said: judged as an (empty) attempt, never a request
    ],
)
def test_a_control_message_is_six_words_at_most_unless_a_colon_brings_its_text(message, kind):
    assert classify(message).kind == kind


def test_a_phrase_is_found_even_after_a_negation_unless_asked_otherwise():
    assert contains_phrase("it is not true", "true") is True


def test_the_offline_tutor_proposes_an_earlier_attempt_on_the_arguments_own_topic():
    _, answer = _turn(
        step="claim",
        language="en",
        user_message="yes",
        topic="Telling jokes in class",
        step_messages=[JOKE],
    )
    assert answer["proposedUpdate"]["value"] == JOKE
    _, elsewhere = _turn(
        step="claim",
        language="en",
        user_message="yes",
        topic="Phones",
        step_messages=["tell me a joke"],
    )
    assert "proposedUpdate" not in elsewhere
