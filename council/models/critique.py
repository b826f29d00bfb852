"""Critiques: a document judged by the Reasoning Council, with every tree and adjustment."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from council.domain.critique.formatter import usage_line
from council.domain.critique.synthesis import DEFAULT_THRESHOLD
from council.models.runs import RetryableRun

__all__ = ["Critique", "FindingDismissal"]


class Critique(RetryableRun, models.Model):
    """One council run over one document, owned by the user who asked for it."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        COMPLETE = "complete", _("complete")
        DEGRADED = "degraded", _("degraded")
        FAILED = "failed", _("failed")

    class Engine(models.TextChoices):
        OFFLINE = "offline", _("offline philosophers")
        LLM = "llm", _("language model")

    FINISHED = (Status.COMPLETE, Status.DEGRADED, Status.FAILED)

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="critiques"
    )
    title = models.CharField(max_length=200)
    document = models.TextField()
    engine = models.CharField(max_length=10, choices=Engine.choices, default=Engine.OFFLINE)
    max_depth = models.PositiveSmallIntegerField(default=3)
    threshold = models.FloatField(default=DEFAULT_THRESHOLD)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.JSONField(default=dict, blank=True)
    trees = models.JSONField(default=dict, blank=True, help_text="Each philosopher's tree.")
    adjustments = models.JSONField(default=dict, blank=True)
    result = models.JSONField(
        default=dict, blank=True, help_text="{final_assessment, points, no_findings, failures}"
    )
    formatted = models.TextField(blank=True)
    error = models.TextField(blank=True, help_text="Why the run failed, when it did.")
    # What the offline council wrote (findings, notes, the assessment, the error), by its
    # English text: each sentence's key and parameters (``council.said.critique_written``),
    # from which the page and the API write it in the reader's language. A text with none (a
    # model's) is shown as written.
    said = models.JSONField(default=dict, blank=True)
    model_calls = models.PositiveIntegerField(default=0)
    tokens_in = models.PositiveIntegerField(default=0)
    tokens_out = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_depth__gte=1) & Q(max_depth__lte=5),
                name="critique_max_depth_1_to_5",
            ),
            models.CheckConstraint(
                condition=Q(threshold__gte=0) & Q(threshold__lte=1),
                name="critique_threshold_0_to_1",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("council:critique_detail", args=[self.pk])

    @property
    def finished(self) -> bool:
        return self.status in self.FINISHED

    @property
    def usage(self) -> str:
        """What the run cost: "offline: no model tokens", or the model calls and tokens."""
        return usage_line(
            engine=self.engine,
            calls=self.model_calls,
            tokens_in=self.tokens_in,
            tokens_out=self.tokens_out,
        )


class FindingDismissal(models.Model):
    """The owner or a teacher of a critique sets one of its points aside, with a reason (the
    point stays, shown as dismissed). Kept for staff in the admin and for evaluation
    (``manage.py corrections_export``)."""

    critique = models.ForeignKey(Critique, on_delete=models.CASCADE, related_name="dismissals")
    # the point's first claim id (stable across page loads: the result is not re-ranked)
    point_key = models.CharField(max_length=80)
    area = models.CharField(max_length=120, blank=True)
    finding = models.TextField()
    evidence = models.TextField(blank=True)
    fallacy = models.CharField(max_length=40, blank=True)
    reason = models.TextField(max_length=2000)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["critique", "point_key"], name="dismissal_one_per_point"
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="dismissal_has_reason"),
        ]

    def __str__(self) -> str:
        return f"critique {self.critique_id}: {self.area} dismissed"
