"""Reads on classes, always scoped to who asks: a teacher sees their classes' work, a student
their own. Someone outside the class gets a 404 (the class does not exist for them).

The class grid and an assignment's submissions load in a fixed number of queries, whatever
the number of students (``benchmarks/classrooms.py`` counts them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.db.models.functions import Length
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from coach.models import CoachMessage
from toulmini_site.classrooms import budgets, kinds
from toulmini_site.classrooms.domain.grading import total_max
from toulmini_site.classrooms.kinds.chain import shorten as shorten
from toulmini_site.classrooms.models import (
    WORK_FIELDS,
    Assignment,
    Classroom,
    Enrollment,
    Feedback,
    Submission,
    TeacherInvitation,
)
from toulmini_site.classrooms.work import (
    PROVENANCE_LABELS as PROVENANCE_LABELS,
)
from toulmini_site.classrooms.work import (
    critique_points as critique_points,
)
from toulmini_site.classrooms.work import (
    draft_provenance as draft_provenance,
)
from toulmini_site.classrooms.work import (
    transcript as transcript,
)
from toulmini_site.toulmin import CRITERION_PART
from toulmini_site.users import User

TEACHER = "teacher"
STUDENT = "student"

# Everything a submission row or cell shows, in the same query.
WORK_RELATED = ("student", "coach_session", "chain", "audit", "critique", "feedback")


def _roles(user: User) -> dict[str, Any]:
    return {
        "is_teacher": Exists(
            Classroom.teachers.through.objects.filter(classroom_id=OuterRef("pk"), user_id=user.pk)
        ),
        "is_student": Exists(
            Enrollment.objects.filter(classroom_id=OuterRef("pk"), student_id=user.pk)
        ),
    }


def classes_of(user: User) -> QuerySet[Classroom]:
    """The classes ``user`` teaches or is enrolled in; each row has ``is_teacher``."""
    return (
        Classroom.objects.annotate(**_roles(user))
        .filter(Q(is_teacher=True) | Q(is_student=True))
        .order_by("archived", "name", "id")
    )


def role_of(classroom: Classroom) -> str:
    return TEACHER if classroom.is_teacher else STUDENT


def class_of(user: User, pk: int) -> Classroom:
    """A class ``user`` belongs to (``role_of`` tells how), else 404."""
    classroom = classes_of(user).filter(pk=pk).first()
    if classroom is None:
        raise Http404("No such class.")
    return classroom


def invitations_for(user: User) -> QuerySet[TeacherInvitation]:
    """The open invitations to co-teach addressed to ``user`` (not expired)."""
    return TeacherInvitation.objects.filter(
        invitee_id=user.pk, expires_at__gt=timezone.now()
    ).select_related("classroom", "invited_by")


def invitation_for(user: User, pk: int) -> TeacherInvitation:
    """An open invitation addressed to ``user``, else 404 (also to its inviter)."""
    invitation = invitations_for(user).filter(pk=pk).first()
    if invitation is None:
        raise Http404("No such invitation.")
    return invitation


def class_invitations(classroom: Classroom) -> QuerySet[TeacherInvitation]:
    """The class's invitations still waiting for an answer (its teachers see them)."""
    return classroom.invitations.filter(expires_at__gt=timezone.now()).select_related("invited_by")


def class_invitation(classroom: Classroom, pk: int) -> TeacherInvitation:
    """One of the class's invitations (expired or not), else 404."""
    invitation = classroom.invitations.filter(pk=pk).first()
    if invitation is None:
        raise Http404("No such invitation.")
    return invitation


def assignments_of(classroom: Classroom) -> QuerySet[Assignment]:
    """The class's assignments as its role may see them: students only published ones."""
    rows = classroom.assignments.all()
    return rows if classroom.is_teacher else rows.filter(published=True)


