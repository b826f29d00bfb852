"""The critique's background task: runs a queued critique (``TASKS_BACKEND`` decides where)."""

from django.tasks import task

from council.services.critique import critique_run


@task
def critique_run_task(*, critique_id: int) -> str:
    """Run the council for critique ``critique_id``; returns its final status."""
    return critique_run(critique_id=critique_id).status
