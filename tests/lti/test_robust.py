"""Launches that survive a cache outage, and odd input answered 4xx, never 500."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from lti1p3platform.registration import Registration

from tests.lti.builders import essay, launch, login_redirect, returned_work, teacher_launch
from tests.lti.platform import INSTRUCTOR, LEARNER
from toulmini_site.classrooms import services as classrooms
from toulmini_site.lti.models import ClassLink, GradeSync

pytestmark = pytest.mark.django_db


class _DownCache:
    """A cache whose every call fails, as Redis does when it is down (or frozen past the
    socket timeout)."""

    def close(self, **kwargs):  # closing a dead connection does not fail
        pass

    def __getattr__(self, name):
        def refuse(*args, **kwargs):
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

        return refuse


@pytest.fixture
def cache_down():
    down = _DownCache()
    with mock.patch("django.core.cache.CacheHandler.__getitem__", lambda self, alias: down):
        yield


def test_a_launch_works_while_the_cache_is_down(platform, cache_down):
    client = Client(raise_request_exception=True)
    response = launch(client, platform, sub="t-1", roles=[INSTRUCTOR], name="Grace Hopper")
    assert response.status_code == 302
    assert ClassLink.objects.count() == 1


def test_a_deep_link_launch_is_finished_while_the_cache_is_down(platform, cache_down):
    teacher_launch(platform)
    assignment = essay(ClassLink.objects.get().classroom)
    client = Client()
    response = launch(
        client,
        platform,
        sub="t-1",
        roles=[INSTRUCTOR],
        resource_link=None,
        deep_link_return="https://lms.example/return",
    )
    assert response["Location"] == "/lti/deep-link/"
    assert client.post("/lti/deep-link/", {"assignment": assignment.pk}).status_code == 200


def test_a_deep_link_post_with_a_non_numeric_assignment_is_a_400(platform):
    teacher_launch(platform)
    essay(ClassLink.objects.get().classroom)
    client = Client()
    launch(
        client,
        platform,
        sub="t-1",
        roles=[INSTRUCTOR],
        resource_link=None,
        deep_link_return="https://lms.example/return",
    )
    for wanted in ["abc", "1 OR 1=1", "9" * 5000, "-1", "١٢"]:
        answer = client.post("/lti/deep-link/", {"assignment": wanted})
        assert answer.status_code == 400, wanted
        assert b"Pick one of this class" in answer.content


@pytest.mark.parametrize(
    "roles", [[{"role": INSTRUCTOR}], [INSTRUCTOR, {"x": 1}], [17, None], [[INSTRUCTOR]]]
)
def test_a_launch_whose_roles_hold_objects_is_a_clear_4xx(platform, roles):
    response = launch(Client(), platform, sub="t-9", roles=roles)
    assert response.status_code == 400
    assert b"roles are not a list of role names" in response.content
    assert not ClassLink.objects.exists()


def test_an_id_token_without_exp_is_refused(platform, monkeypatch):
    registration = platform.registration
    real = Registration.platform_encode_and_sign

    def never_expiring(payload, expiration=None):
        return real(registration, payload, expiration=None)  # no iat, no exp

    monkeypatch.setattr(registration, "platform_encode_and_sign", never_expiring)
    response = launch(Client(), platform, sub="t-1", roles=[INSTRUCTOR])
    assert response.status_code == 403
    assert b"carries no expiry time" in response.content
    assert not ClassLink.objects.exists()


def test_many_logins_leave_a_bounded_number_of_state_cookies(platform):
    client = Client()
    for _ in range(200):
        login_redirect(client, platform, "t-1")
        live = [
            name
            for name, morsel in client.cookies.items()
            if name.startswith("lti1p3-state-") and morsel.value
        ]
        assert len(live) <= 6
    header = "; ".join(f"{k}={m.value}" for k, m in client.cookies.items() if m.value)
    assert len(header) < 2000
    # and the next launch still works
    assert launch(client, platform, sub="t-1", roles=[INSTRUCTOR]).status_code == 302


def test_a_finished_launch_spends_its_state_cookie(platform):
    client = Client()
    assert launch(client, platform, sub="t-1", roles=[INSTRUCTOR]).status_code == 302
    assert not [n for n, m in client.cookies.items() if n.startswith("lti1p3-state-") and m.value]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_send_again_on_a_grade_already_sent_does_not_post_it_twice(platform, committed):
    teacher, link, submission = returned_work(platform, points={"claim": 3, "data": 2})
    with committed():
        classrooms.submission_return(submission=submission)
    sync = GradeSync.objects.get(submission=submission)
    assert sync.state == "sent" and len(platform.scores) == 1
    with committed():  # a page opened before the send still shows the button
        assert teacher.post(f"/lti/grades/{sync.pk}/retry/").status_code == 302
    sync.refresh_from_db()
    assert sync.state == "sent" and sync.attempts == 1
    assert len(platform.scores) == 1


def test_a_learner_launch_works_while_the_cache_is_down(platform, cache_down):
    teacher_launch(platform)
    assert launch(Client(), platform, sub="s-1", roles=[LEARNER]).status_code == 302
