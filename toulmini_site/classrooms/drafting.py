"""Machine-drafted feedback a teacher signs: the judges draft a comment and suggested points
per part of a turned-in submission; a teacher accepts, edits or discards each, and only what
the teacher saves becomes the student's feedback (``services.feedback_save``).

The judges are the ones the work already has, as its kind reads them (``evidence``): the
essay's audit, the chain's components, the coach's step checks (``domain.drafting`` reads
them). Drafts are the teacher's: pages and the
API show them to the class's teachers only, and never to the student.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from toulmini_site.classrooms import kinds, services
from toulmini_site.classrooms.domain import drafting
from toulmini_site.classrooms.domain.grading import PART_LABELS, PARTS
from toulmini_site.classrooms.models import FeedbackDraft, Submission
from toulmini_site.users import User

DRAFTABLE = (Submission.State.TURNED_IN, Submission.State.RETURNED)
ACTIONS = ("accept", "edit", "discard")


class NothingToDraft(services.ClassroomError):
    code = "NOTHING_TO_DRAFT"
    status = 409


def render(draft: drafting.DraftPart) -> str:
    """The draft's comment in the active language (quoted words stay as written)."""
    args = dict(draft.args)
    if "part" in args:
        args["part"] = gettext(PART_LABELS[draft.part]).lower()
    return gettext(drafting.COMMENTS[draft.key]).format(**args)


def feedback_drafts_make(*, submission: Submission) -> list[FeedbackDraft]:
    """Draft feedback for each part of turned-in (or returned) work; a part the teacher has
    already decided on keeps its decision, and pending drafts are drafted anew."""
    if submission.assignment.classroom.archived:
        raise services.ClassArchived(gettext("This class is archived and read-only."))
    if submission.state not in DRAFTABLE:
        raise services.InvalidState(
            gettext("Feedback is drafted for turned-in work only (state: %(state)s).")
            % {"state": submission.get_state_display()}
        )
    evidence = kinds.kind_of(submission.assignment.kind).evidence(submission)
    if not evidence:
        raise NothingToDraft(gettext("This work has nothing the judges can read yet."))
    maxima = submission.assignment.maxima()
    with transaction.atomic():
        decided = set(
            submission.feedback_drafts.exclude(state=FeedbackDraft.State.PENDING).values_list(
                "part", flat=True
            )
        )
        submission.feedback_drafts.filter(state=FeedbackDraft.State.PENDING).delete()
        made = []
        for part in PARTS:
            if part in decided or part not in evidence:
                continue
            draft = drafting.draft_part(
                evidence[part], maximum=maxima[part], label=PART_LABELS[part]
            )
            made.append(
                FeedbackDraft(
                    submission=submission,
                    part=part,
                    comment=render(draft)[:5_000],
                    points=draft.points,
                    quote=draft.quote,
                    confidence=max(0.0, min(1.0, draft.confidence)),
                    judge=draft.judge,
                )
            )
        FeedbackDraft.objects.bulk_create(made)
    return list(submission.feedback_drafts.all())


def feedback_draft_decide(
    *,
    draft: FeedbackDraft,
    teacher: User,
    action: str,
    comment: str | None = None,
    points: int | None = None,
) -> FeedbackDraft:
    """A teacher's decision on one draft: ``accept`` saves its comment and points as the
    part's feedback, ``edit`` saves the teacher's own comment and points instead, ``discard``
    saves nothing. The rest of the feedback stays as it was; a decided draft stays decided."""
    if action not in ACTIONS:
        raise services.ClassroomError(gettext("Unknown action on a draft."))
    with transaction.atomic():
        locked = FeedbackDraft.objects.select_for_update().get(pk=draft.pk)
        if locked.state != FeedbackDraft.State.PENDING:
            raise services.InvalidState(gettext("This draft has already been decided."))
        submission = locked.submission
        if action != "discard":
            text = locked.comment if action == "accept" else (comment or "").strip()
            value = locked.points if action == "accept" else points
            if action == "edit" and not text:
                raise services.ClassroomError(
                    gettext("Write the comment you want to save, or discard the draft."),
                    details=[{"loc": "comment", "msg": "required"}],
                )
            feedback = getattr(submission, "feedback", None)
            comments = dict(feedback.comments) if feedback else {}
            given = dict(feedback.points) if feedback else {}
            comments[locked.part] = text
            if value is not None:
                given[locked.part] = value
            # Based on the feedback as read: a save made meanwhile is merged field by field
            # (this writes one part), never overwritten.
            services.feedback_save(
                submission=submission,
                author=teacher,
                comments=comments,
                overall=feedback.overall if feedback else "",
                points=given,
                version=feedback.version if feedback else 0,
                base=services.feedback_fields(feedback),
            )
        locked.state = {
            "accept": FeedbackDraft.State.ACCEPTED,
            "edit": FeedbackDraft.State.EDITED,
            "discard": FeedbackDraft.State.DISCARDED,
        }[action]
        locked.decided_by = teacher
        locked.decided_at = timezone.now()
        locked.save(update_fields=["state", "decided_by", "decided_at"])
    return locked


def drafts_of(submission: Submission) -> list[FeedbackDraft]:
    """The submission's drafts in part order (for its teachers; the views check)."""
    order = {part: index for index, part in enumerate(PARTS)}
    return sorted(submission.feedback_drafts.all(), key=lambda d: order[d.part])
