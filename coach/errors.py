"""The coach's refusals: each a stable ``code``, an HTTP ``status`` and a message safe to
show. Raised by ``coach.services`` (and named through it by the views and the API)."""

from __future__ import annotations

from typing import Any

from toulmini_site.refusals import Refusal


class CoachError(Refusal):
    """A refused coach operation: ``code`` is stable, ``str(error)`` is safe to show; the
    keyword arguments are extra fields of the API's error body."""

    code = "COACH_ERROR"
    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message, retry_after=extra.get("retry_after"), extra=extra)


class MessageTooLong(CoachError):
    code = "COACH_MESSAGE_TOO_LONG"


class TurnRateLimited(CoachError):
    code = "COACH_RATE_LIMITED"
    status = 429


class SessionCompleted(CoachError):
    code = "COACH_SESSION_COMPLETED"
    status = 409


class NothingToRetry(CoachError):
    code = "COACH_NOTHING_TO_RETRY"
    status = 409


class NoPendingProposal(CoachError):
    code = "COACH_NO_PENDING_PROPOSAL"
    status = 409


class ProposalStale(CoachError):
    code = "COACH_PROPOSAL_STALE"
    status = 409


class StepMismatch(CoachError):
    code = "COACH_STEP_MISMATCH"
    status = 409


class DraftConflict(CoachError):
    code = "COACH_DRAFT_CONFLICT"
    status = 409


class ChainNotReady(CoachError):
    code = "COACH_NOT_COMPLETED"
    status = 409


__all__ = [
    "ChainNotReady",
    "CoachError",
    "DraftConflict",
    "MessageTooLong",
    "NoPendingProposal",
    "NothingToRetry",
    "ProposalStale",
    "SessionCompleted",
    "StepMismatch",
    "TurnRateLimited",
]
