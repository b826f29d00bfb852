"""Two task workers on one PostgreSQL database run 20 queued critiques, each exactly once.

django-tasks-db claims a task with ``SELECT ... FOR UPDATE SKIP LOCKED``, so workers on any
number of machines can share the queue. This runs real ``db_worker`` processes against a
database of its own (created and dropped here) and skips, saying why, without PostgreSQL.
"""

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
CRITIQUES = 20

QUEUE = f"""
from django.contrib.auth.models import User
from council.services.critique import critique_create
owner = User.objects.create_user("worker-test", password="unused-pass-123")
for n in range({CRITIQUES}):
    critique_create(owner=owner, title=f"essay {{n}}", max_depth=1,
        text=f"Essay {{n}}: phones distract students. Therefore schools must ban them always.")
"""
REPORT = """
import json
from council.models import Critique
from django_tasks_db.models import DBTaskResult
print(json.dumps({
    "critiques": sorted(Critique.objects.values_list("status", flat=True)),
    "tasks": [
        {"status": r.status, "workers": r.worker_ids, "id": r.args_kwargs["kwargs"]["critique_id"]}
        for r in DBTaskResult.objects.all()
    ],
}))
"""


def _server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_SERVER


def _admin_connection(url: str):
    psycopg = pytest.importorskip("psycopg")
    try:
        return psycopg.connect(
            url.rsplit("/", 1)[0] + "/postgres", autocommit=True, connect_timeout=3
        )
    except psycopg.OperationalError as error:
        pytest.skip(f"PostgreSQL is not reachable at {url.rsplit('@', 1)[-1]}: {error}".strip())


@pytest.fixture
def postgres_url():
    """A fresh database on the PostgreSQL server, dropped afterwards."""
    server = _server_url()
    admin = _admin_connection(server)
    name = f"toulmini_workers_{uuid.uuid4().hex[:8]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.rsplit("/", 1)[0] + f"/{name}"
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def _env(url: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "CACHE_URL"))}
    return {**keep, "DATABASE_URL": url, "TASKS_BACKEND": "database", "DEBUG": "1"}


def _manage(url: str, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=_env(url),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_two_workers_run_twenty_queued_critiques_each_exactly_once(postgres_url):
    _manage(postgres_url, "migrate", "--noinput", "-v", "0")
    _manage(postgres_url, "shell", "-c", QUEUE)

    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--batch",
                "--no-reload",
                "--no-startup-delay",
                "--interval",
                "0.1",
                "--worker-id",
                name,
            ],
            cwd=ROOT,
            env=_env(postgres_url),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name in ("worker-a", "worker-b")
    ]
    logs = [worker.communicate(timeout=300)[0] for worker in workers]
    assert [w.returncode for w in workers] == [0, 0], logs

    report = json.loads(_manage(postgres_url, "shell", "-c", REPORT).strip().splitlines()[-1])
    assert report["critiques"] == ["complete"] * CRITIQUES
    tasks = report["tasks"]
    assert sorted(t["id"] for t in tasks) == sorted(set(t["id"] for t in tasks))
    assert len(tasks) == CRITIQUES
    assert all(t["status"] == "SUCCESSFUL" and len(t["workers"]) == 1 for t in tasks), tasks
    started = "".join(logs).count("state=RUNNING")
    assert started == CRITIQUES  # no task started twice, by either worker
    by_worker = {
        name: sum(t["workers"] == [name] for t in tasks) for name in ("worker-a", "worker-b")
    }
    assert all(by_worker.values()), by_worker  # both took part
