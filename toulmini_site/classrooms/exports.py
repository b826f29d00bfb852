"""The class's grades as CSV and its returned work as JSON (teachers only; views check)."""

from __future__ import annotations

import csv
from datetime import datetime
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from toulmini_site.classrooms import selectors
from toulmini_site.classrooms.domain.analytics import BANDS
from toulmini_site.classrooms.domain.grading import PARTS
from toulmini_site.classrooms.models import Classroom

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

# A cell a spreadsheet would read as a formula (or, after a tab or carriage return, as one).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(value: Any) -> Any:
    """The cell as text no spreadsheet evaluates: a leading ``'`` before what would start a
    formula (OWASP's advice for CSV injection). Numbers are written as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


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
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(classroom.name) or f"class-{classroom.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-grades.csv"'
    writer = csv.writer(response)
    writer.writerow(GRADE_COLUMNS)
    writer.writerows(grades_rows(classroom))
    return response


def returned_work(classroom: Classroom) -> dict[str, Any]:
    """Every returned submission with its progress, work link and feedback."""
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
                "work": selectors.work_of(sub),
                "work_detail": selectors.work_detail(sub),
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
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(classroom.name) or f"class-{classroom.pk}"
    suffix = f"-assignment-{assignment.pk}" if assignment else ""
    response["Content-Disposition"] = f'attachment; filename="{name}{suffix}-analytics.csv"'
    writer = csv.writer(response)
    writer.writerow(ANALYTICS_COLUMNS)
    writer.writerows(analytics_rows(analytics))
    return response
