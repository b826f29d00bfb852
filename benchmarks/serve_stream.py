"""Does a coach stream hold a web worker for a whole model answer? Measured, to choose.

A slow OpenAI-compatible model on loopback streams each answer over ~3 s. With the
production server on one process, four students take a coach turn at once; meanwhile a fifth
request asks for ``/healthz``. Printed per configuration: how long that plain request waited,
and when the last stream started (first byte) and ended.

- 1 process x 1 thread: what a sync gunicorn worker does (one request at a time);
- 1 process x 8 threads: gunicorn's ``gthread``, what ``make serve`` runs.

Run: .venv/bin/python -m benchmarks.serve_stream   (needs PostgreSQL, like benchmarks.load)
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx

from benchmarks.harness import report
from benchmarks.load import BASE, _server_env, postgres_database, production_server, shell

STREAMS = 4
CHUNKS = 20
CHUNK_SECONDS = 0.15  # 3 s per answer
ANSWER = json.dumps(
    {"assistantText": "What makes you think phones distract? Tell me more.", "step": "claim"}
)
SETUP = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from coach.services import session_create
out = []
for n in range({streams}):
    user = User.objects.create_user(f"streamer{prefix}{{n}}")
    session = session_create(owner=user, topic="Phones in classrooms")
    out.append({{"token": Token.objects.create(user=user).key, "session": session.pk}})
print(json.dumps(out))
"""


class SlowModel(BaseHTTPRequestHandler):
    """Streams ``ANSWER`` as chat.completion.chunk events, ``CHUNK_SECONDS`` apart."""

    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        size = -(-len(ANSWER) // CHUNKS)
        for start in range(0, len(ANSWER), size):
            event = {
                "id": "c1",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": "slow",
                "choices": [{"index": 0, "delta": {"content": ANSWER[start : start + size]}}],
            }
            self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
            self.wfile.flush()
            time.sleep(CHUNK_SECONDS)
        self.wfile.write(b"data: [DONE]\n\n")


def _turn(student: dict, started: float, out: list) -> None:
    url = f"{BASE}/api/v1/coach/sessions/{student['session']}/turn/"
    headers = {"Authorization": f"Token {student['token']}"}
    body = {"message": "I think phones distract students during lessons."}
    first = None
    with httpx.stream("POST", url, json=body, headers=headers, timeout=60) as response:
        for _line in response.iter_lines():
            first = first or time.perf_counter() - started
    out.append((first, time.perf_counter() - started))


def _measure(env: dict[str, str], threads: int) -> list[tuple[str, str]]:
    env = {**env, "WEB_CONCURRENCY": "1", "WEB_THREADS": str(threads), "TASK_WORKERS": "0"}
    with production_server(env):
        students = json.loads(shell(env, SETUP.format(streams=STREAMS, prefix=threads)))
        done: list = []
        started = time.perf_counter()
        turns = [threading.Thread(target=_turn, args=(s, started, done)) for s in students]
        for turn in turns:
            turn.start()
        time.sleep(0.3)
        asked = time.perf_counter()
        httpx.get(f"{BASE}/healthz", timeout=60).raise_for_status()
        health = time.perf_counter() - asked
        for turn in turns:
            turn.join()
    return [
        ("GET /healthz during the streams", f"{health * 1000:.0f} ms"),
        ("last stream's first byte", f"{max(f for f, _ in done):.1f} s"),
        ("last stream's end", f"{max(e for _, e in done):.1f} s"),
    ]


def main() -> None:
    model = ThreadingHTTPServer(("127.0.0.1", 0), SlowModel)
    threading.Thread(target=model.serve_forever, daemon=True).start()
    llm = {
        "LLM_MODEL": "slow",
        "LLM_BASE_URL": f"http://127.0.0.1:{model.server_port}/v1",
        "LLM_API_KEY": "none",
    }
    try:
        with postgres_database() as database_url:
            env = {**_server_env(database_url), **llm}
            for threads, label in ((1, "sync-like"), (8, "gthread, as make serve runs")):
                rows = _measure(env, threads)
                title = f"{STREAMS} coach streams of ~3 s, 1 process x {threads} thread(s), {label}"
                report(title, rows)
                env["MIGRATE"] = "0"
    finally:
        model.shutdown()


if __name__ == "__main__":
    main()
