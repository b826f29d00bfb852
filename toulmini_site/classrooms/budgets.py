"""Per-class daily budgets of model calls, and the atomic reservation of one.

Each class lets each student spend ``Classroom.daily_model_calls`` model calls a day on that
class's work, counted from the ``LLMCall`` rows attached to the work (coach session, chain,
audit, critique). Offline work is never counted or limited. The day is the limits' one day
(``day_bounds``: the site's ``TIME_ZONE``); the budget resets at the next midnight, read on
the limits' one clock.

Model-backed work reserves its call atomically (``budget_reserve``): under a lock on the
class row (``BEGIN IMMEDIATE`` on SQLite), the budget is checked and one call is held for the
work (an ``LLMCall`` with outcome ``reserved``, counted like a call). Concurrent requests
therefore see each other's holds, and a budget of 3 lets exactly 3 of 5 simultaneous runs
through. ``budget_release`` drops the hold once the work's real calls are saved; a hold left
behind by a crash counts as one call spent. The classrooms' work guard
(``toulmini_site.classrooms.guard.work_guard``) makes the reservation.

The budgets live in the school app because they count and lock its rows (submissions, the
class); the clock, the day and the refusal they use are the limits' (``toulmini_site.limits``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext

from toulmini_site.classrooms.models import WORK_FIELDS, Classroom, Submission
from toulmini_site.limits import QUOTA_EXCEEDED, LimitExceeded, day_bounds
from toulmini_site.limits import now_datetime as now
from toulmini_site.llm.models import LLMCall

__all__ = [
    "QuotaExceeded",
    "budget_check",
    "budget_release",
    "budget_reserve",
    "day_bounds",
    "now",
    "usage_today",
]

OFFLINE_PROVIDER = "offline"


class QuotaExceeded(LimitExceeded):
    """429 ``QUOTA_EXCEEDED`` with when the budget resets (``resets_at``, and ``retry_after``
    and ``limit`` in the API body too)."""

    def __init__(self, *, used: int, limit: int, resets_at: datetime, now: datetime) -> None:
        wait = max(1, int((resets_at - now).total_seconds()))
        super().__init__(
            gettext(
                "This class's daily budget of %(limit)s model calls per student is used up "
                "(%(used)s today). It resets at %(resets_at)s; offline work still runs."
            )
            % {"limit": limit, "used": used, "resets_at": f"{resets_at:%Y-%m-%d %H:%M %Z}"},
            code=QUOTA_EXCEEDED,
            retry_after=wait,
            extra={"resets_at": resets_at.isoformat(), "retry_after": wait, "limit": limit},
        )
        self.resets_at = resets_at
        self.wait = wait


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


def budget_check(*, submission: Any, at: datetime | None = None) -> int:
    """Raise ``QuotaExceeded`` when the submission's student has used the class's budget
    today; else return how many calls are left."""
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
    return int(classroom.daily_model_calls - used)


def budget_reserve(*, submission: Any, work: Any, at: datetime | None = None) -> None:
    """Check the student's class budget and hold one model call for ``work``, atomically
    (``QuotaExceeded`` when it is spent): concurrent reservations queue on the class row."""
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
