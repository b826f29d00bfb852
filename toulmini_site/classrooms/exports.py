"""The class's grades as CSV and its returned work as JSON (teachers only; views check)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from toulmini_site.classrooms import selectors
from toulmini_site.classrooms.domain.analytics import BANDS
from toulmini_site.classrooms.domain.grading import PARTS
from toulmini_site.classrooms.models import Classroom
from toulmini_site.spreadsheets import csv_response, safe_cell

GRADE_COLUMNS = [
    "student",
    "assignment",
    "state",
    "late",
    *PARTS,
    "total",
    "max_points",
    "returned_at",
]

# The one CSV writer's cell rule, kept under its old name for the rows' callers.
neutralised = safe_cell


def local_time(at: datetime | None, zone: Any = None) -> str:
    """``2026-11-25 10:30`` in ``zone`` (the class's), no seconds or offset."""
    return timezone.localtime(at, zone).strftime("%Y-%m-%d %H:%M") if at else ""


def grades_rows(classroom: Classroom) -> list[list[Any]]:
    """One row per enrolled student and assignment, in roster × assignment order: states
    by name, times in the class's time zone, and no cell a spreadsheet would evaluate."""
    grid = selectors.class_grid(classroom, feedback=True)
    zone = classroom.zone()
    rows = []
    for student in grid.students:
        for assignment in grid.assignments:
            sub = grid.cells.get((student.pk, assignment.pk))
            if sub is None:
                continue
            points = sub.points or {}
            row = [
                student.username,
                assignment.title,
                sub.state_label,
                "yes" if sub.late else "no",
                *[points.get(part, "") for part in PARTS],
                sub.total if sub.points is not None else "",
                sum(assignment.maxima().values()),
                local_time(sub.returned_at, zone),
            ]
            rows.append([neutralised(value) for value in row])
    return rows


def grades_csv_response(classroom: Classroom) -> HttpResponse:
    name = slugify(classroom.name) or f"class-{classroom.pk}"
    return csv_response(f"{name}-grades.csv", GRADE_COLUMNS, grades_rows(classroom))


def returned_work(classroom: Classroom) -> dict[str, Any]:
    """Every returned submission with its progress, its work as its kind exports it (by
    default its link and detail) and feedback."""
    items = []
    for sub in selectors.returned_work(classroom):
        feedback = getattr(sub, "feedback", None)
        items.append(
            {
                "submission": sub.pk,
                "student": sub.student.username,
                "assignment": {"id": sub.assignment_id, "title": sub.assignment.title},
                "kind": sub.assignment.kind,
                "late": sub.late,
                "turned_in_at": sub.turned_in_at.isoformat() if sub.turned_in_at else None,
                "returned_at": sub.returned_at.isoformat() if sub.returned_at else None,
                "progress": selectors.submission_progress(sub),
                **selectors.work_export(sub),
                "feedback": {
                    "comments": feedback.comments,
                    "overall": feedback.overall,
                    "points": feedback.points,
                    "total": feedback.total,
                }
                if feedback
                else None,
            }
        )
    return {"class": {"id": classroom.pk, "name": classroom.name}, "returned": items}


ANALYTICS_COLUMNS = [
    "part",
    "graded",
    *(f"points_{band}%" for band in BANDS),
    "mean_points_%",
    "missing",
    "weak",
    "started",
]


def analytics_rows(analytics: Any) -> list[list[Any]]:
    """One row per Toulmin part: the teacher's points in bands, their mean share, and how many
    started submissions miss the part or hold it weakly (``classrooms.analytics``)."""
    rows = []
    for part in analytics.reading.parts:
        mean = round(part.mean_share * 100) if part.mean_share is not None else ""
        row = [part.part, part.graded, *part.bands, mean, part.missing, part.weak, part.started]
        rows.append([neutralised(value) for value in row])
    return rows


def analytics_csv_response(analytics: Any) -> HttpResponse:
    classroom, assignment = analytics.classroom, analytics.assignment
    name = slugify(classroom.name) or f"class-{classroom.pk}"
    suffix = f"-assignment-{assignment.pk}" if assignment else ""
    return csv_response(
        f"{name}{suffix}-analytics.csv", ANALYTICS_COLUMNS, analytics_rows(analytics)
    )
