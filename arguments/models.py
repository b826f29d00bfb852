from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from arguments.domain.toulmin import COMPONENT_ORDER, ChainState, state_from_json


class Chain(models.Model):
    """One argument taken through Toulmin's four phases, from query to verdict."""

    class Engine(models.TextChoices):
        OFFLINE = "offline", _("Offline analyzer")
        LLM = "llm", _("Language model on the server")
        MANUAL = "manual", _("My own AI (copy the prompts)")
        MCP = "mcp", _("AI client over MCP")

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("In progress")
        TERMINATED = "terminated", _("Terminated")
        COMPLETE = "complete", _("Complete")

    class Review(models.TextChoices):
        PENDING = "pending", _("Pending")
        CONFIRMED = "confirmed", _("Confirmed")
        OVERTURNED = "overturned", _("Overturned")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chains"
    )
    query = models.CharField(max_length=2000)
    source_text = models.TextField(blank=True, max_length=50000)
    engine = models.CharField(max_length=10, choices=Engine.choices, default=Engine.OFFLINE)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    next_phase = models.PositiveSmallIntegerField(null=True, blank=True, default=1)

    data = models.JSONField(null=True, blank=True)
    claim = models.JSONField(null=True, blank=True)
    warrant = models.JSONField(null=True, blank=True)
    backing = models.JSONField(null=True, blank=True)
    rebuttal = models.JSONField(null=True, blank=True)
    qualifier = models.JSONField(null=True, blank=True)
    verdict = models.JSONField(null=True, blank=True)
    # The verdict's status, copied out of the JSON so lists can filter and sort by it.
    verdict_status = models.CharField(max_length=10, blank=True)

    termination_reason = models.TextField(blank=True)
    warnings = models.JSONField(default=list, blank=True)
    # What the offline engines wrote in the fields above, by its English text: each sentence's
    # key and parameters (``arguments.domain.wording.written``), from which a page or the API
    # writes it in its reader's language. A text with none (a model's, a person's) is shown as
    # written.
    said = models.JSONField(default=dict, blank=True)
    # How sure the reader was of the claim ([{index, sentence, confidence}], surest first): when
    # it was unsure the chain waits for the owner to pick one before it runs.
    claim_candidates = models.JSONField(default=list, blank=True)
    claim_confidence = models.FloatField(null=True, blank=True)
    # The coach session this chain was made from, if any; a plain id, like the coach's
    # chain_id, so neither app's migrations depend on the other's.
    coach_session_id = models.PositiveBigIntegerField(null=True, blank=True)

    review_status = models.CharField(max_length=10, choices=Review.choices, default=Review.PENDING)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reviewed_chains",
    )
    review_note = models.TextField(blank=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["owner", "-created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(status="in_progress", next_phase__gte=1, next_phase__lte=4)
                    | (~models.Q(status="in_progress") & models.Q(next_phase__isnull=True))
                ),
                name="chain_next_phase_matches_status",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="terminated") | ~models.Q(termination_reason=""),
                name="chain_terminated_has_reason",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.query[:60]}"

    def get_absolute_url(self) -> str:
        return reverse("arguments:chain_detail", kwargs={"pk": self.pk})

    @property
    def verdict_overturned(self) -> bool:
        """A staff review overturned the verdict: every page shows it as overturned."""
        return bool(self.verdict_status) and self.review_status == self.Review.OVERTURNED

    @property
    def verdict_shown(self) -> str:
        """The verdict as pages show it: "overturned" once a review overturned it."""
        return self.Review.OVERTURNED.value if self.verdict_overturned else self.verdict_status

    @property
    def awaiting_claim(self) -> bool:
        """The reader was unsure of the claim and the owner has not picked one yet."""
        return (
            bool(self.claim_candidates)
            and self.status == self.Status.IN_PROGRESS
            and (self.next_phase == 1)
        )

    def pinned_roles(self) -> dict[int, str]:
        """The roles the owner gave sentences, the latest per sentence (one claim at most)."""
        pinned: dict[int, str] = {}
        for correction in self.corrections.all():
            if correction.role == ChainCorrection.Role.CLAIM:
                pinned = {i: r for i, r in pinned.items() if r != "claim"}
            pinned[correction.sentence_index] = correction.role
        return pinned

    def state(self) -> ChainState:
        return state_from_json(self.query, {name: getattr(self, name) for name in COMPONENT_ORDER})

    @property
    def is_running_engine(self) -> bool:
        """True when the server can run the phases itself (offline analyzer or model)."""
        return self.engine in (self.Engine.OFFLINE, self.Engine.LLM)


class PhaseAttempt(models.Model):
    """Every output offered for a phase — kept raw, with how validation judged it."""

    chain = models.ForeignKey(Chain, on_delete=models.CASCADE, related_name="attempts")
    phase = models.PositiveSmallIntegerField()
    source = models.CharField(max_length=10)
    raw_output = models.TextField()
    accepted = models.BooleanField()
    error_code = models.CharField(max_length=30, blank=True)
    errors = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(phase__gte=1, phase__lte=4), name="attempt_phase_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return (
            f"chain #{self.chain_id} phase {self.phase} ({'ok' if self.accepted else 'rejected'})"
        )


class ChainCorrection(models.Model):
    """A person's reading of one sentence of a chain's source text: this sentence is the claim
    (or a datum, the warrant, a rebuttal). The chain re-runs with it pinned; kept so staff see
    it in the admin and the team can evaluate the reader on it (``manage.py
    corrections_export``)."""

    class Role(models.TextChoices):
        CLAIM = "claim", _("Claim")
        DATA = "data", _("Data")
        WARRANT = "warrant", _("Warrant")
        REBUTTAL = "rebuttal", _("Rebuttal")

    chain = models.ForeignKey(Chain, on_delete=models.CASCADE, related_name="corrections")
    sentence_index = models.PositiveIntegerField()
    sentence = models.TextField()
    role = models.CharField(max_length=10, choices=Role.choices)
    # what the reader had said of the sentence before the correction
    reader_role = models.CharField(max_length=12, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"chain #{self.chain_id} sentence {self.sentence_index + 1}: {self.role}"
