"""The turn's events are built in one place, with the error codes the page knows."""

import pytest

from coach.domain import events


def test_an_error_event_carries_a_known_code_and_asks_for_a_retry():
    assert events.error("coach_step_mismatch", "Reload.") == {
        "type": "error",
        "error": "coach_step_mismatch",
        "message": "Reload.",
        "retry": True,
    }
    with pytest.raises(ValueError, match="unknown turn error 'coach_oops'"):
        events.error("coach_oops", "?")


def test_the_final_event_says_whether_the_answer_was_withheld():
    final = events.final(
        result={"assistantText": "Why?"}, message_id=7, status="none", withheld=True, session={}
    )
    assert final["type"] == "final" and final["withheld"] is True
    assert final["proposal_status"] == "none"
