"""Autosave on the server: the text a user types into a form of work they own is kept while
it is typed, so leaving the page, the browser or the device loses nothing.

Two forms have it: the student's essay (the text of a kind that ``takes_text``; its owner is
the student) and the teacher's feedback (any teacher of the class; each teacher has their own
autosave). A draft is put back in the form when its owner opens the page again, and dropped
when the form is saved.

No lost update: each autosave names the saved object's version it was typed over
(``based_on``: the essay's or the feedback's version) and the autosave version the page last
knew (``version``, 0 for none). If the essay or feedback was saved meanwhile, or another tab
autosaved since, the autosave is refused (``StaleWrite``, 409) with what is saved now, and
nothing is written: a stale page never overwrites newer work.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from toulmini_site.classrooms import kinds, services
from toulmini_site.classrooms.domain import submissions as states
from toulmini_site.classrooms.domain.grading import COMMENT_MAX_CHARS, PARTS
from toulmini_site.classrooms.models import Autosave, Enrollment, Feedback, Submission
from toulmini_site.users import User
from toulmini_site.versions import StaleWrite

# Each form's text fields (as the page's form names them) and the most characters each takes.
FIELDS: dict[str, dict[str, int]] = {
    Autosave.Form.ESSAY: {"text": services.ESSAY_MAX_CHARS},
    Autosave.Form.FEEDBACK: {
        "overall": COMMENT_MAX_CHARS,
        **{f"comment_{part}": COMMENT_MAX_CHARS for part in PARTS},
    },
}


class NotYours(services.ClassroomError):
    code = "FORBIDDEN"
    status = 403


def _saved(locked: Submission, form: str) -> tuple[int, dict[str, str]]:
    """The saved object's version and its values, as the form names them."""
    if form == Autosave.Form.ESSAY:
        return locked.essay_version, {"text": locked.essay_text}
    feedback = Feedback.objects.filter(submission=locked).first()
    if feedback is None:
        return 0, {}
    return feedback.version, {
        "overall": feedback.overall,
        **{f"comment_{part}": feedback.comments.get(part, "") for part in PARTS},
    }


def _may_keep(owner: User, locked: Submission, form: str) -> None:
    """Refuses a form the owner may not write, or work no longer open to it."""
    classroom = locked.assignment.classroom
    if form == Autosave.Form.ESSAY:
        takes_text = kinds.kind_of(locked.assignment.kind).takes_text
        if locked.student_id != owner.pk or not takes_text:
            raise NotYours(gettext("Only the student writing this essay keeps drafts of it."))
        if not Enrollment.objects.filter(classroom=classroom, student=owner).exists():
            raise services.NotEnrolled(
                gettext("You are no longer in this class; its work can no longer change.")
            )
        if not states.is_editable_by_student(locked.state):
            raise services.InvalidState(gettext("Turned-in work is read-only; unsubmit it first."))
    elif not classroom.teachers.filter(pk=owner.pk).exists():
        raise NotYours(gettext("Only the class's teachers keep drafts of feedback."))
    if classroom.archived:
        raise services.ClassArchived(gettext("This class is archived and read-only."))


def _clean(form: str, values: dict[str, Any]) -> dict[str, str]:
    fields = FIELDS[form]
    details = [
        {"loc": name, "msg": f"at most {fields[name]} characters"}
        for name, text in values.items()
        if name in fields and isinstance(text, str) and len(text) > fields[name]
    ]
    if details:
        raise services.ClassroomError(gettext("The text is too long to keep."), details=details)
    return {name: values[name] for name in fields if isinstance(values.get(name), str)}


def autosave_write(
    *,
    owner: User,
    submission: Submission,
    form: str,
    values: dict[str, Any],
    based_on: int,
    version: int,
) -> Autosave | None:
    """Keep what ``owner`` typed into ``form`` (field -> text) on the server; ``based_on`` is
    the saved object's version the page shows, ``version`` the autosave version it last knew
    (0: none). Returns the autosave, or None when the text is what is saved (nothing kept)."""
    if form not in FIELDS:
        raise LookupError(form)
    typed = _clean(form, values)
    with transaction.atomic():
        locked = (
            Submission.objects.select_for_update()
            .select_related("assignment__classroom")
            .get(pk=submission.pk)
        )
        _may_keep(owner, locked, form)
        saved_version, saved = _saved(locked, form)
        current = (
            Autosave.objects.select_for_update()
            .filter(owner=owner, submission=locked, form=form)
            .first()
        )
        if based_on != saved_version:
            raise StaleWrite(
                gettext(
                    "This was saved from another tab or window since you opened the page, so "
                    "your draft was not kept here. Save to see both texts side by side."
                ),
                version=saved_version,
                current=saved,
            )
        if (current.version if current else 0) != version:
            raise StaleWrite(
                gettext(
                    "Another tab or window keeps a newer draft of this text, so this one was "
                    "not kept. Reload the page to see it, or save to keep yours."
                ),
                version=current.version if current else 0,
                current=current.values if current else {},
                code="STALE_DRAFT",
            )
        if all(typed.get(name, "").strip() == saved.get(name, "").strip() for name in typed):
            if current is not None:
                current.delete()
            return None
        if current is None:
            current = Autosave(owner=owner, submission=locked, form=form, version=0)
        current.values = typed
        current.based_on = saved_version
        current.version += 1
        current.saved_at = services.now()
        current.save()
    return current


def autosave_of(*, owner: User, submission: Submission, form: str) -> Autosave | None:
    """The owner's draft of the form; ``stale`` on it tells whether what is saved changed
    since it was typed (then the page shows it beside the saved text, never over it)."""
    draft = Autosave.objects.filter(owner=owner, submission=submission, form=form).first()
    if draft is not None:
        draft.stale = draft.based_on != _saved(submission, form)[0]
    return draft
