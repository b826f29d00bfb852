"""Returned grades sent to the platform's gradebook (Assignment and Grade Services).

Returning a submission in a class linked to a platform course asks for a sync; a background
task sends the score (a line item per assignment, ``FullyGraded``). Sending is safe to
repeat: the line item is found by its tag before one is made, and the platform keeps the
score with the latest timestamp. A failed send is retried with a growing delay where the
task backend can defer work, and can always be retried by hand.
"""

from __future__ import annotations

from datetime import timedelta
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
from pylti1p3.service_connector import ServiceConnector

from toulmini_site.classrooms.domain.grading import PARTS, total_max
from toulmini_site.classrooms.models import Submission
from toulmini_site.lti.models import ClassLink, GradeSync, LineItem

MAX_ATTEMPTS = 5


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
    platform course (None otherwise). Returning again asks again."""
    submission = Submission.objects.select_related("assignment").get(pk=submission_id)
    if not ClassLink.objects.filter(classroom_id=submission.assignment.classroom_id).exists():
        return None
    sync, _ = GradeSync.objects.update_or_create(
        submission=submission,
        defaults={"state": GradeSync.State.PENDING, "attempts": 0, "last_error": ""},
    )
    _enqueue(sync)
    return sync


def grade_sync_retry(*, sync: GradeSync) -> GradeSync:
    """Send again by hand (a teacher's button), whatever the last attempt did."""
    GradeSync.objects.filter(pk=sync.pk).update(
        state=GradeSync.State.PENDING, attempts=0, last_error=""
    )
    _enqueue(sync)
    sync.refresh_from_db()
    return sync


def _enqueue(sync: GradeSync, delay: timedelta | None = None) -> None:
    task = grade_sync_task
    if delay is not None:
        task = task.using(run_after=timezone.now() + delay)
    transaction.on_commit(lambda: task.enqueue(submission_id=sync.submission_id))


def _can_defer() -> bool:
    return bool(grade_sync_task.get_backend().supports_defer)


def _skip(sync: GradeSync, reason: str) -> GradeSync:
    sync.state, sync.last_error, sync.last_attempt_at = (
        GradeSync.State.SKIPPED,
        reason,
        timezone.now(),
    )
    sync.save()
    return sync


def grade_sync_run(*, submission_id: int) -> GradeSync | None:
    """Send the returned submission's score and comment to the platform; records the
    outcome on its ``GradeSync``. Already sent, or no sync asked for: nothing happens."""
    with transaction.atomic():
        sync = (
            GradeSync.objects.select_for_update()
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
            return _skip(sync, "The class is no longer linked, or the work is not returned.")
        context = link.context
        registration = context.deployment.registration
        lti_user = LtiUser.objects.filter(
            registration=registration, auth_user_id=submission.student_id
        ).first()
        if lti_user is None:
            return _skip(sync, "This student did not come from the learning platform.")
        if not (context.lineitems_url and context.can_publish_scores):
            return _skip(sync, "The platform did not allow this tool to send grades.")
        feedback = getattr(submission, "feedback", None)
        maximum = float(total_max(assignment.maxima()))
        given = float(feedback.total) if feedback else 0.0
        sync.attempts += 1
        sync.last_attempt_at = timezone.now()
        sync.score_given, sync.score_maximum = given, maximum
        try:
            ags = AssignmentsGradesService(
                ServiceConnector(registration.to_registration()),
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
            sync.last_error = str(error)[:2000] or error.__class__.__name__
            retry = sync.attempts < MAX_ATTEMPTS and _can_defer()
            sync.state = GradeSync.State.FAILED if retry else GradeSync.State.GAVE_UP
            sync.save()
            if retry:
                _enqueue(sync, delay=timedelta(minutes=2**sync.attempts))
            return sync
        sync.state, sync.sent_at, sync.last_error = GradeSync.State.SENT, timezone.now(), ""
        sync.save()
    return sync


# The task lives beside the run it retries (a retry enqueues it again).
@task
def grade_sync_task(*, submission_id: int) -> str:
    """Send one returned grade to the platform; returns the sync's state."""
    sync = grade_sync_run(submission_id=submission_id)
    return sync.state if sync else "none"
