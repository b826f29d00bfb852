"""The guard other apps call before they change a student's classroom work.

``work_guard`` is what the coach and the arguments services call: work in an archived class
(``WorkArchived``) or of a student removed from the class (``WorkNotEnrolled``) may not
change, turned-in work is read-only (``WorkTurnedIn``), and model-backed work reserves one
call of the student's class budget (``toulmini_site.classrooms.budgets``: ``QuotaExceeded``,
429, past it). Work that belongs to no class passes untouched. Each refusal is a ``Refusal``;
the ``Work*`` refusals live in the school port (``toulmini_site.school``), which the feature
apps catch them from.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Exists, OuterRef

from toulmini_site.classrooms.budgets import budget_reserve
from toulmini_site.classrooms.domain.submissions import RETURNED, is_editable_by_student
from toulmini_site.classrooms.models import WORK_FIELDS, Enrollment, Submission
from toulmini_site.school import WorkArchived, WorkNotEnrolled, WorkTurnedIn


def _still_enrolled(submission: Any) -> bool:
    enrolled = getattr(submission, "enrolled", None)  # annotated by submission_of_work
    if enrolled is not None:
        return bool(enrolled)
    return Enrollment.objects.filter(
        classroom_id=submission.assignment.classroom_id, student_id=submission.student_id
    ).exists()


def submission_of_work(work: Any) -> Submission | None:
    """The classroom submission ``work`` (a coach session, chain, audit or critique) is for,
    or None when it belongs to no class; ``enrolled`` says whether its student is still in
    the class (read in the same query)."""
    field = next(
        (f for f, natural in WORK_FIELDS.items() if work._meta.label_lower == natural), None
    )
    if field is None or work.pk is None:
        return None
    still_in = Enrollment.objects.filter(
        classroom_id=OuterRef("assignment__classroom_id"), student_id=OuterRef("student_id")
    )
    return (
        Submission.objects.select_related("assignment__classroom")
        .annotate(enrolled=Exists(still_in))
        .filter(**{field: work.pk})
        .first()
    )


def work_guard(*, work: Any, model_backed: bool, at: datetime | None = None) -> Any:
    """Refuse a change to ``work`` when its class is archived (``WorkArchived``), when its
    student left the class (``WorkNotEnrolled``), when it is turned-in classroom work
    (``WorkTurnedIn``), or when it is model-backed and the student's class budget is spent
    (``QuotaExceeded``). Work outside any class is never refused here.

    Returns the work's submission (its assignment and class loaded), or None outside a class,
    so a caller needs no second query to read the assignment's settings. Model-backed
    classroom work gets one call held (``budget_reserve``): the caller then calls
    ``budget_release(work=...)`` once the work's calls are saved."""
    submission = submission_of_work(work)
    if submission is None:
        return None
    if submission.assignment.classroom.archived:
        raise WorkArchived()
    if not _still_enrolled(submission):
        raise WorkNotEnrolled()
    if not is_editable_by_student(submission.state):
        raise WorkTurnedIn(returned=submission.state == RETURNED)
    if model_backed:
        budget_reserve(submission=submission, work=work, at=at)
    return submission


def tutor_help_of(*, work: Any, submission: Any = None) -> str:
    """How much the coach's tutor may do on ``work`` (a coach session): its assignment's
    ``tutor_help``, or full coaching for practice outside a class. One query, none when the
    work's ``submission`` (from ``work_guard``) is given."""
    if submission is not None:
        return str(submission.assignment.tutor_help or "full")
    level = (
        Submission.objects.filter(coach_session_id=work.pk)
        .values_list("assignment__tutor_help", flat=True)
        .first()
    )
    return level or "full"
