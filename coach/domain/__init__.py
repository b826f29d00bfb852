"""The coach's rules, free of any framework: steps, phrases, heuristics, guards, tutor."""

from coach.domain.guards import CoachAIResult, ProposedUpdate, enforce_contract, failure_code
from coach.domain.heuristics import StepCheck, passes, step_check
from coach.domain.phrases import is_confirmation, is_rewrite_request
from coach.domain.steps import LAST_STEP, STEPS, next_step

__all__ = [
    "LAST_STEP",
    "STEPS",
    "CoachAIResult",
    "ProposedUpdate",
    "StepCheck",
    "enforce_contract",
    "failure_code",
    "is_confirmation",
    "is_rewrite_request",
    "next_step",
    "passes",
    "step_check",
]
