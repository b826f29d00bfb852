"""LTI builders: the platform fixture (on loopback, registered with us), launches as a browser
makes them, and a teacher's returned work."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client
from lti_tool.models import Key, LtiDeployment, LtiRegistration

from tests.lti.platform import INSTRUCTOR, LEARNER, Platform, shared_pem_pair
from toulmini_site.classrooms import services as classrooms
from toulmini_site.classrooms.models import Submission
from toulmini_site.lti import connection
from toulmini_site.lti.models import ClassLink

LAUNCH_URL = "http://testserver/lti/launch/"


@pytest.fixture
def platform(db):
    private, public = shared_pem_pair("tool")
    Key.objects.create(private_key=private, public_key=public)  # our key pair, made once
    platform = Platform(tool_launch_url=LAUNCH_URL)
    registration = LtiRegistration.objects.create(
        name="Test LMS",
        issuer=platform.issuer,
        client_id=platform.client_id,
        auth_url=f"{platform.url}/auth",
        token_url=f"{platform.url}/token",
        keyset_url=f"{platform.url}/jwks",
    )
    LtiDeployment.objects.create(
        registration=registration, deployment_id=platform.deployment_id, is_active=True
    )
    platform.tool_key_set(Client().get("/lti/jwks.json").json())
    yield platform
    platform.stop()
    connection.platform_answered(registration.pk)  # no silence carried to the next test


def login_redirect(client: Client, platform: Platform, sub: str) -> dict[str, str]:
    """The platform starts a login at our initiation URL; we answer with a redirect to its
    authorization URL, whose query the platform reads."""
    response = client.get(
        "/lti/login/",
        {
            "iss": platform.issuer,
            "login_hint": sub,
            "target_link_uri": LAUNCH_URL,
            "lti_message_hint": "hint",
            "client_id": platform.client_id,
            "lti_deployment_id": platform.deployment_id,
        },
    )
    assert response.status_code == 302, response.content
    assert response["Location"].startswith(f"{platform.url}/auth?")
    return dict(parse_qsl(urlsplit(response["Location"]).query))


def launch(client: Client, platform: Platform, *, sub: str, roles: list[str], **claims: Any):
    """A whole launch as a browser makes it: login initiation, the platform's signed
    answer, the form post to our launch URL. Returns our response."""
    auth = login_redirect(client, platform, sub)
    signed = platform.signed_launch(auth, sub=sub, roles=roles, **claims)
    return client.post(
        urlsplit(signed["launch_url"]).path,
        {"id_token": signed["id_token"], "state": signed["state"]},
    )


# -- builders ---------------------------------------------------------------------------


def teacher_launch(platform: Platform) -> Client:
    """The instructor Grace Hopper (``t-1``) launched and signed in: the course's class exists."""
    client = Client()
    assert (
        launch(client, platform, sub="t-1", roles=[INSTRUCTOR], name="Grace Hopper").status_code
        == 302
    )
    return client


def essay(classroom: Any, title: str = "Claims and grounds") -> Any:
    return classrooms.assignment_create(
        classroom=classroom, title=title, kind="essay", points_max={"claim": 4, "data": 4}
    )


def returned_work(platform: Platform, *, points: dict[str, int]) -> tuple[Client, Any, Any]:
    """Ada Lovelace's (``s-1``) essay, turned in and graded, ready to return; with the
    teacher's client and the class's link."""
    teacher_client = teacher_launch(platform)
    link = ClassLink.objects.get()
    assignment = essay(link.classroom)
    launch(Client(), platform, sub="s-1", roles=[LEARNER], name="Ada Lovelace")
    submission = Submission.objects.get(assignment=assignment)
    classrooms.submission_essay_save(submission=submission, text="Uniforms help. " * 40)
    classrooms.submission_turn_in(submission=submission)
    classrooms.feedback_save(
        submission=submission,
        author=link.classroom.created_by,
        comments={"claim": "Clear claim."},
        overall="Good start.",
        points=points,
    )
    return teacher_client, link, submission
