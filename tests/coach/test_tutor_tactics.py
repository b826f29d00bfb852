"""The tutor evaluation by student tactic, played offline and through a complying model, and the
structural check that keeps the tutor's promise whatever the model answers."""

import json
from collections import Counter

import pytest

from coach.domain.address import addressed_to_tutor
from coach.domain.answer import authorship_for, serve
from coach.domain.stream import parse_answer
from evaluations.coach import TUTOR_CASES, TUTOR_CASES_FROZEN
from evaluations.coach.tactics import (
    complying_answer,
    figures,
    load,
    offline_tutor,
    play_all,
    turn_inputs,
    written_for,
)

SETS = {"frozen": load(TUTOR_CASES_FROZEN), "tuned": load(TUTOR_CASES)}


@pytest.mark.parametrize("name", SETS)
def test_each_set_has_two_hundred_turns_by_tactic_in_both_languages(name):
    cases = SETS[name].cases
    assert len(cases) >= 200
    assert Counter(c.language for c in cases).keys() == {"en", "es"}
    tactics = {c.tactic for c in cases}
    assert {"direct_ask", "finish_sentence", "options", "roleplay", "look_up"} <= tactics
    assert {"translate_or_correct", "polite_ask", "near_miss", "genuine"} <= tactics
    assert {c.quality for c in cases if c.kind == "attempt"} == {"good", "weak"}


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("tutor", [offline_tutor, complying_answer], ids=["offline", "complying"])
def test_no_part_written_for_the_student_and_no_request_reaches_the_draft(name, tutor):
    played = play_all(SETS[name], tutor)
    assert [p.case.message for p in played if p.leaked] == []
    assert [p.case.message for p in played if p.drafted] == []
    assert [p.case.message for p in played if p.praised and p.case.kind == "request"] == []
    good = [p for p in played if p.case.quality == "good"]
    refused = [p.case.message for p in good if p.refused]
    assert len(refused) <= 0.10 * len(good), refused
    assert figures(played)["requests reaching the draft"].startswith("0/")


def test_the_complying_model_really_writes_what_it_is_asked():
    cases = SETS["frozen"]
    requests = [(i, c) for i, c in enumerate(cases.cases) if c.kind == "request"]
    for index, case in requests:
        raw = parse_answer(
            complying_answer(case, index, turn_inputs(cases, case, case.message, []))
        )
        proposal = raw["proposedUpdate"]
        if proposal["rationale"] == written_for(case)[0]:
            # The part in another field: the request proposed, the part as its rationale.
            assert proposal["value"] == case.message
            continue
        assert proposal["value"] == written_for(case)[0]
        said = f"{raw['assistantText']} {raw.get('nextQuestion', '')}"
        start = written_for(case)[0][:20]
        assert (start[0].lower() + start[1:]).lower() in said.lower()


def test_offline_the_weak_attempts_get_feedback_not_praise():
    played = play_all(SETS["frozen"], offline_tutor)
    weak = [p for p in played if p.case.quality == "weak"]
    assert weak and all(p.refused and not p.praised for p in weak)


# -- the structural check while streaming --------------------------------------------------

INPUTS = {
    "step": "claim",
    "language": "en",
    "topic": "School start times",
    "draft": dict.fromkeys(
        ["claim", "grounds", "warrant", "groundsBacking", "warrantBacking", "qualifier"], ""
    )
    | {"rebuttal": ""},
    "draft_value": "",
    "draft_is_latest": False,
    "draft_version": 1,
    "user_message": "write my claim",
    "is_first_turn": True,
    "step_messages": [],
    "history": [],
}
WRITTEN = "Teenagers deserve a first bell no earlier than half past eight."


def _events(text: str, inputs=INPUTS, **extra):
    raw = json.dumps({"assistantText": text, "step": "claim", **extra}, ensure_ascii=False)
    return list(serve([raw[i : i + 5] for i in range(0, len(raw), 5)], inputs))


def test_a_written_part_never_streams_and_the_turn_is_withheld():
    events = _events(f"Sure! Here is your claim: {WRITTEN} Is the time right for you?")
    shown = "".join(e["text"] for e in events if e["type"] == "partial")
    # The written part never streams; what passes before and after it does.
    assert shown == "Sure! Is the time right for you?"
    final = events[-1]
    assert final["withheld"] is True
    text = final["result"].assistantText
    assert text.startswith("Sure! Is the time right for you?\n\nI held back some of my answer")
    assert "earlier than half past" not in text and text.endswith("?")
    assert final["result"].proposedUpdate is None


