"""What other apps may call: the classroom service that returns work tells us here."""

from django.db import transaction

from toulmini_site.lti.grades import grade_sync_request


def submission_returned(*, submission_id: int) -> None:
    """Once the return is committed, send its grade to the learning platform if the class is
    linked to a platform course."""
    transaction.on_commit(lambda: grade_sync_request(submission_id=submission_id))
