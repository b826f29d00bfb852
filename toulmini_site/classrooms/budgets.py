"""Per-class daily budgets of model calls, and the guard other apps call on classroom work.

Each class lets each student spend ``Classroom.daily_model_calls`` model calls a day on that
class's work, counted from the ``LLMCall`` rows attached to the work (coach session, chain,
audit, critique). Offline work is never counted or limited. The day is the site's
``TIME_ZONE`` day; the budget resets at the next midnight.

``work_guard`` is what the coach and the arguments services call before they change a
student's work: turned-in work is read-only, and model-backed work past the budget answers
429 ``QUOTA_EXCEEDED`` (all of them ``Refusal``s). Work that belongs to no class passes untouched.

Model-backed work reserves its call atomically: under a lock on the class row (``BEGIN
IMMEDIATE`` on SQLite), the budget is checked and one call is held for the work (an
``LLMCall`` with outcome ``reserved``, counted like a call). Concurrent requests therefore
see each other's holds, and a budget of 3 lets exactly 3 of 5 simultaneous runs through.
``budget_release`` drops the hold once the work's real calls are saved; a hold left behind
by a crash counts as one call spent.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from toulmini_site.classrooms.domain.submissions import RETURNED, is_editable_by_student
from toulmini_site.limits import day_bounds, now_datetime
from toulmini_site.llm.models import LLMCall
from toulmini_site.refusals import Refusal

# Submission column holding the work -> "app_label.model" of that work.
WORK_FIELDS = {
    "coach_session": "coach.coachsession",
    "chain": "arguments.chain",
    "audit": "council.audit",
    "critique": "council.critique",
}


OFFLINE_PROVIDER = "offline"


class WorkRefused(Refusal):
    """A refused change to classroom work; pages show ``message`` where the student acts."""


class QuotaExceeded(WorkRefused):
    """429 with when the budget resets (``resets_at``, ``retry_after`` in the body too)."""

    status = 429
    code = "QUOTA_EXCEEDED"

    def __init__(self, *, used: int, limit: int, resets_at: datetime, now: datetime) -> None:
        wait = max(1, int((resets_at - now).total_seconds()))
        super().__init__(
            f"This class's daily budget of {limit} model calls per student is used up "
            f"({used} today). It resets at {resets_at:%Y-%m-%d %H:%M %Z}; offline work "
            "still runs.",
            retry_after=wait,
            extra={"resets_at": resets_at.isoformat(), "retry_after": wait, "limit": limit},
        )
        self.resets_at = resets_at
        self.wait = wait


class WorkReadOnly(WorkRefused):
    """409: the work may not change any more (turned in, returned, or its class archived)."""

    status = 409


class WorkTurnedIn(WorkReadOnly):
    """409: the student's turned-in (or returned) classroom work is read-only."""

    code = "INVALID_STATE"

    def __init__(self, *, returned: bool = False) -> None:
        # Returned work cannot be unsubmitted, so it must not be told to.
        super().__init__(
            "This work was returned by your teacher and is read-only."
            if returned
            else "This work is turned in for a class and is read-only. Unsubmit it first "
            "(possible until your teacher returns it)."
        )


class WorkArchived(WorkReadOnly):
    """409: the work belongs to an archived class, which is read-only for everyone."""

    code = "CLASS_ARCHIVED"

    def __init__(self) -> None:
        super().__init__("This class is archived and read-only.")


class WorkNotEnrolled(WorkReadOnly):
    """403: the student was removed from the class; its work there can no longer change."""

    code = "NOT_ENROLLED"
    status = 403

    def __init__(self) -> None:
        super().__init__("You are no longer in this class; its work can no longer change.")


def _still_enrolled(submission: Any) -> bool:
    enrolled = getattr(submission, "enrolled", None)  # annotated by submission_of_work
    if enrolled is not None:
        return bool(enrolled)
    from toulmini_site.classrooms.models import Enrollment

    return Enrollment.objects.filter(
        classroom_id=submission.assignment.classroom_id, student_id=submission.student_id
    ).exists()


def now() -> datetime:
    """The current time, from the limits' one clock (``toulmini_site.limits.now``)."""
    return now_datetime()


