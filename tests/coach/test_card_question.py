"""The step's question the server adds to an answer that asks none, and the card: while a card
shows, the student's next move is to confirm or change it, so the step's opening question
("What do you yourself think about ...?") is not added under it."""

import json

import pytest

from coach.domain.answer import serve
from coach.domain.explanations import guiding_question

STEPS = ["claim", "grounds", "warrant", "groundsBacking", "warrantBacking", "qualifier"]
TURNS = {
    "en": {
        "topic": "School start times",
        "attempt": "schools should start at nine",
        "card": "Schools should start at nine.",
        "question": "wait is my claim good?",
        "answer": "A claim takes a side on the topic, and yours does.",
    },
    "es": {
        "topic": "El horario escolar",
        "attempt": "las clases deberían empezar a las nueve",
        "card": "Las clases deberían empezar a las nueve.",
        "question": "oye y mi tesis esta bien?",
        "answer": "Una tesis toma partido sobre el tema, y la tuya lo hace.",
    },
}


def _inputs(language: str, message: str, *, card: str = "", first: bool = False) -> dict:
    turn = TURNS[language]
    return {
        "step": "claim",
        "language": language,
        "topic": turn["topic"],
        "draft": dict.fromkeys([*STEPS, "rebuttal"], ""),
        "draft_value": "",
        "draft_is_latest": False,
        "draft_version": 1,
        "user_message": message,
        "is_first_turn": first,
        "step_messages": [] if first else [turn["attempt"]],
        "history": [],
        "card": card,
    }


def _served(answer: dict, inputs: dict):
    raw = json.dumps({"step": "claim", **answer}, ensure_ascii=False)
    final = list(serve([raw[i : i + 7] for i in range(0, len(raw), 7)], inputs))[-1]
    assert final["type"] == "judged" and final["withheld"] is False
    return final


@pytest.mark.parametrize("language", TURNS)
def test_a_question_answered_while_a_card_shows_does_not_end_on_the_steps_question(language):
    turn = TURNS[language]
    inputs = _inputs(language, turn["question"], card=turn["card"])
    final = _served({"assistantText": turn["answer"]}, inputs)
    asked = guiding_question("claim", language, turn["topic"])
    assert final["result"].assistantText == turn["answer"]
    assert asked not in final["result"].assistantText
    assert final["result"].nextQuestion is None


@pytest.mark.parametrize("language", TURNS)
def test_with_no_card_the_same_answer_still_ends_on_the_steps_question(language):
    turn = TURNS[language]
    final = _served({"assistantText": turn["answer"]}, _inputs(language, turn["question"]))
    asked = guiding_question("claim", language, turn["topic"])
    assert final["result"].assistantText == f"{turn['answer']}\n\n{asked}"


@pytest.mark.parametrize("language", TURNS)
def test_an_answer_whose_proposal_survives_ends_on_its_card_not_the_steps_question(language):
    turn = TURNS[language]
    answer = {
        "assistantText": turn["answer"],
        "proposedUpdate": {"field": "claim", "value": turn["card"], "rationale": "theirs"},
        "confidence": 0.9,
    }
    final = _served(answer, _inputs(language, turn["attempt"], first=True))
    assert final["status"] == "kept"
    assert final["result"].proposedUpdate.value == turn["card"]
    assert final["result"].assistantText == turn["answer"]
