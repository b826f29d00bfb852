"""The step's question the server adds to an answer that asks none, and the card: while a card
shows, the student's next move is to confirm or change it, so the step's opening question
("What do you yourself think about ...?") is not added under it: the answer ends on the
offline tutor's words for a waiting card instead. The same holds wherever the server puts a
question of its own: a withheld answer, an answer left empty once its examples or its words
about a dropped proposal go, an answer whose only question was in an example taken out."""

import json

import pytest

from coach.domain.answer import serve
from coach.domain.explanations import guiding_question
from coach.domain.tutor import PHRASES

STEPS = ["claim", "grounds", "warrant", "groundsBacking", "warrantBacking", "qualifier"]
TURNS = {
    "en": {
        "topic": "School start times",
        "attempt": "schools should start at nine",
        "card": "Schools should start at nine.",
        "question": "wait is my claim good?",
        "answer": "A claim takes a side on the topic, and yours does.",
        "vague": "It is vague.",
        "writes": "You could write: “Schools should start at ten because teenagers need more "
        "sleep.”",
        "example": "A claim takes a side. For example, in an argument about uniforms, “Should "
        "uniforms go?” is a question, not a claim.",
        "only_example": "For example, in an argument about uniforms, “Should uniforms go?” is a "
        "question.",
        "talk": "Here is your claim.",
        "not_theirs": "Uniforms must go because they cost money.",
    },
    "es": {
        "topic": "El horario escolar",
        "attempt": "las clases deberían empezar a las nueve",
        "card": "Las clases deberían empezar a las nueve.",
        "question": "oye y mi tesis esta bien?",
        "answer": "Una tesis toma partido sobre el tema, y la tuya lo hace.",
        "vague": "Es vaga.",
        "writes": "Podrías escribir: «Las clases deberían empezar a las diez porque los "
        "adolescentes necesitan dormir más.»",
        "example": "Una tesis toma partido. Por ejemplo, en un argumento sobre uniformes, "
        "«¿Deberían quitarse los uniformes?» es una pregunta, no una tesis.",
        "only_example": "Por ejemplo, en un argumento sobre uniformes, «¿Deberían quitarse los "
        "uniformes?» es una pregunta.",
        "talk": "Aquí está tu tesis.",
        "not_theirs": "Los uniformes deben desaparecer porque cuestan dinero.",
    },
}


def _inputs(
    language: str, message: str, *, card: str = "", first: bool = False, level: str = "full"
) -> dict:
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
        "help_level": level,
    }


def _served(answer: dict, inputs: dict, *, withheld: bool = False):
    raw = json.dumps({"step": "claim", **answer}, ensure_ascii=False)
    final = list(serve([raw[i : i + 7] for i in range(0, len(raw), 7)], inputs))[-1]
    assert final["type"] == "judged" and final["withheld"] is withheld
    return final


def _ends_on(text: str, language: str, card: str) -> None:
    """``text`` ends on the next move: the card's when one shows, else the step's question."""
    waiting = PHRASES[language]["card_waiting"]
    asked = guiding_question("claim", language, TURNS[language]["topic"])
    if card:
        assert text.endswith(waiting) and asked not in text
    else:
        assert text.endswith(asked) and waiting not in text


@pytest.mark.parametrize("language", TURNS)
def test_a_question_answered_while_a_card_shows_ends_on_the_card_not_the_steps_question(language):
    turn = TURNS[language]
    waiting = PHRASES[language]["card_waiting"]
    for answer in (turn["answer"], turn["vague"]):
        final = _served(
            {"assistantText": answer}, _inputs(language, turn["question"], card=turn["card"])
        )
        assert final["result"].assistantText == f"{answer}\n\n{waiting}"
        assert final["result"].nextQuestion == waiting


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


@pytest.mark.parametrize("language", TURNS)
@pytest.mark.parametrize("card", [True, False], ids=["card", "no-card"])
def test_a_withheld_answer_ends_on_the_card_while_one_shows(language, card):
    turn = TURNS[language]
    shown = turn["card"] if card else ""
    inputs = _inputs(language, turn["question"], card=shown)
    final = _served({"assistantText": turn["writes"]}, inputs, withheld=True)
    assert PHRASES[language]["withheld"] in final["result"].assistantText
    _ends_on(final["result"].assistantText, language, shown)


@pytest.mark.parametrize("language", TURNS)
@pytest.mark.parametrize("card", [True, False], ids=["card", "no-card"])
def test_an_answer_that_asked_only_in_an_example_taken_out_still_ends_on_a_question(language, card):
    # Below full coaching the examples go; the answer's only "?" went with them.
    turn = TURNS[language]
    shown = turn["card"] if card else ""
    inputs = _inputs(language, turn["question"], card=shown, level="questions")
    final = _served({"assistantText": turn["example"]}, inputs)
    text = final["result"].assistantText
    assert text.startswith(turn["example"].split(".")[0] + ".")
    assert "uniform" not in text
    _ends_on(text, language, shown)


@pytest.mark.parametrize("language", TURNS)
@pytest.mark.parametrize("card", [True, False], ids=["card", "no-card"])
def test_an_answer_left_empty_ends_on_the_card_while_one_shows(language, card):
    turn = TURNS[language]
    shown = turn["card"] if card else ""
    # Nothing left once the examples go.
    inputs = _inputs(language, turn["question"], card=shown, level="questions")
    final = _served({"assistantText": turn["only_example"]}, inputs)
    _ends_on(final["result"].assistantText, language, shown)
    assert "uniform" not in final["result"].assistantText
    # Nothing left once the words about a proposal that was not theirs go.
    answer = {
        "assistantText": turn["talk"],
        "proposedUpdate": {"field": "claim", "value": turn["not_theirs"], "rationale": ""},
        "confidence": 0.9,
    }
    final = _served(answer, _inputs(language, turn["attempt"], card=shown))
    assert final["result"].proposedUpdate is None
    assert turn["talk"] not in final["result"].assistantText
    _ends_on(final["result"].assistantText, language, shown)


@pytest.mark.parametrize("card", [True, False], ids=["card", "no-card"])
def test_a_spanish_question_opened_but_not_closed_asks_something(card):
    turn = TURNS["es"]
    shown = turn["card"] if card else ""
    asked = "Piensa en los alumnos. ¿Para quién sería mejor empezar más tarde"
    final = _served({"assistantText": asked}, _inputs("es", turn["question"], card=shown))
    assert final["result"].assistantText == asked
    assert final["result"].nextQuestion is None


@pytest.mark.parametrize(
    ("language", "said"),
    [("es", "¡Es un buen comienzo!"), ("es", "Es vaga"), ("en", "It is vague")],
)
def test_an_exclamation_or_a_statement_without_a_mark_asks_nothing(language, said):
    # Near misses: an opening '¡' or no mark at all is not a question.
    turn = TURNS[language]
    final = _served({"assistantText": said}, _inputs(language, turn["question"]))
    _ends_on(final["result"].assistantText, language, "")
