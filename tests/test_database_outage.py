"""A database outage answers 503 with Retry-After on pages and the API, never 500."""

from contextlib import contextmanager
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False


@contextmanager
def database_down(error=OperationalError):
    """Every query fails as it does while PostgreSQL is down or restarting."""

    def refuse(*args, **kwargs):
        raise error("server closed the connection unexpectedly")

    with (
        mock.patch.object(CursorWrapper, "execute", refuse),
        mock.patch.object(CursorWrapper, "executemany", refuse),
    ):
        yield


def _is_503(response) -> None:
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0


def test_a_logged_in_page_answers_503_when_the_session_cannot_be_read(owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    with database_down():
        response = client.get("/")  # the session and the user are read in middleware
    _is_503(response)
    assert "briefly unavailable" in response.content.decode()


def test_a_page_view_meeting_the_outage_answers_503(owner):
    client = Client(raise_request_exception=False)
    with database_down(InterfaceError):
        response = client.post(reverse("login"), {"username": "owner", "password": "x"})
    _is_503(response)


def test_the_api_answers_503_json_with_retry_after(owner):
    token = Token.objects.create(user=owner)
    api = APIClient(raise_request_exception=False)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    with database_down():
        response = api.get("/api/v1/chains/")
    _is_503(response)
    assert response.json()["code"] == "SERVICE_UNAVAILABLE"


def test_after_the_outage_the_same_requests_answer_again(owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    with database_down():
        _is_503(client.get("/"))
    assert client.get("/").status_code == 200


def test_a_bug_is_still_a_500_not_a_503(owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    with mock.patch("toulmini_site.accounts.middleware.user_language", side_effect=RuntimeError):
        response = client.get("/")
    assert response.status_code == 500
