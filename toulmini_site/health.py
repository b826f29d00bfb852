"""``/healthz``: for the proxy's or orchestrator's health checks, a plain Django view.

It reports the database and the shared cache separately. Only the database decides the
status code: without the cache the site still serves (limits then count per process,
``toulmini_site.limits``), so a proxy must not take every machine out of service because
the one shared cache is down; the body says so for monitoring.
"""

import uuid

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


def _database_ok_unpooled() -> bool:
    """With a connection pool (the ASGI web server), a request waits up to the pool's timeout
    for a connection while the database is down, longer than a proxy's health check waits:
    the check connects on its own, for at most 2 s, and says at once."""
    import psycopg

    settings = connection.settings_dict
    params = {
        "dbname": settings["NAME"],
        "user": settings.get("USER") or None,
        "password": settings.get("PASSWORD") or None,
        "host": settings.get("HOST") or None,
        "port": settings.get("PORT") or None,
    }
    try:
        with psycopg.connect(
            **{k: v for k, v in params.items() if v is not None}, connect_timeout=2
        ) as direct:
            direct.execute("SELECT 1")
    except Exception:  # any database failure means: send traffic elsewhere
        return False
    return True


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
