"""``/healthz``: for the proxy's or orchestrator's health checks, a plain Django view.

It reports the database and the shared cache separately. Only the database decides the
status code: without the cache the site still serves (limits then count per process,
``toulmini_site.limits``), so a proxy must not take every machine out of service because
the one shared cache is down; the body says so for monitoring.
"""

import contextlib
import os
import socket
import threading
import uuid

import psycopg
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


def _database_ok() -> bool:
    if connection.settings_dict.get("OPTIONS", {}).get("pool"):
        return _database_ok_unpooled()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # any database failure means: send traffic elsewhere
        return False
    return True


# The check's own connection, one per process (a pooled process only), and who may use it.
_CHECK = threading.Lock()
_kept: psycopg.Connection | None = None
CHECK_SECONDS = 2.0


def _database_ok_unpooled() -> bool:
    """With a connection pool (the ASGI web server), a request waits up to the pool's timeout
    for a connection while the database is down, longer than a proxy's health check waits;
    and under load every pooled connection may be lent to a request. So the check keeps one
    connection of its own per process (opening one per check made the database start a
    process each time), and says within about ``CHECK_SECONDS``: a connect is bounded by its
    timeout, a query by a watchdog that shuts the socket down (a frozen server never
    answers). A kept connection that fails at once (the database restarted, the connection
    was cut) is replaced, once."""
    if not _CHECK.acquire(timeout=CHECK_SECONDS):
        return False  # another check is stuck on the database: it is not answering
    global _kept
    try:
        if _kept is not None and not _kept.closed:
            try:
                _select_one(_kept)
                return True
            except _NoAnswer:
                _drop()
                return False
            except Exception:  # cut or restarted: one try on a fresh connection
                _drop()
        try:
            _kept = _connect()
            _select_one(_kept)
            return True
        except Exception:  # any database failure means: send traffic elsewhere
            _drop()
            return False
    finally:
        _CHECK.release()


def _connect() -> psycopg.Connection:
    settings = connection.settings_dict
    params = {
        "dbname": settings["NAME"],
        "user": settings.get("USER") or None,
        "password": settings.get("PASSWORD") or None,
        "host": settings.get("HOST") or None,
        "port": settings.get("PORT") or None,
    }
    return psycopg.connect(
        **{k: v for k, v in params.items() if v is not None},
        connect_timeout=max(1, round(CHECK_SECONDS)),
        autocommit=True,
    )


class _NoAnswer(Exception):
    """The server took the query and did not answer within ``CHECK_SECONDS``."""


def _select_one(kept: psycopg.Connection) -> None:
    fired = threading.Event()
    watchdog = threading.Timer(CHECK_SECONDS, _shut, args=(kept, fired))
    watchdog.start()
    try:
        kept.execute("SELECT 1")
    except Exception as error:
        if fired.is_set():
            raise _NoAnswer from error
        raise
    finally:
        watchdog.cancel()


def _shut(kept: psycopg.Connection, fired: threading.Event) -> None:
    """Wake a query blocked on a server that does not answer: its read fails at once."""
    fired.set()
    try:
        with socket.socket(fileno=os.dup(kept.fileno())) as sock:
            sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _drop() -> None:
    global _kept
    if _kept is not None:
        with contextlib.suppress(Exception):  # a broken connection may fail to close
            _kept.close()
    _kept = None


def _cache_ok() -> bool:
    probe = uuid.uuid4().hex
    try:
        cache.set("healthz:probe", probe, timeout=10)
        return cache.get("healthz:probe") == probe
    except Exception:  # refused, timed out, full: the cache is not doing its job
        return False


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:  # noqa: ARG001
    """200 while the process can reach the database, 503 otherwise; ``database`` and
    ``cache`` say ``ok`` or ``down`` each, ``status`` is ``ok``, ``degraded`` (the cache is
    down) or ``unavailable`` (the database is down)."""
    database, shared_cache = _database_ok(), _cache_ok()
    body = {
        "status": "unavailable" if not database else "ok" if shared_cache else "degraded",
        "database": "ok" if database else "down",
        "cache": "ok" if shared_cache else "down",
    }
    return JsonResponse(body, status=200 if database else 503)
