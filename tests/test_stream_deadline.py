"""The coach's stream under the production ASGI server: a model that streams for ever.

Twenty students take a coach turn at once against a model that never stops streaming. Each
turn must end with a clear error at the call's deadline, and every stream to the model must be
closed again (the coroutine freed) within the deadline plus 5 s; students who close their page
free theirs at once. Runs ``make serve``'s web command (gunicorn with a uvicorn worker) on a
PostgreSQL database of its own; skips, saying why, without PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from tests.processes import STRONG_KEY, env, manage, postgres_url
from toulmini_site.serve import serve_plan

__all__ = ["postgres_url"]  # the fixture, used by name below

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 6.0
TURNS = 20
SETUP = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from coach.services import session_create
out = []
for n in range(%d):
    user = User.objects.create_user(f"forever{n}")
    session = session_create(owner=user, topic="Phones in classrooms")
    out.append({"token": Token.objects.create(user=user).key, "session": session.pk})
print(json.dumps(out))
"""


class ForeverModel(ThreadingHTTPServer):
    """An OpenAI-compatible server whose answer never ends; counts the streams still open."""

    daemon_threads = True

    def __init__(self) -> None:
        self.open_streams = 0
        self.started = 0
        self.last_start = 0.0
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), _Forever)


class _Forever(BaseHTTPRequestHandler):
    server: ForeverModel

    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        with self.server.lock:
            self.server.open_streams += 1
            self.server.started += 1
            self.server.last_start = time.monotonic()
        event = {
            "id": "c",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "forever",
            "choices": [{"index": 0, "delta": {"content": " "}}],
        }
        try:
            self.wfile.write(
                b'data: {"id":"c","object":"chat.completion.chunk","created":0,'
                b'"model":"forever","choices":[{"index":0,"delta":'
                b'{"content":"{\\"assistantText\\": \\"Think"}}]}\n\n'
            )
            while True:
                self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.flush()
                time.sleep(0.2)
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass
        finally:
            with self.server.lock:
                self.server.open_streams -= 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def asgi_site(postgres_url, tmp_path):
    model = ForeverModel()
    threading.Thread(target=model.serve_forever, daemon=True).start()
    manage(postgres_url, "migrate", "--noinput", "-v", "0")
    students = json.loads(manage(postgres_url, "shell", "-c", SETUP % TURNS).splitlines()[-1])
    port = _free_port()
    site_env = {
        **env(postgres_url),
        "SECRET_KEY": STRONG_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "HTTPS": "0",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "LLM_MODEL": "forever",
        "LLM_BASE_URL": f"http://127.0.0.1:{model.server_port}/v1",
        "LLM_API_KEY": "none",
        "LLM_DEADLINE_SECONDS": str(DEADLINE),
        "LLM_TIMEOUT_SECONDS": str(DEADLINE),
        "THROTTLE_USER": "100000/min",
    }
    plan = serve_plan(site_env)
    server = subprocess.Popen(
        plan["web"],
        cwd=ROOT,
        env={**plan["env"], **plan["web_env"]},
        stdout=(tmp_path / "server.log").open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert server.poll() is None, (tmp_path / "server.log").read_text()[-3000:]
            time.sleep(0.5)
        yield base, students, model
    finally:
        server.terminate()
        server.wait(timeout=30)
        model.shutdown()


async def _turn(
    base: str, student: dict, *, leave_after: float | None = None
) -> tuple[list[dict], float]:
    """The turn's lines, and seconds from its first line to its last."""
    url = f"{base}/api/v1/coach/sessions/{student['session']}/turn/"
    lines: list[dict] = []
    async with (
        httpx.AsyncClient(timeout=60) as client,
        client.stream(
            "POST",
            url,
            json={"message": "I think phones distract students."},
            headers={"Authorization": f"Token {student['token']}"},
        ) as response,
    ):
        assert response.status_code == 200
        started = time.monotonic()
        async for line in response.aiter_lines():
            if line.strip():
                if not lines:
                    started = time.monotonic()
                lines.append(json.loads(line))
            if leave_after is not None and time.monotonic() - started > leave_after:
                break  # the student closes the page
    return lines, time.monotonic() - started


def _wait_until(predicate, seconds: float) -> float:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if predicate():
            return time.monotonic() - started
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s")


def test_twenty_endless_streams_end_at_the_deadline_and_free_every_worker(asgi_site):
    base, students, model = asgi_site

    async def everyone():
        return await asyncio.gather(*(_turn(base, s) for s in students))

    turns = asyncio.run(everyone())
    for lines, took in turns:
        assert lines[0]["type"] == "start"
        assert lines[-1]["type"] == "error" and lines[-1]["error"] == "coach_stream_failed"
        assert f"within {DEADLINE:g} s" in lines[-1]["message"]
        assert DEADLINE - 0.5 < took < DEADLINE + 5  # ended at its deadline, not later
    assert model.started == TURNS
    # Every stream to the model closed (its coroutine freed) by the last deadline plus 5 s.
    _wait_until(lambda: model.open_streams == 0, model.last_start + DEADLINE + 5 - time.monotonic())
    answered = time.monotonic()
    assert httpx.get(f"{base}/healthz", timeout=5).status_code == 200
    assert time.monotonic() - answered < 1.0


def test_students_who_leave_free_their_streams_before_the_deadline(asgi_site):
    base, students, model = asgi_site

    async def everyone_leaves():
        return await asyncio.gather(*(_turn(base, s, leave_after=0.5) for s in students))

    asyncio.run(everyone_leaves())
    left = time.monotonic()
    assert model.started == TURNS
    _wait_until(lambda: model.open_streams == 0, 3.0)  # well before the 6 s deadline
    assert time.monotonic() - left < DEADLINE - 1