def assignment_of(user: User, pk: int) -> Assignment:
    """An assignment of a class ``user`` belongs to (a draft only for teachers), else 404;
    ``assignment.classroom`` carries the role."""
    assignment = Assignment.objects.filter(pk=pk).first()
    if assignment is None:
        raise Http404("No such assignment.")
    classroom = class_of(user, assignment.classroom_id)
    if not classroom.is_teacher and not assignment.published:
        raise Http404("No such assignment.")
    assignment.classroom = classroom
    return assignment


def submission_of(user: User, pk: int) -> Submission:
    """A submission its student or the class's teachers may see, else 404; its assignment's
    classroom carries the role."""
    submission = (
        Submission.objects.select_related("assignment", *WORK_RELATED).filter(pk=pk).first()
    )
    if submission is None:
        raise Http404("No such submission.")
    classroom = (
        Classroom.objects.annotate(**_roles(user)).filter(pk=submission.assignment.classroom_id)
    ).first()
    mine = submission.student_id == user.pk
    if classroom is None or not (classroom.is_teacher or mine):
        raise Http404("No such submission.")
    submission.assignment.classroom = classroom
    return submission


def my_submission(user: User, assignment: Assignment) -> Submission | None:
    return (
        Submission.objects.select_related(*WORK_RELATED)
        .filter(assignment=assignment, student=user)
        .first()
    )


def roster(classroom: Classroom) -> QuerySet[Enrollment]:
    return classroom.enrollments.select_related("student").order_by("student__username")


def assignment_submissions(assignment: Assignment) -> QuerySet[Submission]:
    """One submission per enrolled student (``assigned`` ones included), by username."""
    enrolled = Enrollment.objects.filter(
        classroom_id=assignment.classroom_id, student_id=OuterRef("student_id")
    )
    return (
        Submission.objects.filter(assignment=assignment)
        .filter(Exists(enrolled))
        .select_related(*WORK_RELATED)
        .order_by("student__username", "id")
    )


@dataclass(slots=True)
class Cell:
    """One grid cell: a submission's state and progress, read as plain values (thousands
    of model instances with their joined work cost ten times more to build)."""

    pk: int
    student_id: int
    assignment_id: int
    state: str
    late: bool
    returned_at: Any
    work_ids: dict[str, int | None]
    progress_label: str
    url: str
    state_label: str | Promise  # the state's name, translated when shown
    points: dict[str, int] | None = None
    points_max: int | None = None  # the assignment's total, with ``points``
    # The whole progress text when the label is shortened (shown as the cell's tooltip).
    progress_title: str = ""

    @property
    def total(self) -> int | None:
        return None if self.points is None else sum(self.points.values())


@dataclass
class Grid:
    """The teacher's view of a class: students × assignments, each cell a submission."""

    students: list[Any]
    assignments: list[Assignment]
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    usage: dict[int, int] = field(default_factory=dict)
    # Per student, over their coach work in this class: (messages pressing the tutor for the
    # answer, tutor answers withheld for writing a part).
    tutor_marks: dict[int, tuple[int, int]] = field(default_factory=dict)

    def rows(self, state: str = "") -> list[dict[str, Any]]:
        """Per student: the cells in assignment order (None where no submission), and
        whether any cell is in ``state`` (every row when no state is asked for)."""
        out = []
        for student in self.students:
            cells = [self.cells.get((student.pk, a.pk)) for a in self.assignments]
            if state and not any(c is not None and c.state == state for c in cells):
                continue
            pressed, withheld = self.tutor_marks.get(student.pk, (0, 0))
            out.append(
                {
                    "student": student,
                    "cells": cells,
                    "used": self.usage.get(student.pk, 0),
                    "pressed": pressed,
                    "withheld": withheld,
                }
            )
        return out


