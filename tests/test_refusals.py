"""One refusal family: any ``Refusal`` a service raises is answered once, by the API's
exception handler (the shared error shape, its status, ``Retry-After``) and by the pages'
middleware (a page with its status; for htmx only the message)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.utils import translation
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.test import APIRequestFactory

from toulmini_site.limits import LimitExceeded
from toulmini_site.pages import RefusalMiddleware
from toulmini_site.refusals import Refusal
from toulmini_site.school import WorkTurnedIn


class StepTaken(Refusal):
    code = "STEP_TAKEN"
    status = 409


def _refusing(refusal: Exception):
    @api_view(["POST"])
    @permission_classes([AllowAny])
    def view(request):
        raise refusal

    return view


def test_the_api_answers_any_refusal_in_the_error_shape_with_its_status():
    refusal = StepTaken(
        "Someone took that step first.",
        missing=["step"],
        details=[{"loc": "step", "msg": "taken"}],
        extra={"step": 3},
    )
    response = _refusing(refusal)(APIRequestFactory().post("/api/v1/x/"))
    assert response.status_code == 409
    assert response.data == {
        "error": "Someone took that step first.",
        "code": "STEP_TAKEN",
        "missing": ["step"],
        "details": [{"loc": "step", "msg": "taken"}],
        "step": 3,
    }
    assert "Retry-After" not in response


def test_the_api_gives_a_limits_retry_after_as_a_header():
    refusal = LimitExceeded("Too many.", code="RATE_LIMITED", retry_after=42)
    response = _refusing(refusal)(APIRequestFactory().post("/api/v1/x/"))
    assert response.status_code == 429 and response["Retry-After"] == "42"
    assert response.data == {"error": "Too many.", "code": "RATE_LIMITED"}


def _page_answer(refusal: Exception, *, htmx: bool = False):
    request = RequestFactory().post("/somewhere/")
    request.user = AnonymousUser()
    request.htmx = htmx
    return RefusalMiddleware(lambda r: None).process_exception(request, refusal)


def test_a_page_answers_a_refusal_with_its_status_and_message():
    response = _page_answer(StepTaken("Someone took that step first."))
    body = response.content.decode()
    assert response.status_code == 409
    assert "Someone took that step first." in body and 'data-code="STEP_TAKEN"' in body


def test_an_htmx_request_gets_only_the_message_before_its_target():
    response = _page_answer(StepTaken("Someone took that step first."), htmx=True)
    body = response.content.decode()
    assert response.status_code == 200 and response["HX-Reswap"] == "beforebegin"
    assert "<html" not in body and "Someone took that step first." in body


@pytest.mark.parametrize("htmx", [False, True])
def test_a_limit_on_a_page_is_429_with_retry_after(htmx):
    response = _page_answer(
        LimitExceeded("Too many.", code="RATE_LIMITED", retry_after=42), htmx=htmx
    )
    assert response.status_code == 429 and response["Retry-After"] == "42"
    assert 'data-code="RATE_LIMITED"' in response.content.decode()
    assert (response.get("HX-Retarget") == "#main") is htmx


def test_other_errors_are_not_the_middlewares_business():
    assert _page_answer(ValueError("not a refusal")) is None


def test_a_refusal_speaks_the_visitors_language():
    with translation.override("es"):
        spanish = WorkTurnedIn().message
    with translation.override("en"):
        english = WorkTurnedIn().message
    assert "solo lectura" in spanish and "Anula la entrega" in spanish
    assert "read-only" in english
