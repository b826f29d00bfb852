"""For tests that run the app's own processes (``manage.py``, the production server) on a
PostgreSQL database of their own: the database (fixture ``postgres_url``; skips, saying why,
without PostgreSQL), the environment and a command run, and a secret key production accepts."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
STRONG_KEY = "k7Qp-3vXz_9LmN2bR8tW5yH1cJ4gF6dS0aE-uI7oP3qZ9xV2nM8"


def server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else DEFAULT_SERVER


def admin_connection(url: str):
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
    server = server_url()
    admin = admin_connection(server)
    name = f"toulmini_workers_{uuid.uuid4().hex[:8]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.rsplit("/", 1)[0] + f"/{name}"
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def env(url: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "CACHE_URL"))}
    return {**keep, "DATABASE_URL": url, "TASKS_BACKEND": "database", "DEBUG": "1"}


def manage(url: str, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env(url),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout
