"""The production server keeps serving while its task worker is killed and its database
connections are cut, and a worker is running again afterwards.

Starts ``python -m toulmini_site.serve`` (supervisord, gunicorn, one ``manage.py worker``) on
a PostgreSQL database of its own, polls ``/healthz`` and the login page every 50 ms from a
thread throughout, then: ``kill -9`` the worker (supervisord starts another), and terminate
every PostgreSQL connection of the database (the worker rides it out and runs the next task).
Skips, saying why, without PostgreSQL. About 30 s; prints its figures with ``-s``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.processes import STRONG_KEY, admin_connection, manage, postgres_url
from tests.processes import env as process_env

__all__ = ["postgres_url"]  # the fixture, used by name below

ROOT = Path(__file__).resolve().parent.parent
QUEUE_ONE = """
from django.contrib.auth.models import User
from council.services.critique import critique_create
owner, _ = User.objects.get_or_create(username="fault-test")
c = critique_create(owner=owner, title="essay", max_depth=1,
    text="Phones distract students. Therefore schools must ban them always.")
print(c.pk)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Poller(threading.Thread):
    """GETs each URL in turn every ``every`` seconds; records (answered at, url, status or error,
    sent at)."""

    def __init__(self, base: str, urls: list[str], every: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.base, self.urls, self.every = base, urls, every
        self.results: list[tuple[float, str, str, float]] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            for url in self.urls:
                sent = time.monotonic()
                try:
                    with urllib.request.urlopen(self.base + url, timeout=5) as response:
                        outcome = str(response.status)
                except urllib.error.HTTPError as error:
                    outcome = str(error.code)
                except OSError as error:
                    outcome = f"error: {error}"
                self.results.append((time.monotonic(), url, outcome, sent))
            self.stop.wait(self.every)

    def failures(self) -> list[tuple[float, str, str]]:
        return [r for r in self.results if r[2] != "200"]


def _ctl(supervisor_dir: Path, *args: str) -> str:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "supervisor.supervisorctl",
            "-c",
            str(supervisor_dir / "supervisord.conf"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    return result.stdout.strip()


def _worker_pid(supervisor_dir: Path) -> int:
    out = _ctl(supervisor_dir, "pid", "worker:worker-0")
    return int(out) if out.isdigit() else 0


def _wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def _critique_status(url: str, pk: int) -> str:
    return (
        manage(
            url,
            "shell",
            "-c",
            f"from council.models import Critique; print(Critique.objects.get(pk={pk}).status)",
        )
        .strip()
        .splitlines()[-1]
    )


def _terminate(url: str, name: str) -> int:
    admin = admin_connection(url)
    try:
        return admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchone()[0]
    finally:
        admin.close()


def test_the_site_answers_while_its_worker_and_database_connections_are_killed(
    postgres_url, tmp_path
):
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **process_env(postgres_url),
        "SECRET_KEY": STRONG_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "HTTPS": "0",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "WEB_THREADS": "4",
        "TASK_WORKERS": "1",
        "SUPERVISOR_DIR": str(tmp_path),
        # Connections kept between requests, as a tuned deployment does: cutting them is
        # then felt by the next request and the worker's next poll.
        "DATABASE_CONN_MAX_AGE": "60",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "toulmini_site.serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    log: list[str] = []
    threading.Thread(target=lambda: log.extend(server.stdout), daemon=True).start()
    poller = Poller(base, ["/healthz", "/accounts/login/"])
    try:

        def up() -> bool:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                    return r.status == 200
            except OSError:
                return False

        _wait_for(up, 180, "the server to answer")
        first = _wait_for(lambda: _worker_pid(tmp_path), 30, "the worker to run")
        poller.start()
        time.sleep(1)

        # 1. kill -9 the worker: supervisord starts another, the site never notices.
        killed_at = time.monotonic()
        os.kill(first, signal.SIGKILL)
        second = _wait_for(
            lambda: (pid := _worker_pid(tmp_path)) not in (0, first) and pid, 30, "a new worker"
        )
        restarted_in = time.monotonic() - killed_at

        # 2. cut every database connection (the worker's and the web's).
        name = postgres_url.rsplit("/", 1)[1]
        time.sleep(2)  # let the new worker open its connection first
        # A request that uses the database: the web process's pool now holds a connection.
        with urllib.request.urlopen(base + "/lti/jwks.json", timeout=10) as r:
            assert r.status == 200
        cut_at = time.monotonic()
        cut = _terminate(postgres_url, name)
        time.sleep(3)
        # The pool checks a connection before lending it: the cut one is replaced.
        with urllib.request.urlopen(base + "/lti/jwks.json", timeout=10) as r:
            assert r.status == 200
        assert _worker_pid(tmp_path) == second  # rode it out, not restarted

        # 3. a database outage of 8 s: no connection is allowed, then all are again.
        admin = admin_connection(postgres_url)
        closing_at = time.monotonic()
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        _terminate(postgres_url, name)
        # The outage starts once the open connections are cut (until then they still answer)
        # and ends just before connections are allowed again, so no answer is misfiled.
        outage_at = time.monotonic()
        time.sleep(8)
        back_at = time.monotonic()
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        admin.close()
        _wait_for(up, 30, "the site to answer 200 again")
        healthy_again_in = time.monotonic() - back_at
        assert _worker_pid(tmp_path) == second  # rode out the outage too

        # 3. the worker still works: a queued critique runs to the end.
        pk = int(manage(postgres_url, "shell", "-c", QUEUE_ONE).strip().splitlines()[-1])
        _wait_for(lambda: _critique_status(postgres_url, pk) == "complete", 60, "the critique")
        time.sleep(0.5)
    finally:
        poller.stop.set()
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)

    # During: sent after the connections were cut and answered before they were allowed again.
    # Outside: answered before the outage began, or sent once the site was healthy again. A
    # request that straddles either edge belongs to neither (under load one can take a second).
    during = [r for r in poller.results if outage_at <= r[3] and r[0] <= back_at]
    outside = [r for r in poller.results if r[0] < closing_at or r[3] > back_at + healthy_again_in]
    # A request that was using a connection at the moment it was cut may fail (503 from
    # /healthz); the next one gets a new connection.
    at_the_cut = [r for r in outside if r[2] != "200" and cut_at <= r[0] <= cut_at + 1]
    health_during = {r[2] for r in during if r[1] == "/healthz"}
    print(
        f"\n{len(outside)} requests outside the outage: {len(at_the_cut)} not 200 "
        f"(in flight when the connections were cut), the rest 200; {len(during)} during the "
        f"8 s outage, /healthz answering {sorted(health_during)}; worker back "
        f"{restarted_in:.1f} s after kill -9; {cut} connections cut; 200 again "
        f"{healthy_again_in:.1f} s after the outage; no request refused or unanswered"
    )
    assert len(outside) > 100
    assert len(at_the_cut) <= 2
    assert [r for r in outside if r[2] != "200" and r not in at_the_cut] == []
    assert not [r for r in poller.results if r[2].startswith("error")]  # always answered
    assert health_during == {"503"}  # during the outage it says so
    assert cut >= 1
    assert "The database failed" in "".join(log)  # the worker felt the outage, and carried on
