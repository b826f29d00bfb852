"""How long one model call may take and how much it may write, across all its tries.

A call's ``Deadline`` starts when the service asks and covers every try: HTTP retries,
re-asks after invalid output, a retry with a larger budget after a cut-off answer, the
fallback to prompt-only JSON. Each try waits at most what is left (and at most the per-try
timeout). ``CallLimits.from_settings()`` reads the ``LLM_*`` settings once, for the sync
client and the async streaming client alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

TOKEN_LIMIT_PARAMS = ("max_tokens", "max_completion_tokens")


@dataclass(frozen=True)
class CallLimits:
    """``deadline_seconds``: a whole call, all tries; ``try_timeout_seconds``: one HTTP
    request at most; ``max_tokens``: every request's output budget (sent as
    ``token_limit_param``), doubled once when an answer was cut off; ``http_retries``: tries
    after a 429, 5xx or lost connection, inside the deadline."""

    deadline_seconds: float = 45.0
    try_timeout_seconds: float = 30.0
    max_tokens: int = 2048
    token_limit_param: str = "max_tokens"
    http_retries: int = 2

    @classmethod
    def from_settings(cls) -> CallLimits:
        from django.conf import settings

        return cls(
            deadline_seconds=settings.LLM_DEADLINE_SECONDS,
            try_timeout_seconds=settings.LLM_TIMEOUT_SECONDS,
            max_tokens=settings.LLM_MAX_TOKENS,
            token_limit_param=settings.LLM_TOKEN_LIMIT_PARAM,
            http_retries=settings.LLM_MAX_RETRIES,
        )

    def deadline(self) -> Deadline:
        return Deadline(self.deadline_seconds)


class Deadline:
    """A point in time a call must end by (monotonic clock, replaceable in tests)."""

    def __init__(self, seconds: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._clock = clock
        self._ends = clock() + seconds

    def remaining(self) -> float:
        """Seconds left, never below zero."""
        return max(0.0, self._ends - self._clock())

    def expired(self) -> bool:
        return self.remaining() <= 0.0

    def timeout(self, cap: float) -> float:
        """What one try may wait: what is left, at most ``cap``."""
        return min(cap, self.remaining())
