"""The offline engines' ledger: their answers recorded as calls, like a model's.

The offline engines are the apps' own deterministic functions (the chain analyzer's phases,
the fallacy detector, the coach's tutor, the council's philosophers and auditors). Each is a
typed callable handed to the engine protocol every client implements (``LLMClient.answer``,
``answer_stream``, ``astream_answer``: each takes both the offline engine and the prompt's
builder, and each client calls the one it reads), so no service asks which client it holds
and no prompt is built for an engine that reads none; ``run`` records any other offline
call (the fallacy detector's). The client only times and records each answer as a call
(provider ``"offline"``), so the services save, show and count offline and model calls
alike, and validates a structured answer as a model's is validated. It never reaches the
network and asks no model: ``structured`` and ``stream``, which take only a prompt, refuse.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
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
    validation_details,
)
from toulmini_site.llm.deadline import Deadline
from toulmini_site.llm.wording import MESSAGES

OFFLINE_MODEL = "rules-v1"


class OfflineClient(LLMClient):
    provider = "offline"
    engine = "offline"

    def __init__(self) -> None:
        super().__init__(model=OFFLINE_MODEL, validation_retries=0)

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
                MESSAGES.say("llm.offline_invalid", purpose=repr(purpose), errors=summary),
                errors=errors,
            ) from exc
        self._record(request, started, Usage(), outcome="ok")
        return value

    # -- the engine protocol (``LLMClient``): the offline engine is called, no prompt built --
    def answer[M: BaseModel](
        self,
        purpose: str,
        *,
        schema: type[M],
        offline: Callable[[], BaseModel | dict[str, Any] | str],
        messages: Callable[[], Sequence[Message]],
        inputs: dict[str, Any] | None = None,
    ) -> M:
        return self.answer_as(purpose, schema, offline)

    def reads(self, text: str, *, offline: Callable[[str], object]) -> str:
        offline(text)
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
        """``offline()``'s text in word-sized chunks, as a model streams its answer;
        recorded as one call once the text is produced."""
        yield from word_chunks(self.run(purpose, offline))

    async def astream_answer(
        self,
        purpose: str,
        *,
        offline: Callable[[], str],
        messages: Callable[[], Sequence[Message]],
        inputs: dict[str, Any] | None = None,
        schema: type[BaseModel] | None = None,
    ) -> AsyncIterator[str]:
        """``answer_stream`` computed in a thread: never on the event loop other streams
        share."""

        def chunks() -> list[str]:
            return list(self.answer_stream(purpose, offline=offline, messages=messages))

        for chunk in await asyncio.to_thread(chunks):
            yield chunk

    def _complete(self, request: LLMRequest, deadline: Deadline) -> Completion:
        raise LLMError(MESSAGES.say("llm.offline_prompt", purpose=repr(request.purpose)))

    def _stream_chunks(self, request: LLMRequest, deadline: Deadline) -> Iterator[str | Usage]:
        self._complete(request, deadline)
        yield from ()


def word_chunks(text: str) -> Iterator[str]:
    """Split text into word-sized chunks (keeping the spaces), as a model would stream it."""
    yield from re.findall(r"\S+\s*|\s+", text)
