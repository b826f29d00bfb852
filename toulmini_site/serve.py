"""The production server (``make serve``): gunicorn for pages and the API, db_workers for tasks.

``python -m toulmini_site.serve`` checks the environment (a strong ``SECRET_KEY``; a warning
when limits cannot be shared across processes), migrates (``MIGRATE=0`` skips it, for every
machine but one), collects the static files (served by whitenoise), then hands over to
supervisord, which runs gunicorn with ``WEB_CONCURRENCY`` uvicorn (ASGI) worker processes
and ``TASK_WORKERS`` ``manage.py worker`` processes, and restarts any of them that dies — a
worker crashing in a loop with a growing back-off — without touching the others. Ctrl-C or
SIGTERM stop them all.

Why supervisord: an established process manager that restarts each program on its own, with
back-off, instead of a hand-written loop; gunicorn already supervises its own web processes,
but not a task worker.

Why ASGI (uvicorn workers under gunicorn): the coach's stream is an async generator awaiting
the model (``toulmini_site.llm.streaming``), so a student waiting on an answer costs a
coroutine, not a thread: 120 students at once no longer queue behind 16 threads
(``benchmarks/serve_stream.py``). Pages and the API stay synchronous views, which Django runs
in a thread per request under ASGI. Under ASGI every request opens its database connection in
its own thread, so the web processes use a connection pool (``DATABASE_POOL_SIZE`` per
process, default 16, on PostgreSQL) instead of kept connections. ``WEB_SERVER=wsgi`` runs
the former gunicorn ``gthread`` server (``WEB_THREADS`` threads a process), where a stream
holds a thread for the length of the answer.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
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


def weak_secret_key(key: str) -> str | None:
    """Why ``key`` is too weak to sign sessions and tokens in production, or None.

    Django's own deploy check: at least 50 characters, at least 5 different ones, and not
    the ``django-insecure-`` prefix of a development key.
    """
    if key.startswith("django-insecure-"):
        return "it is a development key (django-insecure-...)"
    if len(key) < 50:
        return f"it has {len(key)} characters; at least 50 are needed"
    if len(set(key)) < 5:
        return f"it has only {len(set(key))} different characters; at least 5 are needed"
    return None


def warnings_for(env: Mapping[str, str]) -> list[str]:
    """What works but should not be left so: printed at start."""
    out = []
    if not env.get("CACHE_URL", "").strip():
        out.append(
            "CACHE_URL is not set: failed logins, sign-ups and API throttles are counted in "
            "each process on its own, so with several web processes (or machines) every "
            "limit is that many times looser. Set CACHE_URL=redis://host:6379/0."
        )
    return out


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
    weak = weak_secret_key(env["SECRET_KEY"].strip())
    if weak:
        raise ServeConfigError(
            f"SECRET_KEY is too weak for production: {weak}. {REQUIRED['SECRET_KEY']}"
        )
    web = _positive(env, "WEB_CONCURRENCY", 2, 1)
    threads = _positive(env, "WEB_THREADS", 8, 1)
    workers = _positive(env, "TASK_WORKERS", 1, 0)
    timeout = _positive(env, "WEB_TIMEOUT", 120, 1)
    # Longer than a client's pause between requests: at gunicorn's 2 s default, a request
    # sent on a connection the server was just closing failed (3 in the load benchmark).
    keepalive = _positive(env, "WEB_KEEPALIVE", 75, 1)
    bind = env.get("BIND", "").strip() or "127.0.0.1:8000"
    server = env.get("WEB_SERVER", "").strip().lower() or "asgi"
    if server not in ("asgi", "wsgi"):
        raise ServeConfigError(f"WEB_SERVER must be asgi or wsgi, got {server!r}")
    pool = _positive(env, "DATABASE_POOL_SIZE", 16, 0)
    child_env = {**env, "DEBUG": "0", "TASKS_BACKEND": "database"}
    python = sys.executable
    if server == "asgi":
        app = ["toulmini_site.asgi:application", "--worker-class=uvicorn_worker.UvicornWorker"]
        # Each request's sync code runs in a thread of its own: pooled connections, not kept.
        web_env = {"DATABASE_CONN_MAX_AGE": "0", "DATABASE_POOL_SIZE": str(pool)}
    else:
        app = ["toulmini_site.wsgi:application", "--worker-class=gthread", f"--threads={threads}"]
        web_env = {}
    gunicorn = [
        python,
        "-m",
        "gunicorn",
        *app,
        f"--bind={bind}",
        f"--workers={web}",
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
        "web_env": web_env,
        "server": server,
        "workers": [[python, "manage.py", "worker"] for _ in range(workers)],
        "warnings": warnings_for(env),
    }


def _quoted(command: list[str]) -> str:
    """A command line for supervisord's ini file (which interpolates ``%``)."""
    return " ".join(subprocess.list2cmdline([part]) if part else '""' for part in command).replace(
        "%", "%%"
    )


