"""The coach domain's edges: escapes cut mid-stream, answers that hold no JSON, steps that do
not exist, and texts with no words to compare."""

from __future__ import annotations

import pytest

from coach.domain.guards import enforce_contract, is_own_text, writes_the_part
from coach.domain.heuristics import step_check
from coach.domain.stream import parse_answer, streamed_text


@pytest.mark.parametrize(
    ("buffer", "text"),
    [
        ('{"assistantText": "caf\\u00e9 ok', "café ok"),
        ('{"assistantText": "caf\\u00e', "caf"),  # the escape has not fully arrived
        ('{"assistantText": "caf\\u00zz and more', "caf"),  # not hex: stop, never guess
        ('{"assistantText": "tab\\there', "tab\there"),
        ('{"assistantText": "end\\', "end"),
        ('{"other": 1}', ""),
    ],
)
def test_streamed_text_stops_before_an_escape_it_cannot_read_yet(buffer, text):
    assert streamed_text(buffer) == text


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("no object here", "the answer holds no JSON object"),
        ("} backwards {", "the answer holds no JSON object"),
        ('text {"a": 1,} text', "the answer is not valid JSON: "),
    ],
)
def test_an_answer_without_a_readable_object_says_why(answer, message):
    with pytest.raises(ValueError) as refused:
        parse_answer(answer)
    assert str(refused.value).startswith(message)


def test_an_object_inside_text_or_a_fence_is_read():
    assert parse_answer('Sure! {"a": 1} Bye.') == {"a": 1}
    assert parse_answer('```json\n{"a": 2}\n```') == {"a": 2}
    with pytest.raises(ValueError, match="no JSON object"):
        parse_answer("```")


def test_an_unknown_step_is_refused_by_the_checks_and_the_guards():
    with pytest.raises(ValueError, match="unknown step 'verdict'"):
        step_check("verdict", "Some text.")
    with pytest.raises(ValueError, match="unknown step 'verdict'"):
        step_check("verdict", "  ")
    with pytest.raises(ValueError, match="unknown step 'verdict'"):
        enforce_contract(
            {}, current_step="verdict", draft_value="", is_first_turn=False, user_message="Hi"
        )


def test_a_text_without_words_is_never_the_students_own():
    assert is_own_text("?!", "I think homework should go.") is False


def test_a_topic_without_long_words_is_never_written_for_the_student():
    assert writes_the_part("Homework should be optional.", step="claim", topic="a b") is False


ES_TOPIC = "Los deberes escolares deberían ser opcionales"
# A tutor answer that writes grounds on the student's own topic, and asks after it.
WRITES_GROUNDS = {
    "assistantText": "Claro. Los deberes escolares quitan a los alumnos dos horas de sueño cada "
    "noche, según un estudio de 2019.",
    "nextQuestion": "¿Te sirve así?",
    "shouldAdvance": False,
    "isComplete": False,
    "proposedUpdate": None,
    "step": "grounds",
}


def test_a_tutor_that_writes_the_part_asked_about_is_replaced_by_the_explanation_of_that_part():
    """On the grounds step, "write the warrant for me" in Spanish: the replacement refuses in
    Spanish, names the warrant (lower case) in its opener, explains the warrant, gives an
    example on another topic, asks the grounds step's question, and drops the model's own
    question."""
    result, status = enforce_contract(
        WRITES_GROUNDS,
        current_step="grounds",
        draft_value="",
        is_first_turn=False,
        user_message="escribe la garantía por mí",
        step_messages=[],
        topic=ES_TOPIC,
        language="es",
    )
    assert result.assistantText == (
        "No voy a escribir tu garantía por ti: el argumento tiene que estar en tus propias "
        "palabras. Sí puedo mostrarte cómo funciona. La garantía es una regla general que une "
        "el tipo de hechos de tus datos con el tipo de conclusión de tu tesis; valdría también "
        "en otros casos, así que no es tu tesis dicha otra vez. Por ejemplo, en un argumento "
        "sobre las bibliotecas abiertas en domingo: «Si un servicio público es para todos, "
        "debería abrir cuando la mayoría puede usarlo.»\n\n"
        "¿Qué hecho o cifra conoces que apoye tu tesis?"
    )
    assert result.nextQuestion is None
    assert result.proposedUpdate is None
    assert status == "none"


def test_a_concept_question_answered_with_the_part_gets_the_explanation_without_an_opener():
    result, _ = enforce_contract(
        WRITES_GROUNDS,
        current_step="grounds",
        draft_value="",
        is_first_turn=False,
        user_message="¿qué son los datos?",
        step_messages=[],
        topic=ES_TOPIC,
        language="es",
    )
    assert result.assistantText.startswith("Los datos son")
    assert result.assistantText.endswith("\n\n¿Qué hecho o cifra conoces que apoye tu tesis?")
    assert "¿Te sirve así?" not in result.assistantText
    assert ES_TOPIC.lower() not in result.assistantText.lower()


@pytest.mark.parametrize(
    ("text", "question", "appended"),
    [
        ("A warrant links grounds to a claim.", None, "guiding"),
        ("A warrant links grounds to a claim.", "Which rule links them?", "Which rule links them?"),
        ("Which rule links them?", None, None),
    ],
)
def test_a_help_answer_that_asks_nothing_gets_the_steps_question(text, question, appended):
    from coach.domain.explanations import guiding_question

    raw = {"assistantText": text, "nextQuestion": question, "step": "warrant"}
    result, _ = enforce_contract(
        raw,
        current_step="warrant",
        draft_value="",
        is_first_turn=False,
        user_message="I'm stuck, help",
        step_messages=[],
        topic="Homework should be optional",
    )
    expected = guiding_question("warrant", "en", "Homework should be optional")
    tail = {"guiding": expected, None: None}.get(appended, appended)
    assert result.assistantText == (text if tail is None else f"{text}\n\n{tail}")
