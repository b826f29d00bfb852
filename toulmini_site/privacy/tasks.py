"""The retention purge as a background task that, where the task backend can defer work,
schedules its own next run a day later (``manage.py data_retention --schedule`` starts it)."""

from datetime import timedelta

from django.tasks import task
from django.utils import timezone

from toulmini_site.privacy.services import retention_run
from toulmini_site.processes.leases import period_claim

EVERY = timedelta(days=1)


@task
def retention_task(*, repeat: bool = False) -> dict[str, int]:
    # Scheduled on two machines, only the chain that wins this day's claim runs and goes on.
    if repeat and not period_claim("privacy.retention", EVERY):
        return {}
    counts = retention_run()
    if repeat and retention_task.get_backend().supports_defer:
        retention_task.using(run_after=timezone.now() + EVERY).enqueue(repeat=True)
    return counts
