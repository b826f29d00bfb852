"""The async model stream (``toulmini_site.llm.streaming.astream``): deadline, cancellation,
records, and the OpenAI-compatible server streamed through ``AsyncOpenAI``."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from toulmini_site.llm import CallLimits, LLMTimeout
from toulmini_site.llm.fake import FOREVER, FakeClient
from toulmini_site.llm.openai_provider import OpenAICompatibleClient
from toulmini_site.llm.streaming import astream

MESSAGES = [{"role": "user", "content": "hi"}]


async def _collect(client, **kw) -> str:
    return "".join([c async for c in astream(client, purpose="t", messages=MESSAGES, **kw)])


def test_the_fake_streams_its_reply_and_records_one_call():
    client = FakeClient(responses=['{"assistantText": "Hello there."}'], chunk_delay=0.01)
    assert asyncio.run(_collect(client)) == '{"assistantText": "Hello there."}'
    [record] = client.drain_calls()
    assert record.outcome == "ok" and record.purpose == "t"


def test_a_stream_without_end_stops_at_the_deadline_with_a_clear_error():
    client = FakeClient(responses=[FOREVER], chunk_delay=0.05)
    client.limits = CallLimits(deadline_seconds=0.5)
    started = time.monotonic()
    with pytest.raises(LLMTimeout, match="within 0.5 s"):
        asyncio.run(_collect(client))
    assert time.monotonic() - started < 1.5
    [record] = client.drain_calls()
    assert record.outcome == "timeout" and record.raw_output.startswith("...")


def test_a_silent_model_is_cut_off_at_the_deadline_too():
    client = FakeClient(responses=["{}"], latency=30)
    client.limits = CallLimits(deadline_seconds=0.3)
    with pytest.raises(LLMTimeout):
        asyncio.run(_collect(client))


def test_a_consumer_that_goes_away_closes_the_stream_and_it_is_recorded():
    client = FakeClient(responses=[FOREVER], chunk_delay=0.01)

    async def leave_early():
        task = asyncio.create_task(_collect(client))
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(leave_early())
    [record] = client.drain_calls()
    assert record.outcome == "error" and "went away" in record.error


class _Sse(BaseHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        self.server.bodies.append(body)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        for piece in ["<think>hm</think>", '{"a": ', "1}"]:
            event = {
                "id": "c",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": "m",
                "choices": [{"index": 0, "delta": {"content": piece}}],
            }
            self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
            self.wfile.flush()
        self.wfile.write(b"data: [DONE]\n\n")


def test_an_openai_compatible_server_streams_through_asyncopenai():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Sse)
    server.bodies = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        client = OpenAICompatibleClient(
            model="m",
            base_url=f"http://127.0.0.1:{server.server_port}/v1",
            limits=CallLimits(deadline_seconds=10, max_tokens=321),
        )
        assert asyncio.run(_collect(client)) == '{"a": 1}'  # the reasoning left out
        [body] = server.bodies  # type: ignore[attr-defined]
        assert body["stream"] is True and body["max_tokens"] == 321
        [record] = client.drain_calls()
        assert record.outcome == "ok" and record.provider == "openai"
    finally:
        server.shutdown()
