"""Reads for the class analytics page, the API and the CSV: the class's (or one assignment's)
submissions as flat rows, read in four queries whatever the size of the class
(``tests/classrooms/test_analytics.py`` and ``benchmarks/classrooms.py`` count them), and
turned into a ``ClassReading`` by the pure ``domain.analytics``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from coach.models import step_label
from council.models import AuditCriterionResult
from toulmini_site.classrooms import kinds
from toulmini_site.classrooms.domain.analytics import (
    BANDS,
    Bar,
    ClassReading,
    WorkRow,
    bar_layout,
    read_class,
)
from toulmini_site.classrooms.domain.grading import PART_LABELS, PARTS, points_max
from toulmini_site.classrooms.models import Assignment, Classroom, Enrollment, Submission
from toulmini_site.classrooms.selectors import roster
from toulmini_site.toulmin import CRITERION_PART


@dataclass(frozen=True)
class Analytics:
    classroom: Classroom
    assignments: list[Assignment]
    assignment: Assignment | None  # the one read, or None for the whole class
    reading: ClassReading
    students: dict[int, Any]  # id -> user


def class_analytics(classroom: Classroom, *, assignment: Assignment | None = None) -> Analytics:
    """The reading of the class's published assignments (or of ``assignment``) over its
    enrolled students: four queries, whatever the number of students. Each kind in it names
    the fields it reads of a submission's work and fills its row from them."""
    assignments = list(classroom.assignments.filter(published=True))
    chosen = [assignment] if assignment is not None else assignments
    kinds_of = {a.pk: (kinds.kind_of(a.kind), points_max(a.points_max)) for a in chosen}
    readers = {kind.name: kind for kind, _maxima in kinds_of.values()}
    columns = {name: c for kind in readers.values() for name, c in kind.analytics_columns().items()}
    values = dict.fromkeys(v for kind in readers.values() for v in kind.analytics_values)
    enrolled = Enrollment.objects.filter(
        classroom_id=classroom.pk, student_id=OuterRef("student_id")
    )
    rows = list(
        Submission.objects.filter(assignment_id__in=list(kinds_of))
        .filter(Exists(enrolled))
        .annotate(**columns)
        .values(
            "student_id",
            "assignment_id",
            "state",
            "audit_id",
            "updated_at",
            "feedback__points",
            *values,
            *columns,
        )
    )
    audits = [r["audit_id"] for r in rows if r["audit_id"]]
    scores: dict[int, dict[str, int]] = {}
    if audits:
        for result in AuditCriterionResult.objects.filter(audit_id__in=audits).values(
            "audit_id", "criterion_id", "numeric_score"
        ):
            part = CRITERION_PART.get(result["criterion_id"])
            if part and result["numeric_score"] is not None:
                scores.setdefault(result["audit_id"], {})[part] = result["numeric_score"]
    work = []
    for row in rows:
        kind, maxima = kinds_of[row["assignment_id"]]
        work.append(
            WorkRow(
                student_id=row["student_id"],
                assignment_id=row["assignment_id"],
                kind=kind.name,
                state=row["state"],
                points={k: int(v) for k, v in (row["feedback__points"] or {}).items()},
                maxima=maxima,
                audit_scores=scores.get(row["audit_id"], {}),
                **kind.reading(row),
            )
        )
    students = {e.student_id: e.student for e in roster(classroom)}
    return Analytics(
        classroom=classroom,
        assignments=assignments,
        assignment=assignment,
        reading=read_class(work, now=timezone.now()),
        students=students,
    )


# -- what the page, the API and the CSV show --------------------------------------------------

BAND_LABELS = {
    "0-24": _("under 25%"),
    "25-49": _("25–49%"),
    "50-74": _("50–74%"),
    "75-100": _("75% or more"),
}
REASON_LABELS = {
    "not_started": _("not started"),
    "stuck_step": _("no progress for 3 days"),
    "stopped": _("chain stopped by a circuit breaker"),
}


