"""A scripted client for tests and benchmarks: no network, optional fixed latency.

``FakeClient(handler)`` calls ``handler(request)`` for every attempt. The handler returns what
the "model" says: JSON text, a dict or a pydantic model (turned into JSON), or an exception
instance to raise. ``FakeClient(responses=[...])`` answers from a list, in order.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncGenerator, Callable, Iterator
from typing import Any

from pydantic import BaseModel

from toulmini_site.llm.client import Completion, LLMRequest, Usage
from toulmini_site.llm.deadline import Deadline
from toulmini_site.llm.offline import word_chunks
from toulmini_site.llm.streaming import StreamingClient

Reply = str | dict[str, Any] | BaseModel | Exception
FOREVER = "\x00forever"  # a reply the async stream streams without end


class FakeClient(StreamingClient):
    provider = "fake"

    def __init__(
        self,
        handler: Callable[[LLMRequest], Reply] | None = None,
        *,
        responses: list[Reply] | None = None,
        latency: float = 0.0,
        validation_retries: int = 2,
        chunk_delay: float = 0.0,
    ) -> None:
        super().__init__(model="fake-model", validation_retries=validation_retries)
        self._handler = handler
        self._responses = list(responses or [])
        self.latency = latency
        self.chunk_delay = chunk_delay
        self.requests: list[LLMRequest] = []

    def _reply(self, request: LLMRequest, *, sleep: bool = True) -> str:
        with self._lock:
            self.requests.append(request)
        if self.latency and sleep:
            time.sleep(self.latency)
        if self._handler is not None:
            reply = self._handler(request)
        else:
            with self._lock:
                if not self._responses:
                    raise AssertionError(f"FakeClient has no reply left for {request.purpose}")
                reply = self._responses.pop(0)
        if isinstance(reply, Exception):
            raise reply
        if isinstance(reply, BaseModel):
            return reply.model_dump_json()
        if isinstance(reply, dict):
            return json.dumps(reply)
        return reply

    def _complete(self, request: LLMRequest, deadline: Deadline) -> Completion:
        text = self._reply(request)
        usage = Usage(tokens_in=request.prompt_chars // 4, tokens_out=len(text) // 4)
        return Completion(text, usage)

    def _stream_chunks(self, request: LLMRequest, deadline: Deadline) -> Iterator[str | Usage]:
        text = self._reply(request)
        yield from word_chunks(text)
        yield Usage(tokens_in=request.prompt_chars // 4, tokens_out=len(text) // 4)

    async def _astream_chunks(
        self, request: LLMRequest, deadline: Deadline
    ) -> AsyncGenerator[str | Usage]:
        """The same reply for the async stream (``streaming.astream``), its latency awaited
        rather than slept; ``chunk_delay`` seconds between chunks (a slow model), and chunks
        for ever when the reply is ``FOREVER``."""
        if self.latency:
            await asyncio.sleep(self.latency)
        text = self._reply(request, sleep=False)
        if text == FOREVER:
            while True:
                await asyncio.sleep(self.chunk_delay or 0.1)
                yield "."
        for chunk in word_chunks(text):
            if self.chunk_delay:
                await asyncio.sleep(self.chunk_delay)
            yield chunk
        yield Usage(tokens_in=request.prompt_chars // 4, tokens_out=len(text) // 4)
