"""A class of any size, built in bulk (tests and ``benchmarks/classrooms.py`` share it)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from arguments.models import Chain
from coach.models import CoachDraft, CoachSession
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Enrollment, Feedback, Submission


def build_class(*, students: int, assignments: int, prefix: str = "s") -> tuple[Any, Any]:
    """A class with ``students`` enrolled and ``assignments`` published assignments (coach,
    chain and essay in turn); every other submission is started (a coach session, a chain
    or an essay text), every third of those returned with feedback.
    Returns (teacher, classroom)."""
    User = get_user_model()
    teacher = User.objects.create_user(username=f"{prefix}-teacher", password="x")
    classroom = services.class_create(teacher=teacher, name=f"{prefix} class")
    users = User.objects.bulk_create(
        [User(username=f"{prefix}-{i:04d}", password="!") for i in range(students)]
    )
    Enrollment.objects.bulk_create([Enrollment(classroom=classroom, student=u) for u in users])
    kinds = ("coach", "chain", "essay")
    for n in range(assignments):
        services.assignment_create(
            classroom=classroom,
            title=f"Task {n}",
            kind=kinds[n % 3],
            topic="Phones",
            query="Should phones be banned?",
        )
    subs = list(
        Submission.objects.select_related("assignment").filter(assignment__classroom=classroom)
    )
    started = subs[::2]
    coached = [s for s in started if s.assignment.kind == "coach"]
    sessions = CoachSession.objects.bulk_create(
        [CoachSession(owner_id=s.student_id, topic="Phones") for s in coached]
    )
    CoachDraft.objects.bulk_create([CoachDraft(session=s) for s in sessions])
    for sub, session in zip(coached, sessions, strict=True):
        sub.coach_session = session
    chained = [s for s in started if s.assignment.kind == "chain"]
    chains = Chain.objects.bulk_create(
        [Chain(owner_id=s.student_id, query="Should phones be banned?") for s in chained]
    )
    for sub, chain in zip(chained, chains, strict=True):
        sub.chain = chain
    for sub in started:
        if sub.assignment.kind == "essay":
            sub.essay_text = "Phones distract students. " * 20
    now = timezone.now()
    for index, sub in enumerate(started):
        sub.state = "returned" if index % 3 == 0 else "in_progress"
        sub.returned_at = now if sub.state == "returned" else None
    Submission.objects.bulk_update(
        started, ["coach_session", "chain", "essay_text", "state", "returned_at"]
    )
    Feedback.objects.bulk_create(
        [
            Feedback(submission=s, points={"claim": 3}, comments={"claim": "ok"}, author=teacher)
            for s in started
            if s.state == "returned"
        ]
    )
    return teacher, classroom
