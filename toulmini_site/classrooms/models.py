"""Classes, their members, assignments, each student's submission and the teacher's feedback."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from toulmini_site.classrooms.domain import submissions as states
from toulmini_site.classrooms.domain.grading import PARTS, points_max

# The most a class may allow: far above any school's need, far below the column's 2**31.
MAX_DAILY_MODEL_CALLS = 100_000


def default_daily_model_calls() -> int:
    return settings.CLASS_DAILY_MODEL_CALLS


# The Submission column holding each kind of work -> "app_label.model" of that work.
WORK_FIELDS = {
    "coach_session": "coach.coachsession",
    "chain": "arguments.chain",
    "audit": "council.audit",
    "critique": "council.critique",
}


class Classroom(models.Model):
    """A class: its teachers (the creator and co-teachers) and, through enrollments, students."""

    name = models.CharField(max_length=120)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    teachers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="classes_taught")
    join_code = models.CharField(max_length=8, unique=True)
    joining_open = models.BooleanField(default=True)
    archived = models.BooleanField(default=False, help_text="An archived class is read-only.")
    daily_model_calls = models.PositiveIntegerField(
        default=default_daily_model_calls,
        help_text="Model calls each student may spend a day on this class's work.",
    )
    time_zone = models.CharField(
        max_length=64,
        blank=True,
        help_text="IANA name (Europe/Madrid) for the class's times; empty: the site's TIME_ZONE.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Grows with every settings save (a stale save is merged or refused).
    version = models.PositiveIntegerField(default=0)

    # Not a column: whether the reader teaches the class, annotated by the selectors on every
    # class they hand out (``selectors.classes_of``), and so on its assignments' and
    # submissions' class.
    is_teacher: bool

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("classrooms:class_detail", args=[self.pk])

    def zone(self) -> Any:
        """The class's time zone (the site's when none is set)."""
        return ZoneInfo(self.time_zone) if self.time_zone else timezone.get_default_timezone()


class Enrollment(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="enrollments")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="enrollments"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["student__username"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "student"], name="enrollment_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.classroom}"


class TutorHelp(models.TextChoices):
    """How much the coach's tutor may do on an assignment; at every level it never writes a
    part of the student's argument."""

    QUESTIONS = "questions", _("Questions only")
    EXAMPLES = "examples", _("Explanations, with examples on other topics")
    FULL = "full", _("Full coaching (also tidies the student's own words when asked)")


# Each registered kind's label by name, filled in by the kinds' registry
# (``classrooms.kinds.base.register``), which the models do not import.
KIND_LABELS: dict[str, Any] = {}


class Assignment(models.Model):
    # The built-in kinds' names. What a kind does lives in its module in ``classrooms/kinds/``
    # and the registry there lists every kind, these three and any added.
    class Kind(models.TextChoices):
        COACH = "coach", _("Coach session")
        CHAIN = "chain", _("Toulmin chain")
        ESSAY = "essay", _("Essay (audited)")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(max_length=200)
    instructions = models.TextField(blank=True, max_length=20_000)
    # A registered kind's name (``classrooms.kinds``): the service refuses others.
    kind = models.CharField(max_length=20)
    due_at = models.DateTimeField(null=True, blank=True)
    points_max = models.JSONField(default=dict, blank=True, help_text="Part -> maximum (0-4).")
    published = models.BooleanField(default=False)
    # coach
    topic = models.CharField(max_length=300, blank=True)
    language = models.CharField(max_length=2, default="en", blank=True)
    # How much the tutor may do (coach.domain.answer.HELP_LEVELS); it never writes a part.
    tutor_help = models.CharField(
        max_length=10, choices=TutorHelp.choices, default=TutorHelp.FULL, blank=True
    )
    # chain
    query = models.CharField(max_length=2000, blank=True)
    source_text = models.TextField(blank=True, max_length=50_000)
    engines = models.JSONField(default=list, blank=True, help_text="offline, manual, llm")
    # essay
    rubric_name = models.CharField(max_length=100, blank=True, default="Student argument")
    with_critique = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["classroom", "published"])]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("classrooms:assignment_detail", args=[self.pk])

    def maxima(self) -> dict[str, int]:
        return points_max(self.points_max)

    @property
    def kind_label(self) -> str:
        """The kind's name for people (its registered label; the name itself if unknown)."""
        return str(KIND_LABELS.get(self.kind, self.kind))


