"""Limits in the shared cache: failed logins, sign-ups, throttles and daily quotas of work."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from arguments.models import Chain
from coach.models import CoachMessage
from council.models import Audit, Critique
from tests.arguments import builders as b
from tests.arguments.factories import make_chain
from tests.builders import make_user
from tests.coach.builders import make_session
from tests.redis_db import redis_db, redis_server, redis_url
from toulmini_site import limits

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent

PASSWORD = "pw-for-tests-123"
DOCUMENT = "Phones distract students. Therefore schools should ban phones in class, mostly."


def _token(address: str, password: str):
    client = APIClient(REMOTE_ADDR=address)
    return client.post("/api/v1/auth/token/", {"username": "owner", "password": password})


def test_200_wrong_passwords_on_the_token_endpoint_end_in_429s(owner):
    answers = [_token("10.0.0.1", "wrong-password").status_code for _ in range(200)]

    assert answers[:5] == [400] * 5  # the account+address allowance
    assert set(answers[5:]) == {429}
    refused = _token("10.0.0.1", PASSWORD)  # locked even with the right password
    assert refused.status_code == 429
    assert refused.json()["code"] == "RATE_LIMITED"
    assert int(refused["Retry-After"]) > 0
    assert _token("10.0.0.2", PASSWORD).status_code == 200  # the owner, elsewhere


def test_200_wrong_passwords_on_the_login_page_end_in_429s(client, owner):
    url = reverse("login")
    answers = [
        client.post(url, {"username": "owner", "password": "nope"}).status_code for _ in range(200)
    ]

    assert answers[:5] == [200] * 5  # the form again, with its error
    assert set(answers[5:]) == {429}
    refused = client.post(url, {"username": "owner", "password": PASSWORD})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert b"Too many failed logins" in refused.content
    elsewhere = client.post(
        url, {"username": "owner", "password": PASSWORD}, REMOTE_ADDR="10.9.9.9"
    )
    assert elsewhere.status_code == 302  # logged in


def test_four_failures_do_not_lock_the_account(client, owner):
    url = reverse("login")
    for _ in range(4):
        client.post(url, {"username": "owner", "password": "nope"})
    assert client.post(url, {"username": "owner", "password": PASSWORD}).status_code == 302


def test_one_address_trying_many_accounts_is_stopped(client, settings, owner):
    settings.LOGIN_FAILURES_PER_ADDRESS = 10
    url = reverse("login")
    answers = [
        client.post(url, {"username": f"guess{n}", "password": "x"}).status_code for n in range(12)
    ]
    assert answers[:10] == [200] * 10 and answers[10:] == [429, 429]


def test_a_class_behind_one_school_address_is_not_locked_out(client):
    """30 students on the school's one public address, each mistyping twice, all get in."""
    url = reverse("login")
    for n in range(30):
        make_user(f"pupil{n}", password=PASSWORD)
        for _ in range(2):
            client.post(url, {"username": f"pupil{n}", "password": "typo"})
    answers = [
        Client().post(url, {"username": f"pupil{n}", "password": PASSWORD}).status_code
        for n in range(30)
    ]
    assert answers == [302] * 30


def test_many_addresses_against_one_account_lock_it(settings, owner):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 8
    answers = [_token(f"10.1.0.{n}", "wrong").status_code for n in range(10)]
    assert answers[:8] == [400] * 8 and answers[8:] == [429, 429]


def test_the_lock_lifts_after_the_window(monkeypatch, client, owner):
    clock = [1_000_000.0]
    monkeypatch.setattr(limits, "now", lambda: clock[0])
    url = reverse("login")
    for _ in range(6):
        client.post(url, {"username": "owner", "password": "nope"})
    assert client.post(url, {"username": "owner", "password": PASSWORD}).status_code == 429
    clock[0] += 900
    assert client.post(url, {"username": "owner", "password": PASSWORD}).status_code == 302


def test_the_token_endpoint_has_a_strict_per_address_throttle(monkeypatch, owner):
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "auth": "3/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    answers = [_token("10.2.0.1", PASSWORD).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    throttled = _token("10.2.0.1", PASSWORD)
    assert throttled.json()["code"] == "RATE_LIMITED" and int(throttled["Retry-After"]) > 0
    assert _token("10.2.0.2", PASSWORD).status_code == 200


