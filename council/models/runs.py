"""What a critique or an audit model knows of its background run (the rules are
``council.domain.runs``; the writes ``council.services.runs``)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from council.domain.runs import is_retryable, is_stalled


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
        return is_retryable(self.status, self.started_at, now=timezone.now())
