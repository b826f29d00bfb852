"""Who may call what: every endpoint and page as teacher, co-teacher, the student, another
student of the class, a student of another class, and anonymous.

Outside the class everything is 404 (it does not exist for them); inside it, the wrong role
is 403; anonymous is 401 on the API and the login page on pages.
"""

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from tests.classrooms.builders import ROLES, World, api_as, build_world
from toulmini_site.classrooms import services

pytestmark = pytest.mark.django_db


def started(w: World) -> None:
    services.submission_start(submission=w.submission)


def turned_in(w: World) -> None:
    started(w)
    w.submission.refresh_from_db()
    services.submission_turn_in(submission=w.submission)


def nothing(w: World) -> None:
    return None


def expect(
    teacher: int, student: int, classmate: int, outsider: int, anonymous: int = 401
) -> dict[str, int]:
    return {
        "teacher": teacher,
        "co_teacher": teacher,
        "student": student,
        "classmate": classmate,
        "outsider": outsider,
        "anonymous": anonymous,
    }


C = "/api/v1/classes/{c}/"
A = "/api/v1/assignments/{a}/"
SUB = "/api/v1/submissions/{s}/"

# (method, url template, body, set-up, expected status per role)
API_CASES: list[tuple[str, str, Any, Callable[[World], None], dict[str, int]]] = [
    ("get", "/api/v1/classes/", None, nothing, expect(200, 200, 200, 200)),
    ("post", "/api/v1/classes/", {"name": "Mine"}, nothing, expect(201, 201, 201, 201)),
    ("get", C, None, nothing, expect(200, 200, 200, 404)),
    # Teachers do not join their own class; a member joining again is a no-op; the student
    # of another class joins this one (that is what the code is for).
    ("post", "/api/v1/classes/join/", {"code": "{code}"}, nothing, expect(409, 200, 200, 200)),
    ("patch", C, {"joining_open": False}, nothing, expect(200, 403, 403, 404)),
    ("post", C + "join-code/", None, nothing, expect(200, 403, 403, 404)),
    ("post", C + "teachers/", {"username": "other-teacher"}, nothing, expect(202, 403, 403, 404)),
    ("get", C + "invitations/", None, nothing, expect(200, 403, 403, 404)),
    ("get", C + "students/", None, nothing, expect(200, 403, 403, 404)),
    ("delete", C + "students/{student}/", None, nothing, expect(204, 204, 403, 404)),
    ("get", C + "assignments/", None, nothing, expect(200, 200, 200, 404)),
    (
        "post",
        C + "assignments/",
        {"title": "New", "kind": "essay"},
        nothing,
        expect(201, 403, 403, 404),
    ),
    ("post", C + "return/", {"submission_ids": ["{s}"]}, turned_in, expect(200, 403, 403, 404)),
    ("get", C + "grades.csv", None, nothing, expect(200, 403, 403, 404)),
    ("get", C + "returned-work/", None, nothing, expect(200, 403, 403, 404)),
    ("get", A, None, nothing, expect(200, 200, 200, 404)),
    ("post", A + "publish/", None, nothing, expect(200, 403, 403, 404)),
    # The classmate starts their own submission of the same assignment.
    ("post", A + "start/", None, nothing, expect(403, 201, 201, 404)),
    ("get", A + "submissions/", None, nothing, expect(200, 403, 403, 404)),
    ("get", SUB, None, nothing, expect(200, 200, 404, 404)),
    ("post", SUB + "turn-in/", None, started, expect(403, 200, 404, 404)),
    ("post", SUB + "unsubmit/", None, turned_in, expect(403, 200, 404, 404)),
    ("put", SUB + "essay/", {"text": "x"}, nothing, expect(403, 409, 404, 404)),
    ("put", SUB + "feedback/", {"overall": "Good"}, nothing, expect(200, 403, 404, 404)),
    ("post", SUB + "return/", None, turned_in, expect(200, 403, 404, 404)),
]


