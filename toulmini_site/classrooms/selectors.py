"""Reads on classes, always scoped to who asks: a teacher sees their classes' work, a student
their own. Someone outside the class gets a 404 (the class does not exist for them).

The class grid and an assignment's submissions load in a fixed number of queries, whatever
the number of students (``benchmarks/classrooms.py`` counts them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.urls import reverse

from toulmini_site.classrooms import budgets
from toulmini_site.classrooms.models import Assignment, Classroom, Enrollment, Submission

TEACHER = "teacher"
STUDENT = "student"

# Everything a submission row or cell shows, in the same query.
WORK_RELATED = ("student", "coach_session", "chain", "audit", "critique", "feedback")


def _roles(user: Any) -> dict[str, Any]:
    return {
        "is_teacher": Exists(
            Classroom.teachers.through.objects.filter(classroom_id=OuterRef("pk"), user_id=user.pk)
        ),
        "is_student": Exists(
            Enrollment.objects.filter(classroom_id=OuterRef("pk"), student_id=user.pk)
        ),
    }


def classes_of(user: Any) -> QuerySet[Classroom]:
    """The classes ``user`` teaches or is enrolled in; each row has ``is_teacher``."""
    return (
        Classroom.objects.annotate(**_roles(user))
        .filter(Q(is_teacher=True) | Q(is_student=True))
        .order_by("archived", "name", "id")
    )


def role_of(classroom: Classroom) -> str:
    return TEACHER if classroom.is_teacher else STUDENT


def class_of(user: Any, pk: int) -> Classroom:
    """A class ``user`` belongs to (``role_of`` tells how), else 404."""
    classroom = classes_of(user).filter(pk=pk).first()
    if classroom is None:
        raise Http404("No such class.")
    return classroom


def assignments_of(classroom: Classroom) -> QuerySet[Assignment]:
    """The class's assignments as its role may see them: students only published ones."""
    rows = classroom.assignments.all()
    return rows if classroom.is_teacher else rows.filter(published=True)


def assignment_of(user: Any, pk: int) -> Assignment:
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


def submission_of(user: Any, pk: int) -> Submission:
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


def my_submission(user: Any, assignment: Assignment) -> Submission | None:
    return (
        Submission.objects.select_related(*WORK_RELATED)
        .filter(assignment=assignment, student=user)
        .first()
    )


def roster(classroom: Classroom) -> QuerySet[Enrollment]:
    return classroom.enrollments.select_related("student").order_by("student__username")


def assignment_submissions(assignment: Assignment) -> list[Submission]:
    """One submission per enrolled student (``assigned`` ones included), by username."""
    enrolled = Enrollment.objects.filter(
        classroom_id=assignment.classroom_id, student_id=OuterRef("student_id")
    )
    return list(
        Submission.objects.filter(assignment=assignment)
        .filter(Exists(enrolled))
        .select_related(*WORK_RELATED)
        .order_by("student__username", "id")
    )


@dataclass
class Grid:
    """The teacher's view of a class: students × assignments, each cell a submission."""

    students: list[Any]
    assignments: list[Assignment]
    cells: dict[tuple[int, int], Submission] = field(default_factory=dict)
    usage: dict[int, int] = field(default_factory=dict)

    def rows(self, state: str = "") -> list[dict[str, Any]]:
        """Per student: the cells in assignment order (None where no submission), and
        whether any cell is in ``state`` (every row when no state is asked for)."""
        out = []
        for student in self.students:
            cells = [self.cells.get((student.pk, a.pk)) for a in self.assignments]
            if state and not any(c is not None and c.state == state for c in cells):
                continue
            out.append({"student": student, "cells": cells, "used": self.usage.get(student.pk, 0)})
        return out


