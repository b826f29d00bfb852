"""Background runs that can be started again: a failed one, or one that has stalled.

A critique or an audit is claimed by one worker (``queued`` -> ``running``). If that worker
dies (a restart, an out-of-memory kill), the run stays ``running`` forever and its page would
poll forever. A run that has been ``running`` for longer than ``STALLED_AFTER`` — far beyond
the slowest run we expect, a depth-3 council against a slow model — is called stalled: its
page stops polling, says so, and offers to run it again, as it does for a failed run.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

STALLED_AFTER = timedelta(minutes=30)
QUEUED, RUNNING, FAILED = "queued", "running", "failed"


class RunNotRetryable(Exception):
    """The run is queued, running normally or finished well: there is nothing to retry."""

    code = "NOT_RETRYABLE"


def is_stalled(status: str, started_at: datetime | None, *, now: datetime) -> bool:
    """True for a run still ``running`` more than ``STALLED_AFTER`` after it started."""
    return status == RUNNING and started_at is not None and now - started_at > STALLED_AFTER


def retryable_q(*, now: datetime) -> Q:
    """The runs that may be queued again: failed, or stalled at ``now``."""
    return Q(status=FAILED) | Q(status=RUNNING, started_at__lt=now - STALLED_AFTER)


def run_claim(run: QuerySet) -> bool:
    """Claim the queued run in ``run`` for this worker (``queued`` -> ``running``) in one
    UPDATE, so two workers never run the same one. False when it was not queued."""
    return bool(run.filter(status=QUEUED).update(status=RUNNING, started_at=timezone.now()))


def run_requeue(run: QuerySet, *, reset: dict, enqueue: Callable[[], object]) -> None:
    """Queue the failed or stalled run in ``run`` again: one conditional UPDATE (so two clicks
    queue one run) that also clears its error, times and the feature's ``reset`` fields, then
    ``enqueue`` once the transaction commits. Raises ``RunNotRetryable`` otherwise."""
    requeued = run.filter(retryable_q(now=timezone.now())).update(
        status=QUEUED, error="", started_at=None, finished_at=None, **reset
    )
    if not requeued:
        raise RunNotRetryable(NOT_RETRYABLE_MESSAGE)
    transaction.on_commit(enqueue)


class RetryableRun:
    """For a model with ``status`` and ``started_at``: whether its run stalled or may be redone."""

    status: str
    started_at: datetime | None

    @property
    def stalled(self) -> bool:
        """Still running long after it started: its worker has most likely stopped."""
        return is_stalled(self.status, self.started_at, now=timezone.now())

    @property
    def retryable(self) -> bool:
        """Failed or stalled: the owner may run it again."""
        return self.status == FAILED or self.stalled


NOT_RETRYABLE_MESSAGE = (
    "Only a failed run, or one that has made no progress for "
    f"{int(STALLED_AFTER.total_seconds() // 60)} minutes, can be run again."
)
