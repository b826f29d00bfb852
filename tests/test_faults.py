"""Limits hold whatever a client writes in its headers, and a cache outage is never a 500."""

import logging
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from arguments.models import Chain
from tests.arguments.factories import make_chain
from toulmini_site import limits

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-123"
ATTACKER = "203.0.113.7"


def _forwarded(n: int) -> str:
    return f"198.51.100.{n}"


# -- one client, one address ------------------------------------------------------------------


def test_a_new_forwarded_address_per_try_does_not_reset_the_login_page_limit(owner):
    client = Client(REMOTE_ADDR=ATTACKER)
    answers = [
        client.post(
            reverse("login"),
            {"username": "owner", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=_forwarded(n),
        ).status_code
        for n in range(15)
    ]
    assert answers[:5] == [200] * 5
    assert answers[5:] == [429] * 10


def test_a_new_forwarded_address_per_try_does_not_reset_the_token_limit(owner):
    client = APIClient(REMOTE_ADDR=ATTACKER)
    answers = [
        client.post(
            "/api/v1/auth/token/",
            {"username": "owner", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=_forwarded(n),
        ).status_code
        for n in range(15)
    ]
    assert answers[:5] == [400] * 5
    assert answers[5:] == [429] * 10


def test_a_forwarded_address_cannot_unlock_a_locked_address(owner):
    client = APIClient(REMOTE_ADDR=ATTACKER)
    for _ in range(5):
        client.post("/api/v1/auth/token/", {"username": "owner", "password": "wrong"})
    retry = client.post(
        "/api/v1/auth/token/",
        {"username": "owner", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="10.0.0.1",
    )
    assert retry.status_code == 429


def _address(meta: dict, settings, proxies: int) -> str:
    settings.NUM_PROXIES = proxies
    request = Client().get("/healthz", **meta).wsgi_request
    return limits.client_address(request)


def test_without_proxies_the_address_is_the_connection(settings):
    meta = {"REMOTE_ADDR": "192.0.2.1", "HTTP_X_FORWARDED_FOR": "1.2.3.4, 5.6.7.8"}
    assert _address(meta, settings, 0) == "192.0.2.1"


def test_behind_n_proxies_the_address_is_the_nth_from_the_end(settings):
    meta = {"REMOTE_ADDR": "10.0.0.9", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 192.0.2.1, 10.0.0.2"}
    assert _address(meta, settings, 1) == "10.0.0.2"
    assert _address(meta, settings, 2) == "192.0.2.1"  # the client's claim 6.6.6.6 is ignored
    assert _address(meta, settings, 9) == "6.6.6.6"  # fewer entries than proxies: the first
    assert _address({"REMOTE_ADDR": "10.0.0.9"}, settings, 1) == "10.0.0.9"


def test_behind_one_proxy_two_clients_are_counted_apart(settings, owner):
    settings.NUM_PROXIES = 1
    url = reverse("login")

    def attempt(client_ip: str, password: str) -> int:
        return (
            Client(REMOTE_ADDR="10.0.0.2")
            .post(url, {"username": "owner", "password": password}, HTTP_X_FORWARDED_FOR=client_ip)
            .status_code
        )

    assert [attempt("192.0.2.1", "wrong") for _ in range(6)][-1] == 429
    assert attempt("192.0.2.2", PASSWORD) == 302  # the owner, at another address


# -- the cache goes away --------------------------------------------------------------------


@pytest.fixture
def cache_down():
    """The shared cache is Redis on a port nothing listens on: every call is refused."""
    unreachable = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    with override_settings(CACHES=unreachable):
        yield
    limits.cache.reset()


def test_with_the_cache_down_login_the_api_and_model_work_answer(
    cache_down, owner, fake_llm, caplog
):
    browser = Client()
    assert (
        browser.post(reverse("login"), {"username": "owner", "password": PASSWORD}).status_code
        == 302
    )
    signup = Client().post(
        reverse("signup"),
        {"username": "newcomer", "password1": "a-long-pass-9281", "password2": "a-long-pass-9281"},
    )
    assert signup.status_code == 302

    api = APIClient()
    token = api.post("/api/v1/auth/token/", {"username": "owner", "password": PASSWORD})
    assert token.status_code == 200
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    assert api.get("/api/v1/chains/").status_code == 200

    from tests.arguments import builders as b

    fake_llm(responses=[b.PHASE_OUTPUTS[1]()])
    chain = make_chain(owner, engine=Chain.Engine.LLM)
    run = api.post(f"/api/v1/chains/{chain.pk}/run/", {"until": "next"}, format="json")
    assert run.status_code == 200
    assert any("shared cache failed" in r.message for r in caplog.records)


def test_with_the_cache_down_failed_logins_still_lock_per_process(cache_down, owner):
    client = APIClient(REMOTE_ADDR=ATTACKER)
    answers = [
        client.post("/api/v1/auth/token/", {"username": "owner", "password": "x"}).status_code
        for _ in range(7)
    ]
    assert answers == [400] * 5 + [429, 429]


def test_the_health_check_reports_the_cache_apart_from_the_database(cache_down, client):
    response = client.get("/healthz")
    assert response.status_code == 200  # the site still serves: do not take it out
    assert response.json() == {"status": "degraded", "database": "ok", "cache": "down"}


def test_the_outage_is_logged_once_not_per_request(cache_down, owner, caplog):
    caplog.set_level(logging.ERROR, logger="toulmini_site.limits")
    api = APIClient()
    api.force_authenticate(owner)
    Token.objects.get_or_create(user=owner)
    for _ in range(5):
        assert api.get("/api/v1/chains/").status_code == 200
    assert sum("shared cache failed" in r.message for r in caplog.records) == 1


# -- a coach stream always ends -------------------------------------------------------------


def test_a_database_error_inside_a_coach_stream_ends_it_with_an_error_event(
    owner_api, owner, monkeypatch
):
    from django.db import OperationalError

    from coach.models import CoachMessage
    from tests.coach.builders import make_session, ndjson

    session = make_session(owner)
    real_create = CoachMessage.objects.create

    def locked(**fields):
        if fields.get("role") == CoachMessage.Role.ASSISTANT:
            raise OperationalError("database is locked")
        return real_create(**fields)

    monkeypatch.setattr(CoachMessage.objects, "create", locked)
    response = owner_api.post(
        f"/api/v1/coach/sessions/{session.pk}/turn/", {"message": "Phones distract."}, format="json"
    )
    lines = ndjson(response)
    assert lines[0]["type"] == "start"
    assert lines[-1] == {
        "type": "error",
        "error": "coach_server_error",
        "message": "The tutor's answer could not be saved. Try again.",
        "retry": True,
    }


# -- API tokens ------------------------------------------------------------------------------


def _token_for(username: str, password: str) -> str:
    response = APIClient().post("/api/v1/auth/token/", {"username": username, "password": password})
    assert response.status_code == 200
    return response.json()["token"]


def test_a_password_change_revokes_the_api_token(owner):
    old = _token_for("owner", PASSWORD)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {old}")
    assert api.get("/api/v1/chains/").status_code == 200

    owner.set_password("a-new-long-pass-8812")
    owner.save()

    assert api.get("/api/v1/chains/").status_code == 401
    new = _token_for("owner", "a-new-long-pass-8812")
    assert new != old


def test_a_client_can_revoke_its_token(owner):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token_for('owner', PASSWORD)}")
    assert api.post("/api/v1/auth/token/revoke/").status_code == 204
    assert api.get("/api/v1/chains/").status_code == 401
    assert APIClient().post("/api/v1/auth/token/revoke/").status_code == 401


def test_an_api_token_expires_after_its_days_and_sign_in_gives_a_new_one(owner, settings):
    settings.API_TOKEN_DAYS = 30
    answer = APIClient().post("/api/v1/auth/token/", {"username": "owner", "password": PASSWORD})
    old = answer.json()["token"]
    issued = Token.objects.get(key=old).created
    assert answer.json()["expires_at"] == (issued + timedelta(days=30)).isoformat().replace(
        "+00:00", "Z"
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {old}")
    assert api.get("/api/v1/chains/").status_code == 200

    Token.objects.filter(key=old).update(created=issued - timedelta(days=30, seconds=1))

    refused = api.get("/api/v1/chains/")
    assert refused.status_code == 401 and refused.json()["code"] == "TOKEN_EXPIRED"
    assert not Token.objects.filter(key=old).exists()
    assert _token_for("owner", PASSWORD) != old


def test_sign_in_never_hands_out_an_expired_token(owner, settings):
    settings.API_TOKEN_DAYS = 1
    old = Token.objects.create(user=owner)
    Token.objects.filter(pk=old.pk).update(created=old.created - timedelta(days=2))
    new = _token_for("owner", PASSWORD)
    assert new != old.key
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {new}")
    assert api.get("/api/v1/chains/").status_code == 200


def test_the_account_page_password_change_revokes_the_api_token(owner, client):
    old = _token_for("owner", PASSWORD)
    client.force_login(owner)
    changed = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "tall-river-4471",
            "new_password2": "tall-river-4471",
        },
    )
    assert changed.status_code == 302
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {old}")
    assert api.get("/api/v1/chains/").status_code == 401
    assert not Token.objects.filter(user=owner).exists()


def test_a_revoked_token_is_only_the_callers(owner, other_user):
    mine, theirs = _token_for("owner", PASSWORD), Token.objects.create(user=other_user)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {mine}")
    assert api.post("/api/v1/auth/token/revoke/").status_code == 204
    assert Token.objects.filter(pk=theirs.pk).exists()
