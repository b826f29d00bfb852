"""Returned grades sent to the platform's gradebook (Assignment and Grade Services).

Returning a submission in a class linked to a platform course records a pending sync in
the same transaction; once it commits, a background task sends the score (a line item per
assignment, ``FullyGraded``). Sending is safe to repeat: the sync is locked while it is sent
and left alone once sent, the line item is found by its tag before one is made, and the
platform keeps the score with the latest timestamp. A failed send is retried with a growing
delay where the task backend can defer work, a send whose task was lost is queued again by
the sweep, and a teacher can always send again by hand. Every call to the platform is
bounded in time (``connection``), so a slow platform never holds up the return itself.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import requests
from django.db import transaction
from django.tasks import task
from django.utils import timezone
from lti_tool.lti_core.constants import AgsScope
from lti_tool.models import LtiUser
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException
from pylti1p3.grade import Grade
from pylti1p3.lineitem import LineItem as PlatformLineItem

from toulmini_site.classrooms.domain.grading import PARTS, total_max
from toulmini_site.classrooms.models import Submission
from toulmini_site.lti import connection
from toulmini_site.lti.models import ClassLink, GradeSync, LineItem

MAX_ATTEMPTS = 5
# How long a send may wait for its task before the sweep queues it again.
STALE_AFTER = timedelta(minutes=10)


def _scopes(context: Any) -> list[str]:
    granted = {
        AgsScope.QUERY_LINEITEMS: context.can_query_lineitems,
        AgsScope.MANAGE_LINEITEMS: context.can_manage_lineitems,
        AgsScope.PUBLISH_SCORES: context.can_publish_scores,
        AgsScope.ACCESS_RESULTS: context.can_access_results,
    }
    return [scope.value for scope, ok in granted.items() if ok]


def _comment(feedback: Any) -> str:
    lines = [feedback.overall.strip()] if feedback.overall.strip() else []
    lines += [
        f"{part}: {feedback.comments[part].strip()}"
        for part in PARTS
        if str(feedback.comments.get(part, "")).strip()
    ]
    return "\n".join(lines)[:4000]


def grade_sync_request(*, submission_id: int) -> GradeSync | None:
    """Ask for the returned submission's grade to be sent, if its class is linked to a
    platform course (None otherwise). Called inside the transaction that returns the work:
    the pending sync commits (or rolls back) with the return, and the send is queued only
    once that transaction has committed, so the platform never reads a grade we then roll
    back, and a send whose queueing is lost is still on record for the sweep. Returning
    again asks again."""
    submission = Submission.objects.select_related("assignment").get(pk=submission_id)
    if not ClassLink.objects.filter(classroom_id=submission.assignment.classroom_id).exists():
        return None
    sync, _ = GradeSync.objects.update_or_create(
        submission=submission,
        defaults={
            "state": GradeSync.State.PENDING,
            "attempts": 0,
            "reason": "",
            "last_error": "",
            "requested_at": timezone.now(),
        },
    )
    _enqueue(sync.submission_id)
    return sync


def grade_sync_retry(*, sync: GradeSync) -> GradeSync:
    """Send again by hand (a teacher's button), whatever the last attempt did, and even to
    a platform that did not answer a moment ago. A grade already sent is left as it is (a
    page opened before it was sent still shows the button): it is not posted twice."""
    with transaction.atomic():
        asked = (
            GradeSync.objects.filter(pk=sync.pk)
            .exclude(state=GradeSync.State.SENT)
            .update(
                state=GradeSync.State.PENDING,
                attempts=0,
                reason="",
                last_error="",
                requested_at=timezone.now(),
            )
        )
        if not asked:
            sync.refresh_from_db()
            return sync
        link = (
            ClassLink.objects.select_related("context__deployment")
            .filter(classroom__assignments__submissions__grade_sync=sync)
            .first()
        )
        if link is not None:
            connection.platform_answered(link.context.deployment.registration_id)
        _enqueue(sync.submission_id)
    sync.refresh_from_db()
    return sync


def grade_sync_sweep(*, now: datetime | None = None) -> int:
    """Queue again every send that should have happened by now and has not: pending for
    ``STALE_AFTER`` since it was asked for (its task lost with a worker, a queue that failed,
    a run that crashed), or failed and ``STALE_AFTER`` past its retry. Sending twice is safe
    (the run locks the sync and does nothing once it is sent). Returns how many."""
    now = now or timezone.now()
    stale = now - STALE_AFTER
    due = list(
        GradeSync.objects.filter(state=GradeSync.State.PENDING, requested_at__lt=stale).values_list(
            "submission_id", flat=True
        )
    )
    for sync in GradeSync.objects.filter(state=GradeSync.State.FAILED, last_attempt_at__lt=stale):
        if sync.last_attempt_at and sync.last_attempt_at + _backoff(sync.attempts) < stale:
            due.append(sync.submission_id)
    with transaction.atomic():
        GradeSync.objects.filter(submission_id__in=due).update(requested_at=now)
        for submission_id in due:
            _enqueue(submission_id)
    return len(due)


def _backoff(attempts: int) -> timedelta:
    return timedelta(minutes=2**attempts)


def _enqueue(submission_id: int, delay: timedelta | None = None) -> None:
    """Queue the send once the current transaction commits (at once outside one). The
    caller never fails for it (robust): if queueing fails, the sync stays on record and the
    sweep queues it again."""

    def send() -> None:
        task = grade_sync_task
        if delay is not None:
            task = task.using(run_after=timezone.now() + delay)
        task.enqueue(submission_id=submission_id)

    transaction.on_commit(send, robust=True)


def _can_defer() -> bool:
    return bool(grade_sync_task.get_backend().supports_defer)


def _skip(sync: GradeSync, reason: GradeSync.Reason) -> GradeSync:
    sync.state, sync.reason, sync.last_error, sync.last_attempt_at = (
        GradeSync.State.SKIPPED,
        reason,
        "",
        timezone.now(),
    )
    sync.save()
    return sync


def _failed(sync: GradeSync, reason: GradeSync.Reason, detail: str) -> GradeSync:
    """Record a failed attempt; where the task backend can defer work, try again later."""
    sync.reason, sync.last_error = reason, detail[:2000]
    retry = sync.attempts < MAX_ATTEMPTS and _can_defer()
    sync.state = GradeSync.State.FAILED if retry else GradeSync.State.GAVE_UP
    sync.save()
    if retry:
        _enqueue(sync.submission_id, delay=_backoff(sync.attempts))
    return sync


def grade_sync_run(*, submission_id: int) -> GradeSync | None:
    """Send the returned submission's score and comment to the platform; records the
    outcome on its ``GradeSync``. Already sent, or no sync asked for: nothing happens."""
    with transaction.atomic():
        # OF the sync's own row: PostgreSQL refuses FOR UPDATE on the nullable side of the
        # outer join to the class's link (NotSupportedError, which the task backend records
        # and nobody saw: the grade stayed pending for ever).
        sync = (
            GradeSync.objects.select_for_update(of=("self",))
            .select_related("submission__assignment__classroom__lti_link__context__deployment")
            .filter(submission_id=submission_id)
            .first()
        )
        if sync is None or sync.state in (GradeSync.State.SENT, GradeSync.State.SKIPPED):
            return sync
        submission = sync.submission
        assignment = submission.assignment
        link = getattr(assignment.classroom, "lti_link", None)
        if link is None or not submission.is_returned:
            return _skip(sync, GradeSync.Reason.UNLINKED)
        context = link.context
        registration = context.deployment.registration
        lti_user = LtiUser.objects.filter(
            registration=registration, auth_user_id=submission.student_id
        ).first()
        if lti_user is None:
            return _skip(sync, GradeSync.Reason.NOT_FROM_PLATFORM)
        if not (context.lineitems_url and context.can_publish_scores):
            return _skip(sync, GradeSync.Reason.NOT_ALLOWED)
        feedback = getattr(submission, "feedback", None)
        maximum = float(total_max(assignment.maxima()))
        given = float(feedback.total) if feedback else 0.0
        sync.attempts += 1
        sync.last_attempt_at = timezone.now()
        sync.score_given, sync.score_maximum = given, maximum
        if connection.platform_quiet(registration.pk):
            return _failed(sync, GradeSync.Reason.NO_ANSWER, "")
        try:
            ags = AssignmentsGradesService(
                connection.service_connector(registration),
                {"scope": _scopes(context), "lineitems": context.lineitems_url},  # type: ignore[typeddict-item]
            )
            known = LineItem.objects.filter(assignment=assignment).first()
            column = (
                PlatformLineItem({"id": known.url})
                if known
                else ags.find_or_create_lineitem(
                    PlatformLineItem()
                    .set_tag(f"toulmini-assignment-{assignment.pk}")
                    .set_resource_id(str(assignment.pk))
                    .set_label(assignment.title[:200])
                    .set_score_maximum(maximum)
                )
            )
            column_url = column.get_id()
            if known is None and column_url:
                LineItem.objects.update_or_create(
                    assignment=assignment, defaults={"url": column_url}
                )
            grade = (
                Grade()
                .set_score_given(given)
                .set_score_maximum(maximum)
                .set_timestamp((submission.returned_at or timezone.now()).isoformat())
                .set_activity_progress("Completed")
                .set_grading_progress("FullyGraded")
                .set_user_id(lti_user.sub)
            )
            if feedback and _comment(feedback):
                grade.set_comment(_comment(feedback))
            ags.put_grade(grade, column)
        except (LtiException, requests.RequestException, ValueError, KeyError) as error:
            detail = str(error) or error.__class__.__name__
            if connection.is_silence(error):
                connection.platform_silent(registration.pk)
                return _failed(sync, GradeSync.Reason.NO_ANSWER, detail)
            return _failed(sync, GradeSync.Reason.REFUSED, detail)
        connection.platform_answered(registration.pk)
        sync.state, sync.sent_at, sync.reason, sync.last_error = (
            GradeSync.State.SENT,
            timezone.now(),
            "",
            "",
        )
        sync.save()
    return sync


# The task lives beside the run it retries (a retry enqueues it again).
@task
def grade_sync_task(*, submission_id: int) -> str:
    """Send one returned grade to the platform; returns the sync's state."""
    sync = grade_sync_run(submission_id=submission_id)
    return sync.state if sync else "none"
