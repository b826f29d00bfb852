"""A submission's life: assigned -> in_progress -> turned_in -> returned, and back by unsubmit.

Modelled on Google Classroom's states. Every change goes through ``transition``, which says
the new state or refuses the step (``InvalidTransition``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

ASSIGNED = "assigned"
IN_PROGRESS = "in_progress"
TURNED_IN = "turned_in"
RETURNED = "returned"
STATES = (ASSIGNED, IN_PROGRESS, TURNED_IN, RETURNED)

Action = Literal["start", "turn_in", "unsubmit", "return"]

# action -> {state it may start from: state it leads to}
_MOVES: dict[str, dict[str, str]] = {
    # Starting again is harmless: the same work comes back, the state does not move.
    "start": {
        ASSIGNED: IN_PROGRESS,
        IN_PROGRESS: IN_PROGRESS,
        TURNED_IN: TURNED_IN,
        RETURNED: RETURNED,
    },
    "turn_in": {IN_PROGRESS: TURNED_IN},
    "unsubmit": {TURNED_IN: IN_PROGRESS},
    # Returning again (after editing the feedback) keeps it returned.
    "return": {TURNED_IN: RETURNED, RETURNED: RETURNED},
}

_WHY = {
    "turn_in": "Only work in progress can be turned in (start it first; turned-in work stays).",
    "unsubmit": "Only turned-in work that has not been returned can be unsubmitted.",
    "return": "Only turned-in work can be returned.",
}


class InvalidTransition(ValueError):
    """The action is not allowed from the submission's state. ``reason`` is the English
    sentence, also the catalogue's msgid: the service translates it (the domain imports no
    framework)."""

    def __init__(self, action: str, state: str) -> None:
        self.reason = _WHY.get(action, "Not allowed.")
        super().__init__(f"{self.reason} (state: {state})")
        self.action = action
        self.state = state


def transition(state: str, action: Action) -> str:
    """The state after ``action`` from ``state``; ``InvalidTransition`` if out of order."""
    if state not in STATES:
        raise ValueError(f"unknown state {state!r}")
    moves = _MOVES[action]
    if state not in moves:
        raise InvalidTransition(action, state)
    return moves[state]


def is_late(turned_in_at: datetime, due_at: datetime | None) -> bool:
    """Turned in after the due date (no due date: never late)."""
    return due_at is not None and turned_in_at > due_at


def is_editable_by_student(state: str) -> bool:
    """Turned-in and returned work is read-only to the student."""
    return state in (ASSIGNED, IN_PROGRESS)