# What a grid cell needs of a submission and its work.
GRID_COLUMNS = (
    "id",
    "assignment_id",
    "student_id",
    "state",
    "late",
    "returned_at",
    "coach_session_id",
    "chain_id",
    "audit_id",
    "critique_id",
    "coach_session__current_step",
    "coach_session__status",
    "chain__status",
    "chain__next_phase",
    "chain__verdict_status",
    "chain__review_status",
    "chain__termination_reason",
    "audit__status",
    "audit__global_score",
)


def class_grid(classroom: Classroom, *, feedback: bool = False) -> Grid:
    """Roster × assignments with each cell's state and progress (and its feedback points
    when asked), and model calls used today per student: four queries (five the first time
    content types are looked up), whatever the size of the class."""
    students = [e.student for e in roster(classroom)]
    assignments = list(classroom.assignments.all())
    enrolled = Enrollment.objects.filter(
        classroom_id=classroom.pk, student_id=OuterRef("student_id")
    )
    columns = GRID_COLUMNS + (("feedback__points",) if feedback else ())
    rows = (
        Submission.objects.filter(assignment__classroom=classroom)
        .filter(Exists(enrolled))
        .annotate(essay_chars=Length("essay_text"))
        .values(*columns, "essay_chars")
    )
    kinds = {a.pk: a.kind for a in assignments}
    maxima = {a.pk: total_max(a.maxima()) for a in assignments}
    # One reverse() for thousands of cells: "/submissions/0/" -> "/submissions/".
    prefix = reverse("classrooms:submission_detail", args=[0]).removesuffix("0/")
    labels = dict(Submission.State.choices)
    grid = Grid(students=students, assignments=assignments)
    for row in rows:
        cell = Cell(
            pk=row["id"],
            student_id=row["student_id"],
            assignment_id=row["assignment_id"],
            state=row["state"],
            late=row["late"],
            returned_at=row["returned_at"],
            work_ids={f: row[f"{f}_id"] for f in WORK_FIELDS},
            progress_label=(progress := progress_of(kinds[row["assignment_id"]], row))["label"],
            progress_title=progress.get("title", ""),
            url=f"{prefix}{row['id']}/",
            state_label=labels[row["state"]],
            points=row.get("feedback__points"),
            points_max=maxima[row["assignment_id"]] if feedback else None,
        )
        grid.cells[(cell.student_id, cell.assignment_id)] = cell
    grid.usage = budgets.usage_today(classroom=classroom, cells=grid.cells.values())
    grid.tutor_marks = tutor_marks(grid.cells.values())
    return grid


def tutor_marks(cells: Any) -> dict[int, tuple[int, int]]:
    """Per student: how often they pressed the tutor for the answer and how many tutor
    answers were withheld, over the coach sessions of ``cells`` (one query, none without
    coach work)."""
    owner = {
        cell.work_ids["coach_session"]: cell.student_id
        for cell in cells
        if cell.work_ids.get("coach_session")
    }
    if not owner:
        return {}
    counts = (
        CoachMessage.objects.filter(session_id__in=owner)
        .values("session_id")
        .annotate(
            pressed=Count("id", filter=~Q(pressure="")),
            withheld=Count("id", filter=Q(withheld=True)),
        )
    )
    marks: dict[int, tuple[int, int]] = {}
    for row in counts:
        student = owner[row["session_id"]]
        pressed, withheld = marks.get(student, (0, 0))
        marks[student] = (pressed + row["pressed"], withheld + row["withheld"])
    return marks


def student_assignments(classroom: Classroom, user: User) -> list[tuple[Assignment, Any]]:
    """The published assignments with the student's submission of each (two queries)."""
    assignments = list(classroom.assignments.filter(published=True))
    mine = {
        s.assignment_id: s
        for s in Submission.objects.filter(assignment__in=assignments, student=user).select_related(
            *WORK_RELATED
        )
    }
    return [(a, mine.get(a.pk)) for a in assignments]


def returned_work(classroom: Classroom) -> list[Submission]:
    """The class's returned submissions with their feedback (for the JSON export)."""
    return list(
        Submission.objects.filter(assignment__classroom=classroom, state=Submission.State.RETURNED)
        .select_related("assignment", *WORK_RELATED)
        .order_by("assignment_id", "student__username")
    )


