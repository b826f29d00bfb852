"""Claiming and requeueing background runs (the rules: ``council.domain.runs``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from council.domain.runs import (
    FAILED,
    NOT_RETRYABLE_MESSAGE,
    QUEUED,
    RUNNING,
    STALLED_AFTER,
    RunNotRetryable,
)


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
