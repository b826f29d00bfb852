"""Many machines on one PostgreSQL (and Redis): two app hosts and two worker hosts.

Each "host" is a separate process on its own port, as on separate machines: two web servers
(``make serve``'s ASGI web command) and two task workers (``manage.py worker``, each with its
reaper), sharing one database (and Redis when one answers on 127.0.0.1:6379). Shown here:

- critiques queued through both app hosts are run by both workers, each once;
- a worker host killed (``kill -9``) in the middle of a critique: the API (asked through the
  other app host) says ``stalled``, the other worker's reaper queues it again, and it finishes
  there within 2 minutes; the dead worker's queue row is marked failed;
- a periodic job started with ``--schedule`` on both app hosts runs once per period.

Skips, saying why, without PostgreSQL. Takes about two minutes (the run lease is the
production one: stalled after 45 s, reaped every 15 s).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.llm.fake_openai_server import FakeOpenAIServer, Received
from tests.llm.quirks import well_behaved
from tests.processes import STRONG_KEY, env, manage, postgres_url
from tests.redis_db import redis_url
from toulmini_site.serve import serve_plan

__all__ = ["postgres_url"]  # the fixture, used by name below

ROOT = Path(__file__).resolve().parent.parent
SLOW = "SLOW-ESSAY"
ESSAY = (
    "Remote work obviously makes every team more productive. Offices waste time. "
    "Therefore every company should close its offices."
)
USERS = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
user = User.objects.create_user("topology", password="unused-pass-123")
print(json.dumps({"token": Token.objects.create(user=user).key}))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


POINT = {
    "claim": "The productivity claim is asserted, not shown.",
    "evidence": "Remote work obviously makes every team more productive.",
    "confidence": 0.8,
    "severity": "High",
    "area": "Evidence",
    "decompose": False,
}


def answer_for(title: str) -> dict:
    """The model's right answer for each schema a critique asks for."""
    return {
        "LevelReply": {"groups": [{"target_id": "ROOT", "points": [POINT]}]},
        "SelfCritiqueReply": {"adjustments": []},
        "SummaryReply": {"final_assessment": "One unsupported claim."},
    }[title]


def _model():
    """The well-behaved model; an answer about the slow essay takes 4 s."""
    answer = well_behaved(answer_for)

    def model(request: Received):
        if SLOW in json.dumps(request.body):
            time.sleep(4.0)
        return answer(request)

    return model


