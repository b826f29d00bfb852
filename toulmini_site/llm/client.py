"""The one small interface every app uses to talk to a language model.

A client offers two calls:

- ``structured(purpose=, messages=, schema=, inputs=)``: returns a ``StructuredResult`` whose
  ``value`` is an instance of ``schema`` (a pydantic model), already validated. When the model's
  output fails validation the client asks again, showing the model the validation errors, up to
  ``validation_retries`` times, then raises ``LLMInvalidOutput``.
- ``stream(purpose=, messages=, inputs=)``: yields text chunks as they are produced.

Every call has one deadline across all its tries and a token budget on every request
(``deadline.CallLimits``). A structured answer is read with ``output.answer_json`` (reasoning
blocks, fences and prose around the object removed) before it is validated; an answer cut off
at the budget (``finish_reason`` "length") that does not validate is asked once more with twice
the budget, then raises ``LLMOutputCut``. Each error is a ``Refusal`` with a stable code, so a
model failure that no service caught still reaches the user as that code, never a 500.

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
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext
from pydantic import BaseModel, ValidationError

from toulmini_site.llm.deadline import CallLimits, Deadline
from toulmini_site.llm.output import ReasoningFilter, answer_json
from toulmini_site.llm.wording import MESSAGES, message_shown
from toulmini_site.refusals import Refusal

Message = dict[str, str]


class LLMError(Refusal):
    """A language-model call failed; ``str(error)`` is safe to show a user."""

    code = "MODEL_FAILED"
    status = 502

    def shown(self) -> str:
        """The English message (what ``str(error)`` is and services store) in the active
        language (``wording.MESSAGES``); a server's reason is quoted as it came."""
        return message_shown(str(self.message), gettext)


class LLMNotConfigured(LLMError):
    code = "MODEL_NOT_CONFIGURED"
    status = 400


class LLMTimeout(LLMError):
    """No whole answer within the call's deadline."""

    code = "MODEL_TIMEOUT"
    status = 504

    @classmethod
    def past(cls, deadline: Deadline) -> LLMTimeout:
        """The call's overall deadline passed (every client says it the same way)."""
        return cls(MESSAGES.say("llm.deadline", seconds=f"{deadline.seconds:g}"))


class LLMUnavailable(LLMError):
    """The server refused or failed (429, 5xx, connection, an unreadable body) after the
    allowed retries."""

    code = "MODEL_UNAVAILABLE"


class LLMInvalidOutput(LLMError):
    """The output never matched the schema, even after asking again with the errors."""

    code = "MODEL_INVALID_OUTPUT"

    def __init__(self, message: str, *, errors: list[dict[str, str]] | None = None) -> None:
        super().__init__(message, details=errors)
        self.errors = errors or []


class LLMOutputCut(LLMInvalidOutput):
    """The answer stopped at the token budget (``finish_reason`` "length") before its JSON
    was whole, even with the larger budget of the retry."""

    code = "MODEL_OUTPUT_CUT"


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
    # The output budget of this try (0: the provider's own default).
    max_tokens: int = 0

    @property
    def prompt_chars(self) -> int:
        return sum(len(m.get("content", "")) for m in self.messages)


