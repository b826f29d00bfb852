"""How a learning platform's courses, links and people map onto ours, and the state of each
grade sent back. The platform side (registrations, deployments, keys, platform users and
contexts) is django-lti's ``lti_tool`` app; these tables join it to classes and users."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from lti_tool.models import LtiContext, LtiResourceLink

from toulmini_site.classrooms.models import Assignment, Classroom, Submission


class ClassLink(models.Model):
    """A platform course (an LTI context) taught as one of our classes."""

    context = models.OneToOneField(LtiContext, on_delete=models.CASCADE, related_name="class_link")
    classroom = models.OneToOneField(Classroom, on_delete=models.CASCADE, related_name="lti_link")
    roster_synced_at = models.DateTimeField(null=True, blank=True)
    roster_error = models.TextField(blank=True)
    roster_added = models.PositiveIntegerField(default=0)
    roster_removed = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.context} -> {self.classroom}"


class AssignmentLink(models.Model):
    """A link placed in the platform course (by deep linking) that opens one assignment."""

    resource_link = models.OneToOneField(
        LtiResourceLink, on_delete=models.CASCADE, related_name="assignment_link"
    )
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"{self.resource_link} -> {self.assignment}"


class LineItem(models.Model):
    """The platform gradebook column of one assignment (found or made on the first grade)."""

    assignment = models.OneToOneField(
        Assignment, on_delete=models.CASCADE, related_name="lti_line_item"
    )
    url = models.URLField(max_length=1000)

    def __str__(self) -> str:
        return self.url


class GradeSync(models.Model):
    """The last attempt to send a returned submission's score to the platform's gradebook."""

    class State(models.TextChoices):
        PENDING = "pending", _("Waiting to be sent")
        SENT = "sent", _("Sent to the gradebook")
        FAILED = "failed", _("Failed (will be retried)")
        GAVE_UP = "gave_up", _("Failed (retry by hand)")
        SKIPPED = "skipped", _("Not sent")

    class Reason(models.TextChoices):
        """Why a grade is not (yet) in the gradebook, said to the teacher in their language;
        ``last_error`` keeps the platform's own words beside it."""

        UNLINKED = "unlinked", _("The class is no longer linked, or the work is not returned.")
        NOT_FROM_PLATFORM = (
            "not_from_platform",
            _("This student did not come from the learning platform, which does not know them."),
        )
        NOT_ALLOWED = "not_allowed", _("The platform did not allow this tool to send grades.")
        NO_ANSWER = (
            "no_answer",
            _("The platform could not be reached, or did not answer in time."),
        )
        REFUSED = "refused", _("The platform refused the grade.")

    submission = models.OneToOneField(
        Submission, on_delete=models.CASCADE, related_name="grade_sync"
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    score_given = models.FloatField(null=True, blank=True)
    score_maximum = models.FloatField(null=True, blank=True)
    reason = models.CharField(max_length=20, choices=Reason.choices, blank=True)
    last_error = models.TextField(blank=True)
    # When the send was last asked for: a sync still pending long after it (its task lost
    # with a worker, or never queued) is found and queued again by the sweep.
    requested_at = models.DateTimeField(default=timezone.now)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(state__in=["pending", "sent", "failed", "gave_up", "skipped"]),
                name="grade_sync_state_valid",
            ),
            models.CheckConstraint(
                condition=Q(
                    reason__in=[
                        "",
                        "unlinked",
                        "not_from_platform",
                        "not_allowed",
                        "no_answer",
                        "refused",
                    ]
                ),
                name="grade_sync_reason_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"grade of submission {self.submission_id}: {self.state}"


class UsedNonce(models.Model):
    """A launch's nonce, kept once used so the same signed launch cannot be played twice."""

    issuer = models.CharField(max_length=255)
    nonce = models.CharField(max_length=255)
    used_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["issuer", "nonce"], name="lti_nonce_used_once")
        ]
        indexes = [models.Index(fields=["used_at"])]

    def __str__(self) -> str:
        return self.nonce


class LaunchState(models.Model):
    """What a launch keeps between its steps (the login's nonce, the launch's data for deep
    linking), in the database rather than the cache: a launch then survives a cache outage,
    and any app host can finish a launch another one started."""

    key = models.CharField(max_length=255, unique=True)
    value = models.JSONField()
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.key
