"""The school port: all the feature apps (arguments, coach, council) know of classes.

The platform defines the port and the school app (``toulmini_site.classrooms``) implements
it, plugging its implementation in when Django starts (``ClassroomsConfig.ready`` calls
``school_install``). So the arrows run one way: the feature apps import this module, the
school imports the feature apps' services, and no feature app imports the school.

What the port offers: the guard a change to a student's work passes (an archived class,
turned-in work, a spent class budget refuse it), the submission a piece of work belongs to,
releasing a class-budget call held for a piece of work,
the link that keeps a revised chain the assignment's work, and whether a user teaches the
class a piece of work was handed in for. The refusals the guard raises live here too, so a
feature app can catch them without importing the school.

Without a school installed every piece of work is outside any class: nothing is refused,
no submission is found and nobody teaches the work.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from django.utils.translation import gettext

from toulmini_site.refusals import Refusal
from toulmini_site.users import User

__all__ = [
    "School",
    "WorkArchived",
    "WorkNotEnrolled",
    "WorkReadOnly",
    "WorkRefused",
    "WorkTurnedIn",
    "budget_release",
    "school_install",
    "submission_chain_revise",
    "submission_of_work",
    "teaches_work",
    "work_guard",
]


class WorkRefused(Refusal):
    """A refused change to classroom work; pages show ``message`` where the student acts."""


class WorkReadOnly(WorkRefused):
    """409: the work may not change any more (turned in, returned, or its class archived)."""

    status = 409


class WorkTurnedIn(WorkReadOnly):
    """409: the student's turned-in (or returned) classroom work is read-only."""

    code = "INVALID_STATE"

    def __init__(self, *, returned: bool = False) -> None:
        # Returned work cannot be unsubmitted, so it must not be told to.
        super().__init__(
            gettext("This work was returned by your teacher and is read-only.")
            if returned
            else gettext(
                "This work is turned in for a class and is read-only. Unsubmit it first "
                "(possible until your teacher returns it)."
            )
        )


class WorkArchived(WorkReadOnly):
    """409: the work belongs to an archived class, which is read-only for everyone."""

    code = "CLASS_ARCHIVED"

    def __init__(self) -> None:
        super().__init__(gettext("This class is archived and read-only."))


class WorkNotEnrolled(WorkReadOnly):
    """403: the student was removed from the class; its work there can no longer change."""

    code = "NOT_ENROLLED"
    status = 403

    def __init__(self) -> None:
        super().__init__(gettext("You are no longer in this class; its work can no longer change."))


class School(Protocol):
    """What the school app provides to the feature apps (``toulmini_site.classrooms.public``)."""

    def work_guard(self, *, work: Any, model_backed: bool, at: datetime | None = None) -> Any:
        """Refuse a change to ``work`` (a ``WorkRefused`` or a budget's ``LimitExceeded``);
        its submission, or None outside a class. Model-backed classroom work holds a call."""
        ...

    def budget_release(self, *, work: Any) -> None:
        """Drop the class-budget call ``work_guard`` held for ``work``."""
        ...

    def submission_of_work(self, work: Any) -> Any:
        """The submission ``work`` is for, or None outside any class."""
        ...

    def submission_chain_revise(self, *, old: Any, new: Any) -> Any:
        """Make ``new`` (a revision of ``old``) the work of ``old``'s submission, when allowed;
        the submission, or None."""
        ...

    def teaches_work(self, user: User, work: Any) -> bool:
        """Whether ``user`` teaches the class ``work`` was handed in for."""
        ...


class _NoSchool:
    """No school installed: every piece of work is outside any class."""

    def work_guard(self, *, work: Any, model_backed: bool, at: datetime | None = None) -> Any:
        return None

    def budget_release(self, *, work: Any) -> None:
        return None

    def submission_of_work(self, work: Any) -> Any:
        return None

    def submission_chain_revise(self, *, old: Any, new: Any) -> Any:
        return None

    def teaches_work(self, user: User, work: Any) -> bool:
        return False


_school: School = _NoSchool()


def school_install(school: School | None) -> None:
    """Plug the school in (``None`` takes it out again: work outside any class)."""
    global _school
    _school = school if school is not None else _NoSchool()


def work_guard(*, work: Any, model_backed: bool, at: datetime | None = None) -> Any:
    return _school.work_guard(work=work, model_backed=model_backed, at=at)


def budget_release(*, work: Any) -> None:
    _school.budget_release(work=work)


def submission_of_work(work: Any) -> Any:
    return _school.submission_of_work(work)


def submission_chain_revise(*, old: Any, new: Any) -> Any:
    return _school.submission_chain_revise(old=old, new=new)


def teaches_work(user: User, work: Any) -> bool:
    return _school.teaches_work(user, work)