@dataclass(frozen=True)
class Completion:
    """One try's answer: the raw text (or an already-built model), usage, and why the server
    stopped (``"stop"``, ``"length"``, ``None`` when it does not say: Ollama)."""

    raw: str | BaseModel
    usage: Usage
    finish_reason: str | None = "stop"


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
    # The engine, as ``providers.client_for`` names it: a model ("llm") or "offline".
    engine = "llm"

    def __init__(
        self,
        *,
        model: str = "",
        validation_retries: int = 2,
        limits: CallLimits | None = None,
    ) -> None:
        self.model = model
        self.validation_retries = validation_retries
        self.limits = limits or CallLimits()
        self.calls: list[CallRecord] = []
        self._lock = threading.Lock()

    # -- what subclasses provide -------------------------------------------------------
    def _complete(self, request: LLMRequest, deadline: Deadline) -> Completion:
        """One try, ended by ``deadline`` at the latest."""
        raise NotImplementedError

    def _stream_chunks(self, request: LLMRequest, deadline: Deadline) -> Iterator[str | Usage]:
        """Text chunks, then optionally one ``Usage``; ended by ``deadline`` at the latest."""
        raise NotImplementedError

    def _format_ignored(self) -> bool:
        """The last answer was empty or no JSON object at all: the server ignored the
        requested format. A provider may ask differently from the next try on; it says
        whether it will."""
        return False

    # -- the engine protocol: what a service calls, whichever engine it holds ---------------
    def answer[T: BaseModel](
        self,
        purpose: str,
        *,
        schema: type[T],
        offline: Callable[[], BaseModel | dict[str, Any] | str],
        messages: Callable[[], Sequence[Message]],
        inputs: dict[str, Any] | None = None,
    ) -> T:
        """The engine's answer for ``purpose``, an instance of ``schema``: a model is asked
        with ``messages()``; the offline engine (``OfflineClient``) calls ``offline()``
        instead, and no prompt is built for it."""
        return self.structured(
            purpose=purpose, messages=messages(), schema=schema, inputs=inputs
        ).value

    def reads(self, text: str, *, offline: Callable[[str], object]) -> str:
        """``text``, when this engine can read it: a model reads any language; the offline
        engine asks ``offline(text)``, which raises when its rules cannot read it."""
        return text

    def answer_stream(
        self,
        purpose: str,
        *,
        offline: Callable[[], str],
        messages: Callable[[], Sequence[Message]],
        inputs: dict[str, Any] | None = None,
        schema: type[BaseModel] | None = None,
    ) -> Iterator[str]:
        """The engine's answer as it is produced: a model's stream (``stream``), or the
        offline engine's text in word-sized chunks."""
        return self.stream(purpose=purpose, messages=messages(), inputs=inputs, schema=schema)

    def astream_answer(
        self,
        purpose: str,
        *,
        offline: Callable[[], str],
        messages: Callable[[], Sequence[Message]],
        inputs: dict[str, Any] | None = None,
        schema: type[BaseModel] | None = None,
    ) -> AsyncIterator[str]:
        """``answer_stream`` for async code: a model's wait is a coroutine
        (``streaming.StreamingClient``), the offline engine runs in a thread."""
        raise NotImplementedError

    def run[T](self, purpose: str, engine: Callable[[], T]) -> T:
        """``engine()``, a computation that asks no model (an offline engine's), recorded as
        one call for ``purpose``; an exception it raises (an analyzer's refusal) is
        recorded, then raised unchanged."""
        request = LLMRequest(purpose, [])
        started = time.perf_counter()
        result = self._run(request, started, engine)
        self._record(request, started, Usage(), outcome="ok")
        return result

    def _run[T](self, request: LLMRequest, started: float, engine: Callable[[], T]) -> T:
        """``engine()``; an exception it raises is recorded as the call's outcome, then raised."""
        try:
            return engine()
        except Exception as exc:
            self._record(
                request, started, Usage(), outcome=call_outcome(exc), error=error_text(exc)
            )
            raise

    # -- the model interface -----------------------------------------------------------
    def structured[T: BaseModel](
        self,
        *,
        purpose: str,
        messages: Sequence[Message],
        schema: type[T],
        inputs: dict[str, Any] | None = None,
    ) -> StructuredResult[T]:
        deadline = self.limits.deadline()
        request = LLMRequest(
            purpose, list(messages), schema, dict(inputs or {}), self.limits.max_tokens
        )
        total = Usage()
        last_errors: list[dict[str, str]] = []
        attempt = invalid = 0
        enlarged = False
        while invalid <= self.validation_retries:
            attempt += 1
            started = time.perf_counter()
            try:
                if deadline.expired():
                    raise LLMTimeout.past(deadline)
                answer = self._complete(request, deadline)
            except Exception as exc:  # recorded whatever it is: an offline refusal too
                self._record(
                    request, started, Usage(), outcome=call_outcome(exc), error=error_text(exc)
                )
                raise
            usage = answer.usage
            total = Usage(total.tokens_in + usage.tokens_in, total.tokens_out + usage.tokens_out)
            raw_text = answer.raw if isinstance(answer.raw, str) else answer.raw.model_dump_json()
            try:
                value = _validate(schema, answer.raw)
            except ValidationError as exc:
                last_errors = validation_details(exc)
                cut = answer.finish_reason == "length"
                error = _summarise(last_errors)
                if cut:
                    error = f"cut off at {request.max_tokens or 'the'} tokens; {error}"
                self._record(
                    request,
                    started,
                    usage,
                    outcome="invalid_output",
                    error=error,
                    raw_output=raw_text,
                )
                if cut:
                    if enlarged:
                        raise LLMOutputCut(
                            MESSAGES.say("llm.cut_twice", tokens=request.max_tokens),
                            errors=last_errors,
                        ) from None
                    # Asked again as it was, with room to finish: not a validation retry.
                    enlarged = True
                    request = replace(request, max_tokens=2 * request.max_tokens)
                    continue
                invalid += 1
                answered = answer_json(raw_text)
                if not answered.startswith("{"):  # empty, or prose: the format was ignored
                    self._format_ignored()
                request = _with_correction(request, answered, last_errors)
                continue
            self._record(request, started, usage, outcome="ok")
            return StructuredResult(value=value, usage=total, attempts=attempt)
        raise LLMInvalidOutput(
            MESSAGES.say("llm.invalid", attempts=attempt, errors=_summarise(last_errors)),
            errors=last_errors,
        )

    def stream(
        self,
        *,
        purpose: str,
        messages: Sequence[Message],
        inputs: dict[str, Any] | None = None,
        schema: type[BaseModel] | None = None,
    ) -> Iterator[str]:
        """The answer's text as it is produced, a leading reasoning block left out.

        With ``schema``, the answer is asked for as that schema's JSON where the server can.
        Until its first visible character nothing is shown, so an answer that is empty or
        starts as prose (the server ignored the format) is asked for once more in words,
        inside the same deadline, where the provider can ask differently."""
        deadline = self.limits.deadline()
        request = LLMRequest(
            purpose, list(messages), schema, dict(inputs or {}), self.limits.max_tokens
        )
        started = time.perf_counter()
        usage = Usage()
        produced: list[str] = []
        try:
            for _ in range(2):
                shown = ShownText(self, schema)
                chunks = self._stream_chunks(request, deadline)
                for item in chunks:
                    if deadline.expired():
                        raise LLMTimeout.past(deadline)
                    if isinstance(item, Usage):
                        usage = item
                        continue
                    produced.append(item)
                    text = shown.feed(item)
                    if shown.again:
                        break  # prose: asked again, in words
                    if text:
                        yield text
                else:
                    tail = shown.finish()
                    if shown.again:
                        continue  # empty or prose: asked again, in words
                    if tail:
                        yield tail
                    break
                getattr(chunks, "close", lambda: None)()
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


