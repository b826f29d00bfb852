"""Claiming and requeueing background runs (the rules: ``council.domain.runs``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from council.domain.runs import (
    FAILED,
    QUEUED,
    RUNNING,
    STALLED_AFTER,
    RunNotRetryable,
)
from toulmini_site.processes import leases

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
    """Claim the queued run in ``run`` for this worker and start its lease (the platform's:
    ``toulmini_site.processes.leases``)."""
    return leases.lease_claim(run)


def run_heartbeat(run: QuerySet, *, every: float | None = None) -> AbstractContextManager[None]:
    """Renew the run's lease while the block runs (``leases.lease_heartbeat``)."""
    return leases.lease_heartbeat(run, every=every)


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