def class_grid(classroom: Classroom) -> Grid:
    """Roster × assignments with each cell's submission and work, and model calls used
    today per student: four queries (five the first time content types are looked up)."""
    students = [e.student for e in roster(classroom)]
    assignments = list(classroom.assignments.all())
    enrolled = Enrollment.objects.filter(
        classroom_id=classroom.pk, student_id=OuterRef("student_id")
    )
    submissions = list(
        Submission.objects.filter(assignment__classroom=classroom)
        .filter(Exists(enrolled))
        .select_related(*WORK_RELATED)
    )
    grid = Grid(students=students, assignments=assignments)
    grid.cells = {(s.student_id, s.assignment_id): s for s in submissions}
    by_id = {a.pk: a for a in assignments}
    for submission in submissions:
        submission.assignment = by_id[submission.assignment_id]
        submission.progress_label = submission_progress(submission)["label"]
    grid.usage = budgets.usage_today(classroom=classroom, submissions=submissions)
    return grid


def student_assignments(classroom: Classroom, user: Any) -> list[tuple[Assignment, Any]]:
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
    from coach.domain.steps import STEPS

    kind = submission.assignment.kind
    if kind == Assignment.Kind.COACH:
        session = submission.coach_session
        if session is None:
            return {"label": "not started"}
        done = session.is_completed
        step = len(STEPS) if done else STEPS.index(session.current_step) + 1
        return {
            "step": step,
            "of": len(STEPS),
            "completed": done,
            "label": "complete 7/7" if done else f"step {step}/{len(STEPS)}",
        }
    if kind == Assignment.Kind.CHAIN:
        chain = submission.chain
        if chain is None:
            return {"label": "not started"}
        if chain.status == "complete":
            label = f"verdict: {chain.verdict_status}"
        elif chain.status == "terminated":
            label = f"stopped: {chain.termination_reason[:80]}"
        else:
            label = f"phase {chain.next_phase}/4"
        return {
            "phase": chain.next_phase,
            "status": chain.status,
            "verdict": chain.verdict_status or None,
            "stop_reason": chain.termination_reason or None,
            "label": label,
        }
    audit = submission.audit
    if audit is None:
        written = len(submission.essay_text.split())
        return {"words": written, "label": f"{written} words" if written else "not started"}
    score = float(audit.global_score) if audit.global_score is not None else None
    return {
        "audit_status": audit.status,
        "score": score,
        "label": f"audit {score}/5" if score is not None else f"audit {audit.status}",
    }


def work_of(submission: Submission) -> dict[str, Any] | None:
    """``{type, id, url}`` of the linked work (an essay lives on the submission page)."""
    if submission.coach_session_id:
        return {
            "type": "coach_session",
            "id": submission.coach_session_id,
            "url": reverse("coach:detail", args=[submission.coach_session_id]),
        }
    if submission.chain_id:
        return {
            "type": "chain",
            "id": submission.chain_id,
            "url": reverse("arguments:chain_detail", args=[submission.chain_id]),
        }
    if submission.assignment.kind == Assignment.Kind.ESSAY and submission.state != "assigned":
        return {
            "type": "essay",
            "id": submission.pk,
            "url": submission.get_absolute_url(),
            "audit_id": submission.audit_id,
        }
    return None


def visible_feedback(submission: Submission, *, as_teacher: bool):
    """The feedback the viewer may see: the draft for teachers, nothing for the student
    until the work is returned."""
    feedback = getattr(submission, "feedback", None)
    if feedback is None:
        return None
    return feedback if as_teacher or submission.is_returned else None


def transcript(submission: Submission) -> list[Any]:
    """The whole coach conversation with every proposal and its decision (one query)."""
    if submission.coach_session_id is None:
        return []
    return list(submission.coach_session.messages.order_by("created_at", "id"))


PROVENANCE_LABELS = {
    "student": "typed by the student",
    "tutor": "accepted tutor proposal",
    "tutor_edited": "tutor proposal, then edited",
}


def draft_provenance(submission: Submission) -> dict[str, str]:
    """Where each written coach draft part came from, in words (``coach.domain.provenance``);
    a written part with no record (older sessions) reads "unknown", an empty one "".
    """
    if submission.coach_session_id is None:
        return {}
    draft = submission.coach_session.draft
    sources = draft.sources()
    return {
        step: PROVENANCE_LABELS.get(sources.get(step, ""), "unknown") if text else ""
        for step, text in draft.as_dict().items()
    }
