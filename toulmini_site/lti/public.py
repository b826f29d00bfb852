"""What other apps may call: the classroom service that returns work tells us here."""

from toulmini_site.lti.grades import grade_sync_request


def submission_returned(*, submission_id: int) -> None:
    """Inside the transaction that returns the work: if the class is linked to a platform
    course, record that its grade is to be sent, and send it once the return commits."""
    grade_sync_request(submission_id=submission_id)
