"""The school's side of the school port (``toulmini_site.school``): the guard a change to a
student's work passes (an archived class, turned-in work, a spent class budget refuse it),
the submission a piece of work belongs to, how much the tutor may help on it, and the link
that keeps a revised chain the assignment's work.

``ClassroomsConfig.ready`` installs this module as the port's implementation; the feature
apps (arguments, coach, council) call the port and never import classrooms (the whole-house
layers contract holds it). Classrooms starts the work of an assignment through the feature
apps' services; this module imports none of them."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from toulmini_site.classrooms.budgets import QuotaExceeded, budget_release
from toulmini_site.classrooms.domain import submissions as states
from toulmini_site.classrooms.guard import submission_of_work, tutor_help_of, work_guard
from toulmini_site.classrooms.models import Submission
from toulmini_site.school import WorkArchived, WorkReadOnly, WorkRefused, WorkTurnedIn
from toulmini_site.users import User

__all__ = [
    "QuotaExceeded",
    "WorkArchived",
    "WorkReadOnly",
    "WorkRefused",
    "WorkTurnedIn",
    "budget_release",
    "submission_chain_revise",
    "submission_of_work",
    "teaches_work",
    "tutor_help_of",
    "work_guard",
]


def submission_chain_revise(*, old: Any, new: Any) -> Submission | None:
    """Link ``new`` (a chain the student made by revising ``old``) to the submission ``old``
    was the work of, so "Revise and try again" stays the assignment's work. Only for the
    same student's work in progress in a class that is not archived, with an engine the
    assignment allows; otherwise nothing changes and None is returned."""
    with transaction.atomic():
        submission = (
            Submission.objects.select_for_update()
            .select_related("assignment__classroom")
            .filter(chain=old, student_id=new.owner_id)
            .first()
        )
        if (
            submission is None
            or submission.assignment.classroom.archived
            or not states.is_editable_by_student(submission.state)
            or new.engine not in submission.assignment.engines
        ):
            return None
        submission.chain = new
        submission.save(update_fields=["chain"])
    return submission


def teaches_work(user: User, work: Any) -> bool:
    """Whether ``user`` teaches (or co-teaches) the class ``work`` was handed in for: a
    teacher may correct what the app said of a student's work (a critique's finding, an audit's
    criterion); anyone else may not."""
    if not getattr(user, "is_authenticated", False):
        return False
    submission = submission_of_work(work)
    return (
        submission is not None
        and submission.assignment.classroom.teachers.filter(pk=user.pk).exists()
    )
