"""What the school announces to the apps that listen, so it never calls them.

- ``submission_returned`` (``submission_id``) is sent inside the transaction that returns a
  student's work: a learning platform's grade passback (``toulmini_site.lti``) listens for it
  and sends the grade once the return commits.
- ``submission_opened`` (``viewer``, ``submission``, ``channel``) and ``submissions_exported``
  (``viewer``, ``classroom``, ``submissions``, ``channel``) are sent when a teacher opens or
  downloads students' work: the access log (``toulmini_site.privacy``) listens for them.

A listener that raises fails the request (and rolls a return back), as a direct call would.
"""

from collections.abc import Iterable
from typing import Any

from django.dispatch import Signal

from toulmini_site.users import User

submission_returned = Signal()
submission_opened = Signal()
submissions_exported = Signal()


def work_opened(*, viewer: User, submission: Any, channel: str) -> None:
    """Announce that ``viewer`` opened ``submission``'s work through ``channel``."""
    submission_opened.send(
        sender=type(submission), viewer=viewer, submission=submission, channel=channel
    )


def work_exported(
    *, viewer: User, classroom: Any, submissions: Iterable[Any], channel: str
) -> None:
    """Announce that ``viewer`` downloaded ``classroom``'s ``submissions`` whole."""
    submissions_exported.send(
        sender=type(classroom),
        viewer=viewer,
        classroom=classroom,
        submissions=submissions,
        channel=channel,
    )
