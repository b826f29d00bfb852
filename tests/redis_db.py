"""A Redis database for a test that shares a cache across processes, one per test worker.

Tests running side by side (pytest-xdist's workers, or another checkout's suite on the same
machine) must not count each other's logins or read each other's queue: each worker takes
its own database number, ``TEST_REDIS_DB`` (default 1) plus its worker number (``gw0`` is 0,
``gw1`` is 1..., a run without workers is 0), wrapped to Redis's 16 databases. The server is
``TEST_REDIS_SERVER`` (default ``redis://127.0.0.1:6379``). ``None`` when no Redis answers there.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

DEFAULT_SERVER = "redis://127.0.0.1:6379"
DATABASES = 16


def worker_number() -> int:
    """This pytest-xdist worker's number (``gw3`` is 3); 0 in a run without workers."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0


def redis_db() -> int:
    """The database number this worker uses."""
    return (int(os.environ.get("TEST_REDIS_DB", "1")) + worker_number()) % DATABASES


def redis_server() -> str:
    return os.environ.get("TEST_REDIS_SERVER", DEFAULT_SERVER).rstrip("/")


def redis_url() -> str | None:
    """This worker's database on the test Redis server, or ``None`` when none answers."""
    server = urlsplit(redis_server())
    try:
        with socket.create_connection((server.hostname, server.port or 6379), timeout=0.5):
            pass
    except OSError:
        return None
    return f"{redis_server()}/{redis_db()}"