def as_json(analytics: Analytics) -> dict[str, Any]:
    """The reading as the API gives it (part names, counts, usernames; no work text)."""
    reading = analytics.reading

    def who(state: Any) -> dict[str, Any]:
        student = analytics.students.get(state.student_id)
        return {
            "student": student.username if student else None,
            "assignment": state.assignment_id,
            "reason": state.reason,
            "step": state.step,
            "since": state.since.isoformat() if state.since else None,
        }

    return {
        "classroom": analytics.classroom.pk,
        "assignment": analytics.assignment.pk if analytics.assignment else None,
        "submissions": reading.submissions,
        "started": reading.started,
        "bands": list(BANDS),
        "parts": [
            {
                "part": p.part,
                "graded": p.graded,
                "bands": list(p.bands),
                "mean_share": round(p.mean_share, 3) if p.mean_share is not None else None,
                "missing": p.missing,
                "weak": p.weak,
                "started": p.started,
            }
            for p in reading.parts
        ],
        "hardest": [p.part for p in reading.hardest()],
        "not_started": [who(s) for s in reading.not_started],
        "stuck": [who(s) for s in reading.stuck],
    }


def page_context(analytics: Analytics) -> dict[str, Any]:
    """The template's values: the two charts laid out, their tables, the lists of students."""
    reading = analytics.reading
    labels = {part: gettext(PART_LABELS[part]) for part in PARTS}
    points_rows, points_height = bar_layout(
        [Bar(labels[p.part], tuple(zip(p.bands, BAND_CSS, strict=True))) for p in reading.parts],
        width=CHART_WIDTH - CHART_VALUE_WIDTH,
        label=CHART_LABEL_WIDTH,
    )
    struggle_rows, struggle_height = bar_layout(
        [Bar(labels[p.part], ((p.missing, "missing"), (p.weak, "weak"))) for p in reading.parts],
        width=CHART_WIDTH - CHART_VALUE_WIDTH,
        label=CHART_LABEL_WIDTH,
    )
    titles = {a.pk: a.title for a in analytics.assignments}
    band_labels = [BAND_LABELS[b] for b in BANDS]

    def listed(states: Any) -> list[dict[str, Any]]:
        """One row per student and reason, naming every assignment it concerns (a class of
        300 with 10 assignments lists at most 300 students not started, not 3,000 cells)."""
        rows: dict[tuple[int, str], dict[str, Any]] = {}
        for s in states:
            row = rows.setdefault(
                (s.student_id, s.reason),
                {
                    "student": analytics.students.get(s.student_id),
                    "assignments": [],
                    "reason": REASON_LABELS[s.reason],
                    "step": step_label(s.step) if s.step else "",
                },
            )
            row["assignments"].append(titles.get(s.assignment_id, ""))
        return list(rows.values())

    to_look_at = listed(reading.stuck) + listed(reading.not_started)
    return {
        "classroom": analytics.classroom,
        "assignments": analytics.assignments,
        "chosen": analytics.assignment,
        "reading": reading,
        "parts": [
            {
                "label": labels[p.part],
                "reading": p,
                "bands": list(zip(band_labels, p.bands, strict=True)),
                "mean": round(p.mean_share * 100) if p.mean_share is not None else None,
            }
            for p in reading.parts
        ],
        "hardest": [(labels[p.part], p) for p in reading.hardest()],
        "bands": [(BAND_LABELS[b], css) for b, css in zip(BANDS, BAND_CSS, strict=True)],
        "points_chart": {"rows": points_rows, "height": points_height},
        "struggle_chart": {"rows": struggle_rows, "height": struggle_height},
        "chart_width": CHART_WIDTH,
        "label_width": CHART_LABEL_WIDTH,
        "to_look_at": to_look_at[:STUDENTS_SHOWN],
        "to_look_at_more": max(0, len(to_look_at) - STUDENTS_SHOWN),
        "graded_any": any(p.graded for p in reading.parts),
    }


# Rows of the "students to look at" table on the page (the API and CSV give them all).
STUDENTS_SHOWN = 200
BAND_CSS = ("band-0", "band-1", "band-2", "band-3")
CHART_WIDTH = 360
CHART_LABEL_WIDTH = 145
CHART_VALUE_WIDTH = 30  # room for the number written after a bar
