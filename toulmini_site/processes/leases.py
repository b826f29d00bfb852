"""Leases on background runs, the reaper of runs whose worker died, and periodic jobs that
run once per period across machines. The platform's, not one app's: an app registers its
run model (``register``) and uses ``lease_claim`` / ``lease_heartbeat`` around the run.

A run model has ``status`` (``queued``, ``running``, ``failed``, ...), ``started_at``,
``heartbeat_at``, ``requeues`` and ``error``. A worker claims a queued run in one UPDATE
(``lease_claim``: two workers never run the same one) and renews its heartbeat every
``HEARTBEAT_EVERY`` while it runs (``lease_heartbeat``). When that worker dies (``kill -9``,
out of memory, the machine gone) the heartbeat stops; ``STALLED_AFTER`` later the run is
*stalled* (the API says so), and the reaper (``reap``, every ``REAP_EVERY`` in every task
worker, once per period across them) queues it again — once — and fails it with a reason the
second time. The task-queue row the dead worker held is marked failed too, so no queue row
stays ``RUNNING`` for ever. A run failed by the reaper never finished (``finished_at`` stays
empty): its owner's retry costs no quota.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import Model, Q, QuerySet
from django.utils import timezone

from toulmini_site.processes.models import PeriodicJob

logger = logging.getLogger("toulmini_site.processes")

HEARTBEAT_EVERY = timedelta(seconds=10)
STALLED_AFTER = timedelta(seconds=45)  # four missed heartbeats
REAP_EVERY = timedelta(seconds=15)
MAX_REQUEUES = 1
QUEUED, RUNNING, FAILED = "queued", "running", "failed"
REAPED_ERROR = (
    "The worker running it stopped twice (its lease ran out), so it was given up; "
    "run it again (it costs no quota)."
)


# -- periodic jobs ---------------------------------------------------------------------------


def period_claim(name: str, every: timedelta, *, now: datetime | None = None) -> bool:
    """True for exactly one caller per period of ``every`` for job ``name``, on any machine:
    a conditional UPDATE of the job's row (the database decides who came first). A caller
    that gets False skips this period's work. A tenth of the period is slack, so a job that
    reschedules itself every ``every`` is not refused for being a moment early."""
    now = now or timezone.now()
    try:
        with transaction.atomic():
            PeriodicJob.objects.get_or_create(name=name)
    except IntegrityError:  # another machine made the row at the same moment
        pass
    due = now - every * 0.9
    return bool(
        PeriodicJob.objects.filter(name=name)
        .filter(Q(last_run_at__isnull=True) | Q(last_run_at__lte=due))
        .update(last_run_at=now)
    )


# -- leases on runs --------------------------------------------------------------------------


def silent_q(*, now: datetime, stalled_after: timedelta = STALLED_AFTER) -> Q:
    """Runs still ``running`` with no sign of life (heartbeat, else start) for
    ``stalled_after``: their worker has most likely died."""
    since = now - stalled_after
    return Q(status=RUNNING, heartbeat_at__lt=since) | Q(
        status=RUNNING, heartbeat_at__isnull=True, started_at__lt=since
    )


def lease_claim(run: QuerySet) -> bool:
    """Claim the queued run in ``run`` (``queued`` -> ``running``) in one UPDATE, so two
    workers never run the same one, and start its lease. False when it was not queued."""
    at = timezone.now()
    return bool(run.filter(status=QUEUED).update(status=RUNNING, started_at=at, heartbeat_at=at))


@contextmanager
def lease_heartbeat(run: QuerySet, *, every: float | None = None) -> Iterator[None]:
    """Renew the lease of the running run in ``run`` every ``HEARTBEAT_EVERY`` (from a
    thread) while the block runs. When the process dies the renewals stop."""
    stop = threading.Event()
    seconds = every if every is not None else HEARTBEAT_EVERY.total_seconds()

    def beat() -> None:
        try:
            while not stop.wait(seconds):
                try:
                    run.filter(status=RUNNING).update(heartbeat_at=timezone.now())
                except DatabaseError as error:  # an outage: the next beat tries again
                    logger.warning("Could not renew a run's lease: %s", error)
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name="run-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=5)


# -- the reaper ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Leased:
    """A run model the reaper watches: ``task`` runs one run, given ``{kwarg: pk}``;
    ``reset`` gives the fields to clear before the run is queued again."""

    name: str
    model: type[Model]
    task: Any
    kwarg: str
    reset: Callable[[Any], dict[str, Any]]
    stalled_after: timedelta = STALLED_AFTER
    on_requeue: Callable[[Any], None] | None = None


_registry: dict[str, Leased] = {}


def register(leased: Leased) -> None:
    _registry[leased.name] = leased


def registered() -> list[Leased]:
    return list(_registry.values())


def _queue_rows_lost(leased: Leased, pk: int) -> None:
    """The task-queue rows of run ``pk`` left ``RUNNING`` by the dead worker: failed."""
    try:
        from django_tasks_db.models import DBTaskResult
    except ImportError:  # pragma: no cover - the database backend is a dependency
        return
    path = leased.task.module_path
    lost = [
        row.pk
        for row in DBTaskResult.objects.filter(status="RUNNING", task_path=path)
        if (row.args_kwargs or {}).get("kwargs", {}).get(leased.kwarg) == pk
    ]
    if lost:
        DBTaskResult.objects.filter(pk__in=lost, status="RUNNING").update(
            status="FAILED",
            finished_at=timezone.now(),
            exception_class_path="toulmini_site.processes.leases.WorkerLost",
            traceback="The worker running this task stopped (its run's lease ran out).",
        )


def _enqueue_later(leased: Leased, pk: int) -> Callable[[], None]:
    def enqueue() -> None:
        leased.task.enqueue(**{leased.kwarg: pk})

    return enqueue


def reap(*, now: datetime | None = None) -> dict[str, int]:
    """Queue again (once) each stalled run, and fail the ones already queued again, with a
    reason. Each change is a conditional UPDATE on the run as it was seen, so a worker that
    comes back to life and a second reaper change nothing twice. Returns the counts."""
    now = now or timezone.now()
    counts = {"requeued": 0, "failed": 0}
    for leased in registered():
        stalled: list[Any] = list(
            leased.model._default_manager.filter(
                silent_q(now=now, stalled_after=leased.stalled_after)
            )
        )
        for run in stalled:
            same = leased.model._default_manager.filter(
                pk=run.pk, status=RUNNING, heartbeat_at=run.heartbeat_at
            )
            with transaction.atomic():
                if run.requeues < MAX_REQUEUES:
                    changed = same.update(
                        status=QUEUED,
                        error="",
                        started_at=None,
                        finished_at=None,
                        heartbeat_at=None,
                        requeues=run.requeues + 1,
                        **leased.reset(run),
                    )
                    if changed:
                        if leased.on_requeue is not None:
                            leased.on_requeue(run)
                        transaction.on_commit(_enqueue_later(leased, run.pk))
                        counts["requeued"] += 1
                else:
                    changed = same.update(status=FAILED, error=REAPED_ERROR, heartbeat_at=None)
                    counts["failed"] += changed
                if changed:
                    _queue_rows_lost(leased, run.pk)
                    logger.warning(
                        "%s %s: its worker stopped; %s.",
                        leased.name,
                        run.pk,
                        "queued again" if run.requeues < MAX_REQUEUES else "given up",
                    )
    return counts


def reap_once_per_period(*, now: datetime | None = None) -> dict[str, int] | None:
    """``reap`` if no other worker reaped in this ``REAP_EVERY`` period (None then)."""
    if not period_claim("processes.reaper", REAP_EVERY, now=now):
        return None
    return reap(now=now)


def reaper_thread(*, stop: threading.Event, every: float | None = None) -> threading.Thread:
    """A daemon thread that reaps every ``REAP_EVERY`` until ``stop`` is set (each task
    worker starts one; the period claim makes one of them reap per period)."""
    seconds = every if every is not None else REAP_EVERY.total_seconds()

    def loop() -> None:
        try:
            while not stop.wait(seconds):
                try:
                    reap_once_per_period()
                except DatabaseError as error:  # an outage: the next round tries again
                    logger.warning("The reaper could not run: %s", error)
                    connection.close()
                except Exception:  # never let the reaper take the worker down
                    logger.exception("The reaper failed")
        finally:
            connection.close()

    thread = threading.Thread(target=loop, name="run-reaper", daemon=True)
    thread.start()
    return thread