def _calls_today(submissions: QuerySet, at: datetime) -> QuerySet:
    """Today's model calls on the work of ``submissions``, grouped by (content type, object)."""
    start, _ = day_bounds(at)
    types = ContentType.objects.get_by_natural_key  # cached after the first use
    match = Q()
    for field, natural in WORK_FIELDS.items():
        app_label, model = natural.split(".")
        match |= Q(
            content_type=types(app_label, model),
            object_id__in=submissions.filter(**{f"{field}__isnull": False}).values(field),
        )
    return (
        LLMCall.objects.filter(match, created_at__gte=start)
        .exclude(provider=OFFLINE_PROVIDER)  # the offline analyzers cost no model call
        .values("content_type_id", "object_id")
        .annotate(n=Count("id"))
        .order_by()
    )


def usage_today(
    *, classroom: Any, cells: Iterable[Any], at: datetime | None = None
) -> dict[int, int]:
    """Model calls today per student id on ``classroom``'s work; ``cells`` are the class's
    submissions already loaded (each with ``student_id`` and ``work_ids``: field -> id).
    One query whatever the number of students."""
    from toulmini_site.classrooms.models import Submission

    at = at or now()
    type_ids = {
        field: ContentType.objects.get_by_natural_key(*natural.split(".")).pk
        for field, natural in WORK_FIELDS.items()
    }
    owner_of: dict[tuple[int, int], int] = {}
    for cell in cells:
        for field, work_id in cell.work_ids.items():
            if work_id is not None:
                owner_of[(type_ids[field], work_id)] = cell.student_id
    used: dict[int, int] = {}
    queryset = Submission.objects.filter(assignment__classroom=classroom)
    for row in _calls_today(queryset, at):
        student = owner_of.get((row["content_type_id"], row["object_id"]))
        if student is not None:
            used[student] = used.get(student, 0) + row["n"]
    return used


def submission_of_work(work: Any):
    """The classroom submission ``work`` (a coach session, chain, audit or critique) is for,
    or None when it belongs to no class; ``enrolled`` says whether its student is still in
    the class (read in the same query)."""
    from toulmini_site.classrooms.models import Enrollment, Submission

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


def budget_check(*, submission: Any, at: datetime | None = None) -> int:
    """Raise ``QuotaExceeded`` when the submission's student has used the class's budget
    today; else return how many calls are left."""
    from toulmini_site.classrooms.models import Submission

    at = at or now()
    classroom = submission.assignment.classroom
    theirs = Submission.objects.filter(
        assignment__classroom=classroom, student_id=submission.student_id
    )
    used = sum(row["n"] for row in _calls_today(theirs, at))
    if used >= classroom.daily_model_calls:
        _, resets_at = day_bounds(at)
        raise QuotaExceeded(
            used=used, limit=classroom.daily_model_calls, resets_at=resets_at, now=at
        )
    return classroom.daily_model_calls - used


def budget_reserve(*, submission: Any, work: Any, at: datetime | None = None) -> None:
    """Check the student's class budget and hold one model call for ``work``, atomically
    (``QuotaExceeded`` when it is spent): concurrent reservations queue on the class row."""
    from toulmini_site.classrooms.models import Classroom

    with transaction.atomic():
        Classroom.objects.select_for_update().filter(pk=submission.assignment.classroom_id).exists()
        budget_check(submission=submission, at=at)
        LLMCall.objects.create(
            content_type=ContentType.objects.get_for_model(work),
            object_id=work.pk,
            purpose="budget.hold",
            provider="budget",
            outcome=LLMCall.Outcome.RESERVED,
        )


def budget_release(*, work: Any) -> None:
    """Drop one call held for ``work`` (its real calls are saved by now); nothing when none."""
    held = LLMCall.objects.filter(
        content_type=ContentType.objects.get_for_model(work),
        object_id=work.pk,
        outcome=LLMCall.Outcome.RESERVED,
    ).order_by("id")[:1]
    LLMCall.objects.filter(pk__in=list(held.values_list("pk", flat=True))).delete()


def work_guard(*, work: Any, model_backed: bool, at: datetime | None = None) -> Any:
    """Refuse a change to ``work`` when its class is archived (``WorkArchived``), when it is
    turned-in classroom work (``WorkTurnedIn``), or when it is model-backed and the student's
    class budget is spent (``QuotaExceeded``). Work outside any class is never refused here.

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
    from toulmini_site.classrooms.models import Submission

    if submission is not None:
        return submission.assignment.tutor_help or "full"
    level = (
        Submission.objects.filter(coach_session_id=work.pk)
        .values_list("assignment__tutor_help", flat=True)
        .first()
    )
    return level or "full"
