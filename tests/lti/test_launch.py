"""Launches end to end against a real platform implementation: real keys, real signed
tokens, our tool's code untouched."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from lti_tool.models import LtiDeployment, LtiUser

from tests.lti.builders import launch, login_redirect
from tests.lti.platform import INSTRUCTOR, LEARNER, MENTOR, TEACHING_ASSISTANT, rsa_pem_pair
from toulmini_site.classrooms.models import Enrollment
from toulmini_site.lti.models import ClassLink

pytestmark = pytest.mark.django_db


def _signed_in(client: Client) -> str | None:
    response = client.get("/classes/")
    return response.wsgi_request.user.username if response.status_code == 200 else None


def test_an_instructors_first_launch_makes_the_class_and_they_teach_it(platform):
    client = Client()
    response = launch(client, platform, sub="t-1", roles=[INSTRUCTOR], name="Grace Hopper")
    link = ClassLink.objects.get()
    assert response.status_code == 302
    assert response["Location"] == link.classroom.get_absolute_url()
    assert link.classroom.name == "Rhetoric 101"
    user = LtiUser.objects.get(sub="t-1").auth_user
    assert user.username == "grace.hopper"
    assert link.classroom.teachers.filter(pk=user.pk).exists()
    assert _signed_in(client) == "grace.hopper"


def test_a_learner_lands_in_the_class_as_a_student_and_a_ta_as_a_teacher(platform):
    launch(Client(), platform, sub="t-1", roles=[INSTRUCTOR], name="Grace Hopper")
    student = Client()
    response = launch(student, platform, sub="s-1", roles=[LEARNER], name="Ada Lovelace")
    classroom = ClassLink.objects.get().classroom
    assert response["Location"] == classroom.get_absolute_url()
    ada = LtiUser.objects.get(sub="s-1").auth_user
    assert Enrollment.objects.filter(classroom=classroom, student=ada).exists()
    assert not classroom.teachers.filter(pk=ada.pk).exists()
    launch(Client(), platform, sub="ta-1", roles=[TEACHING_ASSISTANT], name="Alan Turing")
    assert classroom.teachers.filter(username="alan.turing").exists()
    assert not Enrollment.objects.filter(student__username="alan.turing").exists()


def test_a_second_launch_signs_in_the_same_account_linked_by_subject_not_email(platform):
    launch(Client(), platform, sub="t-1", roles=[INSTRUCTOR], name="Grace Hopper")
    launch(Client(), platform, sub="s-1", roles=[LEARNER], name="Ada Lovelace")
    again = Client()
    launch(again, platform, sub="s-1", roles=[LEARNER], name="Ada Lovelace")
    assert _signed_in(again) == "ada.lovelace"
    # Another person with the same name and e-mail is another account.
    launch(Client(), platform, sub="s-2", roles=[LEARNER], name="Ada Lovelace")
    assert LtiUser.objects.get(sub="s-2").auth_user.username == "ada.lovelace-2"
    assert Enrollment.objects.count() == 2


def test_a_learner_before_any_teacher_is_told_to_wait(platform):
    response = launch(Client(), platform, sub="s-1", roles=[LEARNER])
    assert response.status_code == 403
    assert b"Your teacher has not opened Toulmini in this course yet" in response.content
    assert not ClassLink.objects.exists()


def test_a_role_with_no_place_is_refused(platform):
    launch(Client(), platform, sub="t-1", roles=[INSTRUCTOR])
    response = launch(Client(), platform, sub="m-1", roles=[MENTOR])
    assert response.status_code == 403
    assert b"your role in this course is none of these" in response.content


# -- the four bad launches ------------------------------------------------------------------


def test_a_forged_token_is_refused(platform):
    client = Client()
    auth = login_redirect(client, platform, "t-1")
    real_key = platform.registration.get_platform_private_key()
    kid = platform.registration.get_kid()
    forger_key, _ = rsa_pem_pair()
    # Signed with another key under the platform's key id: everything else is genuine.
    platform.registration.set_platform_private_key(forger_key)
    platform.registration.get_kid = lambda: kid
    signed = platform.signed_launch(auth, sub="t-1", roles=[INSTRUCTOR])
    platform.registration.set_platform_private_key(real_key)
    response = client.post(
        "/lti/launch/", {"id_token": signed["id_token"], "state": signed["state"]}
    )
    assert response.status_code == 403
    assert b"signature could not be verified" in response.content
    assert not LtiUser.objects.exists() and _signed_in(client) is None


def test_a_replayed_launch_is_refused(platform):
    client = Client()
    auth = login_redirect(client, platform, "t-1")
    signed = platform.signed_launch(auth, sub="t-1", roles=[INSTRUCTOR])
    form = {"id_token": signed["id_token"], "state": signed["state"]}
    assert client.post("/lti/launch/", form).status_code == 302
    replay = client.post("/lti/launch/", form)
    assert replay.status_code == 403
    assert b"This launch was already used" in replay.content


def test_a_token_for_another_audience_is_refused(platform):
    client = Client()
    auth = login_redirect(client, platform, "t-1")
    platform.registration.set_client_id("some-other-tool")
    signed = platform.signed_launch(
        {**auth, "client_id": "some-other-tool"}, sub="t-1", roles=[INSTRUCTOR]
    )
    response = client.post(
        "/lti/launch/", {"id_token": signed["id_token"], "state": signed["state"]}
    )
    assert response.status_code == 403
    assert b"client ID, is not registered" in response.content
    assert not LtiUser.objects.exists()


def test_a_launch_from_an_unknown_deployment_is_refused_until_activated(platform):
    platform.registration.set_deployment_id("dep-unknown")
    client = Client()
    response = launch(client, platform, sub="t-1", roles=[INSTRUCTOR])
    assert response.status_code == 403
    assert b"(dep-unknown) is not active" in response.content
    assert not LtiUser.objects.exists() and not ClassLink.objects.exists()
    # The admin sees it, inactive, and can activate it.
    deployment = LtiDeployment.objects.get(deployment_id="dep-unknown")
    assert not deployment.is_active
    deployment.is_active = True
    deployment.save()
    assert launch(Client(), platform, sub="t-1", roles=[INSTRUCTOR]).status_code == 302


def test_a_launch_without_its_login_state_is_refused(platform):
    auth = login_redirect(Client(), platform, "t-1")
    signed = platform.signed_launch(auth, sub="t-1", roles=[INSTRUCTOR])
    stranger = Client()  # not the browser that started the login: no state cookie
    response = stranger.post(
        "/lti/launch/", {"id_token": signed["id_token"], "state": signed["state"]}
    )
    assert response.status_code == 403
    assert b"expired or was opened in another browser" in response.content


def test_login_from_an_unregistered_platform_is_refused_with_a_page(platform):
    response = Client().get(
        "/lti/login/",
        {
            "iss": "https://unknown.example",
            "login_hint": "x",
            "target_link_uri": "http://x/",
            "client_id": "nobody",
        },
    )
    assert response.status_code == 400
    assert b"not registered with Toulmini" in response.content


def test_the_key_set_publishes_our_public_key_only(platform):
    keys = Client().get("/lti/jwks.json").json()["keys"]
    assert len(keys) == 1 and keys[0]["kty"] == "RSA" and keys[0]["alg"] == "RS256"
    assert "d" not in keys[0] and "p" not in keys[0]
    assert urlsplit(platform.url).hostname == "127.0.0.1"


def test_the_first_key_set_request_makes_our_key_pair_and_later_ones_reuse_it(db):
    from lti_tool.models import Key

    first = Client().get("/lti/jwks.json").json()["keys"]
    again = Client().get("/lti/jwks.json").json()["keys"]
    assert Key.objects.count() == 1 and first == again and first[0]["use"] == "sig"


@pytest.mark.skipif(
    not (settings.BASE_DIR / "locale/es/LC_MESSAGES/django.mo").exists(),
    reason="the Spanish catalogue is not compiled (make messages needs GNU gettext's msgfmt)",
)
def test_a_refusal_speaks_the_browser_s_language(platform):
    response = launch(Client(HTTP_ACCEPT_LANGUAGE="es"), platform, sub="s-1", roles=[LEARNER])
    assert response.status_code == 403
    assert "no ha abierto Toulmini en este curso" in response.content.decode()


def test_a_platform_whose_key_set_does_not_answer_gets_its_launch_refused_not_waited_on(
    platform, settings
):
    settings.LTI_HTTP_TIMEOUT_SECONDS = 0.2
    platform.delay = 30.0  # its key set (and everything else) answers far too late
    started = time.monotonic()
    response = launch(Client(), platform, sub="t-1", roles=[INSTRUCTOR])
    # Well before the platform would have answered (the margin holds on a loaded machine).
    assert time.monotonic() - started < 15
    assert response.status_code == 403
    assert b"did not answer when Toulmini asked for its keys" in response.content
    assert not get_user_model().objects.exists()  # nothing written
