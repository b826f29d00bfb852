"""E-mail on accounts (issue 36): sign-up asks for an address (teachers must give one), the
account page adds or changes it through a confirmation link, and password-reset mail goes from
the task queue, so the request does the same for a known and an unknown address."""

import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.tasks import default_task_backend
from django.test import Client
from django.urls import reverse

from tests.builders import make_user
from toulmini_site.accounts import tasks

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-new-Pass-9876"


@pytest.fixture
def queued(settings):
    """The task queue as a list: tasks wait there until the test runs them (like a worker)."""
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    default_task_backend.clear()
    yield default_task_backend.results
    default_task_backend.clear()


def run_queued(results) -> None:
    while results:
        result = results.pop(0)
        result.task.call(*result.args, **result.kwargs)


def _sign_up(client, **fields):
    data = {"username": "ms-new", "password1": "Pass-for-tests-987"}
    data["password2"] = data["password1"]
    return client.post(reverse("signup"), {**data, **fields})


def test_a_teacher_must_give_an_address_and_the_page_says_why(client):
    page = client.get(reverse("signup")).content.decode()
    assert "forget your password" in page and 'type="email"' in page
    refused = _sign_up(client, role="teacher", email="")
    assert refused.status_code == 200
    assert "Teachers need an e-mail address" in refused.content.decode()
    assert not get_user_model().objects.filter(username="ms-new").exists()


def test_a_student_may_sign_up_without_an_address(client):
    assert _sign_up(client, role="student")["Location"] == reverse("home")
    assert get_user_model().objects.get(username="ms-new").email == ""


def test_password_reset_end_to_end_from_sign_up_goes_through_the_task_queue(queued):
    client = Client()
    _sign_up(client, role="teacher", email="ms-new@example.org")
    client.post(reverse("logout"))

    response = client.post(reverse("password_reset"), {"email": "ms-new@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []  # nothing sent inside the request
    assert [r.task for r in queued] == [tasks.password_reset_task]
    run_queued(queued)  # the worker
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ms-new@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert Client().login(username="ms-new", password=NEW_PASSWORD)


def test_known_and_unknown_addresses_do_the_same_in_the_request(queued):
    user = make_user("ana")
    user.email = "ana@example.org"
    user.save()
    timings = {}
    for address in ("ana@example.org", "nobody@example.org"):
        client = Client()
        client.get(reverse("password_reset"))
        start = time.perf_counter()
        response = client.post(reverse("password_reset"), {"email": address})
        timings[address] = time.perf_counter() - start
        assert response["Location"] == reverse("password_reset_done")
    # The same work: one task each, with the same arguments but the address, no mail yet.
    assert [r.task for r in queued] == [tasks.password_reset_task] * 2
    assert [set(r.kwargs) for r in queued] == [{"email", "domain", "use_https", "language"}] * 2
    assert mail.outbox == []
    # And no user lookup, token or mail rendering in the request: the times are alike.
    known, unknown = timings.values()
    assert abs(known - unknown) < 0.25, timings
    run_queued(queued)
    assert [m.to for m in mail.outbox] == [["ana@example.org"]]


def test_the_account_page_adds_an_address_through_a_confirmation_link(queued):
    user = make_user("ana")
    client = Client()
    client.force_login(user)
    page = client.get(reverse("account")).content.decode()
    assert "cannot reset a forgotten password yourself" in page
    client.post(reverse("account_email"), {"email": "ana@example.org"})
    user.refresh_from_db()
    assert user.email == ""  # not before the link is opened
    run_queued(queued)
    link = re.search(r"http://testserver(/accounts/email/confirm/\S+/)", mail.outbox[0].body)
    assert mail.outbox[0].to == ["ana@example.org"]
    assert client.get(link.group(1)).status_code == 200
    user.refresh_from_db()
    assert user.email == ""  # a GET (a mail scanner) changes nothing
    client.post(link.group(1))
    user.refresh_from_db()
    assert user.email == "ana@example.org"
    assert "ana@example.org" in client.get(reverse("account")).content.decode()


def test_a_confirmation_link_works_only_for_its_account_and_unforged(queued):
    ana, ben = make_user("ana"), make_user("ben")
    client = Client()
    client.force_login(ana)
    client.post(reverse("account_email"), {"email": "ana@example.org"})
    run_queued(queued)
    link = re.search(r"http://testserver(/accounts/email/confirm/\S+/)", mail.outbox[0].body)
    other = Client()
    other.force_login(ben)
    other.post(link.group(1))
    other.post(link.group(1).replace("/confirm/", "/confirm/x"))
    ben.refresh_from_db()
    ana.refresh_from_db()
    assert ben.email == "" and ana.email == ""


def test_the_reset_page_says_plainly_what_happens_without_an_address(client):
    page = client.get(reverse("password_reset")).content.decode()
    assert "nothing is sent" in page and "no link can reach you" in page


def test_the_demo_accounts_have_addresses():
    from django.core.management import call_command

    call_command("demo_data", stdout=open("/dev/null", "w"))  # noqa: SIM115
    users = get_user_model().objects.filter(username__in=["teacher", "student", "student2"])
    assert sorted(u.email for u in users) == [
        "student2@example.com",
        "student@example.com",
        "teacher@example.com",
    ]


def test_get_me_says_who_the_token_belongs_to():
    from rest_framework.test import APIClient

    user = make_user("ana")
    user.email = "ana@example.org"
    user.save()
    client = APIClient()
    assert client.get("/api/v1/me/").status_code in (401, 403)
    client.force_authenticate(user)
    body = client.get("/api/v1/me/").json()
    assert body["username"] == "ana" and body["email"] == "ana@example.org"
    assert body["classes_taught"] == 0 and body["classes_taken"] == 0


def test_the_account_page_makes_shows_once_and_revokes_an_api_token():
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    user = make_user("ana")
    client = Client()
    client.force_login(user)
    assert "You have no API token." in client.get(reverse("account")).content.decode()
    made = client.post(reverse("account_api_token"), {"action": "create"})
    key = Token.objects.get(user=user).key
    assert key in made.content.decode()
    assert key not in client.get(reverse("account")).content.decode()  # shown once
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/me/").json()["username"] == "ana"
    client.post(reverse("account_api_token"), {"action": "revoke"})
    assert not Token.objects.filter(user=user).exists()
    assert api.get("/api/v1/me/").status_code == 401


def test_the_copy_button_says_copied_in_the_page_language(spanish_catalog):
    user = make_user("ana")
    client = Client()
    client.force_login(user)
    made = client.post(
        reverse("account_api_token"), {"action": "create"}, headers={"accept-language": "es"}
    ).content.decode()
    assert 'data-copy="#new-api-token" data-copied="Copiado"' in made
    made = client.post(
        reverse("account_api_token"), {"action": "create"}, headers={"accept-language": "en"}
    ).content.decode()
    assert 'data-copy="#new-api-token" data-copied="Copied"' in made
