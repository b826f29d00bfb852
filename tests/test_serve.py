"""The production server refuses to start without its secrets and runs what the env asks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import STRONG_KEY
from toulmini_site.serve import ServeConfigError, serve_plan, supervisor_config

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {"SECRET_KEY": STRONG_KEY, "ALLOWED_HOSTS": "toulmini.example.org"}


def _serve(env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "ALLOWED_HOSTS")}
    return subprocess.run(
        [sys.executable, "-m", "toulmini_site.serve"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_serve_without_a_secret_key_stops_with_a_clear_message():
    result = _serve({"ALLOWED_HOSTS": "toulmini.example.org"})
    assert result.returncode == 2
    assert "needs these variables set" in result.stderr
    assert "SECRET_KEY: a long random string" in result.stderr
    assert "ALLOWED_HOSTS:" not in result.stderr


def test_serve_without_allowed_hosts_stops_with_a_clear_message():
    result = _serve({"SECRET_KEY": STRONG_KEY})
    assert result.returncode == 2
    assert "ALLOWED_HOSTS: the comma-separated host names" in result.stderr


def test_a_blank_secret_key_counts_as_missing():
    with pytest.raises(ServeConfigError, match="SECRET_KEY"):
        serve_plan({**PRODUCTION, "SECRET_KEY": "  "})


def test_the_plan_runs_n_web_processes_and_m_task_workers():
    plan = serve_plan({**PRODUCTION, "WEB_CONCURRENCY": "3", "TASK_WORKERS": "2", "BIND": ":9"})
    assert "--workers=3" in plan["web"]
    # ASGI by default: uvicorn workers under gunicorn, the Django ASGI app, pooled connections
    assert "--worker-class=uvicorn_worker.UvicornWorker" in plan["web"]
    assert "toulmini_site.asgi:application" in plan["web"]
    assert plan["web_env"] == {"DATABASE_CONN_MAX_AGE": "0", "DATABASE_POOL_SIZE": "16"}
    assert "--bind=:9" in plan["web"]
    assert plan["workers"] == [[sys.executable, "manage.py", "worker"]] * 2
    assert plan["env"]["DEBUG"] == "0" and plan["env"]["TASKS_BACKEND"] == "database"
    assert [c[2] for c in plan["prepare"]] == ["migrate", "collectstatic"]


def test_the_wsgi_server_is_still_there_on_request():
    plan = serve_plan({**PRODUCTION, "WEB_SERVER": "wsgi", "WEB_THREADS": "4"})
    assert "toulmini_site.wsgi:application" in plan["web"]
    assert "--worker-class=gthread" in plan["web"] and "--threads=4" in plan["web"]
    assert plan["web_env"] == {}
    with pytest.raises(ServeConfigError, match="WEB_SERVER"):
        serve_plan({**PRODUCTION, "WEB_SERVER": "tornado"})


def test_workers_can_run_elsewhere_and_migrations_once():
    plan = serve_plan({**PRODUCTION, "TASK_WORKERS": "0", "MIGRATE": "0"})
    assert plan["workers"] == []
    assert [c[2] for c in plan["prepare"]] == ["collectstatic"]


def test_a_bad_number_is_refused():
    with pytest.raises(ServeConfigError, match="WEB_CONCURRENCY must be a whole number"):
        serve_plan({**PRODUCTION, "WEB_CONCURRENCY": "0"})


@pytest.mark.django_db
def test_the_health_check_answers_over_plain_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
    assert client.get("/").status_code == 301  # everything else goes to HTTPS


@pytest.mark.django_db
def test_the_health_check_fails_without_the_database(client, monkeypatch):
    from django.db import OperationalError
    from django.db.backends.utils import CursorWrapper

    def broken(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(CursorWrapper, "execute", broken)
    assert client.get("/healthz").status_code == 503


def test_idle_connections_outlive_a_clients_pause():
    plan = serve_plan(PRODUCTION)
    assert "--keep-alive=75" in plan["web"]
    assert "--keep-alive=5" in serve_plan({**PRODUCTION, "WEB_KEEPALIVE": "5"})["web"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/healthz"])
def test_head_is_answered_like_get_for_monitors_and_load_balancers(client, url):
    response = client.head(url)
    assert response.status_code == 200
    assert response.content == b""
    assert client.post(url).status_code == 405  # still not a place to write


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("x", "it has 1 characters; at least 50 are needed"),
        ("s" * 50, "only 1 different characters"),
        ("django-insecure-" + STRONG_KEY, "a development key"),
    ],
)
def test_a_weak_secret_key_is_refused(key, reason):
    with pytest.raises(ServeConfigError, match=reason):
        serve_plan({**PRODUCTION, "SECRET_KEY": key})


def test_serve_with_a_one_letter_key_stops_with_a_clear_message():
    result = _serve({**PRODUCTION, "SECRET_KEY": "x"})
    assert result.returncode == 2
    assert "SECRET_KEY is too weak for production" in result.stderr


def test_without_a_shared_cache_serve_warns_that_limits_count_per_process():
    assert any("CACHE_URL is not set" in w for w in serve_plan(PRODUCTION)["warnings"])
    shared = serve_plan({**PRODUCTION, "CACHE_URL": "redis://127.0.0.1:6379/0"})
    assert shared["warnings"] == []


def test_supervisord_runs_the_web_server_and_each_worker_as_its_own_program(tmp_path):
    from configparser import RawConfigParser

    plan = serve_plan({**PRODUCTION, "TASK_WORKERS": "3", "FORWARDED_ALLOW_IPS": "10.0.0.%"})
    config = RawConfigParser()
    config.read_string(supervisor_config(plan, directory=tmp_path))
    web, worker = config["program:web"], config["program:worker"]
    assert web["command"].split()[2] == "gunicorn"
    assert "10.0.0.%%" in web["command"]  # supervisord interpolates a lone %
    assert worker["command"].endswith("manage.py worker")
    assert worker["numprocs"] == "3"
    for program in (web, worker):
        assert program["autorestart"] == "true"
        assert int(program["startretries"]) >= 20  # retried with a growing back-off
    assert config["supervisord"]["nodaemon"] == "true"


def test_no_worker_program_when_workers_run_elsewhere(tmp_path):
    plan = serve_plan({**PRODUCTION, "TASK_WORKERS": "0"})
    assert "[program:worker]" not in supervisor_config(plan, directory=tmp_path)


def test_the_worker_rides_out_a_database_outage_with_back_off(monkeypatch, caplog):
    from django.db import OperationalError
    from django_tasks_db.management.commands.db_worker import Worker

    from toulmini_site.processes.management.commands.worker import ResilientWorker

    outcomes = [OperationalError("server closed the connection")] * 3 + [None]
    monkeypatch.setattr(
        Worker, "run", lambda self: (_ for _ in ()).throw(e) if (e := outcomes.pop(0)) else None
    )
    waits: list[float] = []
    worker = ResilientWorker(
        queue_names=["default"],
        interval=1,
        batch=False,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test",
        excluded_queue_names=[],
    )
    worker.sleep = waits.append
    worker.run()
    assert waits == [1.0, 2.0, 4.0]  # doubling while the outage lasts
    assert outcomes == []  # then it went back to work
    assert caplog.text.count("The database failed") == 3