# -- what a submission shows ---------------------------------------------------------------


def submission_progress(submission: Submission) -> dict[str, Any]:
    """Progress by kind: coach step n/7, chain phase and verdict or stop reason, essay score."""
    session, chain, audit = submission.coach_session, submission.chain, submission.audit
    row = {
        "coach_session_id": submission.coach_session_id,
        "coach_session__current_step": session.current_step if session else None,
        "coach_session__status": session.status if session else None,
        "chain_id": submission.chain_id,
        "chain__status": chain.status if chain else None,
        "chain__next_phase": chain.next_phase if chain else None,
        "chain__verdict_status": chain.verdict_status if chain else "",
        "chain__review_status": chain.review_status if chain else "",
        "chain__termination_reason": chain.termination_reason if chain else "",
        "audit_id": submission.audit_id,
        "audit__status": audit.status if audit else None,
        "audit__global_score": audit.global_score if audit else None,
        "essay_chars": len(submission.essay_text),
        "state": submission.state,
    }
    return progress_of(submission.assignment.kind, row)


def progress_of(kind: str, row: dict[str, Any]) -> dict[str, Any]:
    """Progress from a submission's flat values (``GRID_COLUMNS`` and ``essay_chars``), as
    its kind reads it."""
    return kinds.kind_of(kind).progress(row)


def work_of(submission: Submission) -> dict[str, Any] | None:
    """``{type, id, url}`` of the linked work (an essay lives on the submission page)."""
    return kinds.kind_of(submission.assignment.kind).work(submission)


def work_detail(submission: Submission) -> dict[str, Any] | None:
    """The linked work as its teacher reads it (read-only): the coach draft with provenance
    and the whole conversation, the chain's parts and staff review, or the essay and its
    audit. A few queries for one submission; not for lists."""
    return kinds.kind_of(submission.assignment.kind).detail(submission)


def work_export(submission: Submission) -> dict[str, Any]:
    """What the work exports as (the returned-work export), as its kind says."""
    return kinds.kind_of(submission.assignment.kind).export(submission)


def audit_suggestions(results: list[Any], maxima: dict[str, int]) -> dict[str, dict[str, Any]]:
    """The audit's score per feedback part, on its 1-5 scale and brought to the part's own
    points (3/5 of 0-4 is about 2.4), shown beside the teacher's points as a suggestion and
    never copied into them; a criterion the teacher overruled suggests the teacher's score."""
    return {
        part: {
            "score": r.score_shown,
            "scaled": round(r.score_shown / 5 * maxima[part], 1),
            "max": maxima[part],
            "overruled": r.overruled_score is not None,
        }
        for r in results
        if (part := CRITERION_PART.get(r.criterion_id)) and r.score_shown is not None
    }


def visible_feedback(submission: Submission, *, as_teacher: bool) -> Feedback | None:
    """The feedback the viewer may see: the draft for teachers, nothing for the student
    until the work is returned."""
    feedback = getattr(submission, "feedback", None)
    if feedback is None:
        return None
    return feedback if as_teacher or submission.is_returned else None


# How a student pressed the tutor for the answer (coach.domain.intent.Pressure).
PRESSURE_LABELS = {
    "write_for_me": _("asked it to write the part"),
    "example": _("asked for an example of their own part"),
    "teacher": _("said the teacher allows it"),
    "emotional": _("emotional pressure"),
    "compare": _("asked for a version to compare"),
    "stuck": _("said they were stuck"),
    "complete": _("asked it to finish their sentence"),
    "options": _("asked for options to pick from"),
    "roleplay": _("asked it to play the student"),
    "translate": _("asked it to translate or correct"),
    "look_up": _("asked it to look facts up"),
    "ask": _("asked it to do the work"),
}
