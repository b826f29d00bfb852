"""A small scripted OpenAI-compatible server on 127.0.0.1, for testing the provider through the
real SDK without leaving the machine.

Each ``POST /v1/chat/completions`` takes the next scripted behaviour from a queue:

- ``server.reply(content)``: a ``chat.completion`` (or, when the request asks to stream, SSE
  chunks whose ``delta.content`` join to ``content``; ``chunks=[...]`` fixes the split);
- ``server.fail(status)``: that HTTP status with an OpenAI-style error body and
  ``retry-after-ms: 10``, so the SDK's back-off stays short;
- ``server.stall(seconds)``: wait that long before answering (longer than the client timeout);
- ``server.raw(body)``: a 200 whose body is ``body`` as it is (malformed JSON, a broken stream);
- ``server.answer_with(model)``: when nothing is scripted, ``model(request)`` decides (the
  quirky servers of ``tests.llm.quirks`` are such models).

Every request is recorded in ``server.requests`` (path, headers, parsed JSON body) so tests can
assert what the SDK sent. A request with nothing scripted gets a 418, which the SDK does not
retry, and is counted in ``server.unscripted``.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class _Server(ThreadingHTTPServer):
    """Quiet about clients that hang up (a test's timeout): socketserver would print a
    traceback from its own thread, in the middle of another test's output."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@dataclass(frozen=True)
class Reply:
    content: str
    chunks: list[str] | None = None
    prompt_tokens: int = 11
    completion_tokens: int = 7
    # Seconds to wait after the first stream chunk (a server that stalls mid-stream).
    stall_mid_stream: float = 0.0
    # Why the model stopped: "stop", "length" (the budget ran out), None (Ollama says nothing).
    finish_reason: str | None = "stop"


@dataclass(frozen=True)
class Fail:
    status: int
    retry_after_ms: int = 10
    message: str = ""


@dataclass(frozen=True)
class Raw:
    """A 200 with this body as it is: bytes that are not the JSON (or the SSE) promised."""

    body: bytes
    stream_body: bytes = b'data: {"id": "chatcmpl-broken", "choices": [{"delta": {"cont\n\n'


@dataclass(frozen=True)
class Stall:
    seconds: float
    then: Reply = field(default_factory=lambda: Reply('{"late": true}'))


Behaviour = Reply | Fail | Stall | Raw


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class FakeOpenAIServer:
    """Start with ``start()``, stop with ``stop()``; ``url`` is ``http://127.0.0.1:<port>``."""

    def __init__(self) -> None:
        self.requests: list[Received] = []
        self.unscripted = 0
        self._model: Callable[[Received], Behaviour] | None = None
        self._script: deque[Behaviour] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = _Server(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            # A short poll interval, so that stopping after each test is quick.
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.02},
            daemon=True,
        )

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    # -- scripting ---------------------------------------------------------------------
    def reply(
        self,
        content: str,
        *,
        chunks: list[str] | None = None,
        prompt_tokens: int = 11,
        completion_tokens: int = 7,
        stall_mid_stream: float = 0.0,
        finish_reason: str | None = "stop",
    ) -> None:
        if chunks is not None:
            assert "".join(chunks) == content, "the chunks must join to the content"
        self._push(
            Reply(
                content, chunks, prompt_tokens, completion_tokens, stall_mid_stream, finish_reason
            )
        )

    def fail(self, status: int, *, retry_after_ms: int = 10, message: str = "") -> None:
        self._push(Fail(status, retry_after_ms, message))

    def raw(self, body: bytes) -> None:
        self._push(Raw(body))

    def answer_with(self, model: Callable[[Received], Behaviour]) -> None:
        """Answer every unscripted request with ``model(request)``."""
        self._model = model

    def stall(self, seconds: float) -> None:
        self._push(Stall(seconds))

    def pending(self) -> list[Behaviour]:
        with self._lock:
            return list(self._script)

    def _push(self, behaviour: Behaviour) -> None:
        with self._lock:
            self._script.append(behaviour)

    def _note(self, received: Received) -> None:
        with self._lock:
            self.requests.append(received)

    def _next(self, received: Received) -> Behaviour | None:
        with self._lock:
            self.requests.append(received)
            if self._script:
                return self._script.popleft()
            if self._model is None:
                self.unscripted += 1
                return None
            model = self._model
        return model(received)

    # -- life cycle --------------------------------------------------------------------
    def start(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers that are stalling
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def _wait(self, seconds: float) -> None:
        self._stopping.wait(seconds)


def _handler_for(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as the SDK's connection pool expects
        timeout = 5  # an idle kept-alive connection does not hold its thread for long

        def log_message(self, format: str, *args: Any) -> None:  # quiet test output
            return None

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {"_unparsed": raw.decode("utf-8", "replace")}
            received = Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            if self.path != "/v1/chat/completions":
                server._note(received)
                self._json(404, _error(f"no route {self.path}", "not_found"))
                return
            behaviour = server._next(received)
            # The client may have given up (its timeout): then there is no one left to answer.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self._perform(behaviour, body)

        def _perform(self, behaviour: Behaviour | None, body: dict[str, Any]) -> None:
            if behaviour is None:
                self._json(418, _error("the fake server has no scripted reply", "unscripted"))
                return
            if isinstance(behaviour, Fail):
                headers = {"retry-after-ms": str(behaviour.retry_after_ms)}
                message = behaviour.message or f"scripted {behaviour.status}"
                self._json(behaviour.status, _error(message), headers)
                return
            if isinstance(behaviour, Raw):
                streamed = bool(body.get("stream"))
                data = behaviour.stream_body if streamed else behaviour.body
                self.send_response(200)
                self.send_header(
                    "content-type", "text/event-stream" if streamed else "application/json"
                )
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
            if isinstance(behaviour, Stall):
                server._wait(behaviour.seconds)
                behaviour = behaviour.then
            if body.get("stream"):
                include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
                self._stream(behaviour, body.get("model", ""), include_usage)
            else:
                self._json(200, _completion(behaviour, body.get("model", "")))

        def _json(
            self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
        ) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def _stream(self, reply: Reply, model: str, include_usage: bool) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("transfer-encoding", "chunked")
            self.end_headers()
            chunks = reply.chunks if reply.chunks is not None else _split(reply.content)
            ident = f"chatcmpl-fake-{time.monotonic_ns()}"
            for index, text in enumerate(chunks):
                delta = {"role": "assistant", "content": text} if index == 0 else {"content": text}
                self._event(_chunk(ident, model, [{"index": 0, "delta": delta}]))
                if index == 0 and reply.stall_mid_stream:
                    server._wait(reply.stall_mid_stream)
            end = {"index": 0, "delta": {}, "finish_reason": reply.finish_reason}
            self._event(_chunk(ident, model, [end]))
            if include_usage:
                self._event(_chunk(ident, model, [], usage=_usage(reply)))
            self._write_chunk(b"data: [DONE]\n\n")
            self._write_chunk(b"")  # the terminating zero-length chunk

        def _event(self, payload: dict[str, Any]) -> None:
            self._write_chunk(f"data: {json.dumps(payload)}\n\n".encode())

        def _write_chunk(self, data: bytes) -> None:
            self.wfile.write(f"{len(data):X}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()

    return Handler


def _split(content: str) -> list[str]:
    """Word-sized pieces that keep their spaces, so they join back to ``content``."""
    pieces: list[str] = []
    for word in content.split(" "):
        pieces.append(word + " ")
    pieces[-1] = pieces[-1][:-1]
    return [p for p in pieces if p]


def _usage(reply: Reply) -> dict[str, int]:
    return {
        "prompt_tokens": reply.prompt_tokens,
        "completion_tokens": reply.completion_tokens,
        "total_tokens": reply.prompt_tokens + reply.completion_tokens,
    }


def _completion(reply: Reply, model: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": reply.content},
                "finish_reason": reply.finish_reason,
            }
        ],
        "usage": _usage(reply),
    }


def _chunk(
    ident: str, model: str, choices: list[dict[str, Any]], usage: dict[str, int] | None = None
) -> dict[str, Any]:
    return {
        "id": ident,
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": model,
        "choices": choices,
        "usage": usage,
    }


def _error(message: str, code: str = "scripted") -> dict[str, Any]:
    return {"error": {"message": message, "type": "fake_server_error", "code": code}}
