"""Security settings: headers on every response, no inline script, safe exports, deploy check."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tests.arguments.factories import make_chain

ROOT = Path(__file__).resolve().parent.parent
SCRIPT_QUERY = "Should <script>alert('x')</script> schools & colleges ban phones?"


def _headers_of_a_secure_response(response) -> None:
    policy = response["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part.strip()
    )
    assert directives["script-src"][0] == "'self'"
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_a_page_carries_csp_nosniff_referrer_policy_and_frame_denial(client):
    _headers_of_a_secure_response(client.get(reverse("home")))


@pytest.mark.django_db
def test_an_api_error_carries_the_same_headers(api_client):
    response = api_client.get("/api/v1/chains/")
    assert response.status_code == 401
    _headers_of_a_secure_response(response)


@pytest.mark.django_db
def test_pages_have_no_inline_script_handler_or_style(owner_client, owner):
    chain = make_chain(owner, phases=2)
    pages = [
        reverse("home"),
        reverse("arguments:chain_list"),
        reverse("arguments:chain_new"),
        reverse("arguments:chain_detail", args=[chain.pk]),
        "/coach/",
        "/critiques/new/",
        "/audits/new/",
    ]
    for url in pages:
        html = owner_client.get(url).content.decode()
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert scripts, url  # htmx at least
        assert all("src=" in tag for tag in scripts), (url, scripts)
        assert not re.search(r"\son[a-z]+\s*=", html), url
        assert not re.search(r"<style\b|\sstyle\s*=", html), url


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_its_indicator_style(client):
    html = client.get(reverse("home")).content.decode()
    assert '"includeIndicatorStyles": false' in html


@pytest.mark.django_db
def test_htmx_settles_no_style_attribute_which_the_csp_would_block(client):
    html = client.get(reverse("home")).content.decode()
    config = json.loads(re.search(r'name="htmx-config" content=\'([^\']*)\'', html).group(1))
    assert config["attributesToSettle"] == ["class", "width", "height"]


@pytest.mark.django_db
def test_the_markdown_export_escapes_html_in_the_query(owner_api, owner):
    chain = make_chain(owner, query=SCRIPT_QUERY, phases=1)
    response = owner_api.get(f"/api/v1/chains/{chain.pk}/export/?format=markdown")
    body = response.content.decode()
    assert response["Content-Type"] == "text/markdown; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="toulmin-chain-{chain.pk}.md"'
    assert "<script" not in body
    assert "&lt;script>alert('x')&lt;/script> schools &amp; colleges" in body


@pytest.mark.django_db
def test_the_page_export_escapes_html_and_downloads(owner_client, owner):
    chain = make_chain(owner, query=SCRIPT_QUERY)
    response = owner_client.get(reverse("arguments:chain_export", args=[chain.pk, "md"]))
    assert response["Content-Disposition"].startswith("attachment;")
    assert "<script" not in response.content.decode()


@pytest.mark.django_db
def test_the_json_export_is_a_json_attachment(owner_api, owner):
    chain = make_chain(owner, query=SCRIPT_QUERY)
    response = owner_api.get(f"/api/v1/chains/{chain.pk}/export/?format=json")
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith("attachment;")
    assert response.json()["query"] == SCRIPT_QUERY  # JSON keeps the text as it is


@pytest.mark.django_db
def test_exports_are_refused_to_others_and_anonymous(other_api, api_client, owner):
    chain = make_chain(owner, query=SCRIPT_QUERY)
    url = f"/api/v1/chains/{chain.pk}/export/?format=markdown"
    assert other_api.get(url).status_code == 404
    assert api_client.get(url).status_code == 401


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # (The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process, which --deploy refuses.)
    ignored = ("DEBUG", "HTTPS", "DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")
    clean = {k: v for k, v in os.environ.items() if k not in ignored}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-that-is-long-and-random-enough-9f8e7d6c5b4a3",
    "ALLOWED_HOSTS": "toulmini.example.org",
}


def test_check_deploy_passes_with_production_settings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_fails_when_https_is_turned_off():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION, HTTPS="0")
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT" in result.stderr + result.stdout


def test_a_malformed_proxy_ssl_header_stops_the_app():
    result = _manage("check", **PRODUCTION, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert result.returncode != 0
    assert "SECURE_PROXY_SSL_HEADER must be" in result.stderr


@pytest.mark.django_db
def test_behind_a_tls_proxy_the_forwarded_scheme_is_trusted(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    plain = client.get(reverse("home"))
    forwarded = client.get(reverse("home"), headers={"X-Forwarded-Proto": "https"})
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
    assert forwarded.status_code == 200
    assert forwarded["Strict-Transport-Security"].startswith("max-age=3600")
    assert "Strict-Transport-Security" not in plain


@pytest.mark.django_db
def test_pages_name_a_favicon_that_exists_and_favicon_ico_leads_to_it(client):
    from django.contrib.staticfiles import finders

    html = client.get(reverse("home")).content.decode()
    href = re.search(r'<link rel="icon" href="([^"]+)"', html).group(1)
    assert href == "/static/favicon.svg"
    assert finders.find("favicon.svg")
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"] == href
