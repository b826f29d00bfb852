"""The OpenAI-compatible client's stream on ``AsyncOpenAI``: a waiting stream is a coroutine.

The request is the sync client's (``OpenAICompatibleClient._body``: the schema inlined or in
the prompt, the token budget), and so are the error translation and the retry rules
(``openai_provider``); only the waiting differs. One ``AsyncOpenAI`` per event loop and server
(its connection pool belongs to the loop), with room for every stream a worker serves at once.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncGenerator
from typing import Any

import openai

try:  # the HTTP library the openai SDK is built on here (a fork of httpx, else httpx)
    import httpx2 as sdk_http  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover
    import httpx as sdk_http  # type: ignore[no-redef,unused-ignore]

from toulmini_site.llm.client import LLMRequest, LLMTimeout, LLMUnavailable, Usage
from toulmini_site.llm.deadline import Deadline
from toulmini_site.llm.openai_provider import (
    ChunkReader,
    OpenAICompatibleClient,
    _adaptation,
    _Refused,
    _retry_wait,
    _timeout,
    _translated_errors,
)

# Streams one worker may hold open to the model at once (the rest wait for a connection).
MAX_CONNECTIONS = 1000

_sdks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[str, str], Any]] = (
    weakref.WeakKeyDictionary()
)


def _sdk(client: OpenAICompatibleClient) -> openai.AsyncOpenAI:
    loop = asyncio.get_running_loop()
    per_loop = _sdks.setdefault(loop, {})
    key = (str(client._sdk.base_url), client._sdk.api_key)
    if key not in per_loop:
        per_loop[key] = openai.AsyncOpenAI(
            base_url=key[0],
            api_key=key[1],
            timeout=client.limits.try_timeout_seconds,
            max_retries=0,  # retried here, inside the call's deadline
            http_client=openai.DefaultAsyncHttpxClient(
                limits=sdk_http.Limits(
                    max_connections=MAX_CONNECTIONS, max_keepalive_connections=100
                )
            ),
        )
    return per_loop[key]


def warm_up(client: OpenAICompatibleClient) -> None:
    """Import what the first stream would: this module, the SDK, and the SDK's chat
    resources (loaded on their first use)."""
    client._sdk.chat.completions  # noqa: B018 (the attribute's first read imports them)


async def _adapting(
    client: OpenAICompatibleClient, deadline: Deadline, request: LLMRequest, extra: dict[str, Any]
) -> Any:
    """The request sent, adapted to each 400 that says what the server will not take, as
    the sync client's ``_adapting`` (the adaptations are shared with it, per server)."""
    for _ in range(3):
        try:
            return await _create(client, deadline, {**client._body(request), **extra})
        except _Refused as refused:
            client._adapt(refused.adaptation)
    return await _create(client, deadline, {**client._body(request), **extra})


async def _create(client: OpenAICompatibleClient, deadline: Deadline, body: dict[str, Any]) -> Any:
    """``chat.completions.create(**body)`` awaited, retried like the sync client's."""
    tries = client.limits.http_retries + 1
    sdk = _sdk(client)
    for attempt in range(tries):
        timeout = deadline.timeout(client.limits.try_timeout_seconds)
        if timeout <= 0:
            raise _timeout(deadline)
        try:
            with _translated_errors(deadline):
                try:
                    return await sdk.chat.completions.create(**body, timeout=timeout)
                except openai.BadRequestError as exc:
                    adaptation = _adaptation(exc, body)
                    if adaptation is None or client._adapted(adaptation):
                        raise
                    raise _Refused(adaptation) from None
        except (LLMUnavailable, LLMTimeout) as error:
            wait = _retry_wait(error.__cause__, attempt)
            if wait is None or attempt + 1 >= tries or wait >= deadline.remaining():
                raise
            await asyncio.sleep(wait)
    raise AssertionError("unreachable")  # pragma: no cover


async def openai_astream_chunks(
    client: OpenAICompatibleClient, request: LLMRequest, deadline: Deadline
) -> AsyncGenerator[str | Usage]:
    """Text chunks, then the usage if the server gives it (``astream`` bounds each wait)."""
    extra = {"stream": True, "stream_options": {"include_usage": True}}
    stream = await _adapting(client, deadline, request, extra)
    reader = ChunkReader(stream.response)
    try:
        with _translated_errors(deadline):
            async for event in stream._iter_events():  # noqa: SLF001 (ChunkReader says why)
                parts = reader.read(event)
                if parts is None:
                    break
                for part in parts:
                    yield part
    finally:
        await stream.close()  # the connection to the model goes, whatever ended the stream
    reader.check_cut(request)
