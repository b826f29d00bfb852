"""Project-wide page infrastructure: the one page answer to a refusal.

``RefusalMiddleware`` turns a ``Refusal`` (``toulmini_site.refusals``) raised by any service
under a page view into a short page with the refusal's status, in the visitor's language;
the API needs nothing here, its exception handler answers the same refusals as JSON.

- A limit (status 429: too many attempts, a daily quota, a class's budget) answers the
  "Limit reached" page with ``Retry-After``; an htmx request gets only the message, put above
  the page's content (``#main``), so nothing the user typed is replaced.
- Any other refusal (turned-in work, an archived class, a step out of order) answers the
  refusal page; an htmx request gets only the message, as 200 (htmx swaps only what it is told
  to), placed just before the element the request meant to replace, which stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from toulmini_site.refusals import Refusal

LIMIT_STATUS = 429


class RefusalMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, Refusal):
            return None
        htmx = bool(getattr(request, "htmx", False))
        context = {"error": exception, "message": exception.shown(), "code": exception.code}
        if exception.status == LIMIT_STATUS:
            response = render(
                request, "429.html#message" if htmx else "429.html", context, status=LIMIT_STATUS
            )
            if htmx:
                response["HX-Retarget"] = "#main"
                response["HX-Reswap"] = "afterbegin"
        elif htmx:
            response = render(request, "refused.html#refusal", context)
            response["HX-Reswap"] = "beforebegin"
        else:
            response = render(request, "refused.html", context, status=exception.status)
        if exception.retry_after is not None:
            response["Retry-After"] = str(exception.retry_after)
        return response
