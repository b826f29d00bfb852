"""The production server (``make serve``): gunicorn for pages and the API, db_workers for tasks.

``python -m toulmini_site.serve`` checks the environment, migrates (``MIGRATE=0`` skips it,
for every machine but one), collects the static files (served by whitenoise), then runs
gunicorn with ``WEB_CONCURRENCY`` processes of ``WEB_THREADS`` threads each, and
``TASK_WORKERS`` ``manage.py db_worker`` processes. When one of them stops, it stops the others
and exits with that one's code; Ctrl-C or SIGTERM stop them all.

Why threads (gunicorn's ``gthread``) and not an ASGI server: the coach streams NDJSON from a
synchronous generator that waits on the model, so under ASGI it would hold a thread of the
sync-to-async pool just the same; with threads, a stream holds one thread for the length of
the answer and the process keeps serving others (see ``benchmarks/serve_stream.py``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = {
    "SECRET_KEY": "a long random string, e.g. python -c 'import secrets; "
    "print(secrets.token_urlsafe(50))'",
    "ALLOWED_HOSTS": "the comma-separated host names the site answers to, e.g. "
    "toulmini.example.org",
}


class ServeConfigError(Exception):
    """The environment cannot run the production server; the message says what to set."""


def _positive(env: Mapping[str, str], name: str, default: int, minimum: int) -> int:
    raw = env.get(name, "").strip() or str(default)
    if not raw.isdigit() or int(raw) < minimum:
        raise ServeConfigError(f"{name} must be a whole number of at least {minimum}, got {raw!r}")
    return int(raw)


def serve_plan(env: Mapping[str, str]) -> dict:
    """What ``serve`` would run for ``env``: the commands and the environment they get.

    Raises ``ServeConfigError`` when ``SECRET_KEY`` or ``ALLOWED_HOSTS`` is missing or a
    number is not one.
    """
    missing = [name for name in REQUIRED if not env.get(name, "").strip()]
    if missing:
        lines = [f"  {name}: {REQUIRED[name]}" for name in missing]
        raise ServeConfigError(
            "The production server needs these variables set (see .env.example):\n"
            + "\n".join(lines)
        )
    web = _positive(env, "WEB_CONCURRENCY", 2, 1)
    threads = _positive(env, "WEB_THREADS", 8, 1)
    workers = _positive(env, "TASK_WORKERS", 1, 0)
    timeout = _positive(env, "WEB_TIMEOUT", 120, 1)
    # Longer than a client's pause between requests: at gunicorn's 2 s default, a request
    # sent on a connection the server was just closing failed (3 in the load benchmark).
    keepalive = _positive(env, "WEB_KEEPALIVE", 75, 1)
    bind = env.get("BIND", "").strip() or "127.0.0.1:8000"
    child_env = {**env, "DEBUG": "0", "TASKS_BACKEND": "database"}
    python = sys.executable
    gunicorn = [
        python,
        "-m",
        "gunicorn",
        "toulmini_site.wsgi:application",
        f"--bind={bind}",
        f"--workers={web}",
        "--worker-class=gthread",
        f"--threads={threads}",
        f"--timeout={timeout}",
        f"--keep-alive={keepalive}",
        "--graceful-timeout=30",
        "--access-logfile=-",
        # The proxy in front of us (its address) may set X-Forwarded-*; default: loopback.
        f"--forwarded-allow-ips={env.get('FORWARDED_ALLOW_IPS', '127.0.0.1')}",
    ]
    prepare = [[python, "manage.py", "collectstatic", "--noinput", "-v", "0"]]
    if env.get("MIGRATE", "1").strip() != "0":
        prepare.insert(0, [python, "manage.py", "migrate", "--noinput", "-v", "1"])
    return {
        "env": child_env,
        "prepare": prepare,
        "web": gunicorn,
        "workers": [[python, "manage.py", "db_worker"] for _ in range(workers)],
    }


def _run(plan: dict) -> int:
    for command in plan["prepare"]:
        subprocess.run(command, cwd=ROOT, env=plan["env"], check=True)
    children = [
        subprocess.Popen(command, cwd=ROOT, env=plan["env"])
        for command in [plan["web"], *plan["workers"]]
    ]
    print(
        f"Serving with gunicorn (pid {children[0].pid}) and {len(children) - 1} task "
        "worker(s); Ctrl-C stops them all.",
        file=sys.stderr,
    )

    def stop(*_args: object) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while all(child.poll() is None for child in children):
            time.sleep(0.5)
    finally:
        stop()
        deadline = time.monotonic() + 35
        for child in children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
    return next((c.returncode for c in children if c.returncode), 0)


def main() -> int:
    try:
        plan = serve_plan(os.environ)
    except ServeConfigError as error:
        print(f"ERROR: {error}", file=sys.stderr)
        return 2
    try:
        return _run(plan)
    except subprocess.CalledProcessError as error:
        print(f"ERROR: {' '.join(error.cmd[1:])} failed ({error.returncode})", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
