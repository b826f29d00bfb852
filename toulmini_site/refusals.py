"""One refusal family: what every service (and every domain rule) raises when it says no.

A ``Refusal`` carries a stable ``code``, an HTTP ``status``, a message safe to show (already
translated: raise it with ``gettext`` in the request's language), and where useful the
``missing`` inputs, ``details`` with field paths, ``retry_after`` seconds and ``extra`` fields
for the API body. Each app subclasses it (``ToulminError``, ``CoachError``, ``ClassroomError``,
``WorkRefused``, ``RunNotRetryable``, ``LimitExceeded``) and never translates it itself:

- the API's one exception handler (``toulmini_site.api.exception_handler``) answers it in the
  shared error shape, ``payload``, with ``status`` and a ``Retry-After`` header;
- pages get it from one middleware (``toulmini_site.pages.RefusalMiddleware``).

A view catches a refusal only to give the user back what they typed (a form re-rendered
with the message); it never decides a status or a code of its own.

Pure Python on purpose: the domains raise refusals too, and they import no framework.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Refusal(Exception):
    """A refused request: ``code`` is stable, ``message`` is safe to show."""

    code: str = "INVALID_INPUT"
    status: int = 400

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        status: int | None = None,
        missing: Sequence[str] | None = None,
        details: Sequence[Mapping[str, str]] | None = None,
        retry_after: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.missing = list(missing or [])
        self.details = [dict(detail) for detail in details or []]
        self.retry_after = None if retry_after is None else max(1, int(retry_after))
        self.extra = dict(extra or {})

    def shown(self) -> str:
        """The message in the active language: as raised (already translated), unless a kind
        of refusal raised in English (a model client's, which services also store) says it
        again in the reader's language."""
        return str(self.message)

    @property
    def payload(self) -> dict[str, Any]:
        """The API's error body: ``error`` and ``code``, then ``missing``, ``details`` and
        the extra fields where there are any."""
        body: dict[str, Any] = {"error": self.shown(), "code": self.code}
        if self.missing:
            body["missing"] = self.missing
        if self.details:
            body["details"] = self.details
        body.update(self.extra)
        return body

    def as_dict(self) -> dict[str, Any]:
        """``payload``, for callers outside the HTTP layer (the MCP tools)."""
        return self.payload
