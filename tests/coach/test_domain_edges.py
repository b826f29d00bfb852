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
