"""Class analytics by Toulmin part: the pure reading, the page, the API and the CSV, who may
see them, and queries that do not grow with the class."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from coach.models import CoachDraft, CoachSession
from tests.classrooms.builders import ROLES, api_as, assignment, build_world
from tests.classrooms.scale import build_class
from toulmini_site.classrooms.domain.analytics import (
    STUCK_AFTER,
    Bar,
    WorkRow,
    band_of,
    bar_layout,
    read_class,
)
from toulmini_site.classrooms.models import Feedback, Submission

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
FULL = {p: 4 for p in ("data", "claim", "warrant", "backing", "rebuttal", "qualifier")}


def row(**fields):
    base = {"student_id": 1, "assignment_id": 1, "kind": "coach", "state": "in_progress"}
    return WorkRow(**{**base, "maxima": FULL, **fields})


# -- the pure reading -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "maximum", "band"), [(0, 4, 0), (1, 4, 1), (2, 4, 2), (3, 4, 3), (4, 4, 3)]
)
def test_points_fall_in_quarter_bands_of_the_maximum(points, maximum, band):
    assert band_of(points, maximum) == band


def test_a_part_passed_but_empty_is_missing_and_one_not_reached_yet_is_not():
    reading = read_class(
        [
            row(
                student_id=1,
                present=frozenset({"claim"}),
                expected=frozenset({"claim", "data"}),
            )
        ],
        now=NOW,
    )
    by_part = {p.part: p for p in reading.parts}
    assert by_part["data"].missing == 1
    assert by_part["claim"].missing == 0
    assert by_part["warrant"].missing == 0  # not reached: the student is on it


def test_low_points_read_weak_and_the_teachers_points_outrank_the_audit():
    reading = read_class(
        [
            row(student_id=1, kind="essay", points={"warrant": 1}, audit_scores={"warrant": 5}),
            row(student_id=2, kind="essay", points={"warrant": 4}, audit_scores={"warrant": 2}),
            row(student_id=3, kind="essay", audit_scores={"warrant": 2, "backing": 1}),
        ],
        now=NOW,
    )
    by_part = {p.part: p for p in reading.parts}
    assert by_part["warrant"].weak == 2  # students 1 (points) and 3 (audit, ungraded)
    assert by_part["backing"].missing == 1
    assert by_part["warrant"].graded == 2
    assert by_part["warrant"].bands == (0, 1, 0, 1)
    assert by_part["warrant"].mean_share == pytest.approx((1 / 4 + 4 / 4) / 2)
    assert [p.part for p in reading.hardest()][:2] == ["warrant", "backing"]


def test_not_started_and_stuck_students_are_named_and_active_ones_are_not():
    reading = read_class(
        [
            row(student_id=1, state="assigned"),
            row(
                student_id=2,
                coach_step="warrant",
                last_activity=NOW - STUCK_AFTER - timedelta(hours=1),
            ),
            row(student_id=3, coach_step="warrant", last_activity=NOW - timedelta(hours=5)),
            row(student_id=4, kind="chain", stopped=True),
            row(student_id=5, coach_step="rebuttal", finished=True, last_activity=NOW),
        ],
        now=NOW,
    )
    assert [s.student_id for s in reading.not_started] == [1]
    assert {(s.student_id, s.reason) for s in reading.stuck} == {
        (2, "stuck_step"),
        (4, "stopped"),
    }
    assert reading.started == 4


def test_a_class_with_no_work_reads_empty_without_dividing_by_zero():
    reading = read_class([], now=NOW)
    assert reading.submissions == 0
    assert all(p.mean_share is None and p.struggling_share == 0 for p in reading.parts)
    assert reading.hardest() == []


def test_bars_scale_to_the_longest_and_skip_empty_segments():
    rows, height = bar_layout(
        [Bar("a", ((2, "x"), (0, "y"), (2, "z"))), Bar("b", ((1, "x"),))], width=100, label=20
    )
    assert [r.css for r in rows[0].rects] == ["x", "z"]
    assert rows[0].end == pytest.approx(100)
    assert rows[1].end == pytest.approx(40)
    assert height > 0


# -- the page, the API, the CSV ---------------------------------------------------------------


def _graded_world():
    world = build_world("coach")
    # The student's coach session: claim written, grounds empty, now on the warrant step.
    session = CoachSession.objects.create(
        owner=world.student, topic="Phones", current_step="warrant"
    )
    CoachDraft.objects.create(session=session, claim="Phones should be banned in class.")
    Submission.objects.filter(pk=world.submission.pk).update(
        coach_session=session, state="in_progress"
    )
    Feedback.objects.create(
        submission=world.submission, points={"claim": 1}, comments={}, author=world.teacher
    )
    return world


@pytest.mark.django_db
def test_the_teacher_sees_the_parts_the_class_struggles_with():
    world = _graded_world()
    client = Client()
    client.force_login(world.teacher)
    response = client.get(f"/classes/{world.classroom.pk}/analytics/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<svg" in page and 'role="img"' in page and "<table" in page
    reading = response.context["reading"]
    by_part = {p.part: p for p in reading.parts}
    assert by_part["data"].missing == 1  # grounds passed but empty
    assert by_part["claim"].weak == 1  # 1 of 4 points
    assert {s.student_id for s in reading.not_started} == {world.classmate.pk}


@pytest.mark.django_db
def test_the_api_gives_the_same_reading_and_one_assignment_on_request():
    world = _graded_world()
    other = assignment(world.classroom, "essay", title="An essay")  # published, not started
    body = api_as(world.teacher).get(f"/api/v1/classes/{world.classroom.pk}/analytics/").json()
    parts = {p["part"]: p for p in body["parts"]}
    assert parts["data"]["missing"] == 1 and parts["claim"]["weak"] == 1
    assert body["hardest"][0] in ("data", "claim")
    only = api_as(world.teacher).get(
        f"/api/v1/classes/{world.classroom.pk}/analytics/?assignment={other.pk}"
    )
    assert only.status_code == 200
    assert only.json()["assignment"] == other.pk
    assert all(p["missing"] == 0 and p["weak"] == 0 for p in only.json()["parts"])


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["abc", "999999", "-1"])
def test_an_unknown_assignment_is_a_clear_error(value):
    world = build_world()
    response = api_as(world.teacher).get(
        f"/api/v1/classes/{world.classroom.pk}/analytics/?assignment={value}"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "INVALID_INPUT"
    client = Client()
    client.force_login(world.teacher)
    assert (
        client.get(f"/classes/{world.classroom.pk}/analytics/?assignment={value}").status_code
        == 404
    )


@pytest.mark.django_db
def test_the_csv_has_a_row_per_part_and_no_formula():
    world = _graded_world()
    client = Client()
    client.force_login(world.teacher)
    response = client.get(f"/classes/{world.classroom.pk}/analytics/?format=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][0] == "part"
    assert [r[0] for r in rows[1:]] == [
        "data",
        "claim",
        "warrant",
        "backing",
        "rebuttal",
        "qualifier",
    ]
    claim = dict(zip(rows[0], rows[2], strict=True))
    assert claim["graded"] == "1" and claim["weak"] == "1" and claim["mean_points_%"] == "25"


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_only_the_class_teachers_see_the_analytics(role):
    world = build_world()
    user = None if role == "anonymous" else world.user(role)
    expected_api = {
        "teacher": 200,
        "co_teacher": 200,
        "student": 403,
        "classmate": 403,
        "outsider": 404,
        "anonymous": 401,
    }[role]
    response = api_as(user).get(f"/api/v1/classes/{world.classroom.pk}/analytics/")
    assert response.status_code == expected_api
    client = Client()
    if user is not None:
        client.force_login(user)
    for url in (
        f"/classes/{world.classroom.pk}/analytics/",
        f"/classes/{world.classroom.pk}/analytics/?format=csv",
    ):
        page = client.get(url)
        expected_page = {200: 200, 403: 403, 404: 404, 401: 302}[expected_api]
        assert page.status_code == expected_page, (role, url)


def _analytics_queries(students: int, prefix: str) -> tuple[int, int]:
    teacher, classroom = build_class(students=students, assignments=3, prefix=prefix)
    for a in classroom.assignments.all():
        a.published = True
        a.save(update_fields=["published"])
    client = Client()
    client.force_login(teacher)
    url = f"/classes/{classroom.pk}/analytics/"
    client.get(url)  # warm the content-type cache
    with CaptureQueriesContext(connection) as page:
        assert client.get(url).status_code == 200
    api = api_as(teacher)
    with CaptureQueriesContext(connection) as body:
        assert api.get(f"/api/v1/classes/{classroom.pk}/analytics/").status_code == 200
    return len(page), len(body)


@pytest.mark.django_db
def test_analytics_queries_are_the_same_at_30_and_300_students():
    assert _analytics_queries(30, "a") == _analytics_queries(300, "b")


@pytest.mark.django_db
def test_the_page_lists_each_student_once_with_their_assignments_and_caps_the_list(monkeypatch):
    from toulmini_site.classrooms import analytics

    teacher, classroom = build_class(students=6, assignments=3, prefix="cap")
    for a in classroom.assignments.all():
        a.published = True
        a.save(update_fields=["published"])
    context = analytics.page_context(analytics.class_analytics(classroom))
    rows = context["to_look_at"]
    names = [r["student"].username for r in rows if r["reason"] == "not started"]
    assert len(names) == len(set(names))  # one row per student
    assert all(len(r["assignments"]) >= 1 for r in rows)
    monkeypatch.setattr(analytics, "STUDENTS_SHOWN", 2)
    capped = analytics.page_context(analytics.class_analytics(classroom))
    assert len(capped["to_look_at"]) == 2
    assert capped["to_look_at_more"] == len(rows) - 2
