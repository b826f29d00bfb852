"""Each server-side rule of the coach contract, on its own."""

import pytest
from pydantic import ValidationError

from coach.domain import CoachAIResult, enforce_contract
from coach.domain.guards import failure_code
from tests.coach.builders import answer

GOOD_CLAIM = "Schools should ban phones during lessons"


def enforce(raw, *, step="claim", draft="", first=False, message="let's see"):
    return enforce_contract(
        raw, current_step=step, draft_value=draft, is_first_turn=first, user_message=message
    )


def proposal(value=GOOD_CLAIM, field="claim"):
    return {"field": field, "value": value, "rationale": "clear position"}


# 1. Step coercion
def test_step_is_forced_to_the_sessions_step():
    result, _ = enforce(answer(step="warrant"), step="grounds")
    assert result.step == "grounds"


def test_an_unknown_step_name_is_coerced_rather_than_rejected():
    result, _ = enforce(answer(step="conclusion"))
    assert result.step == "claim"


def test_proposal_without_a_field_gets_the_sessions_step():
    raw = answer(proposedUpdate={"value": GOOD_CLAIM, "rationale": "r"}, confidence=0.9)
    result, status = enforce(raw)
    assert status == "kept"
    assert result.proposedUpdate.field == "claim"


def test_proposal_written_for_another_step_is_stripped():
    raw = answer(proposedUpdate=proposal("A 2019 study found grades rose", "grounds"))
    result, status = enforce(raw)
    assert status == "stripped-wrong-step"
    assert result.proposedUpdate is None


# 2. Empty value removal
@pytest.mark.parametrize("value", ["", "   \n"])
def test_proposal_with_an_empty_value_is_stripped(value):
    result, status = enforce(answer(proposedUpdate=proposal(value), confidence=0.95))
    assert status == "stripped-empty-value"
    assert result.proposedUpdate is None


def test_empty_value_is_judged_before_first_turn_bias():
    raw = answer(proposedUpdate=proposal(""), confidence=0.1)
    _, status = enforce(raw, first=True)
    assert status == "stripped-empty-value"


# 3. First-turn bias
def test_first_turn_proposal_below_point_eight_is_stripped():
    raw = answer(proposedUpdate=proposal(), confidence=0.79)
    result, status = enforce(raw, first=True, message=GOOD_CLAIM)
    assert status == "stripped-low-confidence"
    assert result.proposedUpdate is None


def test_first_turn_proposal_at_point_eight_is_kept():
    raw = answer(proposedUpdate=proposal(), confidence=0.8)
    result, status = enforce(raw, first=True, message=GOOD_CLAIM)
    assert status == "kept"
    assert result.proposedUpdate.value == GOOD_CLAIM


def test_low_confidence_is_allowed_after_the_first_turn():
    raw = answer(proposedUpdate=proposal(), confidence=0.7)
    _, status = enforce(raw, first=False)
    assert status == "kept"


@pytest.mark.parametrize(
    "message", ["please rewrite it", "Can you improve this?", "reescribe mi tesis", "Mejóralo"]
)
def test_first_turn_rewrite_request_keeps_a_low_confidence_proposal(message):
    raw = answer(proposedUpdate=proposal(), confidence=0.4)
    _, status = enforce(raw, first=True, message=message)
    assert status == "kept"


@pytest.mark.parametrize(
    "message", [GOOD_CLAIM, "Las escuelas deberían prohibir los móviles en clase"]
)
def test_first_turn_without_confidence_keeps_proposal_when_student_text_passes(message):
    _, status = enforce(answer(proposedUpdate=proposal()), first=True, message=message)
    assert status == "kept"


@pytest.mark.parametrize("message", ["Should phones be banned?", "¿Hay que prohibir los móviles?"])
def test_first_turn_without_confidence_strips_proposal_when_student_text_fails(message):
    result, status = enforce(answer(proposedUpdate=proposal()), first=True, message=message)
    assert status == "stripped-first-attempt-failed-heuristics"
    assert result.proposedUpdate is None


def test_no_proposal_gives_status_none():
    _, status = enforce(answer())
    assert status == "none"


# 4. shouldAdvance guards
def test_advance_is_dropped_without_proposal_and_with_an_empty_draft():
    result, _ = enforce(answer(shouldAdvance=True, confidence=0.9), draft="")
    assert result.shouldAdvance is False
    assert result.nextStep is None


def test_advance_without_proposal_stands_on_a_draft_that_passes():
    result, _ = enforce(answer(shouldAdvance=True, confidence=0.9), draft=GOOD_CLAIM)
    assert result.shouldAdvance is True


def test_advance_is_dropped_when_the_draft_fails_the_heuristics():
    raw = answer(shouldAdvance=True, confidence=0.9)
    result, _ = enforce(raw, draft="Should schools ban phones?")
    assert result.shouldAdvance is False


