"""The events of one tutor turn, in the order the student's page receives them (NDJSON lines).

- ``start``: the student's message is saved (``user_message_id``, ``step``);
- ``partial``: a piece of the tutor's words that passed the structural check (``text``);
- then one of ``final`` (the judged ``result``, ``message_id``, ``proposal_status``,
  ``withheld``, the ``session``'s new step, status and draft version) or ``error``
  (``error`` code, ``message`` safe to show, ``retry``).

Inside the server, ``coach.domain.answer.serve`` ends with ``judged`` (the result before it
is saved) or ``invalid`` (no readable answer); the service turns those into ``final`` or
``error``. Every event of a turn is built here.
"""

from __future__ import annotations

from typing import Any

ERRORS = (
    "coach_stream_failed",
    "coach_validation_failed",
    "coach_empty_response",
    "coach_step_mismatch",
    "coach_server_error",  # the server failed mid-stream (a database error): ends it in-band
)


def start(*, user_message_id: int, step: str) -> dict[str, Any]:
    return {"type": "start", "user_message_id": user_message_id, "step": step}


def partial(text: str) -> dict[str, Any]:
    return {"type": "partial", "text": text}


def judged(*, result: Any, status: str, withheld: bool) -> dict[str, Any]:
    return {"type": "judged", "result": result, "status": status, "withheld": withheld}


def invalid(*, error: str = "", empty: bool = False) -> dict[str, Any]:
    return {"type": "invalid", "error": error, "empty": empty}


def final(
    *, result: dict[str, Any], message_id: int, status: str, withheld: bool, session: dict
) -> dict[str, Any]:
    return {
        "type": "final",
        "result": result,
        "message_id": message_id,
        "proposal_status": status,
        "withheld": withheld,
        "session": session,
    }


def error(code: str, message: str) -> dict[str, Any]:
    if code not in ERRORS:
        raise ValueError(f"unknown turn error {code!r}")
    return {"type": "error", "error": code, "message": message, "retry": True}


__all__ = ["ERRORS", "error", "final", "invalid", "judged", "partial", "start"]