def _fill(template: Any, w: World) -> Any:
    values = {
        "c": w.classroom.pk,
        "a": w.coach.pk,
        "s": w.submission.pk,
        "student": w.student.pk,
        "code": w.classroom.join_code,
    }
    if isinstance(template, str):
        filled = template.format(**values)
        return int(filled) if filled.isdigit() else filled
    if isinstance(template, dict):
        return {k: _fill(v, w) for k, v in template.items()}
    if isinstance(template, list):
        return [_fill(v, w) for v in template]
    return template


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("method", "url", "body", "setup", "expected"),
    API_CASES,
    ids=[f"{m.upper()} {u}" for m, u, *_ in API_CASES],
)
def test_api_access(role, method, url, body, setup, expected):
    w = build_world()
    setup(w)
    client = api_as(None if role == "anonymous" else w.user(role))
    response = getattr(client, method)(_fill(url, w), _fill(body, w), format="json")
    assert response.status_code == expected[role], response.content[:300]
    if response.status_code >= 400:
        assert "code" in response.json()  # the shared error shape, never HTML


PC = "/classes/{c}/"
PA = "/assignments/{a}/"
PS = "/submissions/{s}/"
LOGIN = 302  # anonymous: redirected to the login page

PAGE_CASES: list[tuple[str, str, Any, Callable[[World], None], dict[str, int]]] = [
    ("get", "/classes/", None, nothing, expect(200, 200, 200, 200, LOGIN)),
    ("post", "/classes/", {"name": "Mine"}, nothing, expect(302, 302, 302, 302, LOGIN)),
    ("get", PC, None, nothing, expect(200, 200, 200, 404, LOGIN)),
    ("post", PC + "settings/", {"renew_code": "1"}, nothing, expect(302, 403, 403, 404, LOGIN)),
    # Any name, a user's or not: the same invitation answer (no username oracle).
    ("post", PC + "teachers/", {"username": "x"}, nothing, expect(302, 403, 403, 404, LOGIN)),
    (
        "post",
        PC + "students/{student}/remove/",
        {"confirmed": "1"},
        nothing,
        expect(302, 302, 403, 404, LOGIN),
    ),
    (
        "post",
        PC + "return/",
        {"submission": "{s}", "confirmed": "1"},
        turned_in,
        expect(302, 403, 403, 404, LOGIN),
    ),
    ("get", PC + "grades.csv", None, nothing, expect(200, 403, 403, 404, LOGIN)),
    ("get", PC + "returned.json", None, nothing, expect(200, 403, 403, 404, LOGIN)),
    ("get", PC + "assignments/new/", None, nothing, expect(200, 403, 403, 404, LOGIN)),
    ("get", PA, None, nothing, expect(200, 200, 200, 404, LOGIN)),
    ("post", PA + "start/", None, nothing, expect(403, 302, 302, 404, LOGIN)),
    ("post", PA + "publish/", None, nothing, expect(302, 403, 403, 404, LOGIN)),
    ("get", PS, None, nothing, expect(200, 200, 404, 404, LOGIN)),
    ("post", PS + "turn-in/", None, started, expect(403, 302, 404, 404, LOGIN)),
    ("post", PS + "unsubmit/", None, turned_in, expect(403, 302, 404, 404, LOGIN)),
    ("post", PS + "feedback/", {"overall": "Good"}, nothing, expect(302, 403, 404, 404, LOGIN)),
    ("post", PS + "return/", None, turned_in, expect(302, 403, 404, 404, LOGIN)),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("method", "url", "body", "setup", "expected"),
    PAGE_CASES,
    ids=[f"{m.upper()} {u}" for m, u, *_ in PAGE_CASES],
)
def test_page_access(role, method, url, body, setup, expected):
    w = build_world()
    setup(w)
    client = Client()
    if role != "anonymous":
        client.force_login(w.user(role))
    response = getattr(client, method)(_fill(url, w), _fill(body, w) or {})
    assert response.status_code == expected[role]
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")


def test_the_teacher_grid_shows_the_class_and_never_another_class(db):
    w = build_world()
    client = Client()
    client.force_login(w.teacher)
    page = client.get(f"/classes/{w.classroom.pk}/").content.decode()
    assert "ana" in page and "ben" in page and "carl" not in page
    assert w.classroom.join_code in page


def test_a_student_page_shows_no_join_code_and_no_classmates(db):
    w = build_world()
    client = Client()
    client.force_login(w.student)
    page = client.get(f"/classes/{w.classroom.pk}/").content.decode()
    assert w.classroom.join_code not in page and "ben" not in page
    assert "A coach task" in page
