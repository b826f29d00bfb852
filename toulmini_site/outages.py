"""A database outage answers 503 with ``Retry-After``, on pages and the API, never 500.

While PostgreSQL restarts, fails over or is unreachable, every request that touches it fails
with a ``django.db`` ``OperationalError`` or ``InterfaceError``. That is not a bug in the
request: it is the service being briefly unavailable, and a client (a browser, the API's
callers, the proxy) should try again shortly. Three places meet such an error:

- a page view: ``DatabaseOutageMiddleware.process_exception``;
- an API view: the API's exception handler (``toulmini_site.api``) asks ``outage_response``;
- a middleware (the session, the user's language): the project's ``handler500``,
  ``server_error`` here, which answers 503 for a database error and the usual 500 page
  otherwise.

The page is rendered without a request (its context processors would ask the database again).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext
from django.views.defaults import server_error as django_server_error

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 10
OUTAGE_ERRORS = (OperationalError, InterfaceError)
CODE = "SERVICE_UNAVAILABLE"


def is_outage(exception: BaseException | None) -> bool:
    """A failure to reach or use the database (not a bug in a query: those are
    ``ProgrammingError`` or ``IntegrityError`` and stay 500s or their own answers)."""
    return isinstance(exception, OUTAGE_ERRORS)


def outage_message() -> str:
    return gettext("The site cannot reach its database just now. Try again in a moment.")


def outage_response(request: HttpRequest, exception: BaseException) -> HttpResponse:
    """503 with ``Retry-After``: JSON under ``/api/``, the 503 page elsewhere."""
    logger.error(
        "The database is unavailable (%s: %s); answered 503.", type(exception).__name__, exception
    )
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": outage_message(), "code": CODE}, status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseOutageMiddleware:
    """A page view that meets a database outage answers 503 with ``Retry-After``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return outage_response(request, exception) if is_outage(exception) else None


def server_error(request: HttpRequest) -> HttpResponse:
    """The project's ``handler500``: 503 for a database outage met outside a view (in a
    middleware), Django's 500 page for anything else."""
    exception = sys.exc_info()[1]
    if is_outage(exception):
        assert exception is not None
        return outage_response(request, exception)
    return django_server_error(request)
