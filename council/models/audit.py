"""Audits: rubrics (data, editable in the admin) and the audits run against them."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from council.domain.audit.analyzers import ANALYZER_LABELS
from council.models.runs import RetryableRun

__all__ = ["Audit", "AuditCriterionResult", "Rubric", "RubricCriterion"]


class Rubric(models.Model):
    """A named set of weighted criteria a document is audited against."""

    name = models.CharField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class RubricCriterion(models.Model):
    rubric = models.ForeignKey(Rubric, on_delete=models.CASCADE, related_name="criteria")
    key = models.SlugField(
        max_length=60, help_text="The criterion id in results (lowercase, digits, - and _)."
    )
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    weight = models.DecimalField(max_digits=6, decimal_places=2, default=1)
    is_security = models.BooleanField(
        default=False, help_text="A violation found here caps the audit's global score."
    )
    analyzer = models.CharField(
        max_length=20,
        choices=list(ANALYZER_LABELS.items()),
        help_text="The offline analyzer that scores this criterion without a language model.",
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["rubric", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["rubric", "key"], name="audit_criterion_key_unique"),
            models.UniqueConstraint(
                fields=["rubric"],
                condition=Q(is_security=True),
                name="audit_one_security_criterion",
            ),
            models.CheckConstraint(condition=Q(weight__gt=0), name="audit_criterion_weight_gt_0"),
        ]

    def __str__(self) -> str:
        return f"{self.rubric}: {self.name}"


class Audit(RetryableRun, models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="audits"
    )
    rubric = models.ForeignKey(Rubric, on_delete=models.SET_NULL, null=True, blank=True)
    rubric_name = models.CharField(max_length=100, help_text="As it was when the audit ran.")
    document = models.TextField()
    filename = models.CharField(max_length=255, blank=True)
    case_id = models.CharField(max_length=200, default="Unknown")
    court_name = models.CharField(max_length=200, default="Unknown")
    engine = models.CharField(max_length=20, default="offline")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    error = models.TextField(blank=True)
    # The key and parameters of the error the council wrote, by its English text
    # (``council.said.errors_written``): the page and the API write it in the reader's language.
    said = models.JSONField(default=dict, blank=True)
    global_score = models.DecimalField(max_digits=2, decimal_places=1, null=True, blank=True)
    summary = models.TextField(blank=True)
    security_violation = models.BooleanField(default=False)
    report = models.JSONField(null=True, blank=True, help_text="The validated AuditReport.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(global_score__isnull=True)
                | Q(global_score__gte=1, global_score__lte=5),
                name="audit_global_score_1_to_5",
            ),
        ]

    def __str__(self) -> str:
        return f"Audit {self.pk} ({self.rubric_name}, {self.status})"

    def get_absolute_url(self) -> str:
        return reverse("council:audit_detail", args=[self.pk])

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class AuditCriterionResult(models.Model):
    """One criterion of one audit: its weight as used, then its result and evidence."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    audit = models.ForeignKey(Audit, on_delete=models.CASCADE, related_name="results")
    criterion_id = models.CharField(max_length=60)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    weight = models.DecimalField(max_digits=6, decimal_places=2)
    is_security = models.BooleanField(default=False)
    analyzer = models.CharField(max_length=20)
    position = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    numeric_score = models.PositiveSmallIntegerField(null=True, blank=True)
    reasoning = models.TextField(blank=True)
    security_violation_found = models.BooleanField(default=False)
    relevance_confidence = models.FloatField(null=True, blank=True)
    evidence = models.JSONField(default=list, blank=True, help_text="Validated Evidence items.")
    # What the offline auditor wrote in the reasoning and the quotes' places, and the error
    # the council wrote, by its English text: each sentence's key and parameters
    # (``council.domain.wording.audit_written``, ``council.said.errors_written``), from
    # which the page and the API write it in the reader's language. A text with none (a
    # model's) is shown as written.
    said = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    # A teacher's overrule: the score they give the criterion instead, and why. The grading
    # suggestion follows it; the auditor's own score and reasoning stay as they were.
    overruled_score = models.PositiveSmallIntegerField(null=True, blank=True)
    overrule_reason = models.TextField(blank=True, max_length=2000)
    overruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    overruled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["audit", "position", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["audit", "criterion_id"], name="audit_result_criterion_unique"
            ),
            models.CheckConstraint(
                condition=Q(numeric_score__isnull=True)
                | Q(numeric_score__gte=1, numeric_score__lte=5),
                name="audit_result_score_1_to_5",
            ),
            models.CheckConstraint(
                condition=Q(overruled_score__isnull=True)
                | (Q(overruled_score__gte=1, overruled_score__lte=5) & ~Q(overrule_reason="")),
                name="audit_result_overrule_1_to_5_with_reason",
            ),
            models.CheckConstraint(
                condition=Q(relevance_confidence__isnull=True)
                | Q(relevance_confidence__gte=0, relevance_confidence__lte=1),
                name="audit_result_confidence_0_to_1",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.audit_id}/{self.criterion_id}"

    @property
    def percent(self) -> int:
        return round((self.numeric_score or 0) * 20)

    @property
    def score_shown(self) -> int | None:
        """The score that counts: the teacher's when they overruled the auditor."""
        return self.overruled_score if self.overruled_score is not None else self.numeric_score