def test_a_user_is_throttled_on_the_api(monkeypatch, owner_api):
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "user": "3/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    answers = [owner_api.get("/api/v1/chains/").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]


def test_anonymous_callers_are_throttled(monkeypatch, api_client):
    """(A protected endpoint answers anonymous callers 401 before any throttle counts.)"""
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "anon": "1/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    answers = [api_client.get("/api/schema/").status_code for _ in range(2)]
    assert answers == [200, 429]


def _signup(n: int, address: str = "10.3.0.1"):
    return Client().post(
        reverse("signup"),
        {"username": f"pupil{n}", "password1": "a-long-pass-9281", "password2": "a-long-pass-9281"},
        REMOTE_ADDR=address,
    )


def test_sign_ups_are_limited_per_address(settings):
    settings.SIGNUPS_PER_ADDRESS_PER_HOUR = 2
    assert [_signup(n).status_code for n in range(3)] == [302, 302, 429]
    assert not User.objects.filter(username="pupil2").exists()
    assert _signup(9, address="10.3.0.2").status_code == 302


# -- daily quotas --------------------------------------------------------------------------


@pytest.fixture
def quotas(settings):
    settings.QUOTAS_PER_DAY = {
        "llm_chain_run": 1,
        "llm_coach_turn": 1,
        "llm_critique": 2,
        "llm_audit": 1,
        "offline": 3,
    }
    return settings.QUOTAS_PER_DAY


