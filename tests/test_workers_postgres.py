"""Two task workers on one PostgreSQL database run 20 queued critiques, each exactly once.

django-tasks-db claims a task with ``SELECT ... FOR UPDATE SKIP LOCKED``, so workers on any
number of machines can share the queue. This runs real ``db_worker`` processes against a
database of its own (created and dropped here) and skips, saying why, without PostgreSQL.
"""

import json
import subprocess
import sys
from pathlib import Path

from tests.processes import env, manage, postgres_url

__all__ = ["postgres_url"]  # the fixture, used by name below

ROOT = Path(__file__).resolve().parent.parent
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


def test_two_workers_run_twenty_queued_critiques_each_exactly_once(postgres_url):
    manage(postgres_url, "migrate", "--noinput", "-v", "0")
    manage(postgres_url, "shell", "-c", QUEUE)

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
            env=env(postgres_url),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name in ("worker-a", "worker-b")
    ]
    logs = [worker.communicate(timeout=300)[0] for worker in workers]
    assert [w.returncode for w in workers] == [0, 0], logs

    report = json.loads(manage(postgres_url, "shell", "-c", REPORT).strip().splitlines()[-1])
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
