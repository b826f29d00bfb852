"""Many students take a coach turn at once against a slow streaming model: does every turn
end, how late, and does the rest of the site stay quick meanwhile?

A slow OpenAI-compatible model on loopback streams each answer over ``STREAM_SECONDS`` (6 s).
The production server runs with ``make serve``'s defaults (2 processes; ASGI: uvicorn workers)
on PostgreSQL (and Redis when ``CACHE_URL`` is set). ``STREAM_STUDENTS`` (120) students send
a coach turn at the same moment; meanwhile ``/healthz`` and a page (the coach's session list,
signed in) are asked every 100 ms. Printed: turns ended with their final event, when the last
one ended (against one answer's length), and the p50/p95 of ``/healthz`` and of the page.

The fake model and the probes each run in a process of their own: in the students' process
(120 streams parsed on one event loop) or beside the model's 120 writing threads, a probe's
time would include its own process's queue for the event loop and the GIL, not only the
server's answer.

``STREAM_SERVERS=asgi,wsgi`` measures the former gunicorn ``gthread`` server too (2 x 8
threads), for the before/after figures. BENCH_SMALL=1 runs 12 students and 2 s answers.

Run: .venv/bin/python -m benchmarks.serve_stream   (needs PostgreSQL, like benchmarks.load;
LOAD_PORT, LOAD_DB_TAG name the port and tag the database's name)
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from typing import Any

import httpx

from benchmarks.harness import percentile, report, small
from benchmarks.load import BASE, _server_env, postgres_database, production_server, shell

STUDENTS = int(os.environ.get("STREAM_STUDENTS", "12" if small() else "120"))
STREAM_SECONDS = float(os.environ.get("STREAM_SECONDS", "2" if small() else "6"))
SERVERS = os.environ.get("STREAM_SERVERS", "asgi").split(",")
CHUNKS = 30
ANSWER = json.dumps(
    {"assistantText": "What makes you think phones distract? Tell me more.", "step": "claim"}
)
SETUP = """
import json
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from rest_framework.authtoken.models import Token
from coach.services import session_create
out = []
for n in range({students}):
    user = User.objects.create_user(f"streamer{prefix}{{n}}")
    session = session_create(owner=user, topic="Phones in classrooms")
    out.append({{"token": Token.objects.create(user=user).key, "session": session.pk}})
page = SessionStore()
page["_auth_user_id"] = str(User.objects.get(username="streamer{prefix}0").pk)
page["_auth_user_backend"] = "toulmini_site.limits.LimitedModelBackend"
page["_auth_user_hash"] = User.objects.get(username="streamer{prefix}0").get_session_auth_hash()
page.create()
print(json.dumps({{"students": out, "cookie": page.session_key}}))
"""


class SlowModel(BaseHTTPRequestHandler):
    """Streams ``ANSWER`` as chat.completion.chunk events over ``STREAM_SECONDS``."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        size = -(-len(ANSWER) // CHUNKS)
        pieces = [ANSWER[start : start + size] for start in range(0, len(ANSWER), size)]
        pause = STREAM_SECONDS / len(pieces)
        try:
            for piece in pieces:
                time.sleep(pause)
                event = {
                    "id": "c1",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": "slow",
                    "choices": [{"index": 0, "delta": {"content": piece}}],
                }
                self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.flush()
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass


async def _turn(
    client: httpx.AsyncClient, student: dict, started: float
) -> tuple[str, float, float]:
    url = f"/api/v1/coach/sessions/{student['session']}/turn/"
    headers = {"Authorization": f"Token {student['token']}"}
    body = {"message": "I think phones distract students during lessons."}
    last, first = "", float("nan")
    try:
        async with client.stream("POST", url, json=body, headers=headers) as response:
            if response.status_code != 200:
                await response.aread()
                return f"HTTP {response.status_code}", first, time.perf_counter() - started
            async for line in response.aiter_lines():
                if line.strip():
                    if not last:
                        first = time.perf_counter() - started
                    last = json.loads(line).get("type", "no type")
    except httpx.HTTPError as error:
        last = type(error).__name__
    return last, first, time.perf_counter() - started


def _probe(url: str, stop: threading.Event, out: list[float], **kw: Any) -> None:
    with httpx.Client(base_url=BASE, timeout=60, **kw) as client:
        while not stop.is_set():
            asked = time.perf_counter()
            try:
                ok = client.get(url).status_code == 200
            except httpx.HTTPError:
                ok = False
            out.append((time.perf_counter() - asked) if ok else float("inf"))
            stop.wait(0.1)


