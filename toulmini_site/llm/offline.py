"""The offline engines' ledger: their answers recorded as calls, like a model's.

The offline engines are the apps' own deterministic functions (the chain analyzer's phases,
the fallacy detector, the coach's tutor, the council's philosophers and auditors). Each is a
typed callable that the service needing it calls directly, through ``OfflineClient.answer``
(or ``answer_as``, ``answer_stream``): no prompt is built for an engine that reads none, and
nothing is looked up by name. The client only times and records each answer as a call
(provider ``"offline"``), so the services save, show and count offline and model calls
alike, and validates a structured answer as a model's is validated. It never reaches the
network and asks no model: ``structured`` and ``stream`` refuse.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from toulmini_site.llm.client import (
    Completion,
    LLMClient,
    LLMError,
    LLMInvalidOutput,
    LLMRequest,
    Message,
    Usage,
    call_outcome,
    error_text,
    validation_details,
)
from toulmini_site.llm.deadline import Deadline

OFFLINE_MODEL = "rules-v1"


class OfflineClient(LLMClient):
    provider = "offline"

    def __init__(self) -> None:
        super().__init__(model=OFFLINE_MODEL, validation_retries=0)

    def answer[T](self, purpose: str, engine: Callable[[], T]) -> T:
        """``engine()``, recorded as one call for ``purpose``; an exception it raises (an
        analyzer's refusal) is recorded, then raised unchanged."""
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

    def answer_as[M: BaseModel](
        self,
        purpose: str,
        schema: type[M],
        engine: Callable[[], BaseModel | dict[str, Any] | str],
    ) -> M:
        """``engine()``'s answer as an instance of ``schema``, validated as a model's answer
        is (a dict, JSON text or another model): ``LLMInvalidOutput`` when it does not fit,
        recorded as an invalid output. Offline answers are deterministic: no second try."""
        request = LLMRequest(purpose, [], schema)
        started = time.perf_counter()
        raw = self._run(request, started, engine)
        try:
            if isinstance(raw, schema):
                value = raw
            elif isinstance(raw, BaseModel):
                value = schema.model_validate(raw.model_dump())
            elif isinstance(raw, str):
                value = schema.model_validate_json(raw)
            else:
                value = schema.model_validate(raw)
        except ValidationError as exc:
            errors = validation_details(exc)
            summary = "; ".join(f"{e['loc']}: {e['msg']}" for e in errors[:5])
            self._record(
                request,
                started,
                Usage(),
                outcome="invalid_output",
                error=summary,
                raw_output=raw if isinstance(raw, str) else repr(raw),
            )
            raise LLMInvalidOutput(
                f"The offline engine for {purpose!r} returned an invalid result: {summary}",
                errors=errors,
            ) from exc
        self._record(request, started, Usage(), outcome="ok")
        return value

    def answer_stream(self, purpose: str, engine: Callable[[], str]) -> Iterator[str]:
        """``engine()``'s text in word-sized chunks, as a model streams its answer; recorded
        as one call once the text is produced."""
        yield from word_chunks(self.answer(purpose, engine))

    def _complete(self, request: LLMRequest, deadline: Deadline) -> Completion:
        raise LLMError(
            f"The offline engine cannot handle {request.purpose!r} from a prompt: "
            "its service calls the engine directly."
        )

    def _stream_chunks(self, request: LLMRequest, deadline: Deadline) -> Iterator[str | Usage]:
        self._complete(request, deadline)
        yield from ()


def word_chunks(text: str) -> Iterator[str]:
    """Split text into word-sized chunks (keeping the spaces), as a model would stream it."""
    yield from re.findall(r"\S+\s*|\s+", text)


def structured_answer[M: BaseModel](
    client: LLMClient,
    *,
    purpose: str,
    schema: type[M],
    offline: Callable[[], BaseModel | dict[str, Any] | str],
    messages: Callable[[], Sequence[Message]],
    inputs: dict[str, Any],
) -> M:
    """One structured answer for ``purpose``: the offline engine called directly when
    ``client`` is the offline one, else the model asked with ``messages()`` (built only then,
    so no prompt is made for an engine that reads none)."""
    if isinstance(client, OfflineClient):
        return client.answer_as(purpose, schema, offline)
    return client.structured(
        purpose=purpose, messages=messages(), schema=schema, inputs=inputs
    ).value
