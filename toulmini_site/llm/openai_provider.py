"""The OpenAI-compatible provider: the official SDK against OpenAI, Azure, vLLM, Ollama,
llama.cpp's server and LM Studio.

What real servers do, and what this client does about it:

- Structured output is asked for with the schema inlined (``schemas.response_format``: no
  ``$ref``, which llama.cpp refuses) and never trusted: the answer is validated by the client.
- A 400 that names what the server will not take is adapted to at once and remembered for
  that server and model, so later calls ask right the first time: ``temperature`` (OpenAI's
  reasoning models take only the default) is left out, ``max_tokens`` becomes
  ``max_completion_tokens``, and any other 400 to a request with ``response_format`` (LM Studio
  takes only ``json_schema``, older servers none) asks with the schema in the prompt instead.
  A server that answered 200 but ignored the schema (an empty answer or no JSON object) is
  asked in the prompt for the rest of this client's call.
- Every request carries the token budget (``LLM_MAX_TOKENS``, as ``max_tokens`` or
  ``max_completion_tokens``) and waits at most what is left of the call's deadline. The SDK's
  own retries are off: 429, 5xx and lost connections are retried here, inside the deadline,
  honouring ``retry-after`` when it fits.
- A body that is not JSON, or a stream that breaks, is ``LLMUnavailable``, never a raw
  decoding error; a stream that outlives the deadline is closed by a watchdog.
- Streams ask for the schema too when the caller gives one; ``reasoning_content`` deltas
  (vLLM's and Ollama's reasoning parsers) are not part of the answer and are skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import socket
import threading
import time
import weakref
from collections.abc import AsyncGenerator, Iterator, Sequence
from dataclasses import replace
from typing import Any

import httpx
import openai

try:  # the HTTP library the openai SDK is built on here (a fork of httpx, else httpx)
    import httpx2 as sdk_http  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover
    import httpx as sdk_http  # type: ignore[no-redef,unused-ignore]
from openai.types.chat import ChatCompletionMessageParam

from toulmini_site.llm.client import (
    Completion,
    LLMError,
    LLMOutputCut,
    LLMRequest,
    LLMTimeout,
    LLMUnavailable,
    Message,
    Usage,
)
from toulmini_site.llm.deadline import CallLimits, Deadline
from toulmini_site.llm.schemas import response_format, schema_instructions
from toulmini_site.llm.streaming import StreamingClient
from toulmini_site.llm.wording import MESSAGES

# What each (base_url, model) refused with a 400, adapted to from then on: "prompt_only"
# (the schema in words, no response_format), "no_temperature", "max_completion_tokens".
_ADAPTED: dict[tuple[str, str], set[str]] = {}
_ADAPTED_LOCK = threading.Lock()

_RETRIED_STATUSES = (408, 409, 429)


def forget_refused_formats() -> None:
    """Forget which servers refused ``response_format`` (tests start each server afresh)."""
    with _ADAPTED_LOCK:
        _ADAPTED.clear()


@functools.lru_cache(maxsize=32)
def _shared_sdk(base_url: str | None, api_key: str, timeout: float) -> openai.OpenAI:
    """One SDK client (and its connection pool) per server, shared by every call of the
    process: a client is made for each call, and making the SDK's took 30-130 ms of CPU
    (an SSL context), which 120 coach turns at once paid 120 times. It is thread-safe."""
    return openai.OpenAI(
        base_url=base_url,
        # Local servers (Ollama, llama.cpp) accept any key; the SDK insists on one.
        api_key=api_key or "not-needed",
        timeout=timeout,
        # Retried here instead, inside the call's deadline (the SDK's would not be).
        max_retries=0,
    )


class _Refused(Exception):
    """A 400 that says what to leave out or change (``adaptation``)."""

    def __init__(self, adaptation: str) -> None:
        super().__init__(adaptation)
        self.adaptation = adaptation


class OpenAICompatibleClient(StreamingClient):
    provider = "openai"

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float | None = None,
        max_retries: int | None = None,
        validation_retries: int = 2,
        temperature: float = 0.2,
        limits: CallLimits | None = None,
    ) -> None:
        limits = limits or CallLimits()
        if timeout is not None:
            limits = replace(limits, try_timeout_seconds=timeout)
        if max_retries is not None:
            limits = replace(limits, http_retries=max_retries)
        super().__init__(model=model, validation_retries=validation_retries, limits=limits)
        self.temperature = temperature
        self._server = (base_url or "", model)
        self._format_failed = False
        self._sdk = _shared_sdk(base_url or None, api_key or "", limits.try_timeout_seconds)

    # -- how a request is asked --------------------------------------------------------
    def _adapted(self, adaptation: str) -> bool:
        with _ADAPTED_LOCK:
            return adaptation in _ADAPTED.get(self._server, ())

    @property
    def prompt_only(self) -> bool:
        """Whether the schema goes in the prompt rather than in ``response_format``."""
        return self._format_failed or self._adapted("prompt_only")

    def _format_ignored(self) -> bool:
        changed = not self.prompt_only
        self._format_failed = True
        return changed

    def _adapt(self, adaptation: str) -> None:
        with _ADAPTED_LOCK:
            _ADAPTED.setdefault(self._server, set()).add(adaptation)

    def _body(self, request: LLMRequest) -> dict[str, Any]:
        messages = list(request.messages)
        body: dict[str, Any] = {"model": self.model}
        if not self._adapted("no_temperature"):
            body["temperature"] = self.temperature
        if request.max_tokens:
            param = self.limits.token_limit_param
            if self._adapted("max_completion_tokens"):
                param = "max_completion_tokens"
            body[param] = request.max_tokens
        if request.schema is not None:
            if self.prompt_only:
                messages = _with_instructions(messages, schema_instructions(request.schema))
            else:
                body["response_format"] = response_format(request.schema)
        body["messages"] = _sdk_messages(messages)
        return body

    # -- one structured try ------------------------------------------------------------
    def _complete(self, request: LLMRequest, deadline: Deadline) -> Completion:
        response = self._adapting(deadline, request, {})
        choice = response.choices[0] if response.choices else None
        content = (choice.message.content or "") if choice is not None else ""
        finish = choice.finish_reason if choice is not None else None
        return Completion(content, _usage(response.usage), finish)

    # -- one stream --------------------------------------------------------------------
    def _stream_chunks(self, request: LLMRequest, deadline: Deadline) -> Iterator[str | Usage]:
        extra = {"stream": True, "stream_options": {"include_usage": True}}
        stream = self._adapting(deadline, request, extra)
        # A read waits at most what was left when the request was sent: the watchdog ends a
        # stream that trickles on past the deadline.
        watchdog = _Watchdog(deadline.remaining(), stream.response)
        reader = ChunkReader(stream.response)
        try:
            with _translated_errors(deadline):
                for event in stream._iter_events():  # noqa: SLF001 (ChunkReader says why)
                    parts = reader.read(event)
                    if parts is None:
                        break
                    yield from parts
        finally:
            watchdog.stop()  # before the connection can go back to the pool
            stream.close()
        reader.check_cut(request)

    def _astream_chunks(
        self, request: LLMRequest, deadline: Deadline
    ) -> AsyncGenerator[str | Usage]:
        """The stream awaited (``streaming.astream``): ``openai_astream_chunks``."""
        return openai_astream_chunks(self, request, deadline)

    # -- HTTP, inside the deadline -----------------------------------------------------
    def _adapting(self, deadline: Deadline, request: LLMRequest, extra: dict[str, Any]) -> Any:
        """The request sent, adapted to each 400 that says what the server will not take
        (each adaptation at most once)."""
        for _ in range(3):
            try:
                return self._create(deadline, {**self._body(request), **extra})
            except _Refused as refused:
                self._adapt(refused.adaptation)
        return self._create(deadline, {**self._body(request), **extra})

    def _create(self, deadline: Deadline, body: dict[str, Any]) -> Any:
        """``chat.completions.create(**body)``, retried on 408/409/429/5xx and lost
        connections while the deadline allows. Raises ``_Refused`` for a 400 that can be
        adapted to, ``LLMError`` for anything else."""
        retries = _Retries(self.limits, deadline)
        for attempt, timeout in retries:
            try:
                with _translated_errors(deadline), _adapting(self, body):
                    return self._sdk.chat.completions.create(**body, timeout=timeout)
            except (LLMUnavailable, LLMTimeout) as error:
                time.sleep(retries.wait(error, attempt))
        raise AssertionError("unreachable")  # pragma: no cover


class _Retries:
    """One call's retry policy, shared by the sync and the async client: up to
    ``http_retries`` more tries, each bounded by ``try_timeout_seconds`` and the call's
    deadline; iterating gives each try's number and timeout."""

    def __init__(self, limits: CallLimits, deadline: Deadline) -> None:
        self.tries = limits.http_retries + 1
        self.try_timeout = limits.try_timeout_seconds
        self.deadline = deadline

    def __iter__(self) -> Iterator[tuple[int, float]]:
        for attempt in range(self.tries):
            timeout = self.deadline.timeout(self.try_timeout)
            if timeout <= 0:
                raise LLMTimeout.past(self.deadline)
            yield attempt, timeout

    def wait(self, error: LLMUnavailable | LLMTimeout, attempt: int) -> float:
        """Seconds to wait before the next try after ``error``; raises ``error`` when it is
        not worth another (a 4xx other than 408/409/429, the last try, past the deadline)."""
        wait = _retry_wait(error.__cause__, attempt)
        if wait is None or attempt + 1 >= self.tries or wait >= self.deadline.remaining():
            raise error
        return wait


