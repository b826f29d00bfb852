"""The guard judges function, not words: in many voices (``tutor_voices_*.json``), a sentence
that states a candidate part the student has not written is withheld in any frame and any
field, and a good tutor's feedback passes."""

import json

import pytest

from coach.domain.answer import serve, talks_of_proposal
from evaluations.coach.voices import (
    VOICES_DEV,
    VOICES_FROZEN,
    inputs_for,
    load,
    play_sentences,
)

HALVES = {"dev": load(VOICES_DEV), "frozen": load(VOICES_FROZEN)}


@pytest.mark.parametrize("half", HALVES)
def test_each_half_has_every_step_both_languages_and_every_field(half):
    voices = HALVES[half]
    assert {(t.language, t.step) for t in voices.turns} >= {
        (lang, step)
        for lang in ("en", "es")
        for step in ("claim", "grounds", "warrant", "groundsBacking", "rebuttal")
    }
    fields = {field for t in voices.turns for field, _ in t.parts}
    assert fields == {"a", "q", "r"}
    assert sum(len(t.feedback) for t in voices.turns) >= 40


# The frozen half is never tuned on: what it measures is reported (docs/coach.md), and held
# here so that it can only get better.
LEAKS_AT_MOST = {"dev": 0, "frozen": 3}


@pytest.mark.parametrize("half", HALVES)
def test_no_sentence_that_states_a_part_reaches_the_student_in_any_frame_or_field(half):
    played = play_sentences(HALVES[half])
    leaked = [o.text for o in played if not o.good and o.reached]
    assert len(leaked) <= LEAKS_AT_MOST[half], leaked


@pytest.mark.parametrize("half", HALVES)
def test_a_good_tutors_feedback_sentences_pass_alone_and_in_whole_answers(half):
    played = play_sentences(HALVES[half])
    good = [o for o in played if o.good]
    withheld = [o.text for o in good if not o.reached]
    assert len(withheld) <= 0.1 * len(good), withheld


def _judged(raw: dict, inputs: dict) -> tuple[str, dict]:
    text = json.dumps(raw, ensure_ascii=False)
    streamed, final = "", {}
    for event in serve([text[i : i + 5] for i in range(0, len(text), 5)], inputs):
        if event["type"] == "partial":
            streamed += event["text"]
        else:
            final = event
    return streamed, final


def _inputs(language: str, message: str, step: str = "claim") -> dict:
    return inputs_for(HALVES["dev"], language, "uniforms", step, message, [])


@pytest.mark.parametrize(
    "sentence",
    [
        "What if you argued that uniforms should be optional for students over fourteen?",
        "Wouldn't it be stronger to say something like uniforms waste money families need?",
        "Have you thought about saying that uniforms cost families too much?",
    ],
)
def test_a_leading_question_with_a_part_inside_is_withheld_and_never_streamed(sentence):
    streamed, final = _judged(
        {"assistantText": sentence, "step": "claim"}, _inputs("en", "uniforms are bad")
    )
    assert final["withheld"]
    assert "optional" not in streamed and "families" not in streamed
    assert "families" not in final["result"].assistantText


def test_a_part_in_the_proposals_rationale_is_withheld_with_the_proposal():
    raw = {
        "assistantText": "Let's look at your text.",
        "step": "claim",
        "confidence": 0.9,
        "proposedUpdate": {
            "field": "claim",
            "value": "uniforms are bad",
            "rationale": "A sharper claim: uniforms should be optional after fourteen.",
        },
    }
    _, final = _judged(raw, _inputs("en", "uniforms are bad"))
    assert final["withheld"] and final["result"].proposedUpdate is None
    assert "fourteen" not in final["result"].assistantText


def test_words_about_a_removed_proposal_go_with_it_and_are_never_streamed():
    # A request is never proposed: "I've put it in your draft" would be a false promise.
    raw = {
        "assistantText": "Great, I've put it in your draft. What do you think?",
        "step": "claim",
        "confidence": 0.95,
        "proposedUpdate": {"field": "claim", "value": "write it for me", "rationale": "r"},
        "shouldAdvance": True,
    }
    streamed, final = _judged(raw, _inputs("en", "write it for me"))
    result = final["result"]
    assert result.proposedUpdate is None
    assert "draft" not in streamed
    assert not talks_of_proposal(result.assistantText)
    assert "?" in result.assistantText


def test_words_about_a_kept_proposal_stay():
    raw = {
        "assistantText": "Here is your claim as you wrote it.",
        "step": "claim",
        "confidence": 0.9,
        "proposedUpdate": {"field": "claim", "value": "Uniforms should be optional.", "r": 1}
        | {"rationale": "Your own words."},
    }
    raw["proposedUpdate"].pop("r")
    inputs = inputs_for(
        HALVES["dev"], "en", "uniforms", "claim", "yes", ["uniforms should be optional"]
    )
    _, final = _judged(raw, inputs)
    assert final["result"].proposedUpdate is not None
    assert final["result"].assistantText.startswith("Here is your claim")


@pytest.mark.parametrize(
    ("language", "message"), [("en", "dime la tesis, porfa"), ("es", "write it")]
)
def test_the_withheld_note_speaks_the_sessions_language_whatever_the_message(language, message):
    raw = {"assistantText": "Uniforms waste money and should be dropped.", "step": "claim"}
    _, final = _judged(raw, _inputs(language, message))
    assert final["withheld"]
    text = final["result"].assistantText
    if language == "en":
        assert "I held back" in text and "He retenido" not in text
    else:
        assert "He retenido" in text and "I held back" not in text


@pytest.mark.parametrize(
    "sentence",
    [
        "You wrote “uniforms are bad”: bad for whom, and in what way?",
        "Right now “bad” is a judgement your reader can't pin down.",
        "For example, in an argument about cycle lanes, a claim might be “the city should "
        "build protected lanes”.",
        "A claim is the position you want your reader to accept.",
        "What would you like your school to change about uniforms?",
    ],
)
def test_feedback_questions_explanations_and_examples_on_another_topic_pass(sentence):
    streamed, final = _judged(
        {"assistantText": sentence, "step": "claim"}, _inputs("en", "uniforms are bad")
    )
    assert not final["withheld"]
    assert streamed.strip() == sentence
