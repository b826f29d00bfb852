"""Background work for the learning platform link (``TASKS_BACKEND`` decides where it runs);
the grade sync's task is ``grades.grade_sync_task``, beside the run it retries."""

from datetime import timedelta

from django.tasks import task
from django.utils import timezone

from toulmini_site.lti.grades import grade_sync_sweep
from toulmini_site.lti.models import ClassLink
from toulmini_site.lti.services import roster_sync
from toulmini_site.processes.leases import period_claim

SWEEP_EVERY = timedelta(minutes=15)


@task
def roster_sync_task(*, link_id: int) -> str:
    """Read the platform course's roster into its class; returns the error, or "ok"."""
    link = ClassLink.objects.select_related("context__deployment__registration", "classroom").get(
        pk=link_id
    )
    return roster_sync(link=link, skip_if_silent=True).roster_error or "ok"


@task
def grade_sync_sweep_task(*, repeat: bool = False) -> int:
    """Queue again the grade sends that were lost; where the task backend can defer work and
    ``repeat`` is set, schedules its own next run (``manage.py grade_sync_sweep --schedule``)."""
    # Started with --schedule on two machines, two chains would each run every period: the
    # one that does not win this period's claim stops (and does not reschedule itself).
    if repeat and not period_claim("lti.grade_sync_sweep", SWEEP_EVERY):
        return 0
    queued = grade_sync_sweep()
    if repeat and grade_sync_sweep_task.get_backend().supports_defer:
        grade_sync_sweep_task.using(run_after=timezone.now() + SWEEP_EVERY).enqueue(repeat=True)
    return queued