def _probes(cookie: str, pipe: Connection) -> None:
    """The probes' process: asks ``/healthz`` and the page every 100 ms from "go" to "stop"
    (read on ``pipe``), then sends back both lists of times."""
    stop = threading.Event()
    health: list[float] = []
    page: list[float] = []
    threads = [
        threading.Thread(target=_probe, args=("/healthz", stop, health)),
        threading.Thread(
            target=_probe, args=("/coach/", stop, page), kwargs={"cookies": {"sessionid": cookie}}
        ),
    ]
    pipe.recv()  # go
    for thread in threads:
        thread.start()
    pipe.recv()  # stop
    stop.set()
    for thread in threads:
        thread.join()
    pipe.send((health, page))


async def _drive(students: list[dict], cookie: str) -> list[tuple[str, str]]:
    limits = httpx.Limits(max_connections=STUDENTS + 10, max_keepalive_connections=STUDENTS + 10)
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    prober = multiprocessing.get_context("spawn").Process(
        target=_probes, args=(cookie, theirs), daemon=True
    )
    prober.start()
    try:
        async with httpx.AsyncClient(base_url=BASE, timeout=300, limits=limits) as client:
            # Each web process's first turn imports the model SDK: warm them up first.
            await asyncio.gather(*(_turn(client, s, time.perf_counter()) for s in students[:4]))
            ours.send("go")
            await asyncio.sleep(0.5)
            started = time.perf_counter()
            ends = await asyncio.gather(*(_turn(client, s, started) for s in students))
            ours.send("stop")
            health, page = ours.recv()
    finally:
        prober.join(timeout=30)
        prober.kill()
    finals = sum(1 for kind, _, _ in ends if kind == "final")
    last = max(t for _, _, t in ends)
    first = max(f for _, f, _ in ends)
    kinds = sorted({kind for kind, _, _ in ends if kind != "final"})
    ended = f"{finals}/{len(ends)}" + (f" (others: {kinds})" if kinds else "")
    return [
        ("turns ended with their final event", ended),
        ("last turn's first line", f"{first:.1f} s"),
        ("last turn ended", f"{last:.1f} s = {last / STREAM_SECONDS:.1f} x one answer"),
        ("GET /healthz meanwhile", _quantiles(health)),
        ("GET /coach/ (a page) meanwhile", _quantiles(page)),
    ]


def _quantiles(samples: list[float]) -> str:
    failed = sum(1 for s in samples if s == float("inf"))
    good = [s for s in samples if s != float("inf")] or [float("nan")]
    p50, p95 = (percentile(good, p) * 1000 for p in (50, 95))
    return f"n={len(samples)}  p50 {p50:.0f} ms  p95 {p95:.0f} ms" + (
        f"  failed {failed}" if failed else ""
    )


def _model(seconds: float, pipe: Connection) -> None:
    """The fake model's process: serves until killed, after sending its port on ``pipe``."""
    global STREAM_SECONDS
    STREAM_SECONDS = seconds
    server = ThreadingHTTPServer(("127.0.0.1", 0), SlowModel)
    server.daemon_threads = True
    pipe.send(server.server_port)
    server.serve_forever()


def main() -> None:
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    model = multiprocessing.get_context("spawn").Process(
        target=_model, args=(STREAM_SECONDS, theirs), daemon=True
    )
    model.start()
    port = ours.recv()
    llm = {
        "LLM_MODEL": "slow",
        "LLM_BASE_URL": f"http://127.0.0.1:{port}/v1",
        "LLM_API_KEY": "none",
        "QUOTA_LLM_COACH_TURNS_PER_DAY": "100000",
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
        "TASK_WORKERS": "0",
    }
    try:
        with postgres_database() as database_url:
            env = {**_server_env(database_url), **llm}
            for n, server in enumerate(SERVERS):
                env["WEB_SERVER"] = server
                with production_server(env):
                    made = json.loads(shell(env, SETUP.format(students=STUDENTS, prefix=n)))
                    rows = asyncio.run(_drive(made["students"], made["cookie"]))
                what = "ASGI, uvicorn workers" if server == "asgi" else "WSGI, gthread 8 threads"
                report(
                    f"{STUDENTS} coach turns at once, {STREAM_SECONDS:g} s answers, "
                    f"make serve defaults (2 processes, {what})",
                    rows,
                )
                env["MIGRATE"] = "0"
    finally:
        model.kill()
        model.join()


if __name__ == "__main__":
    main()
