"""Pages answer a classroom refusal raised inside another app's service (a spent class
budget, turned-in work, an archived class) with a short page and the right status, not a
server error; an htmx request gets only the message, as 200, shown before its target. The
API needs nothing here: the refusals are ``ApiError``s, which DRF answers itself."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from toulmini_site.classrooms.budgets import QuotaExceeded, WorkRefused


class ClassroomRefusalMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, WorkRefused):
            return None
        context = {"message": exception.payload["error"], "code": exception.payload["code"]}
        if getattr(request, "htmx", False):
            # htmx swaps only 2xx answers: the refusal comes as 200 and lands just before the
            # element the request meant to replace, which stays as it was.
            response = render(request, "classrooms/refused.html#refusal", context)
            response["HX-Reswap"] = "beforebegin"
            return response
        response = render(request, "classrooms/refused.html", context, status=exception.status_code)
        if isinstance(exception, QuotaExceeded):
            response["Retry-After"] = str(exception.wait)
        return response
