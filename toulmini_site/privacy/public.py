"""What other apps call: recording a teacher's look at a student's work."""

from typing import Any

from toulmini_site.privacy.models import AccessLogEntry


def work_opened(*, viewer: Any, submission: Any, channel: str) -> None:
    """Log that ``viewer`` opened ``submission`` (its work and, for coach work, the tutor
    transcript) through ``channel`` (page or API). A student opening their own is not logged."""
    if viewer.pk == submission.student_id:
        return
    what = f"{submission.assignment.title} ({channel})"
    if submission.coach_session_id:
        what = f"{submission.assignment.title}, with the tutor transcript ({channel})"
    AccessLogEntry.objects.create(
        student_id=submission.student_id,
        viewer=viewer,
        viewer_name=viewer.get_username(),
        what=what[:200],
        class_name=submission.assignment.classroom.name[:120],
        submission_id=submission.pk,
    )
