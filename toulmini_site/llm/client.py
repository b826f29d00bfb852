"""The one small interface every app uses to talk to a language model.

A client offers two calls:

- ``structured(purpose=, messages=, schema=, inputs=)``: returns a ``StructuredResult`` whose
  ``value`` is an instance of ``schema`` (a pydantic model), already validated. When the model's
  output fails validation the client asks again, showing the model the validation errors, up to
  ``validation_retries`` times, then raises ``LLMInvalidOutput``.
- ``stream(purpose=, messages=, inputs=)``: yields text chunks as they are produced.

``inputs`` is the structured data the prompt was built from (query, draft, document...), kept
with the request for fakes and tests; a model reads only the messages. The offline engines
take no prompt: their services call them directly (``offline.OfflineClient.answer``).

Every attempt, whatever its outcome (an offline engine's refusal included: see
``offline.OfflineClient``), is appended to
``client.calls`` as a ``CallRecord``. Clients never touch the database: the service that owns
the work saves the records afterwards with
``toulmini_site.llm.services.llm_calls_save`` (so graph nodes in threads stay database-free).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

Message = dict[str, str]


class LLMError(Exception):
    """A language-model call failed; ``str(error)`` is safe to show a user."""

    code = "model_failed"


class LLMNotConfigured(LLMError):
    code = "model_not_configured"


class LLMTimeout(LLMError):
    code = "model_timeout"


class LLMUnavailable(LLMError):
    """The server refused or failed (429, 5xx, connection) after the allowed retries."""

    code = "model_unavailable"


class LLMInvalidOutput(LLMError):
    """The output never matched the schema, even after asking again with the errors."""

    code = "model_invalid_output"

    def __init__(self, message: str, *, errors: list[dict[str, str]] | None = None) -> None:
        super().__init__(message)
        self.errors = errors or []


@dataclass(frozen=True)
class Usage:
    tokens_in: int = 0
    tokens_out: int = 0


@dataclass(frozen=True)
class LLMRequest:
    purpose: str
    messages: Sequence[Message]
    schema: type[BaseModel] | None = None
    inputs: dict[str, Any] = field(default_factory=dict)

    @property
    def prompt_chars(self) -> int:
        return sum(len(m.get("content", "")) for m in self.messages)


@dataclass(frozen=True)
class CallRecord:
    """One attempt at one model call, as it will be stored in ``LLMCall``."""

    purpose: str
    provider: str
    model: str
    prompt_chars: int
    tokens_in: int
    tokens_out: int
    latency_ms: int
    outcome: str  # "ok" | "invalid_output" | "timeout" | "unavailable" | "error"
    error: str = ""
    raw_output: str = ""


@dataclass(frozen=True)
class StructuredResult[T: BaseModel]:
    value: T
    usage: Usage
    attempts: int = 1


def validation_details(error: ValidationError) -> list[dict[str, str]]:
    """Pydantic errors as ``[{"loc": "warrant.principle", "msg": ...}]``."""
    return [
        {"loc": ".".join(str(p) for p in e["loc"]) or "(root)", "msg": e["msg"]}
        for e in error.errors(include_url=False)
    ]


class LLMClient:
    """Base class: subclasses implement ``_complete`` and ``_stream_chunks``."""

    provider = "abstract"

    def __init__(self, *, model: str = "", validation_retries: int = 2) -> None:
        self.model = model
        self.validation_retries = validation_retries
        self.calls: list[CallRecord] = []
        self._lock = threading.Lock()

    # -- what subclasses provide -------------------------------------------------------
    def _complete(self, request: LLMRequest) -> tuple[str | BaseModel, Usage]:
        """One attempt: the raw output (JSON text, or an already-built model) and usage."""
        raise NotImplementedError

    def _stream_chunks(self, request: LLMRequest) -> Iterator[str | Usage]:
        """Text chunks, then optionally one ``Usage``."""
        raise NotImplementedError

    # -- the interface -----------------------------------------------------------------
    def structured[T: BaseModel](
        self,
        *,
        purpose: str,
        messages: Sequence[Message],
        schema: type[T],
        inputs: dict[str, Any] | None = None,
    ) -> StructuredResult[T]:
        request = LLMRequest(purpose, list(messages), schema, dict(inputs or {}))
        total = Usage()
        last_errors: list[dict[str, str]] = []
        for attempt in range(1, self.validation_retries + 2):
            started = time.perf_counter()
            try:
                raw, usage = self._complete(request)
            except Exception as exc:  # recorded whatever it is: an offline refusal too
                self._record(
                    request, started, Usage(), outcome=call_outcome(exc), error=error_text(exc)
                )
                raise
            total = Usage(total.tokens_in + usage.tokens_in, total.tokens_out + usage.tokens_out)
            try:
                value = _validate(schema, raw)
            except ValidationError as exc:
                last_errors = validation_details(exc)
                raw_text = raw if isinstance(raw, str) else raw.model_dump_json()
                self._record(
                    request,
                    started,
                    usage,
                    outcome="invalid_output",
                    error=_summarise(last_errors),
                    raw_output=raw_text,
                )
                request = _with_correction(request, raw_text, last_errors)
                continue
            self._record(request, started, usage, outcome="ok")
            return StructuredResult(value=value, usage=total, attempts=attempt)
        raise LLMInvalidOutput(
            f"The model's answer did not match the expected format after "
            f"{self.validation_retries + 1} attempts: {_summarise(last_errors)}",
            errors=last_errors,
        )

    def stream(
        self, *, purpose: str, messages: Sequence[Message], inputs: dict[str, Any] | None = None
    ) -> Iterator[str]:
        request = LLMRequest(purpose, list(messages), None, dict(inputs or {}))
        started = time.perf_counter()
        usage = Usage()
        produced: list[str] = []
        try:
            for item in self._stream_chunks(request):
                if isinstance(item, Usage):
                    usage = item
                    continue
                produced.append(item)
                yield item
        except Exception as exc:
            self._record(
                request,
                started,
                usage,
                outcome=call_outcome(exc),
                error=error_text(exc),
                raw_output="".join(produced),
            )
            raise
        self._record(request, started, usage, outcome="ok")

    # -- bookkeeping -------------------------------------------------------------------
    def _record(
        self,
        request: LLMRequest,
        started: float,
        usage: Usage,
        *,
        outcome: str,
        error: str = "",
        raw_output: str = "",
    ) -> None:
        record = CallRecord(
            purpose=request.purpose,
            provider=self.provider,
            model=self.model,
            prompt_chars=request.prompt_chars,
            tokens_in=usage.tokens_in,
            tokens_out=usage.tokens_out,
            latency_ms=round((time.perf_counter() - started) * 1000),
            outcome=outcome,
            error=error[:2000],
            raw_output=raw_output[:20000],
        )
        with self._lock:
            self.calls.append(record)

    def drain_calls(self) -> list[CallRecord]:
        """The records so far, emptying the list (for a service that saves them)."""
        with self._lock:
            records, self.calls = self.calls, []
        return records


def _validate[T: BaseModel](schema: type[T], raw: str | BaseModel) -> T:
    if isinstance(raw, schema):
        return raw
    if isinstance(raw, BaseModel):
        return schema.model_validate(raw.model_dump())
    return schema.model_validate_json(raw)


def _with_correction(
    request: LLMRequest, raw_text: str, errors: list[dict[str, str]]
) -> LLMRequest:
    correction = (
        "Your previous answer did not validate. Errors (field path: problem):\n"
        + "\n".join(f"- {e['loc']}: {e['msg']}" for e in errors)
        + "\nReturn ONLY the corrected JSON object."
    )
    messages = [
        *request.messages,
        {"role": "assistant", "content": raw_text[:20000]},
        {"role": "user", "content": correction},
    ]
    return LLMRequest(request.purpose, messages, request.schema, request.inputs)


def _summarise(errors: list[dict[str, str]]) -> str:
    return "; ".join(f"{e['loc']}: {e['msg']}" for e in errors[:5])


def error_text(exc: Exception) -> str:
    """An ``LLMError``'s message; any other exception's class too (it is not ours to show)."""
    return str(exc) if isinstance(exc, LLMError) else f"{type(exc).__name__}: {exc}"


def call_outcome(exc: Exception) -> str:
    """How a failed call is recorded: timeout, unavailable, invalid_output or error."""
    if isinstance(exc, LLMTimeout):
        return "timeout"
    if isinstance(exc, LLMUnavailable):
        return "unavailable"
    if isinstance(exc, LLMInvalidOutput):
        return "invalid_output"
    return "error"