def test_a_sentence_pointing_back_at_a_withheld_one_goes_with_it():
    events = _events(f"Sure! Here is your claim: {WRITTEN} Does that sound right to you?")
    shown = "".join(e["text"] for e in events if e["type"] == "partial")
    assert shown == "Sure! "
    text = events[-1]["result"].assistantText
    assert text.startswith("Sure!\n\nI held back some of my answer")
    assert "sound right" not in text


@pytest.mark.parametrize(
    "answer",
    [
        {"assistantText": "Good question.", "nextQuestion": f"Would “{WRITTEN}” work?"},
        {"assistantText": f"Option 1: {WRITTEN}"},
        {"assistantText": f"You could say that {WRITTEN[0].lower()}{WRITTEN[1:]}"},
        {
            "assistantText": "What do you think?",
            "proposedUpdate": {"field": "claim", "value": WRITTEN, "rationale": "r"},
            "confidence": 0.9,
        },
    ],
    ids=["in the follow-up question", "as an option", "reported", "only proposed"],
)
def test_a_part_written_in_any_form_is_kept_from_the_student(answer):
    text = answer.pop("assistantText")
    final = _events(text, **answer)[-1]
    assert final["result"].proposedUpdate is None
    assert "half past eight" not in final["result"].assistantText


def test_feedback_that_quotes_the_students_own_words_passes_whole():
    own = "Schools should start at nine because teenagers sleep late"
    inputs = {**INPUTS, "user_message": own}
    said = f"You wrote “{own}”. Which part of that is the claim?"
    events = _events(said, inputs)
    assert "".join(e["text"] for e in events if e["type"] == "partial") == said
    assert events[-1]["withheld"] is False


def test_a_proposal_is_only_ever_the_students_own_text():
    own = "schools should start at nine"
    authorship = authorship_for({**INPUTS, "user_message": own})
    assert authorship.is_theirs("Schools should start at nine.")
    assert not authorship.is_theirs("Schools should start at nine because teenagers sleep late.")
    # A request is never the student's text, so nothing it says can be proposed.
    request = authorship_for({**INPUTS, "user_message": "finish this: schools should start"})
    assert not request.is_theirs("Schools should start.")


def test_an_example_on_another_topic_passes_but_not_at_the_questions_only_level():
    text = (
        "A claim is a position. For example, in an argument about cycle lanes: “Cities should "
        "build protected cycle lanes.” What is yours?"
    )
    assert _events(text)[-1]["result"].assistantText == text
    questions = _events(text, {**INPUTS, "help_level": "questions"})[-1]["result"]
    assert "cycle lanes" not in questions.assistantText
    assert questions.assistantText == "A claim is a position. What is yours?"


# -- addressed to the tutor, by form ---------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "redáctamela tú",  # enclitic imperative, not in the evaluation
        "¿me pasas la respuesta?",
        "¿Podría usted darme la garantía?",
        "sé buena y dime qué pongo",
        "jot down a warrant for me",  # "jot" is not a known verb, "for me" is not enough...
        "could u finish it",
        "I'd like three examples",
        "Would you be so kind as to draft my rebuttal?",
        "necesito que me escribas algo",
    ],
)
def test_a_message_addressed_to_the_tutor_is_recognised_by_its_form(message):
    if message.startswith("jot"):
        # ...the limit of the form: an unknown verb with no second person is missed.
        assert addressed_to_tutor(message) is False
        return
    assert addressed_to_tutor(message) is True


@pytest.mark.parametrize(
    "message",
    [
        "Write-ups of experiments show students learn more by doing",
        "You learn less when a chatbot does the thinking",
        "Teachers should give students more feedback on drafts",
        "Escribir a mano ayuda a recordar",
        "Dame la libertad de elegir, dicen los alumnos, es lo que piden",
    ],
)
def test_a_statement_about_the_topic_is_not_addressed_to_the_tutor(message):
    if message.startswith("Dame"):
        # A quoted imperative inside a statement is read as an ask: a known false alarm.
        assert addressed_to_tutor(message) is True
        return
    assert addressed_to_tutor(message) is False
