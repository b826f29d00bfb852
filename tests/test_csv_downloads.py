"""Every CSV a user downloads is safe in a spreadsheet (issue 36): one writer
(toulmini_site.spreadsheets) writes them all, and no cell starts a formula, whatever the user
typed (a class, an assignment or a user named like one)."""

import csv
import io
import re
from pathlib import Path

import pytest
from django.test import Client

from tests.classrooms.builders import build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Submission
from toulmini_site.privacy import public as privacy
from toulmini_site.spreadsheets import FORMULA_STARTS, csv_text

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
TRAPS = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def _cells(body: bytes) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(body.decode())) for cell in row]


def _world_with_traps():
    world = build_world()
    classroom = world.classroom
    services.class_update(classroom=classroom, name="=CMD|' /C calc'!A0")
    made = services.assignment_create(
        classroom=classroom, title=TRAPS[0], kind="essay", published=True
    )
    sub = Submission.objects.get(assignment=made, student=world.student)
    services.submission_essay_save(submission=sub, text="An essay.")
    sub = services.submission_turn_in(submission=Submission.objects.get(pk=sub.pk))
    services.feedback_save(
        submission=sub, author=world.teacher, comments={"claim": "@me"}, points={"claim": 2}
    )
    services.submission_return(submission=sub)
    privacy.work_opened(viewer=world.teacher, submission=sub, channel="page")
    return world


def test_every_csv_download_neutralises_cells_that_would_start_a_formula():
    world = _world_with_traps()
    student, teacher = Client(), Client()
    student.force_login(world.student)
    teacher.force_login(world.teacher)
    pk = world.classroom.pk
    downloads = {
        "account submissions.csv": student.get("/account/data/submissions.csv"),
        "account access_log.csv": student.get("/account/data/access_log.csv"),
        "grades.csv (page)": teacher.get(f"/classes/{pk}/grades.csv"),
        "grades.csv (API)": teacher.get(f"/api/v1/classes/{pk}/grades.csv"),
        "analytics csv": teacher.get(f"/classes/{pk}/analytics/?format=csv"),
    }
    for name, response in downloads.items():
        assert response.status_code == 200, name
        assert response["Content-Type"].startswith("text/csv"), name
        cells = _cells(response.content)
        assert cells, name
        formulas = [cell for cell in cells if cell.startswith(FORMULA_STARTS)]
        assert not formulas, (name, formulas)
    # The user's text is there, shown as text.
    assert "'" + TRAPS[0] in _cells(downloads["account submissions.csv"].content)
    assert any(
        c.startswith("'=HYPERLINK") for c in _cells(downloads["account access_log.csv"].content)
    )
    assert "'" + TRAPS[0] in _cells(downloads["grades.csv (page)"].content)


def test_the_writer_neutralises_each_formula_start_and_leaves_numbers_alone():
    cells = _cells(csv_text(["a"], [[*TRAPS, 5, -3, "plain"]]).encode())
    assert cells[1:7] == ["'" + trap for trap in TRAPS]
    assert cells[7:] == ["5", "-3", "plain"]


def test_no_csv_is_written_outside_the_one_writer():
    writers = []
    for path in ROOT.glob("**/*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in {".venv", "tests", "node_modules"} or "site-packages" in parts:
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"csv\.(writer|DictWriter)\(", text):
            writers.append(str(path.relative_to(ROOT)))
    assert writers == ["toulmini_site/spreadsheets.py"]
