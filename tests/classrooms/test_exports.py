"""grades.csv as a teacher opens it in a spreadsheet: maximum points, state names, local times
to the minute, and no cell that a spreadsheet would evaluate as a formula."""

import csv
import io
from datetime import UTC, datetime

import pytest
from django.test import Client

from tests.builders import make_user
from tests.classrooms.builders import assignment
from toulmini_site.classrooms import services
from toulmini_site.classrooms.exports import neutralised
from toulmini_site.classrooms.models import Submission

pytestmark = pytest.mark.django_db

FORMULAS = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\r=1"]


def grades(world) -> list[dict[str, str]]:
    client = Client()
    client.force_login(world.teacher)
    response = client.get(f"/classes/{world.classroom.pk}/grades.csv")
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode())))


@pytest.mark.parametrize("value", FORMULAS)
def test_a_cell_that_starts_a_formula_is_written_as_text(value):
    assert neutralised(value) == "'" + value


@pytest.mark.parametrize("value", ["Ana", "Essay: 2+2", "a=b", "", 4, None])
def test_other_cells_are_written_as_they_are(value):
    assert neutralised(value) == value


def test_no_cell_of_grades_csv_starts_a_formula_with_such_names_and_titles(world, settings):
    settings.TIME_ZONE = "Europe/Madrid"
    student = make_user("-2+3")
    services.class_join(user=student, code=world.classroom.join_code)
    title = '=HYPERLINK("http://evil.example","click")'
    task = assignment(world.classroom, "coach", title=title)
    sub = Submission.objects.get(assignment=task, student=student)
    sub, _ = services.submission_start(submission=sub)
    services.submission_turn_in(submission=sub)
    services.feedback_save(submission=sub, author=world.teacher, comments={}, points={"claim": 3})
    Submission.objects.filter(pk=sub.pk).update(
        state="returned", returned_at=datetime(2026, 11, 25, 9, 5, 7, 123456, tzinfo=UTC)
    )
    rows = grades(world)
    for row in rows:
        for cell in row.values():
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    mine = next(r for r in rows if r["student"] == "'-2+3" and r["assignment"] == "'" + title)
    assert mine["state"] == "Returned" and mine["total"] == "3"
    assert mine["max_points"] == "24"
    # 09:05:07.123456 UTC is 10:05 in Madrid in November: no seconds, no microseconds.
    assert mine["returned_at"] == "2026-11-25 10:05"


def test_grades_csv_names_states_and_gives_each_assignments_maximum(world):
    assignment(world.classroom, "essay", title="Essay", points_max={"claim": 10})
    rows = grades(world)
    states = {(r["student"], r["assignment"]): r["state"] for r in rows}
    assert set(states.values()) == {"Assigned"}
    maxima = {r["assignment"]: r["max_points"] for r in rows}
    assert maxima == {"A coach task": "24", "Essay": "30"}


def test_times_are_in_the_class_time_zone_when_it_has_one(world, settings):
    settings.TIME_ZONE = "Europe/Madrid"
    client = Client()
    client.force_login(world.teacher)
    saved = client.post(
        f"/classes/{world.classroom.pk}/settings/",
        {"name": "Debate 101", "daily_model_calls": 5, "time_zone": "America/New_York"},
    )
    assert saved.status_code == 302
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    Submission.objects.filter(pk=sub.pk).update(
        state="returned", returned_at=datetime(2026, 11, 25, 9, 5, tzinfo=UTC)
    )
    ana = next(r for r in grades(world) if r["student"] == "ana")
    assert ana["returned_at"] == "2026-11-25 04:05"  # New York, not Madrid or UTC


def test_an_unknown_time_zone_is_refused_and_the_form_kept(world):
    client = Client()
    client.force_login(world.teacher)
    response = client.post(
        f"/classes/{world.classroom.pk}/settings/",
        {"name": "Debate 101", "daily_model_calls": 5, "time_zone": "Mars/Olympus"},
    )
    body = response.content.decode()
    assert response.status_code == 400 and 'value="Mars/Olympus"' in body
    assert "Unknown time zone" in body
    world.classroom.refresh_from_db()
    assert world.classroom.time_zone == ""