def _environment(values: Mapping[str, str]) -> str:
    """supervisord's ``environment=`` line for one program (added to what it inherits)."""
    if not values:
        return ""
    pairs = ",".join(f'{k}="{v}"' for k, v in values.items())
    return f"environment={pairs}\n"


def supervisor_config(plan: dict, *, directory: Path) -> str:
    """supervisord's configuration for ``plan``: the web server and the task workers as
    separate programs, each restarted on its own when it exits. A program that dies within
    ``startsecs`` of starting is retried with a back-off of 1 s, 2 s, 3 s... (supervisord's
    own), up to ``startretries`` times, so a worker that cannot start (no database yet) does
    not spin; one that dies later (``kill -9``) comes back at once."""
    common = (
        f"directory={ROOT}\n"
        "autostart=true\nautorestart=true\n"
        "stopsignal=TERM\nstopwaitsecs=35\nstopasgroup=true\nkillasgroup=true\n"
        "redirect_stderr=true\nstdout_logfile=/dev/stdout\nstdout_logfile_maxbytes=0\n"
    )
    sections = [
        "[supervisord]\nnodaemon=true\nloglevel=info\n"
        "logfile=/dev/null\nlogfile_maxbytes=0\n"
        f"pidfile={directory / 'supervisord.pid'}\n",
        f"[unix_http_server]\nfile={directory / 'supervisor.sock'}\nchmod=0700\n",
        "[rpcinterface:supervisor]\n"
        "supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface\n",
        f"[supervisorctl]\nserverurl=unix://{directory / 'supervisor.sock'}\n",
        f"[program:web]\ncommand={_quoted(plan['web'])}\nstartsecs=3\nstartretries=20\n"
        + _environment(plan.get("web_env") or {})
        + common,
    ]
    if plan["workers"]:
        sections.append(
            f"[program:worker]\ncommand={_quoted(plan['workers'][0])}\n"
            f"numprocs={len(plan['workers'])}\nprocess_name=worker-%(process_num)d\n"
            "startsecs=5\nstartretries=100\n" + common
        )
    return "\n".join(sections)


def _run(plan: dict) -> int:
    for command in plan["prepare"]:
        subprocess.run(command, cwd=ROOT, env=plan["env"], check=True)
    for warning in plan["warnings"]:
        print(f"WARNING: {warning}", file=sys.stderr)
    # SUPERVISOR_DIR: where its socket and pid file go (tests ask supervisorctl through it).
    directory = Path(plan["env"].get("SUPERVISOR_DIR") or tempfile.mkdtemp(prefix="toulmini-"))
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "supervisord.conf"
    config.write_text(supervisor_config(plan, directory=directory))
    print(
        f"Serving with gunicorn ({plan.get('server', 'asgi').upper()}) and "
        f"{len(plan['workers'])} task worker(s) under supervisord "
        f"({config}); Ctrl-C stops them all.",
        file=sys.stderr,
        flush=True,
    )
    supervisord = [sys.executable, "-m", "supervisor.supervisord", "-c", str(config)]
    os.chdir(ROOT)
    os.execve(sys.executable, supervisord, plan["env"])  # signals go straight to supervisord


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
