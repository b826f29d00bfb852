"""The tutor's answer as the contract defines it, and the server-side rules that police it.

``enforce_contract`` is the one place those rules live. It is pure: it takes the model's raw
JSON object and what the server knows (the session's step, the draft's text for that step,
whether this is the student's first message on the step, the message itself) and returns the
result the server will trust, plus what happened to the proposal.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from coach.domain.heuristics import passes
from coach.domain.phrases import is_rewrite_request
from coach.domain.steps import LAST_STEP, STEPS, ToulminStep, next_step

ProposalStatus = Literal[
    "kept",
    "stripped-empty-value",
    "stripped-wrong-step",
    "stripped-low-confidence",
    "stripped-first-attempt-failed-heuristics",
    "none",
]

FIRST_TURN_MIN_CONFIDENCE = 0.8
ADVANCE_MIN_CONFIDENCE = 0.6


class ProposedUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: ToulminStep
    value: str = Field(min_length=1)
    rationale: str


class CoachAIResult(BaseModel):
    """One tutor turn, as the contract's ``CoachAIResult``; unknown fields are rejected."""

    model_config = ConfigDict(extra="forbid")

    assistantText: str = Field(min_length=1)
    step: ToulminStep
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    proposedUpdate: ProposedUpdate | None = None
    nextQuestion: str | None = None
    shouldAdvance: bool | None = None
    nextStep: ToulminStep | None = None
    isComplete: bool | None = None

    @field_validator("assistantText")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("assistantText must not be blank")
        return value


def enforce_contract(
    raw: dict[str, Any],
    *,
    current_step: str,
    draft_value: str,
    is_first_turn: bool,
    user_message: str,
) -> tuple[CoachAIResult, ProposalStatus]:
    """Apply the contract's server-side rules, in the contract's order, to a raw answer.

    1. Step coercion: ``step`` becomes ``current_step``; a proposal without a usable field is
       given ``current_step``, and a proposal written for another step is stripped
       (``stripped-wrong-step``): its text belongs to another field, so it can never land here.
    2. A proposal with an empty value is stripped.
    3. First-turn bias: on the step's first user turn, a proposal with confidence < 0.8 is
       stripped unless the student asked for a rewrite; with no confidence it is kept only when
       the student's text passes the step's heuristics.
    4. ``shouldAdvance`` is dropped when there is no proposal and the draft is empty, when the
       text (the proposal's value, else the draft) fails the heuristics, or when confidence
       < 0.6. On the rebuttal, advancing means ``isComplete=true`` instead.
    5. ``nextStep`` is the real next step when advancing, absent otherwise.
    6. The result is validated (raises ``pydantic.ValidationError``).
    7. ``nextQuestion`` is appended to ``assistantText`` after a blank line.
    """
    if current_step not in STEPS:
        raise ValueError(f"unknown step {current_step!r}")
    if not isinstance(raw, dict):
        # Let pydantic describe the problem in its usual shape.
        CoachAIResult.model_validate(raw)
    data = dict(raw)
    confidence = data.get("confidence")
    confidence = confidence if isinstance(confidence, int | float) else None
    status: ProposalStatus = "none"

    # 1. Step coercion.
    data["step"] = current_step
    proposal = data.get("proposedUpdate")
    if proposal is not None and isinstance(proposal, dict):
        proposal = dict(proposal)
        field = proposal.get("field")
        if field in STEPS and field != current_step:
            proposal, status = None, "stripped-wrong-step"
        else:
            proposal["field"] = current_step
    elif proposal is not None:
        pass  # not an object: validation below reports it

    # 2. Empty value removal.
    if isinstance(proposal, dict):
        value = proposal.get("value")
        if not isinstance(value, str) or not value.strip():
            proposal, status = None, "stripped-empty-value"
        else:
            proposal["value"] = value.strip()

    # 3. First-turn bias.
    if isinstance(proposal, dict) and is_first_turn and not is_rewrite_request(user_message):
        if confidence is None:
            if not passes(current_step, user_message):
                proposal, status = None, "stripped-first-attempt-failed-heuristics"
        elif confidence < FIRST_TURN_MIN_CONFIDENCE:
            proposal, status = None, "stripped-low-confidence"
    if proposal is not None and status == "none":
        status = "kept"
    data["proposedUpdate"] = proposal

    # 4. shouldAdvance guards (a completion on the rebuttal is the same request).
    wants_advance = data.get("shouldAdvance") is True or (
        current_step == LAST_STEP and data.get("isComplete") is True
    )
    if wants_advance:
        judged = proposal["value"] if isinstance(proposal, dict) else (draft_value or "")
        if (
            (proposal is None and not (draft_value or "").strip())
            or not passes(current_step, judged)
            or (confidence is not None and confidence < ADVANCE_MIN_CONFIDENCE)
        ):
            wants_advance = False
    if current_step == LAST_STEP:
        data["shouldAdvance"] = False
        data["isComplete"] = wants_advance
    else:
        data["shouldAdvance"] = wants_advance
        data["isComplete"] = False

    # 5. nextStep correction.
    data["nextStep"] = next_step(current_step) if data["shouldAdvance"] else None

    # 6. Schema validation.
    result = CoachAIResult.model_validate(data)

    # 7. Question appending.
    if result.nextQuestion and result.nextQuestion.strip():
        result = result.model_copy(
            update={"assistantText": f"{result.assistantText}\n\n{result.nextQuestion.strip()}"}
        )
    return result, status


def failure_code(raw: object) -> str:
    """The NDJSON error for a raw answer that failed validation: ``coach_empty_response`` when
    it has no usable ``assistantText``, else ``coach_validation_failed``."""
    if isinstance(raw, dict):
        text = raw.get("assistantText")
        if text is None or (isinstance(text, str) and not text.strip()):
            return "coach_empty_response"
    return "coach_validation_failed"


__all__ = [
    "CoachAIResult",
    "ProposalStatus",
    "ProposedUpdate",
    "ValidationError",
    "enforce_contract",
    "failure_code",
]
