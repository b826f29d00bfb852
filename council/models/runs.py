"""What a critique or an audit model knows of its background run (the rules are
``council.domain.runs``; the writes ``council.services.runs``)."""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.utils import timezone

from council.domain.runs import is_retryable, is_stalled


class RetryableRun(models.Model):
    """For a model with ``status`` and ``started_at``: the run's lease (``heartbeat_at``,
    renewed by the worker running it) and whether the run stalled or may be redone."""

    status: str
    started_at: datetime | None
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last renewal of the running worker's lease."
    )
    requeues = models.PositiveSmallIntegerField(
        default=0, help_text="Times the reaper queued it again after its worker stopped."
    )
    finished_at: datetime | None

    class Meta:
        abstract = True

    @property
    def alive_at(self) -> datetime | None:
        return self.heartbeat_at or self.started_at

    @property
    def stalled(self) -> bool:
        """Still running with no heartbeat for a while: its worker has most likely stopped."""
        return is_stalled(self.status, self.alive_at, now=timezone.now())

    @property
    def public_status(self) -> str:
        """The status the API shows: ``stalled`` for a run whose worker stopped answering,
        until the reaper queues it again or fails it."""
        return "stalled" if self.stalled else self.status

    @property
    def never_finished(self) -> bool:
        """Stalled, or given up by the reaper: its run never ended, so a retry is free."""
        return self.finished_at is None

    @property
    def retryable(self) -> bool:
        """Failed or stalled: the owner may run it again."""
        return is_retryable(self.status, self.alive_at, now=timezone.now())
