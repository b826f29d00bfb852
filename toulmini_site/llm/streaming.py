"""The model's answer streamed to a coroutine: waiting on a model costs no thread.

``astream(client, purpose=, messages=, inputs=)`` is ``LLMClient.stream`` for async code (an
ASGI view's async generator): the same request, deadline and token budget
(``deadline.CallLimits``, i38's), the same reasoning filter (``output.ReasoningFilter``), the
same call records (``client.calls``). Every wait for the next chunk is bounded by what is
left of the call's deadline, so a model that streams for ever is cut off with
``LLMTimeout`` at the deadline; a consumer that goes away (the student closed the page: the
ASGI server cancels the response) closes the model's stream at once.

Where the chunks come from:

- a client with its own ``_astream_chunks(request, deadline)`` (the fake client);
- the OpenAI-compatible client: its own too, on ``AsyncOpenAI``
  (``openai_provider.openai_astream_chunks``), with the sync client's request body, error
  translation and retries;
- the offline client: its chunks are computed at once (no waiting), read as they are.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from typing import Any

from pydantic import BaseModel

from toulmini_site.llm.client import (
    LLMClient,
    LLMRequest,
    LLMTimeout,
    Message,
    ShownText,
    Usage,
    call_outcome,
    error_text,
)
from toulmini_site.llm.deadline import Deadline


async def _chunks(
    client: LLMClient, request: LLMRequest, deadline: Deadline
) -> AsyncGenerator[str | Usage]:
    native = getattr(client, "_astream_chunks", None)
    source: AsyncGenerator[str | Usage]
    if native is not None:
        source = native(request, deadline)
    else:  # a client that never waits: its chunks as they come
        for item in client._stream_chunks(request, deadline):
            yield item
        return
    try:
        async for item in source:
            yield item
    finally:
        await source.aclose()


class StreamingClient(LLMClient):
    """A model client: its ``astream_answer`` is ``astream`` with the turn's prompt."""

    def astream_answer(
        self,
        purpose: str,
        *,
        offline: Callable[[], str],
        messages: Callable[[], Sequence[Message]],
        inputs: dict[str, Any] | None = None,
        schema: type[BaseModel] | None = None,
    ) -> AsyncIterator[str]:
        return astream(self, purpose=purpose, messages=messages(), inputs=inputs, schema=schema)


async def astream(
    client: LLMClient,
    *,
    purpose: str,
    messages: Sequence[Message],
    inputs: dict[str, Any] | None = None,
    schema: type[BaseModel] | None = None,
) -> AsyncIterator[str]:
    """The answer's text as it is produced, a leading reasoning block left out; ended by
    the call's deadline at the latest (``LLMTimeout``).

    With ``schema``, as ``LLMClient.stream``: the answer is asked for as that schema's JSON,
    and nothing is shown until its first visible character, so an answer that is empty or
    starts as prose (the server ignored the format) is asked for once more in words."""
    deadline = client.limits.deadline()
    request = LLMRequest(
        purpose, list(messages), schema, dict(inputs or {}), client.limits.max_tokens
    )
    started = time.perf_counter()
    usage = Usage()
    produced: list[str] = []
    chunks = _chunks(client, request, deadline)
    try:
        for _ in range(2):
            shown = ShownText(client, schema)
            while True:
                if deadline.expired():
                    raise LLMTimeout.past(deadline)
                try:
                    async with asyncio.timeout(deadline.remaining()):
                        item = await anext(chunks)
                except StopAsyncIteration:
                    break
                except TimeoutError:
                    raise LLMTimeout.past(deadline) from None
                if isinstance(item, Usage):
                    usage = item
                    continue
                produced.append(item)
                text = shown.feed(item)
                if shown.again:
                    break  # prose: asked again, in words
                if text:
                    yield text
            if not shown.again:
                tail = shown.finish()
                if not shown.again:
                    if tail:
                        yield tail
                    break
            await chunks.aclose()  # empty or prose: asked again, in words
            chunks = _chunks(client, request, deadline)
    except Exception as exc:
        client._record(
            request,
            started,
            usage,
            outcome=call_outcome(exc),
            error=error_text(exc),
            raw_output="".join(produced),
        )
        raise
    except BaseException:  # cancelled, or closed: the student went away
        client._record(
            request,
            started,
            usage,
            outcome="error",
            error="The stream was stopped before its end (the client went away).",
            raw_output="".join(produced),
        )
        raise
    finally:
        await chunks.aclose()
    client._record(request, started, usage, outcome="ok")
