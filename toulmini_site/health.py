"""``/healthz``: for the proxy's or orchestrator's health checks, a plain Django view."""

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:  # noqa: ARG001
    """200 while the process can reach the database, 503 otherwise."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # any database failure means: send traffic elsewhere
        return JsonResponse({"status": "unavailable"}, status=503)
    return JsonResponse({"status": "ok"})
