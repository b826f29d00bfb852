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
        # A model call held for classroom work about to run (toulmini_site.limits.budgets):
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