class Submission(models.Model):
    """One student's work on one assignment; exists from publication, in state ``assigned``."""

    class State(models.TextChoices):
        ASSIGNED = states.ASSIGNED, _("Assigned")
        IN_PROGRESS = states.IN_PROGRESS, _("In progress")
        TURNED_IN = states.TURNED_IN, _("Turned in")
        RETURNED = states.RETURNED, _("Returned")

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="submissions")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="submissions"
    )
    state = models.CharField(max_length=12, choices=State.choices, default=State.ASSIGNED)
    late = models.BooleanField(default=False)
    # The work, one of these by the assignment's kind.
    coach_session = models.OneToOneField(
        "coach.CoachSession", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    chain = models.OneToOneField(
        "arguments.Chain", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    essay_text = models.TextField(blank=True, max_length=100_000)
    audit = models.OneToOneField(
        "council.Audit", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    critique = models.OneToOneField(
        "council.Critique", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    turned_in_at = models.DateTimeField(null=True, blank=True)
    returned_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Grows with every save of the essay text (a stale save is merged or refused).
    essay_version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["assignment", "student__username"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "student"], name="submission_one_per_student"
            ),
            models.CheckConstraint(
                condition=Q(state__in=states.STATES), name="submission_state_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} – {self.assignment} ({self.state})"

    def get_absolute_url(self) -> str:
        return reverse("classrooms:submission_detail", args=[self.pk])

    @property
    def is_returned(self) -> bool:
        return self.state == states.RETURNED


class Feedback(models.Model):
    """The teacher's comments and points on a submission: a draft until it is returned."""

    submission = models.OneToOneField(Submission, on_delete=models.CASCADE, related_name="feedback")
    comments = models.JSONField(default=dict, blank=True, help_text="Part -> comment.")
    overall = models.TextField(blank=True)
    points = models.JSONField(default=dict, blank=True, help_text="Part -> points.")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    # Grows with every save: a save based on an older version is merged or refused
    # (toulmini_site.versions), never written over what was saved meanwhile.
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"feedback on {self.submission_id}"

    @property
    def total(self) -> int:
        return sum(int(self.points.get(part, 0)) for part in PARTS)


class TeacherInvitation(models.Model):
    """A teacher's invitation to co-teach a class, waiting for its invitee's answer.

    ``username`` is the name the inviter typed, kept whether or not such a user exists, so the
    inviter sees the same pending row either way (no way to learn which names are taken);
    ``invitee`` is that user when one existed at the time of inviting, and only they see it.
    An accepted or withdrawn invitation is deleted; a declined one loses its invitee and looks
    to the class like any other until it expires; an expired one is ignored and can be sent
    again."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="invitations")
    username = models.CharField(max_length=150)
    # SET_NULL: an invitee who deletes their account leaves the row as it was for the class.
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="teaching_invitations",
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()

    class Meta:
        ordering = ["username", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "username"], name="teacher_invitation_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.username} invited to teach {self.classroom}"


class FeedbackDraft(models.Model):
    """A machine-drafted comment and suggested points on one part of a turned-in submission,
    for its teachers only: accepted, edited or discarded by a teacher, and never shown to the
    student (only what the teacher saves into ``Feedback`` is)."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting for the teacher")
        ACCEPTED = "accepted", _("accepted")
        EDITED = "edited", _("edited, then saved")
        DISCARDED = "discarded", _("discarded")

    submission = models.ForeignKey(
        Submission, on_delete=models.CASCADE, related_name="feedback_drafts"
    )
    part = models.CharField(max_length=10, choices=[(p, p) for p in PARTS])
    comment = models.TextField(max_length=5_000)
    points = models.PositiveSmallIntegerField(null=True, blank=True)
    quote = models.TextField(blank=True, help_text="The student's words the draft rests on.")
    confidence = models.FloatField(default=0.5)
    judge = models.CharField(max_length=10, help_text="audit, chain or coach")
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["submission", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["submission", "part"], name="feedback_draft_one_per_part"
            ),
            models.CheckConstraint(
                condition=Q(confidence__gte=0, confidence__lte=1),
                name="feedback_draft_confidence_0_to_1",
            ),
        ]

    def __str__(self) -> str:
        return f"draft {self.part} on {self.submission_id} ({self.state})"


class EssaySave(models.Model):
    """One save of an essay, for the process report its student and teachers read: when, the
    text's length, characters pasted and writing time since the previous save (both counted by
    the browser; keystrokes are never recorded)."""

    class Source(models.TextChoices):
        PAGE = "page", _("typed on the page")
        UPLOAD = "upload", _("uploaded file")
        API = "api", _("through the API")

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="essay_saves")
    at = models.DateTimeField(auto_now_add=True)
    characters = models.PositiveIntegerField()
    pasted = models.PositiveIntegerField(default=0)
    active_seconds = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=6, choices=Source.choices, default=Source.PAGE)

    class Meta:
        ordering = ["submission", "at", "id"]

    def __str__(self) -> str:
        return f"essay save of {self.submission_id} at {self.at:%Y-%m-%d %H:%M}"


class Autosave(models.Model):
    """Text its owner typed into a form and has not saved yet, kept on the server while it is
    typed (``toulmini_site.classrooms.autosave``), so leaving the page or the device loses
    nothing: the page puts it back on return. One per owner, submission and form; dropped when
    the form is saved. ``based_on`` is the version of the saved object the text was typed over
    and ``version`` grows with every autosave, so an autosave from a stale page is refused and
    never overwrites newer work."""

    class Form(models.TextChoices):
        ESSAY = "essay", _("the essay")
        FEEDBACK = "feedback", _("the feedback")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="autosaves")
    form = models.CharField(max_length=8, choices=Form.choices)
    values = models.JSONField(default=dict, help_text="Field name -> text typed.")
    based_on = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    saved_at = models.DateTimeField()

    # Not a column: whether what is saved changed since (``autosave.autosave_of`` sets it).
    stale: bool

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "submission", "form"], name="autosave_one_per_owner_and_form"
            ),
        ]

    def __str__(self) -> str:
        return f"autosave of {self.form} on {self.submission_id} by {self.owner_id}"
