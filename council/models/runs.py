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
    def retryable(self) -> bool:
        """Failed or stalled: the owner may run it again."""
        return is_retryable(self.status, self.alive_at, now=timezone.now())
