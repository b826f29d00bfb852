"""The guard judges function, not words: in many voices (``tutor_voices_*.json``), a sentence
that states a candidate part the student has not written is withheld in any frame and any
field, and a good tutor's feedback passes."""

import json

import pytest

from coach.domain.answer import serve, talks_of_proposal
from coach.domain.authorship import authorship_for
from coach.domain.guards import enforce_turn
from coach.domain.intent import classify, own_text
from coach.domain.turn import read_turn
from coach.domain.tutor import PROBLEMS, WHERE_TO_LOOK, offline_turn
from evaluations.coach.voices import (
    VOICES_DEV,
    VOICES_FROZEN,
    cooperative_session,
    inputs_for,
    load,
    offline_figures,
    play_offline,
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
LEAKS_AT_MOST = {"dev": 0, "frozen": 0}


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


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        # The student's own words, offered as a part they have not written.
        (
            "en",
            "qualifier",
            "probably",
            "nextQuestion",
            "What about writing “in most state schools” as your qualifier?",
            "state",
        ),
        # A colon after a part's name offers what follows, even with "tu" inside it.
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "assistantText",
            "Unos datos mejores: en tu instituto 40 familias pidieron ayuda para pagarlo.",
            "familias",
        ),
        ("en", "rebuttal", "unless", "rationale", "A fuller rebuttal: except in winter.", "winter"),
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "nextQuestion",
            "¿Y si incluyeras que un uniforme completo cuesta 250 euros al año?",
            "completo",
        ),
        (
            "en",
            "grounds",
            "uniforms cost a lot",
            "assistantText",
            "It would be stronger to add that a blazer alone costs sixty pounds.",
            "blazer",
        ),
    ],
)
def test_a_part_offered_in_any_field_never_reaches_the_student(
    language, step, message, field, sentence, new
):
    neutral = {"en": "Let's look at your text.", "es": "Veamos tu texto."}[language]
    raw: dict = {"assistantText": neutral, "step": step}
    if field == "rationale":
        raw["proposedUpdate"] = {"field": step, "value": message, "rationale": sentence}
    else:
        raw[field] = sentence
    streamed, final = _judged(raw, _inputs(language, message, step))
    assert final["withheld"]
    assert new not in streamed and new not in final["result"].assistantText


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
        # A quotation closed mid-sentence does not end the sentence while it streams.
        "“Bad” doesn't yet tell your reader for whom.",
    ],
)
def test_feedback_questions_explanations_and_examples_on_another_topic_pass(sentence):
    streamed, final = _judged(
        {"assistantText": sentence, "step": "claim"}, _inputs("en", "uniforms are bad")
    )
    assert not final["withheld"]
    assert streamed.strip() == sentence


# -- the offline tutor on real student messages (item 3) and the one turn object (item 4) ----


@pytest.mark.parametrize("half", HALVES)
def test_offline_no_request_is_saved_and_genuine_attempts_are_kept(half):
    played = play_offline(HALVES[half])
    figures = offline_figures(played)
    assert figures["requests saved as a part"].startswith("0/")
    assert figures["feedback requests saved as a part"].startswith("0/")
    attempts = [p for p in played if p.message.kind == "attempt"]
    refused = [p.message.message for p in attempts if "refused" in p.failures]
    assert len(refused) <= 0.1 * len(attempts) + (1 if half == "frozen" else 0), refused


def test_offline_dev_half_every_weak_part_gets_its_next_step_and_fillers_stay_out():
    played = play_offline(HALVES["dev"])
    assert [(p.message.message, p.failures) for p in played if p.failures] == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_cooperative_student_finishes_in_at_most_fourteen_messages(language):
    session = cooperative_session(language)
    assert session.finished
    assert session.messages <= 14
    assert session.weak_met == session.weak  # each weak try met by its next step


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("Stop paying kids to eat junk: the canteen should take fizzy drinks off", "attempt"),
        ("Quiero que el instituto deje de obligar a llevar uniforme", "attempt"),
        ("quiero que me escribas la tesis", "help"),
        ("casi seguro que sí", "attempt"),
        ("sí", "confirmation"),
        ("q pongo d tesis?? nose nada", "help"),
        ("I really can't think of any expert on this", "help"),
        ("My teacher said the claim should be specific. Is mine specific enough?", "feedback"),
        ("¿Mi garantía es demasiado general?", "feedback"),
        ("Is my claim good? If not, write a better one for me", "help"),
        # "stop <doing>" asks only with text after it, not with a claim's subject.
        ("Stop giving eight-year-olds homework every night: it does not help them", "attempt"),
        ("stop writing it", "help"),
        # A past tense with its written accent is never an imperative.
        ("Conté los coches de una semana y el 70% llevaba a un solo niño", "attempt"),
        # A question without its marks, about a part.
        ("cuál sería una buena garantía para lo del uniforme", "help"),
        ("Que los institutos dejen elegir la ropa en bachillerato", "attempt"),
    ],
)
def test_intent_reads_claims_hedges_texting_and_feedback_requests(message, kind):
    assert classify(message, topic="Uniforms").kind == kind


@pytest.mark.parametrize(
    ("message", "own"),
    [
        ("ok. Primary schools should stop homework", "Primary schools should stop homework"),
        ("Actually let me change it: unless it rains", "unless it rains"),
        ("Bueno, mejor cambio: probablemente", "probablemente"),
        ("Well-rested students learn more", "Well-rested students learn more"),
        ("Si duermen más, aprenden más", "Si duermen más, aprenden más"),
        ("No homework should be set", "No homework should be set"),
    ],
)
def test_the_students_own_text_leaves_fillers_and_framing_out(message, own):
    assert own_text(message) == own


def test_the_turn_is_read_once_and_both_checks_share_its_own_texts():
    inputs = _inputs("en", "yes") | {
        "step_messages": ["ok. Uniforms should be optional", "finish this: uniforms cost"]
    }
    turn = read_turn(inputs)
    assert turn.attempts == ("Uniforms should be optional",)  # a request's text is not theirs
    authorship = authorship_for(turn)
    assert authorship.is_theirs("Uniforms should be optional.")
    assert not authorship.is_theirs("Uniforms cost.")
    raw = {
        "assistantText": "Here is your claim as you wrote it.",
        "step": "claim",
        "confidence": 0.9,
        "proposedUpdate": {"field": "claim", "value": "uniforms cost", "rationale": "r"},
    }
    assert enforce_turn(raw, turn)[1] == "stripped-not-students-text"


def test_a_weak_part_gets_a_specific_next_step_not_praise():
    cases = [
        ("claim", "junk food is bad", "vague_claim"),
        ("claim", "the school day is way too long", "vague_claim"),
        ("groundsBacking", "I found it online", "vague_source"),
        ("rebuttal", "some say it's their choice but that's not true", "insists"),
    ]
    for step, message, problem in cases:
        reply = json.loads(offline_turn(_inputs("en", message, step)))["assistantText"]
        assert reply.startswith(PROBLEMS["en"][problem]), (message, reply)


def test_no_facts_gets_where_to_look():
    reply = json.loads(offline_turn(_inputs("en", "I honestly don't know any facts", "grounds")))
    assert reply["assistantText"].startswith(WHERE_TO_LOOK["en"]["grounds"])
