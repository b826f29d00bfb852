"""Load: the production server on PostgreSQL, driven by 50 simulated classroom users for 60 s.

Starts ``python -m toulmini_site.serve`` (gunicorn + one db_worker) on a PostgreSQL database
of its own (created, then dropped), on loopback only. Each simulated student, with its own
API token, repeats: think 0.5-2 s, then one action — list their chains, open one, create a
chain and run it offline to the end, take a coach turn (the whole NDJSON stream), or queue a
critique. Prints throughput, p50/p95/p99 per action and errors; then, with 16 clients and no
think time, the throughput of the chain-detail API against a plain Django view (``/healthz``,
one query) served the same way, and their ratio.

Run: .venv/bin/python -m benchmarks.load   (LOAD_USERS, LOAD_SECONDS, LOAD_PORT,
LOAD_DATABASE_URL, WEB_CONCURRENCY, WEB_THREADS, TASK_WORKERS, CACHE_URL to change it)
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from benchmarks.harness import percentile, report, small

ROOT = Path(__file__).resolve().parent.parent
USERS = int(os.environ.get("LOAD_USERS", "5" if small() else "50"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "5" if small() else "60"))
CLOSED_LOOP_SECONDS = 2 if small() else 10
PORT = int(os.environ.get("LOAD_PORT", "8114"))
BASE = f"http://127.0.0.1:{PORT}"
SERVER_URL = os.environ.get("LOAD_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
ACTIONS = {  # weight of each action in a student's loop
    "list chains": 3,
    "chain detail": 3,
    "create + run offline chain": 2,
    "coach turn": 1,
    "queue a critique": 1,
}
QUERY = "Should schools ban phones in classrooms to improve attention?"
SOURCE = (
    "A 2023 survey of 40 schools found that test scores rose by 6% after phones were banned. "
    "Teachers reported fewer distractions during lessons."
)
ESSAY = (
    "Phones distract students in class. Therefore schools should ban them, because attention "
    "matters more than convenience. Some say phones help research, but that is rare."
)
SETUP = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from arguments.services import chain_create
from coach.services import session_create
out = []
for n in range({users}):
    user = User.objects.create_user(f"student{{n}}")
    chain = chain_create(owner=user, query={query!r}, source_text={source!r})
    session = session_create(owner=user, topic="Phones in classrooms")
    out.append({{"token": Token.objects.create(user=user).key, "chain": chain.pk,
                 "session": session.pk}})
print(json.dumps(out))
"""


def _database() -> tuple[str, tuple[Any, str]]:
    import psycopg

    admin_url = SERVER_URL.rsplit("/", 1)[0] + "/postgres"
    try:
        admin = psycopg.connect(admin_url, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        # Skipped, not failed, so `make bench` goes on with the other benchmarks.
        print(f"SKIPPED: this benchmark needs PostgreSQL ({admin_url}): {error}")
        sys.exit(0)
    tag = os.environ.get("LOAD_DB_TAG", "").strip()  # e.g. whose run, on a shared server
    name = f"toulmini_load_{tag + '_' if tag else ''}{uuid.uuid4().hex[:8]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    return SERVER_URL.rsplit("/", 1)[0] + f"/{name}", (admin, name)


def _server_env(database_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DATABASE_CONN_MAX_AGE": "60",
        "SECRET_KEY": "load-benchmark-only-" + uuid.uuid4().hex,
        "ALLOWED_HOSTS": "127.0.0.1",
        "HTTPS": "0",  # plain HTTP on loopback; a TLS proxy would sit in front in production
        "BIND": f"127.0.0.1:{PORT}",
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
        "TASK_WORKERS": os.environ.get("TASK_WORKERS", "1"),
        "LOG_LEVEL": "WARNING",
        # The limits protect a school's budget; a load test is the operator's own traffic.
        "THROTTLE_USER": "100000/min",
        "QUOTA_OFFLINE_PER_DAY": "1000000",
    }


async def _timed(
    samples: dict[str, list[float]],
    errors: dict[str, list[Any]],
    action: str,
    call: Callable[[], Awaitable[httpx.Response]],
) -> None:
    started = time.perf_counter()
    response: httpx.Response | httpx.HTTPError
    try:
        response = await call()
        ok = response.status_code < 400
    except httpx.HTTPError as error:
        ok, response = False, error
    samples[action].append(time.perf_counter() - started)
    if not ok:
        errors[action].append(getattr(response, "status_code", repr(response)))


async def _student(
    client: httpx.AsyncClient,
    me: dict[str, Any],
    deadline: float,
    samples: dict[str, list[float]],
    errors: dict[str, list[Any]],
    rng: random.Random,
) -> None:
    auth = {"Authorization": f"Token {me['token']}"}
    names, weights = list(ACTIONS), list(ACTIONS.values())
    while time.monotonic() < deadline:
        await asyncio.sleep(rng.uniform(0.5, 2.0))
        action = rng.choices(names, weights)[0]
        if action == "list chains":
            call = lambda: client.get("/api/v1/chains/", headers=auth)  # noqa: E731
        elif action == "chain detail":
            call = lambda: client.get(f"/api/v1/chains/{me['chain']}/", headers=auth)  # noqa: E731
        elif action == "create + run offline chain":

            async def call() -> httpx.Response:
                body = {"query": QUERY, "source_text": SOURCE, "engine": "offline"}
                made = await client.post("/api/v1/chains/", json=body, headers=auth)
                if made.status_code != 201:
                    return made
                url = f"/api/v1/chains/{made.json()['id']}/run/"
                return await client.post(url, json={"until": "end"}, headers=auth)

        elif action == "coach turn":

            async def call() -> httpx.Response:
                url = f"/api/v1/coach/sessions/{me['session']}/turn/"
                body = {"message": "I think phones distract students during lessons."}
                async with client.stream("POST", url, json=body, headers=auth) as response:
                    lines = [line async for line in response.aiter_lines() if line.strip()]
                if response.status_code == 200 and json.loads(lines[-1])["type"] == "error":
                    response.status_code = 599  # a failure reported inside the stream
                return response

        else:
            call = lambda: client.post(  # noqa: E731
                "/api/v1/critiques/", json={"text": ESSAY, "max_depth": 1}, headers=auth
            )
        await _timed(samples, errors, action, call)


async def _closed_loop(url: str, headers: dict, clients: int, seconds: float) -> float:
    """Requests per second with ``clients`` callers and no think time."""
    done = 0
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=BASE, timeout=30) as client:

        async def caller() -> None:
            nonlocal done
            while time.monotonic() < deadline:
                response = await client.get(url, headers=headers)
                response.raise_for_status()
                done += 1

        await asyncio.gather(*(caller() for _ in range(clients)))
    return done / seconds


