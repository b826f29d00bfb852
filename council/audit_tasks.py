"""The audit's background task: runs a queued audit (``TASKS_BACKEND`` decides where)."""

from django.tasks import task

from council.services.audit import audit_run


@task
def audit_run_task(*, audit_id: int) -> str:
    """Run the audit ``audit_id``; returns its final status."""
    return audit_run(audit_id=audit_id).status
