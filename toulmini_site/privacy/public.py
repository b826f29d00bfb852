"""What the privacy app does for the others: the account page's sections, and the access log
of a teacher's look at a student's work, which listens for the school's announcements
(``toulmini_site.classrooms.signals``; connected in ``PrivacyConfig.ready``)."""

from collections.abc import Iterable
from typing import Any

from toulmini_site.privacy import services
from toulmini_site.privacy.forms import DeleteAccountForm
from toulmini_site.privacy.models import AccessLogEntry
from toulmini_site.users import User


def account_sections(*, user: User) -> dict[str, Any]:
    """The account page's data sections: who opened the user's work, and what deleting the
    account would remove and keep, with the confirmation form."""
    return {
        "access_log": services.access_log_shown(user=user),
        "deletion_plan": services.deletion_plan(user=user),
        "delete_form": DeleteAccountForm(user=user),
    }


def work_exported(
    *, viewer: User, classroom: Any, submissions: Iterable[Any], channel: str
) -> None:
    """Log, for each of ``classroom``'s submissions, that ``viewer`` downloaded it whole (the
    class's returned work export carries the work and the tutor transcripts)."""
    AccessLogEntry.objects.bulk_create(
        [_entry(viewer, s, channel, class_name=classroom.name) for s in submissions]
    )


def _entry(viewer: User, submission: Any, channel: str, class_name: str = "") -> AccessLogEntry:
    what = f"{submission.assignment.title} ({channel})"
    if submission.coach_session_id:
        what = f"{submission.assignment.title}, with the tutor transcript ({channel})"
    return AccessLogEntry(
        student_id=submission.student_id,
        viewer=viewer,
        viewer_name=viewer.get_username(),
        what=what[:200],
        class_name=(class_name or submission.assignment.classroom.name)[:120],
        submission_id=submission.pk,
    )


def work_opened(*, viewer: User, submission: Any, channel: str) -> None:
    """Log that ``viewer`` opened ``submission`` (its work and, for coach work, the tutor
    transcript) through ``channel`` (page or API). A student opening their own is not logged."""
    if viewer.pk == submission.student_id:
        return
    _entry(viewer, submission, channel).save()


def on_submission_opened(
    sender: Any, *, viewer: User, submission: Any, channel: str, **kwargs: Any
) -> None:
    work_opened(viewer=viewer, submission=submission, channel=channel)


def on_submissions_exported(
    sender: Any,
    *,
    viewer: User,
    classroom: Any,
    submissions: Iterable[Any],
    channel: str,
    **kwargs: Any,
) -> None:
    work_exported(viewer=viewer, classroom=classroom, submissions=submissions, channel=channel)
