"""Claiming and requeueing background runs (the rules: ``council.domain.runs``)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime

from django.db import DatabaseError, connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from council.domain.runs import (
    FAILED,
    HEARTBEAT_EVERY,
    QUEUED,
    RUNNING,
    STALLED_AFTER,
    RunNotRetryable,
)

logger = logging.getLogger(__name__)


def retryable_q(*, now: datetime) -> Q:
    """The runs that may be queued again: failed, or stalled at ``now`` (no heartbeat, or
    none since the run started, for ``STALLED_AFTER``)."""
    silent_since = now - STALLED_AFTER
    return (
        Q(status=FAILED)
        | Q(status=RUNNING, heartbeat_at__lt=silent_since)
        | Q(status=RUNNING, heartbeat_at__isnull=True, started_at__lt=silent_since)
    )


def run_claim(run: QuerySet) -> bool:
    """Claim the queued run in ``run`` for this worker (``queued`` -> ``running``) in one
    UPDATE, so two workers never run the same one, and start its lease. False when it was
    not queued."""
    at = timezone.now()
    return bool(run.filter(status=QUEUED).update(status=RUNNING, started_at=at, heartbeat_at=at))


@contextmanager
def run_heartbeat(run: QuerySet, *, every: float | None = None) -> Iterator[None]:
    """Renew the lease of the running run in ``run`` every ``HEARTBEAT_EVERY`` (from a
    thread) while the block runs. When the process dies the renewals stop, and the run is
    seen as stalled, and may be retried, ``STALLED_AFTER`` later."""
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


def run_requeue(run: QuerySet, *, reset: dict, enqueue: Callable[[], object]) -> None:
    """Queue the failed or stalled run in ``run`` again: one conditional UPDATE (so two clicks
    queue one run) that also clears its error, times and the feature's ``reset`` fields, then
    ``enqueue`` once the transaction commits. Raises ``RunNotRetryable`` otherwise."""
    requeued = run.filter(retryable_q(now=timezone.now())).update(
        status=QUEUED, error="", started_at=None, finished_at=None, heartbeat_at=None, **reset
    )
    if not requeued:
        raise RunNotRetryable(
            gettext(
                "Only a failed run, or one whose worker has given no sign of life for "
                "%(seconds)s seconds, can be run again."
            )
            % {"seconds": int(STALLED_AFTER.total_seconds())}
        )
    transaction.on_commit(enqueue)
