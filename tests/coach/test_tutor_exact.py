"""Exact answers of the offline tutor and exact readings of a model's answer, at the edges
their callers rarely reach: whole turns in English and Spanish, the candidate text, small
talk on the student's own topic, and the edges the mutants found."""

from __future__ import annotations

import json

import pytest

from coach.domain import prompt
from coach.domain.guards import (
    ValidationError,
    enforce_contract,
    enforce_turn,
    is_own_text,
)
from coach.domain.heuristics import (
    is_question,
)
from coach.domain.intent import classify
from coach.domain.phrases import contains_phrase, guess_language, is_rewrite_request
from coach.domain.steps import step_name
from coach.domain.stream import parse_answer, streamed_text
from coach.domain.turn import read_turn
from coach.domain.tutor import candidate_text, offline_turn, opening_text

# -- the offline tutor, whole answers --------------------------------------------------------

CLAIM_Q = "What do you want your reader to accept? Write it as one statement, not a question."
ES_ATTEMPT = "las escuelas deberían prohibir los móviles en clase"


def _turn(**inputs):
    raw = offline_turn(inputs)
    return raw, json.loads(raw)


def test_an_attempt_that_passes_the_step_is_praised_and_offered_as_written():
    _, answer = _turn(
        step="claim", language="en", user_message="Schools should ban phones in class"
    )
    assert answer == {
        "step": "claim",
        "assistantText": "That is a clear position a reader can agree or disagree with. Here is "
        "your claim as you wrote it. Confirm it to save it and move on.",
        "confidence": 0.85,
        "proposedUpdate": {
            "field": "claim",
            "value": "Schools should ban phones in class",
            "rationale": "Your own text; it has what this part (claim) needs.",
        },
        "shouldAdvance": True,
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
    turn = read_turn(
        {"user_message": "yes", "step_messages": ["Dogs are loyal"], "draft_value": "Cats purr"}
        | {"topic": "Pets", "step": "claim"}
    )
    own = turn.own_joined
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
