"""What the classroom services (and the assignment kinds) refuse with: one ``Refusal``
subclass per reason, each with its stable code and status."""

from __future__ import annotations

from toulmini_site.refusals import Refusal


class ClassroomError(Refusal):
    """A refused classroom operation: ``code`` is stable, ``str(error)`` is safe to show."""

    code = "INVALID_INPUT"
    status = 400

    def __init__(self, message: str, *, details: list[dict[str, str]] | None = None) -> None:
        super().__init__(message, details=details)


class JoinCodeInvalid(ClassroomError):
    code = "JOIN_CODE_INVALID"


class JoiningClosed(ClassroomError):
    code = "JOINING_CLOSED"
    status = 409


class InvalidState(ClassroomError):
    code = "INVALID_STATE"
    status = 409


class NotEnrolled(ClassroomError):
    """The student was removed from (or left) the class: their work there is the teacher's
    record now, and they may no longer change it."""

    code = "NOT_ENROLLED"
    status = 403


class ClassArchived(ClassroomError):
    code = "CLASS_ARCHIVED"
    status = 409