def test_advance_judges_the_proposal_value_rather_than_the_draft():
    failing_proposal = answer(
        proposedUpdate=proposal("Should schools ban phones?"), shouldAdvance=True, confidence=0.9
    )
    result, _ = enforce(failing_proposal, draft=GOOD_CLAIM)
    assert result.shouldAdvance is False
    passing_proposal = answer(proposedUpdate=proposal(), shouldAdvance=True, confidence=0.9)
    result, _ = enforce(passing_proposal, draft="Should schools ban phones?")
    assert result.shouldAdvance is True


def test_advance_judges_spanish_text_too():
    raw = answer(step="qualifier", shouldAdvance=True, confidence=0.9)
    assert enforce(raw, step="qualifier", draft="Probablemente")[0].shouldAdvance is True
    assert enforce(raw, step="qualifier", draft="Los móviles")[0].shouldAdvance is False


def test_advance_is_dropped_below_point_six_confidence():
    raw = answer(proposedUpdate=proposal(), shouldAdvance=True, confidence=0.59)
    result, status = enforce(raw)
    assert result.shouldAdvance is False
    assert status == "kept"


def test_advance_at_point_six_confidence_stands():
    raw = answer(proposedUpdate=proposal(), shouldAdvance=True, confidence=0.6)
    assert enforce(raw)[0].shouldAdvance is True


def test_advance_on_the_rebuttal_becomes_completion():
    raw = answer(
        step="rebuttal",
        proposedUpdate=proposal("Unless phones are needed for the lesson", "rebuttal"),
        shouldAdvance=True,
        confidence=0.9,
    )
    result, _ = enforce(raw, step="rebuttal")
    assert result.isComplete is True
    assert result.shouldAdvance is False
    assert result.nextStep is None


def test_completion_on_the_rebuttal_is_guarded_like_an_advance():
    raw = answer(isComplete=True, confidence=0.9)
    assert enforce(raw, step="rebuttal", draft="Phones are costly things")[0].isComplete is False
    assert enforce(raw, step="rebuttal", draft="A menos que haya clase de informática")[
        0
    ].isComplete


def test_completion_claimed_before_the_rebuttal_is_refused():
    raw = answer(isComplete=True, shouldAdvance=False, confidence=1.0)
    assert enforce(raw, draft=GOOD_CLAIM)[0].isComplete is False


# 5. nextStep correction
def test_next_step_is_corrected_to_the_real_next_step():
    raw = answer(step="grounds", shouldAdvance=True, nextStep="rebuttal", confidence=0.9)
    result, _ = enforce(raw, step="grounds", draft="A 2019 study found that grades rose")
    assert result.nextStep == "warrant"


def test_next_step_is_removed_when_not_advancing():
    result, _ = enforce(answer(nextStep="grounds"))
    assert result.nextStep is None


# 6. Schema validation
@pytest.mark.parametrize("confidence", [-0.1, 1.01, 7])
def test_confidence_outside_zero_to_one_is_a_validation_error(confidence):
    with pytest.raises(ValidationError):
        enforce(answer(confidence=confidence))


def test_unknown_fields_are_a_validation_error():
    raw = answer(mood="cheerful")
    with pytest.raises(ValidationError):
        enforce(raw)
    assert failure_code(raw) == "coach_validation_failed"


def test_unknown_fields_in_the_proposal_are_a_validation_error():
    raw = answer(proposedUpdate={**proposal(), "extra": 1}, confidence=0.9)
    with pytest.raises(ValidationError):
        enforce(raw)


@pytest.mark.parametrize("raw", [{"step": "claim"}, {"step": "claim", "assistantText": "  "}])
def test_missing_or_blank_assistant_text_is_an_empty_response(raw):
    with pytest.raises(ValidationError):
        enforce(raw)
    assert failure_code(raw) == "coach_empty_response"


def test_a_non_object_answer_is_a_validation_error():
    with pytest.raises(ValidationError):
        enforce(["not", "an", "object"])
    assert failure_code(["x"]) == "coach_validation_failed"


def test_the_schema_itself_rejects_unknown_fields_and_a_wrong_step():
    with pytest.raises(ValidationError):
        CoachAIResult.model_validate({"assistantText": "hi", "step": "claim", "x": 1})
    with pytest.raises(ValidationError):
        CoachAIResult.model_validate({"assistantText": "hi", "step": "conclusion"})


# 7. Question appending
def test_next_question_is_appended_after_a_blank_line():
    result, _ = enforce(answer(assistantText="Good start.", nextQuestion="Who says so?"))
    assert result.assistantText == "Good start.\n\nWho says so?"


def test_a_blank_next_question_is_not_appended():
    result, _ = enforce(answer(assistantText="Good start.", nextQuestion="  "))
    assert result.assistantText == "Good start."
