"""The development server on SQLite under 20 concurrent coach turns and 20 concurrent chain runs.

Starts ``manage.py runserver`` (threaded, as ``make run``) on a SQLite database file of its own
in a temporary folder, with the offline tutor and analyzer, creates 20 students each with a
coach session and a chain, then sends every student's coach turn (the whole NDJSON stream)
and every student's chain run to the end at the same moment, for ``SQLITE_ROUNDS`` rounds.
Counts an error for any answer of 400 or more and any stream that does not end with a
``final`` event. Before WAL, immediate transactions and a busy timeout, 55-85 % of these
answered 500 ("database is locked"); with Django's listen backlog of 10, a fifth of the
connections were reset (``toulmini_site/processes/management/commands/runserver.py``).

Run: .venv/bin/python -m benchmarks.sqlite_dev   (SQLITE_CLIENTS, SQLITE_ROUNDS, SQLITE_PORT)
Exits 1 when any request failed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import httpx

from benchmarks.harness import percentile, report, sqlite_dev_server

CLIENTS = int(os.environ.get("SQLITE_CLIENTS", "20"))
ROUNDS = int(os.environ.get("SQLITE_ROUNDS", "3"))
PORT = int(os.environ.get("SQLITE_PORT", "8129"))
BASE = f"http://127.0.0.1:{PORT}"
SETUP = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from arguments.services import chain_create
from coach.services import session_create
out = []
for n in range({clients}):
    user = User.objects.create_user(f"student{{n}}")
    session = session_create(owner=user, topic="Phones in classrooms")
    out.append({{"token": Token.objects.create(user=user).key, "session": session.pk}})
print(json.dumps(out))
"""
QUERY = "Should schools ban phones in classrooms to improve attention?"
SOURCE = (
    "A 2023 survey of 40 schools found that test scores rose by 6% after phones were banned. "
    "Teachers reported fewer distractions during lessons."
)


async def _coach_turn(client: httpx.AsyncClient, me: dict, n: int) -> str | None:
    url = f"/api/v1/coach/sessions/{me['session']}/turn/"
    body = {"message": f"I think phones distract students during lessons ({n})."}
    auth = {"Authorization": f"Token {me['token']}"}
    async with client.stream("POST", url, json=body, headers=auth) as response:
        lines = [line async for line in response.aiter_lines() if line.strip()]
    if response.status_code >= 400:
        return f"coach {response.status_code}"
    last = json.loads(lines[-1]) if lines else {}
    return None if last.get("type") == "final" else f"coach stream ended with {last.get('type')}"


async def _chain_run(client: httpx.AsyncClient, me: dict) -> str | None:
    auth = {"Authorization": f"Token {me['token']}"}
    body = {"query": QUERY, "source_text": SOURCE, "engine": "offline"}
    made = await client.post("/api/v1/chains/", json=body, headers=auth)
    if made.status_code != 201:
        return f"chain create {made.status_code}"
    run = await client.post(
        f"/api/v1/chains/{made.json()['id']}/run/", json={"until": "end"}, headers=auth
    )
    return None if run.status_code == 200 else f"chain run {run.status_code}"


async def _timed(coroutine: Awaitable[Any], samples: list[float], kind: str) -> str | None:
    started = time.perf_counter()
    try:
        outcome = await coroutine
    except httpx.HTTPError as error:
        outcome = f"{kind}: {type(error).__name__} {error}".strip()
    samples.append(time.perf_counter() - started)
    return outcome


async def _drive(students: list[dict]) -> tuple[list[str | None], list[float]]:
    samples: list[float] = []
    outcomes: list[str | None] = []
    # A fresh connection per request, as 20 browsers would.
    limits = httpx.Limits(max_connections=2 * CLIENTS, max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=BASE, timeout=120, limits=limits) as client:
        for n in range(ROUNDS):
            jobs = [_timed(_coach_turn(client, me, n), samples, "coach") for me in students]
            jobs += [_timed(_chain_run(client, me), samples, "chain") for me in students]
            outcomes += await asyncio.gather(*jobs)
    return outcomes, samples


def main() -> int:
    with (
        tempfile.TemporaryDirectory() as folder,
        sqlite_dev_server(Path(folder), SETUP.format(clients=CLIENTS), port=PORT) as served,
    ):
        _base, students, log = served
        started = time.monotonic()
        outcomes, samples = asyncio.run(_drive(students))
        elapsed = time.monotonic() - started
        errors_log = log.read_text()
    errors = [o for o in outcomes if o]
    kinds = sorted({e for e in errors})
    report(
        "SQLite development server: concurrent coach turns and chain runs",
        [
            ("clients at once", f"{CLIENTS} coach turns + {CLIENTS} chain runs, {ROUNDS} rounds"),
            ("requests", f"{len(outcomes)} in {elapsed:.1f} s"),
            (
                "p50 / p95",
                f"{percentile(samples, 50) * 1000:.0f} / {percentile(samples, 95) * 1000:.0f} ms",
            ),
            ("errors", f"{len(errors)} {kinds}" if errors else "0"),
        ],
    )
    if errors:
        print(errors_log[-3000:], file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