class ShownText:
    """One try of a stream as it is shown, for ``LLMClient.stream`` and ``streaming.astream``
    alike: a leading reasoning block left out and, with a schema, nothing shown until the
    first visible character says JSON or prose. Prose (or nothing at all) from a server
    that ignored the format sets ``again`` where the client can ask differently: the try is
    dropped and asked for once more, in words."""

    def __init__(self, client: LLMClient, schema: type[BaseModel] | None) -> None:
        self._client = client
        self._schema = schema
        self._reasoning = ReasoningFilter()
        self._pending = ""  # held until the first visible character says JSON or prose
        self.shown = False
        self.again = False

    def feed(self, chunk: str) -> str:
        """The text ``chunk`` lets through now ("" for none)."""
        text = self._reasoning.feed(chunk)
        if not self.shown and self._schema is not None:
            self._pending += text
            if not self._pending.strip():
                return ""
            if not starts_as_json(self._pending) and self._client._format_ignored():
                self.again = True
                return ""
            # JSON, or prose that cannot be asked for differently: the caller judges it
            text, self._pending = self._pending, ""
        if text:
            self.shown = True
        return text

    def finish(self) -> str:
        """The text left once the try's chunks have ended."""
        tail = self._pending + self._reasoning.finish()
        if self._schema is not None and not self.shown:
            prose = bool(tail.strip()) and not starts_as_json(tail)
            if (prose or not tail.strip()) and self._client._format_ignored():
                self.again = True
                return ""
        return tail


def _validate[T: BaseModel](schema: type[T], raw: str | BaseModel) -> T:
    if isinstance(raw, schema):
        return raw
    if isinstance(raw, BaseModel):
        return schema.model_validate(raw.model_dump())
    return schema.model_validate_json(answer_json(raw))


def starts_as_json(text: str) -> bool:
    """Whether visible text begins as a JSON object would (or its Markdown fence)."""
    return text.lstrip().startswith(("{", "`"))


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
    return replace(request, messages=messages)


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