@pytest.fixture
def queued(settings):
    """Tasks go to the database queue (as in production), so 'nothing queued' is countable."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def _critique(api, capture):
    with capture(execute=True):
        return api.post("/api/v1/critiques/", {"text": DOCUMENT}, format="json")


def test_a_user_over_the_critique_quota_gets_429_and_nothing_is_queued(
    quotas, queued, fake_llm, owner_api, django_capture_on_commit_callbacks
):
    answers = [_critique(owner_api, django_capture_on_commit_callbacks) for _ in range(3)]

    assert [a.status_code for a in answers] == [202, 202, 429]
    refused = answers[2]
    assert refused.json()["code"] == "QUOTA_EXCEEDED"
    assert 0 < int(refused["Retry-After"]) <= 86_400
    assert Critique.objects.count() == 2
    assert DBTaskResult.objects.count() == 2
    assert all(c.engine == "llm" for c in Critique.objects.all())


def test_the_quota_is_per_user_and_resets_the_next_day(
    monkeypatch, quotas, queued, fake_llm, owner_api, other_api, django_capture_on_commit_callbacks
):
    clock = [86_400 * 20_000 + 3600.0]
    monkeypatch.setattr(limits, "now", lambda: clock[0])
    for _ in range(2):
        _critique(owner_api, django_capture_on_commit_callbacks)
    assert _critique(owner_api, django_capture_on_commit_callbacks).status_code == 429
    assert _critique(other_api, django_capture_on_commit_callbacks).status_code == 202
    clock[0] += 86_400 - 3600  # midnight UTC
    assert _critique(owner_api, django_capture_on_commit_callbacks).status_code == 202


def test_offline_work_has_its_own_allowance(
    quotas, queued, owner_api, django_capture_on_commit_callbacks
):
    answers = [_critique(owner_api, django_capture_on_commit_callbacks) for _ in range(4)]
    assert [a.status_code for a in answers] == [202, 202, 202, 429]
    assert Critique.objects.filter(engine="offline").count() == 3


def test_the_critique_form_keeps_the_text_over_the_quota(quotas, queued, owner_client, settings):
    settings.QUOTAS_PER_DAY = {**quotas, "offline": 0}
    response = owner_client.post("/critiques/new/", {"title": "", "text": DOCUMENT})
    assert response.status_code == 429
    assert DOCUMENT in response.content.decode()
    assert "today&#x27;s 0 offline runs" in response.content.decode()
    assert Critique.objects.count() == 0


def test_a_user_over_the_audit_quota_gets_429(quotas, queued, fake_llm, owner_api):
    first = owner_api.post("/api/v1/audits/", {"text": DOCUMENT}, format="json")
    second = owner_api.post("/api/v1/audits/", {"text": DOCUMENT}, format="json")
    assert (first.status_code, second.status_code) == (202, 429)
    assert second.json()["code"] == "QUOTA_EXCEEDED"
    assert Audit.objects.count() == 1


def test_llm_chain_runs_are_counted_and_refused(quotas, fake_llm, owner_api, owner):
    fake_llm(responses=[b.PHASE_OUTPUTS[1]()])
    chain = make_chain(owner, engine=Chain.Engine.LLM)
    first = owner_api.post(f"/api/v1/chains/{chain.pk}/run/", {"until": "next"}, format="json")
    assert first.status_code == 200
    refused = owner_api.post(f"/api/v1/chains/{chain.pk}/run/", {"until": "next"}, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "QUOTA_EXCEEDED"
    chain.refresh_from_db()
    assert chain.next_phase == 2  # the first phase kept, nothing more run


def test_offline_chain_runs_stop_at_the_offline_allowance(quotas, owner_api, owner):
    chains = [make_chain(owner) for _ in range(4)]
    answers = [
        owner_api.post(f"/api/v1/chains/{c.pk}/run/", {"until": "next"}, format="json")
        for c in chains
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    chains[3].refresh_from_db()
    assert chains[3].next_phase == 1  # untouched


def test_a_coach_turn_over_the_quota_saves_no_message(quotas, settings, owner_api, owner):
    settings.QUOTAS_PER_DAY = {**quotas, "offline": 0}
    session = make_session(owner)
    before = CoachMessage.objects.count()
    response = owner_api.post(
        f"/api/v1/coach/sessions/{session.pk}/turn/", {"message": "Phones distract."}
    )
    assert response.status_code == 429 and response.json()["code"] == "QUOTA_EXCEEDED"
    assert CoachMessage.objects.count() == before


def test_an_htmx_run_over_the_quota_shows_the_message_above_the_page(
    quotas, settings, owner_client, owner
):
    settings.QUOTAS_PER_DAY = {**quotas, "offline": 0}
    chain = make_chain(owner)
    response = owner_client.post(
        reverse("arguments:chain_run", args=[chain.pk]), {"until": "next"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 429
    assert response["HX-Retarget"] == "#main" and response["HX-Reswap"] == "afterbegin"
    assert b"<html" not in response.content and b"nothing was queued" in response.content


def test_anonymous_callers_cannot_start_work(api_client):
    assert api_client.post("/api/v1/critiques/", {"text": DOCUMENT}).status_code == 401


def test_unknown_work_is_a_programming_error(owner):
    with pytest.raises(ValueError):
        limits.quota_take(user=owner, work="essay", model=False)


def test_make_user_helper_still_logs_in(client):
    make_user("pupil", password=PASSWORD)
    assert client.login(username="pupil", password=PASSWORD)


# -- across processes ----------------------------------------------------------------------

REDIS_URL = redis_url()  # this worker's own database (tests.redis_db)
FAIL_AND_CHECK = """
import sys
import django
django.setup()
from django.test import RequestFactory
from toulmini_site import limits
request = RequestFactory().post("/", REMOTE_ADDR="10.7.0.1")
if sys.argv[-1] == "fail":
    for _ in range(5):
        limits.login_failed(request=request, username="{name}")
else:
    try:
        limits.login_check(request=request, username="{name}")
    except limits.LimitExceeded as refused:
        print(refused.code)
    else:
        print("allowed")
