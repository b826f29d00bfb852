"""Background runs that can be started again: a failed one, or one that has stalled (pure).

A critique or an audit is claimed by one worker (``queued`` -> ``running``). If that worker
dies (a restart, an out-of-memory kill), the run stays ``running`` forever and its page would
poll forever. A run that has been ``running`` for longer than ``STALLED_AFTER`` — far beyond
the slowest run we expect, a depth-3 council against a slow model — is called stalled: its
page stops polling, says so, and offers to run it again, as it does for a failed run.

The writes (claim, requeue) are ``council.services.runs``; the models' mixin is
``council.models.runs``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

STALLED_AFTER = timedelta(minutes=30)
QUEUED, RUNNING, FAILED = "queued", "running", "failed"

NOT_RETRYABLE_MESSAGE = (
    "Only a failed run, or one that has made no progress for "
    f"{int(STALLED_AFTER.total_seconds() // 60)} minutes, can be run again."
)


class RunNotRetryable(Exception):
    """The run is queued, running normally or finished well: there is nothing to retry."""

    code = "NOT_RETRYABLE"


def is_stalled(status: str, started_at: datetime | None, *, now: datetime) -> bool:
    """True for a run still ``running`` more than ``STALLED_AFTER`` after it started."""
    return status == RUNNING and started_at is not None and now - started_at > STALLED_AFTER


def is_retryable(status: str, started_at: datetime | None, *, now: datetime) -> bool:
    """Failed or stalled: the owner may run it again."""
    return status == FAILED or is_stalled(status, started_at, now=now)
