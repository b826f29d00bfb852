"""What every benchmark needs: Django set up on a throwaway test database, and figures printed.

Run a benchmark from the project root: ``.venv/bin/python -m benchmarks.<name>``
(``make bench`` runs them all).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def small() -> bool:
    """True when ``BENCH_SMALL`` is set (CI): each benchmark runs fewer repeats, to check that it
    still runs rather than to measure."""
    return os.environ.get("BENCH_SMALL", "") not in ("", "0")


def django_setup() -> None:
    """Configure Django for a benchmark (immediate tasks, DEBUG off).

    The test client speaks plain HTTP to the app in-process: production's redirect to HTTPS
    would answer every request with a 301, so it is off. The throttles and daily quotas, which a
    benchmark's hundreds of requests from one user would trip, are raised; their checks still
    run, so their cost is measured."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
    os.environ.setdefault("TASKS_BACKEND", "immediate")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("HTTPS", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-secret-key")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    for name in ("THROTTLE_ANON", "THROTTLE_USER", "THROTTLE_AUTH"):
        os.environ.setdefault(name, "100000/min")
    for name in (
        "QUOTA_LLM_CHAIN_RUNS_PER_DAY",
        "QUOTA_LLM_COACH_TURNS_PER_DAY",
        "QUOTA_LLM_CRITIQUES_PER_DAY",
        "QUOTA_LLM_AUDITS_PER_DAY",
        "QUOTA_OFFLINE_PER_DAY",
    ):
        os.environ.setdefault(name, "1000000")
    import logging
    import warnings

    import django

    django.setup()  # configures logging anew each time, resetting the levels set below
    logging.getLogger("django.tasks").setLevel(logging.WARNING)  # a line per task otherwise
    # Benchmarks run without collectstatic; whitenoise would warn on every request handler.
    warnings.filterwarnings("ignore", message="No directory at")


@contextmanager
def test_database() -> Iterator[None]:
    """A fresh, migrated test database (as pytest-django makes), dropped afterwards."""
    django_setup()
    from django.test.utils import (
        setup_databases,
        setup_test_environment,
        teardown_databases,
        teardown_test_environment,
    )

    setup_test_environment()
    config = setup_databases(verbosity=0, interactive=False)
    try:
        yield
    finally:
        teardown_databases(config, verbosity=0)
        teardown_test_environment()


def percentile(values: Sequence[float], pct: float) -> float:
    """The ``pct`` percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def report(title: str, rows: list[tuple[str, str]]) -> None:
    """Print a titled two-column table of figures."""
    width = max(len(name) for name, _ in rows)
    print(f"\n== {title}")
    for name, value in rows:
        print(f"  {name.ljust(width)}  {value}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def summary_ms(samples: Sequence[float]) -> str:
    return f"median {ms(statistics.median(samples))}, p95 {ms(percentile(samples, 95))}"


@contextmanager
def sqlite_dev_server(
    folder: Path, setup: str, *, port: int | None = None
) -> Iterator[tuple[str, Any, Path]]:
    """The development server as ``make run`` starts it (``manage.py runserver`` on a SQLite
    file in ``folder``, immediate tasks): migrated, ``setup`` run in its shell, started and
    answering ``/healthz``; stopped afterwards. Yields its base URL, the JSON that ``setup``
    printed last, and the file its standard error goes to."""
    import httpx

    keep = {k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "CACHE_URL"))}
    env = {
        **keep,
        "DATABASE_URL": f"sqlite:///{folder / 'dev.sqlite3'}",
        "DEBUG": "1",
        "TASKS_BACKEND": "immediate",
        "LOG_LEVEL": "WARNING",
        "THROTTLE_USER": "100000/min",
        "QUOTA_OFFLINE_PER_DAY": "1000000",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    made = subprocess.run(
        [*manage, "shell", "-c", setup], cwd=ROOT, env=env, check=True, capture_output=True
    )
    data = json.loads(made.stdout.decode().strip().splitlines()[-1])
    if port is None:
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            port = free.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    log = folder / "server.log"
    with log.open("w") as errors:
        server = subprocess.Popen(
            [*manage, "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("the development server did not start")
                time.sleep(0.2)
            yield base, data, log
        finally:
            server.terminate()
            server.wait(timeout=30)