async def _drive(students: list[dict]) -> None:
    samples: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, list] = defaultdict(list)
    limits = httpx.Limits(max_connections=USERS, max_keepalive_connections=USERS)
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=BASE, timeout=60, limits=limits) as client:
        await asyncio.gather(
            *(
                _student(client, me, started + SECONDS, samples, errors, random.Random(n))
                for n, me in enumerate(students)
            )
        )
    elapsed = time.monotonic() - started
    total = sum(len(s) for s in samples.values())
    rows = [
        ("users, duration", f"{USERS}, {elapsed:.0f} s"),
        ("actions, throughput", f"{total}, {total / elapsed:.1f} actions/s"),
        ("errors", str(sum(len(e) for e in errors.values()))),
    ]
    for action in ACTIONS:
        got = samples[action]
        if got:
            p50, p95, p99 = (percentile(got, p) * 1000 for p in (50, 95, 99))
            bad = f", errors {len(errors[action])} {sorted(set(errors[action]))}"
            rows.append(
                (
                    action,
                    f"n={len(got)}  p50 {p50:.0f} ms  p95 {p95:.0f} ms  p99 {p99:.0f} ms"
                    + (bad if errors[action] else ""),
                )
            )
    report(f"{USERS} classroom users against `make serve` on PostgreSQL", rows)

    auth = {"Authorization": f"Token {students[0]['token']}"}
    seconds = CLOSED_LOOP_SECONDS
    detail = await _closed_loop(f"/api/v1/chains/{students[0]['chain']}/", auth, 16, seconds)
    plain = await _closed_loop("/healthz", {}, 16, seconds)
    report(
        "Chain-detail API against a plain Django view "
        f"(16 clients, no think time, {seconds} s each)",
        [
            ("GET /api/v1/chains/{id}/", f"{detail:.0f} requests/s"),
            ("GET /healthz (plain view, one query)", f"{plain:.0f} requests/s"),
            ("ratio API / plain", f"{detail / plain:.2f}"),
        ],
    )


@contextmanager
def production_server(env: dict[str, str]) -> Iterator[None]:
    """``python -m toulmini_site.serve`` with ``env``, until it answers ``/healthz``; stopped
    after (its output in the temp directory's toulmini-load-server.log)."""
    log = open(Path(tempfile.gettempdir()) / "toulmini-load-server.log", "w")  # noqa: SIM115
    server = subprocess.Popen(
        [sys.executable, "-m", "toulmini_site.serve"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        for _ in range(240):
            try:
                if httpx.get(f"{BASE}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None:
                sys.exit(f"The server stopped; see {log.name}")
            time.sleep(0.5)
        yield
    finally:
        server.terminate()
        try:
            server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a new database on the PostgreSQL server, dropped afterwards."""
    database_url, (admin, name) = _database()
    try:
        yield database_url
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def shell(env: dict[str, str], code: str) -> str:
    """The last line ``manage.py shell -c code`` prints."""
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return made.stdout.strip().splitlines()[-1]


def main() -> None:
    with postgres_database() as database_url:
        env = _server_env(database_url)
        with production_server(env):
            setup = SETUP.format(users=USERS, query=QUERY, source=SOURCE)
            students = json.loads(shell(env, setup))
            asyncio.run(_drive(students))


if __name__ == "__main__":
    main()
