"""Production error pages (DEBUG off) are the site's own pages, in its frame and language."""

import pytest
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.test import Client
from django.urls import path

from toulmini_site import urls as site_urls


def _boom(request: HttpRequest):
    raise RuntimeError("a bug")


def _denied(request: HttpRequest):
    raise PermissionDenied


# This module is the URLconf of the tests below: the site's pages plus two that fail.
urlpatterns = [path("test-boom/", _boom), path("test-denied/", _denied), *site_urls.urlpatterns]
handler404 = site_urls.handler404

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False


def _in_frame(page: str) -> None:
    assert 'class="site-header"' in page and 'class="site-footer"' in page
    assert 'href="/"' in page  # a way back home


def test_a_missing_page_is_a_styled_404_in_the_frame(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    page = response.content.decode()
    _in_frame(page)
    assert "Page not found" in page and 'class="language-switch"' in page


def test_the_404_speaks_spanish_under_es(client, spanish_catalog):
    response = client.get("/no/such/page/", headers={"accept-language": "es"})
    page = response.content.decode()
    assert response.status_code == 404 and "Página no encontrada" in page
    assert "Page not found" not in page


def test_a_missing_api_path_still_answers_json(client):
    response = client.get("/api/v1/nothing-here/")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"


def test_a_refused_page_is_a_styled_403(client):
    response = client.get("/test-denied/")
    assert response.status_code == 403
    page = response.content.decode()
    _in_frame(page)
    assert "Not allowed" in page


def test_a_csrf_failure_is_a_styled_403():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    page = response.content.decode()
    _in_frame(page)
    assert "The form expired" in page


def test_a_server_error_is_a_styled_500_in_the_frame_and_the_language(spanish_catalog):
    client = Client(raise_request_exception=False)
    response = client.get("/test-boom/", headers={"accept-language": "es"})
    assert response.status_code == 500
    page = response.content.decode()
    _in_frame(page)
    assert "Algo salió mal" in page and "a bug" not in page