"""


def test_each_test_worker_counts_in_a_redis_database_of_its_own(monkeypatch):
    monkeypatch.delenv("TEST_REDIS_DB", raising=False)
    numbers = []
    for worker in ("gw0", "gw1", "gw2"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        numbers.append(redis_db())
    monkeypatch.setenv("TEST_REDIS_DB", "15")
    assert (numbers, redis_db()) == ([1, 2, 3], 1)  # gw2 from 15 wraps to database 1


@pytest.mark.skipif(REDIS_URL is None, reason=f"Redis is not reachable at {redis_server()}")
def test_failed_logins_counted_in_one_process_lock_another_through_redis(tmp_path):
    script = tmp_path / "limits_probe.py"
    script.write_text(FAIL_AND_CHECK.format(name=f"probe-{uuid.uuid4().hex}"))

    def run(step: str, cache_url: str) -> str:
        env = {
            **os.environ,
            "CACHE_URL": cache_url,
            "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
            "PYTHONPATH": str(ROOT),
        }
        command = [sys.executable, str(script), step]
        result = subprocess.run(
            command,
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    assert run("check", REDIS_URL) == "allowed"
    run("fail", REDIS_URL)
    assert run("check", REDIS_URL) == "RATE_LIMITED"  # another process sees the count
    assert run("check", "") == "allowed"  # local memory: each process counts alone


def test_quotas_and_class_budgets_share_one_clock_and_the_sites_day(monkeypatch, settings, owner):
    """Midnight in the site's TIME_ZONE ends the day for both (New York: 05:00 UTC)."""
    from datetime import UTC, datetime

    from django.utils import timezone as tz

    from toulmini_site.classrooms import budgets

    settings.TIME_ZONE = "America/New_York"
    settings.QUOTAS_PER_DAY = {**settings.QUOTAS_PER_DAY, "llm_critique": 1}
    clock = [datetime(2026, 11, 25, 4, 59, tzinfo=UTC).timestamp()]  # 23:59 in New York
    monkeypatch.setattr(limits, "now", lambda: clock[0])
    with tz.override("America/New_York"):
        limits.quota_take(user=owner, work="critique", model=True)
        with pytest.raises(limits.LimitExceeded) as refused:
            limits.quota_take(user=owner, work="critique", model=True)
        assert refused.value.retry_after == 60
        assert budgets.now().timestamp() == clock[0]  # the budgets read the same clock
        assert budgets.day_bounds is limits.day_bounds
        clock[0] += 120  # 00:01 in New York, still 05:01 of the same UTC day
        limits.quota_take(user=owner, work="critique", model=True)


def _parallel_wrong_logins(monkeypatch, attempt) -> tuple[list[int], int]:
    """48 wrong logins at once; their statuses and how many passwords were hashed."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth.base_user import AbstractBaseUser

    checked, lock = [0], threading.Lock()
    real = AbstractBaseUser.check_password
    start = threading.Barrier(48)

    def counting(self, raw_password):
        with lock:
            checked[0] += 1
        return real(self, raw_password)

    monkeypatch.setattr(AbstractBaseUser, "check_password", counting)

    def one(_):
        start.wait()
        try:
            return attempt()
        finally:
            from django.db import connection

            connection.close()

    with ThreadPoolExecutor(48) as pool:
        statuses = list(pool.map(one, range(48)))
    return statuses, checked[0]


@pytest.mark.django_db(transaction=True)
def test_48_parallel_wrong_logins_check_at_most_5_passwords(monkeypatch):
    make_user("owner")

    def attempt():
        return (
            Client(REMOTE_ADDR="10.9.0.1")
            .post(reverse("login"), {"username": "owner", "password": "nope"})
            .status_code
        )

    statuses, checked = _parallel_wrong_logins(monkeypatch, attempt)
    assert checked <= 5
    assert statuses.count(200) == checked  # each checked password shows the form again
    assert statuses.count(429) == 48 - checked


@pytest.mark.django_db(transaction=True)
def test_48_parallel_wrong_token_requests_check_at_most_5_passwords(monkeypatch, settings):
    make_user("owner")
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "auth": "1000/min",  # the login limit, not the address throttle, is under test
        },
    }
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    )

    statuses, checked = _parallel_wrong_logins(
        monkeypatch, lambda: _token("10.9.0.2", "wrong-password").status_code
    )
    assert checked <= 5
    assert statuses.count(400) == checked
    assert statuses.count(429) == 48 - checked


def test_a_right_password_gives_its_count_back(client, owner):
    url = reverse("login")
    for _ in range(4):
        client.post(url, {"username": "owner", "password": "nope"})
    for _ in range(3):  # right logins do not count: four failures stay four
        assert client.post(url, {"username": "owner", "password": PASSWORD}).status_code == 302
        client.logout()
    assert client.post(url, {"username": "owner", "password": "nope"}).status_code == 200
    assert client.post(url, {"username": "owner", "password": PASSWORD}).status_code == 429
