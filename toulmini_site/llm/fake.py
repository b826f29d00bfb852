"""A scripted client for tests and benchmarks: no network, optional fixed latency.

``FakeClient(handler)`` calls ``handler(request)`` for every attempt. The handler returns what
the "model" says: JSON text, a dict or a pydantic model (turned into JSON), or an exception
instance to raise. ``FakeClient(responses=[...])`` answers from a list, in order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from toulmini_site.llm.client import Completion, LLMClient, LLMRequest, Usage
from toulmini_site.llm.deadline import Deadline
from toulmini_site.llm.offline import word_chunks

Reply = str | dict[str, Any] | BaseModel | Exception


class FakeClient(LLMClient):
    provider = "fake"

    def __init__(
        self,
        handler: Callable[[LLMRequest], Reply] | None = None,
        *,
        responses: list[Reply] | None = None,
        latency: float = 0.0,
        validation_retries: int = 2,
    ) -> None:
        super().__init__(model="fake-model", validation_retries=validation_retries)
        self._handler = handler
        self._responses = list(responses or [])
        self.latency = latency
        self.requests: list[LLMRequest] = []

    def _reply(self, request: LLMRequest) -> str:
        with self._lock:
            self.requests.append(request)
        if self.latency:
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
