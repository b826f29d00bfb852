from django.conf import settings
from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from coach.domain.steps import STEPS, step_name

STEP_CHOICES = [(step, step) for step in STEPS]


def step_label(step: str) -> str:
    """A step's name (not its key) in the page's language: the coach's names are in English
    and Spanish, so English for any other."""
    return step_name(step, "es" if get_language().startswith("es") else "en")


# Draft columns in step order: the domain's camelCase step -> the column holding its text.
DRAFT_COLUMNS: dict[str, str] = {
    "claim": "claim",
    "grounds": "grounds",
    "warrant": "warrant",
    "groundsBacking": "grounds_backing",
    "warrantBacking": "warrant_backing",
    "qualifier": "qualifier",
    "rebuttal": "rebuttal",
}


class CoachSession(models.Model):
    """One student building one argument with the tutor, step by step."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        COMPLETED = "completed", _("completed")

    class Language(models.TextChoices):
        EN = "en", _("English")
        ES = "es", _("Spanish")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="coach_sessions"
    )
    topic = models.CharField(max_length=300)
    language = models.CharField(max_length=2, choices=Language.choices, default=Language.EN)
    current_step = models.CharField(max_length=20, choices=STEP_CHOICES, default="claim")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # The Toulmin chain made from this session (arguments app), kept as a plain id so the
    # coach does not depend on the arguments app's migrations.
    chain_id = models.PositiveBigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(current_step__in=STEPS), name="coach_session_step_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=["active", "completed"]),
                name="coach_session_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.topic

    @property
    def is_completed(self) -> bool:
        return self.status == self.Status.COMPLETED

    @property
    def step_label(self) -> str:
        """The current step's name in the page's language."""
        return step_label(self.current_step)


class CoachDraft(models.Model):
    """The seven parts of the argument so far; ``version`` grows with every write, so a
    write based on an older version (another tab) is refused instead of overwriting."""

    session = models.OneToOneField(CoachSession, on_delete=models.CASCADE, related_name="draft")
    claim = models.TextField(blank=True)
    grounds = models.TextField(blank=True)
    warrant = models.TextField(blank=True)
    grounds_backing = models.TextField(blank=True)
    warrant_backing = models.TextField(blank=True)
    qualifier = models.TextField(blank=True)
    rebuttal = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=1)
    # Where each non-empty part came from, step -> "student" | "tutor" | "tutor_edited"
    # (coach.domain.provenance); a part with no entry was never written.
    provenance = models.JSONField(default=dict, blank=True)
    # When the student last saved the fields by hand: a hand edit newer than their last chat
    # attempt is what a "yes" confirms (coach.domain.tutor.candidate_text).
    hand_edited_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"draft of {self.session_id} (v{self.version})"

    def value(self, step: str) -> str:
        return getattr(self, DRAFT_COLUMNS[step])

    def as_dict(self) -> dict[str, str]:
        """The seven fields keyed by step name (camelCase, as in the contract)."""
        return {step: getattr(self, column) for step, column in DRAFT_COLUMNS.items()}

    def sources(self) -> dict[str, str]:
        """The provenance of each non-empty part, keyed by step in step order."""
        given = self.provenance or {}
        return {step: given[step] for step in DRAFT_COLUMNS if step in given and self.value(step)}


class CoachMessage(models.Model):
    """One message in a session's conversation; assistant messages keep the enforced result."""

    class Role(models.TextChoices):
        USER = "user", _("student")
        ASSISTANT = "assistant", _("tutor")

    class Decision(models.TextChoices):
        NONE = "", "-"
        PENDING = "pending", _("pending")
        CONFIRMED = "confirmed", _("confirmed")
        REJECTED = "rejected", _("rejected")
        SUPERSEDED = "superseded", _("superseded")

    session = models.ForeignKey(CoachSession, on_delete=models.CASCADE, related_name="messages")
    role = models.CharField(max_length=10, choices=Role.choices)
    text = models.TextField()
    step = models.CharField(max_length=20, choices=STEP_CHOICES)
    # The proposal that survived the guards: {"field", "value", "rationale"}.
    proposal = models.JSONField(null=True, blank=True)
    proposal_status = models.CharField(max_length=50, blank=True)
    proposal_decision = models.CharField(
        max_length=10, choices=Decision.choices, blank=True, default=Decision.NONE
    )
    confidence = models.FloatField(null=True, blank=True)
    # The draft version a proposal was made on: once the draft moves on, the proposal is
    # stale and can no longer be confirmed (it could overwrite what the student wrote since).
    draft_version = models.PositiveIntegerField(null=True, blank=True)
    # The whole enforced CoachAIResult (validated before it is stored).
    result = models.JSONField(null=True, blank=True)
    # A student message that pressed the tutor for the answer, and how (``intent.Pressure``:
    # "write_for_me", "teacher", "complete"...); "" for an attempt or a question.
    pressure = models.CharField(max_length=20, blank=True, default="")
    # A tutor answer the structural check withheld: it wrote part of the argument.
    withheld = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["session", "created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role__in=["user", "assistant"]), name="coach_message_role"
            ),
            models.CheckConstraint(
                condition=models.Q(confidence__isnull=True)
                | models.Q(confidence__gte=0, confidence__lte=1),
                name="coach_message_confidence_0_1",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.role}: {self.text[:40]}"

    @property
    def step_label(self) -> str:
        """The name of the step this message is about, in the page's language."""
        return step_label(self.step)

    def proposal_is_stale(self, draft: CoachDraft) -> bool:
        """Whether the draft changed since this message's proposal was made."""
        return self.draft_version is not None and self.draft_version != draft.version


class CoachTurnAttempt(models.Model):
    """One request for a tutor turn, kept a few minutes to limit turns per user per minute
    across every worker process (the database is what they share)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["user", "created_at"])]

    def __str__(self) -> str:
        return f"turn by {self.user_id} at {self.created_at:%H:%M:%S}"


class CoachAutosave(models.Model):
    """Text the student typed into the draft boxes and has not saved yet, kept on the server
    while it is typed (``coach.services.autosave_write``), so leaving the page or the device
    loses nothing: the page puts it back on return. One per session (its owner is the
    student). ``bases`` holds each part's saved text when it was typed: a part saved or
    written by a turn since is dropped from it, never put over the newer text. ``version``
    grows with every autosave, so one from a stale page is refused."""

    session = models.OneToOneField(CoachSession, on_delete=models.CASCADE, related_name="autosave")
    values = models.JSONField(default=dict, help_text="Step -> text typed.")
    bases = models.JSONField(default=dict, help_text="Step -> saved text it was typed over.")
    based_on = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    saved_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"autosave of the draft of {self.session_id} (v{self.version})"

    def restorable(self, draft: CoachDraft) -> dict[str, str]:
        """The typed parts whose saved text is still the one they were typed over."""
        saved = draft.as_dict()
        return {
            step: text
            for step, text in self.values.items()
            if step in saved and saved[step].strip() == str(self.bases.get(step, "")).strip()
        }
