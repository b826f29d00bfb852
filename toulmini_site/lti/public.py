"""What the lti app does for the others: it listens for the school's "submission returned"
(``toulmini_site.classrooms.signals``), connected in ``LtiConfig.ready``."""

from typing import Any

from toulmini_site.lti.grades import grade_sync_request


def submission_returned(sender: Any, *, submission_id: int, **kwargs: Any) -> None:
    """Inside the transaction that returns the work: if the class is linked to a platform
    course, record that its grade is to be sent, and send it once the return commits."""
    grade_sync_request(submission_id=submission_id)