@pytest.fixture
def topology(postgres_url, tmp_path):
    model = FakeOpenAIServer().start()
    model.answer_with(_model())
    base_env = {
        **env(postgres_url),
        "SECRET_KEY": STRONG_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "HTTPS": "0",
        "DEBUG": "0",
        "LLM_MODEL": "school-model",
        "LLM_BASE_URL": model.url + "/v1",
        "LLM_API_KEY": "test",
        "QUOTA_LLM_CRITIQUES_PER_DAY": "1000",
        "THROTTLE_USER": "100000/min",
        "WEB_CONCURRENCY": "1",
    }
    if redis := redis_url():
        base_env["CACHE_URL"] = redis
    manage(postgres_url, "migrate", "--noinput", "-v", "0")
    token = json.loads(manage(postgres_url, "shell", "-c", USERS).splitlines()[-1])["token"]
    processes: dict[str, subprocess.Popen] = {}
    apps = []
    for name in ("app-1", "app-2"):
        port = _free_port()
        plan = serve_plan({**base_env, "BIND": f"127.0.0.1:{port}"})
        processes[name] = subprocess.Popen(
            plan["web"],
            cwd=ROOT,
            env={**plan["env"], **plan["web_env"]},
            stdout=(tmp_path / f"{name}.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        apps.append(f"http://127.0.0.1:{port}")
    for name in ("worker-a", "worker-b"):
        processes[name] = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "worker",
                "--worker-id",
                name,
                "--interval",
                "0.2",
                "--no-startup-delay",
            ],
            cwd=ROOT,
            env={**base_env, "TASKS_BACKEND": "database"},
            stdout=(tmp_path / f"{name}.log").open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        for base in apps:
            _wait(lambda base=base: _answers(base), 60, f"{base} to answer")
        yield {
            "apps": apps,
            "token": token,
            "processes": processes,
            "url": postgres_url,
            "env": base_env,
            "logs": tmp_path,
        }
    finally:
        for process in processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes.values():
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        model.stop()


def _answers(base: str) -> bool:
    try:
        return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _wait(predicate, seconds: float, what: str) -> float:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if predicate():
            return time.monotonic() - started
        time.sleep(0.2)
    raise AssertionError(f"waited {seconds} s for {what}")


def _tasks(url: str) -> list[dict]:
    """The task queue's rows, read straight from PostgreSQL (a manage.py shell takes seconds)."""
    import psycopg

    with psycopg.connect(url) as db:
        rows = db.execute(
            "SELECT task_path, status, worker_ids, args_kwargs"
            " FROM django_tasks_database_dbtaskresult ORDER BY enqueued_at"
        ).fetchall()
    return [
        {"path": path, "status": status, "workers": workers, "kwargs": args["kwargs"]}
        for path, status, workers, args in rows
    ]


def _critique(base: str, token: str, text: str) -> int:
    response = httpx.post(
        f"{base}/api/v1/critiques/",
        json={"text": text, "max_depth": 1},
        headers={"Authorization": f"Token {token}"},
        timeout=30,
    )
    assert response.status_code == 202, response.text
    return response.json()["id"]


def _status(base: str, token: str, pk: int) -> str:
    response = httpx.get(
        f"{base}/api/v1/critiques/{pk}/", headers={"Authorization": f"Token {token}"}, timeout=30
    )
    return response.json()["status"]


def test_two_app_hosts_and_two_worker_hosts(topology):
    apps, token, url = topology["apps"], topology["token"], topology["url"]
    processes = topology["processes"]

    # Runs spread over the workers, each once, whichever app host queued them.
    quick = [_critique(apps[n % 2], token, f"{ESSAY} (essay {n})") for n in range(8)]
    _wait(
        lambda: all(_status(apps[1], token, pk) == "complete" for pk in quick),
        90,
        "the quick critiques",
    )
    runs = [t for t in _tasks(url) if t["path"].endswith("critique_run_task")]
    assert sorted(t["kwargs"]["critique_id"] for t in runs) == sorted(quick)  # each once
    assert {w for t in runs for w in t["workers"]} == {"worker-a", "worker-b"}

    # A worker host dies in the middle of a critique: it finishes on the other.
    slow = _critique(apps[0], token, f"{SLOW}: {ESSAY}")
    _wait(lambda: _status(apps[1], token, slow) == "running", 30, "the slow critique to start")
    [held] = [
        t
        for t in _tasks(url)
        if t["kwargs"].get("critique_id") == slow and t["status"] == "RUNNING"
    ]
    [victim] = held["workers"]
    survivor = ({"worker-a", "worker-b"} - {victim}).pop()
    os.killpg(processes[victim].pid, signal.SIGKILL)
    killed = time.monotonic()
    seen = set()

    def finished() -> bool:
        status = _status(apps[1], token, slow)
        seen.add(status)
        return status == "complete"

    took = _wait(finished, 120, "the killed worker's critique to finish on the other")
    assert took < 120 and time.monotonic() - killed < 120
    assert "stalled" in seen  # the API said so while nobody ran it
    rows = [t for t in _tasks(url) if t["kwargs"].get("critique_id") == slow]
    assert sorted(t["status"] for t in rows) == ["FAILED", "SUCCESSFUL"]
    [done] = [t for t in rows if t["status"] == "SUCCESSFUL"]
    assert done["workers"] == [survivor]

    # A periodic job scheduled from both app hosts runs once per period.
    for _ in apps:
        manage(url, "grade_sync_sweep", "--schedule")
    _wait(
        lambda: (
            sum(
                1
                for t in _tasks(url)
                if t["path"].endswith("grade_sync_sweep_task") and t["status"] == "SUCCESSFUL"
            )
            == 2
        ),
        30,
        "both scheduled sweeps to be picked up",
    )
    sweeps = [t for t in _tasks(url) if t["path"].endswith("grade_sync_sweep_task")]
    # Two chains were started; one ran this period and scheduled the next, the other stopped.
    assert len([t for t in sweeps if t["status"] == "READY"]) == 1
