from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models


class LLMCall(models.Model):
    """One attempt at one language-model call, attached to the record it worked for."""

    class Outcome(models.TextChoices):
        OK = "ok", "ok"
        INVALID_OUTPUT = "invalid_output", "invalid output"
        TIMEOUT = "timeout", "timeout"
        UNAVAILABLE = "unavailable", "unavailable"
        ERROR = "error", "error"
        # A model call held for classroom work about to run (toulmini_site.classrooms.budgets):
        # counted against the class budget like a call, dropped once the real calls are saved.
        RESERVED = "reserved", "reserved"

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, null=True, blank=True)
    object_id = models.PositiveBigIntegerField(null=True, blank=True)
    subject = GenericForeignKey("content_type", "object_id")

    purpose = models.CharField(max_length=80)
    provider = models.CharField(max_length=40)
    model = models.CharField(max_length=200, blank=True)
    prompt_chars = models.PositiveIntegerField(default=0)
    tokens_in = models.PositiveIntegerField(default=0)
    tokens_out = models.PositiveIntegerField(default=0)
    latency_ms = models.PositiveIntegerField(default=0)
    outcome = models.CharField(max_length=20, choices=Outcome.choices)
    error = models.TextField(blank=True)
    raw_output = models.TextField(blank=True, help_text="Kept only when the call failed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["content_type", "object_id"])]
        verbose_name = "LLM call"

    def __str__(self) -> str:
        return f"{self.purpose} via {self.provider} ({self.outcome})"


class ModelCheck(models.Model):
    """One run of ``manage.py model_check``: whether the configured server answered, how
    fast, and how the model did on the bundled quality check beside the offline engines."""

    model = models.CharField(max_length=200)
    base_url = models.CharField(max_length=500, blank=True)
    reached = models.BooleanField(default=False)
    structured_ok = models.BooleanField(default=False, help_text="Structured output validated.")
    structured_ms = models.PositiveIntegerField(null=True, blank=True)
    stream_ok = models.BooleanField(default=False)
    stream_first_ms = models.PositiveIntegerField(
        null=True, blank=True, help_text="Until the first visible words of the stream."
    )
    stream_ms = models.PositiveIntegerField(null=True, blank=True)
    # [{"kind": "chains", "cases": 4, "model": 3, "offline": 4, "errors": 0}, ...]
    quality = models.JSONField(default=list, blank=True)
    errors = models.TextField(blank=True)
    report = models.TextField(blank=True, help_text="What the command printed.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        get_latest_by = "created_at"

    def __str__(self) -> str:
        verdict = "passed" if self.passed else "failed"
        return f"{self.model} check {verdict} ({self.created_at:%Y-%m-%d %H:%M})"

    @property
    def passed(self) -> bool:
        """Structured output and streaming both worked (the quality figures are advice)."""
        return self.structured_ok and self.stream_ok
