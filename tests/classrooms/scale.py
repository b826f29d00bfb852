"""A class of any size, built in bulk (tests and ``benchmarks/classrooms.py`` share it)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from coach.models import CoachDraft, CoachSession
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Enrollment, Feedback, Submission


def build_class(*, students: int, assignments: int, prefix: str = "s") -> tuple[Any, Any]:
    """A class with ``students`` enrolled and ``assignments`` published coach assignments;
    every other submission is started (a coach session), every third returned with
    feedback. Returns (teacher, classroom)."""
    User = get_user_model()
    teacher = User.objects.create_user(username=f"{prefix}-teacher", password="x")
    classroom = services.class_create(teacher=teacher, name=f"{prefix} class")
    users = User.objects.bulk_create(
        [User(username=f"{prefix}-{i:04d}", password="!") for i in range(students)]
    )
    Enrollment.objects.bulk_create([Enrollment(classroom=classroom, student=u) for u in users])
    for n in range(assignments):
        services.assignment_create(
            classroom=classroom, title=f"Task {n}", kind="coach", topic="Phones"
        )
    subs = list(Submission.objects.filter(assignment__classroom=classroom))
    started = subs[::2]
    sessions = CoachSession.objects.bulk_create(
        [CoachSession(owner_id=s.student_id, topic="Phones") for s in started]
    )
    CoachDraft.objects.bulk_create([CoachDraft(session=s) for s in sessions])
    now = timezone.now()
    for index, (sub, session) in enumerate(zip(started, sessions, strict=True)):
        sub.coach_session = session
        sub.state = "returned" if index % 3 == 0 else "in_progress"
        sub.returned_at = now if sub.state == "returned" else None
    Submission.objects.bulk_update(started, ["coach_session", "state", "returned_at"])
    Feedback.objects.bulk_create(
        [
            Feedback(submission=s, points={"claim": 3}, comments={"claim": "ok"}, author=teacher)
            for s in started
            if s.state == "returned"
        ]
    )
    return teacher, classroom
