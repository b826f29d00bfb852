"""Background runs that can be started again: a failed one, or one that has stalled (pure).

A critique or an audit is claimed by one worker (``queued`` -> ``running``), which holds a
lease on it: while the run goes on, it renews the run's heartbeat every ``HEARTBEAT_EVERY``.
If that worker dies (a restart, an out-of-memory kill, ``kill -9``), the heartbeat stops and
the run would stay ``running`` forever. A run whose last sign of life (its heartbeat, else its
start) is older than ``STALLED_AFTER`` is called stalled: its page stops polling, says so, and
offers to run it again, as it does for a failed run — within a minute of the worker's death.

The writes (claim, requeue) are ``council.services.runs``; the models' mixin is
``council.models.runs``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from toulmini_site.refusals import Refusal

HEARTBEAT_EVERY = timedelta(seconds=10)
STALLED_AFTER = timedelta(seconds=45)  # four missed heartbeats
QUEUED, RUNNING, FAILED = "queued", "running", "failed"


class RunNotRetryable(Refusal):
    """The run is queued, running normally or finished well: there is nothing to retry (409)."""

    code = "NOT_RETRYABLE"
    status = 409


def is_stalled(status: str, alive_at: datetime | None, *, now: datetime) -> bool:
    """True for a run still ``running`` more than ``STALLED_AFTER`` after its last sign of
    life ``alive_at`` (its heartbeat, else its start)."""
    return status == RUNNING and alive_at is not None and now - alive_at > STALLED_AFTER


def is_retryable(status: str, alive_at: datetime | None, *, now: datetime) -> bool:
    """Failed or stalled: the owner may run it again."""
    return status == FAILED or is_stalled(status, alive_at, now=now)