@contextlib.contextmanager
def _adapting(client: OpenAICompatibleClient, body: dict[str, Any]) -> Iterator[None]:
    """A 400 that can be adapted to (``_adaptation``), and was not already, becomes
    ``_Refused``; any other 400 goes on as it is."""
    try:
        yield
    except openai.BadRequestError as exc:
        adaptation = _adaptation(exc, body)
        if adaptation is None or client._adapted(adaptation):
            raise
        raise _Refused(adaptation) from None


def _adaptation(exc: openai.BadRequestError, body: dict[str, Any]) -> str | None:
    """What a 400 asks to change, read from its message; None when it is nothing we send."""
    message = str(exc).lower()
    if "temperature" in message and "temperature" in body:
        return "no_temperature"
    if "max_completion_tokens" in message and "max_tokens" in body:
        return "max_completion_tokens"
    if "response_format" in body:
        return "prompt_only"
    return None


class _Watchdog:
    """Ends a stream from another thread once ``seconds`` have passed, unless stopped first.

    Closing the response alone does not wake a read blocked on the socket; shutting the
    socket down does. Once ``stop()`` has returned it never fires, so it cannot shut a
    connection the pool has handed to another request."""

    def __init__(self, seconds: float, response: httpx.Response) -> None:
        self._response = response
        self._lock = threading.Lock()
        self._stopped = False
        self._timer = threading.Timer(max(seconds, 0.001), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def _fire(self) -> None:
        with self._lock:
            if self._stopped:
                return
            network = self._response.extensions.get("network_stream")
            sock = network.get_extra_info("socket") if network is not None else None
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(Exception):
                self._response.close()

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            self._timer.cancel()


class ChunkReader:
    """A chat stream's server-sent events read as the SDK reads them, without the typed
    chunk object it builds for each (``construct_type``: about 0.7 ms of CPU a chunk, the
    largest part of a streaming web process's work when 120 students wait on answers at
    once). The SDK still sends the request, decodes the events and raises its transport
    errors; only the chunk's few fields we read are taken from its JSON here. Shared by the
    sync client and the async one (``openai_astream_chunks``), one reader per stream."""

    def __init__(self, response: Any) -> None:
        self._response = response
        self.finish: str | None = None

    def read(self, event: Any) -> list[str | Usage] | None:
        """The text and usage one event carries, or None for the stream's ``[DONE]``. An
        event that is not JSON raises ``ValueError``; one that carries an ``error``,
        ``openai.APIError`` (both translated by ``_translated_errors``)."""
        if event.data.startswith("[DONE]"):
            return None
        data = event.json()
        if not isinstance(data, dict):
            return []
        if data.get("error"):
            error = data["error"]
            message = error.get("message") if isinstance(error, dict) else None
            raise openai.APIError(
                message=message
                if isinstance(message, str) and message
                else "An error occurred during streaming",
                request=self._response.request,
                body=error,
            )
        parts: list[str | Usage] = []
        choices = data.get("choices")
        if event.event is None or not event.event.startswith("thread."):
            if isinstance(choices, list) and choices and isinstance(choices[0], dict):
                choice = choices[0]
                delta = choice.get("delta")
                content = delta.get("content") if isinstance(delta, dict) else None
                if isinstance(content, str) and content:
                    parts.append(content)
                self.finish = choice.get("finish_reason") or self.finish
            usage = data.get("usage")
            if isinstance(usage, dict):
                parts.append(
                    Usage(
                        tokens_in=usage.get("prompt_tokens") or 0,
                        tokens_out=usage.get("completion_tokens") or 0,
                    )
                )
        return parts

    def check_cut(self, request: LLMRequest) -> None:
        """``LLMOutputCut`` when the server stopped the answer at the token budget."""
        if self.finish == "length":
            raise LLMOutputCut(MESSAGES.say("llm.cut", tokens=request.max_tokens))


def _retry_wait(cause: BaseException | None, attempt: int) -> float | None:
    """Seconds to wait before trying again after ``cause``, or None when it is not worth
    another try (a 4xx other than 408/409/429, an unreadable body)."""
    backoff = min(0.5 * 2**attempt, 8.0)
    if isinstance(cause, openai.APIStatusError):
        status = cause.status_code
        if status not in _RETRIED_STATUSES and status < 500:
            return None
        headers = cause.response.headers
        try:
            if "retry-after-ms" in headers:
                return float(headers["retry-after-ms"]) / 1000
            if "retry-after" in headers:
                return float(headers["retry-after"])
        except ValueError:
            pass
        return backoff
    if isinstance(cause, openai.APIConnectionError | httpx.TransportError):
        return backoff
    return None


class _translated_errors:
    """Turn SDK, HTTP and decoding exceptions into the interface's ``LLMError`` family."""

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> None:
        if exc is None or isinstance(exc, LLMError | _Refused | GeneratorExit):
            return
        if not isinstance(exc, Exception):
            return
        raise _translated(exc, self.deadline) from exc


def _translated(exc: Exception, deadline: Deadline) -> LLMError:
    if isinstance(exc, openai.APITimeoutError | httpx.TimeoutException):
        return LLMTimeout(MESSAGES.say("llm.timeout"))
    if isinstance(exc, openai.RateLimitError):
        return LLMUnavailable(MESSAGES.say("llm.rate_limited"))
    if isinstance(exc, openai.APIStatusError):
        if 400 <= exc.status_code < 500:  # the server's reason helps whoever set it up
            return LLMUnavailable(
                MESSAGES.say("llm.status_reason", status=exc.status_code, reason=_reason(exc))
            )
        return LLMUnavailable(MESSAGES.say("llm.status", status=exc.status_code))
    if deadline.expired():  # the watchdog closed the stream
        return LLMTimeout.past(deadline)
    if isinstance(exc, openai.APIConnectionError):
        return LLMUnavailable(MESSAGES.say("llm.unreachable"))
    if isinstance(exc, ValueError | openai.APIResponseValidationError):
        return LLMUnavailable(MESSAGES.say("llm.unreadable"))
    if isinstance(exc, httpx.HTTPError | httpx.StreamError):
        return LLMUnavailable(MESSAGES.say("llm.broke_off"))
    if isinstance(exc, openai.OpenAIError):
        return LLMError(MESSAGES.say("llm.failed", reason=exc))
    return LLMUnavailable(MESSAGES.say("llm.failed", reason=f"{type(exc).__name__}."))


def _reason(exc: openai.APIStatusError) -> str:
    body = exc.body
    message = body.get("message") if isinstance(body, dict) else None
    return str(message or exc.message)[:300]


def _with_instructions(messages: list[Message], instructions: str) -> list[Message]:
    """The schema's instructions in the first system message (some chat templates refuse a
    system message anywhere but first), or a new one before the rest."""
    if messages and messages[0]["role"] == "system":
        first = {"role": "system", "content": f"{messages[0]['content']}\n\n{instructions}"}
        return [first, *messages[1:]]
    return [{"role": "system", "content": instructions}, *messages]


def _sdk_messages(messages: Sequence[Message]) -> list[ChatCompletionMessageParam]:
    """Our ``{"role", "content"}`` messages as the SDK's typed ones (system, user, assistant)."""
    sdk: list[ChatCompletionMessageParam] = []
    for message in messages:
        role, content = message["role"], message["content"]
        if role == "system":
            sdk.append({"role": "system", "content": content})
        elif role == "user":
            sdk.append({"role": "user", "content": content})
        elif role == "assistant":
            sdk.append({"role": "assistant", "content": content})
        else:
            raise ValueError(f"A message's role is system, user or assistant, not {role!r}.")
    return sdk


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage()
    return Usage(
        tokens_in=getattr(usage, "prompt_tokens", 0) or 0,
        tokens_out=getattr(usage, "completion_tokens", 0) or 0,
    )


# -- the async stream (``streaming.astream``): a waiting stream is a coroutine -------------
# On ``AsyncOpenAI``, with the sync client's request (``OpenAICompatibleClient._body``: the
# schema inlined or in the prompt, the token budget), error translation, retry rules and chunk
# reader; only the waiting differs. In this module, beside the sync client, so that the stream
# needs no import back from ``streaming``. One ``AsyncOpenAI`` per event loop and server (its
# connection pool belongs to the loop), with room for every stream a worker serves at once.

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


async def _aadapting(
    client: OpenAICompatibleClient, deadline: Deadline, request: LLMRequest, extra: dict[str, Any]
) -> Any:
    """The request sent, adapted to each 400 that says what the server will not take, as
    the sync client's ``_adapting`` (the adaptations are shared with it, per server)."""
    for _ in range(3):
        try:
            return await _acreate(client, deadline, {**client._body(request), **extra})
        except _Refused as refused:
            client._adapt(refused.adaptation)
    return await _acreate(client, deadline, {**client._body(request), **extra})


async def _acreate(client: OpenAICompatibleClient, deadline: Deadline, body: dict[str, Any]) -> Any:
    """``chat.completions.create(**body)`` awaited, retried like the sync client's."""
    retries = _Retries(client.limits, deadline)
    sdk = _sdk(client)
    for attempt, timeout in retries:
        try:
            with _translated_errors(deadline), _adapting(client, body):
                return await sdk.chat.completions.create(**body, timeout=timeout)
        except (LLMUnavailable, LLMTimeout) as error:
            await asyncio.sleep(retries.wait(error, attempt))
    raise AssertionError("unreachable")  # pragma: no cover


async def openai_astream_chunks(
    client: OpenAICompatibleClient, request: LLMRequest, deadline: Deadline
) -> AsyncGenerator[str | Usage]:
    """Text chunks, then the usage if the server gives it (``astream`` bounds each wait)."""
    extra = {"stream": True, "stream_options": {"include_usage": True}}
    stream = await _aadapting(client, deadline, request, extra)
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
