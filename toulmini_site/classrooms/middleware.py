"""Pages answer a classroom refusal raised inside another app's service (a spent class
budget, turned-in work) with a short page and the right status, not a server error. The
API needs nothing here: the refusals are ``ApiError``s, which DRF answers itself."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from toulmini_site.classrooms.budgets import QuotaExceeded, WorkArchived, WorkTurnedIn


class ClassroomRefusalMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, QuotaExceeded | WorkArchived | WorkTurnedIn):
            return None
        response = render(
            request,
            "classrooms/refused.html",
            {"message": exception.payload["error"], "code": exception.payload["code"]},
            status=exception.status_code,
        )
        if isinstance(exception, QuotaExceeded):
            response["Retry-After"] = str(exception.wait)
        return response
