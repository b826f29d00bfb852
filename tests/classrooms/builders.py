"""Builders for classroom tests: a class with its people, in each role the access matrix needs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework.test import APIClient

from coach.models import CoachDraft, CoachSession
from tests.builders import make_user
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Assignment, Classroom, Submission


@dataclass
class World:
    teacher: Any
    co_teacher: Any
    student: Any
    classmate: Any
    outsider: Any  # a student of another class
    classroom: Classroom
    other_class: Classroom
    coach: Assignment
    submission: Submission  # the student's submission of ``coach``

    def user(self, role: str) -> Any:
        return getattr(self, role)


ROLES = ("teacher", "co_teacher", "student", "classmate", "outsider", "anonymous")


def build_world(kind: str = "coach") -> World:
    teacher = make_user("ms-teacher")
    co_teacher = make_user("co-teacher")
    student = make_user("ana")
    classmate = make_user("ben")
    outsider = make_user("carl")
    classroom = services.class_create(teacher=teacher, name="Debate 101")
    invitation = services.teacher_invite(
        classroom=classroom, invited_by=teacher, username="co-teacher"
    )
    services.teacher_invitation_accept(invitation=invitation, user=co_teacher)
    other = services.class_create(teacher=make_user("other-teacher"), name="Other class")
    services.class_join(user=student, code=classroom.join_code)
    services.class_join(user=classmate, code=classroom.join_code)
    services.class_join(user=outsider, code=other.join_code)
    coach = assignment(classroom, kind)
    submission = Submission.objects.get(assignment=coach, student=student)
    return World(
        teacher, co_teacher, student, classmate, outsider, classroom, other, coach, submission
    )


def assignment(classroom: Classroom, kind: str = "coach", **fields: Any) -> Assignment:
    defaults: dict[str, Any] = {
        "coach": {"topic": "Phones in classrooms"},
        "chain": {"query": "Should schools start later?", "engines": ["offline", "manual"]},
        "essay": {},
    }[kind]
    return services.assignment_create(
        classroom=classroom,
        title=fields.pop("title", f"A {kind} task"),
        kind=kind,
        **{**defaults, **fields},
    )


def api_as(user: Any | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


ESSAY = (
    "Schools should start later in the morning. According to the American Academy of "
    "Pediatrics, teenagers need 8 to 10 hours of sleep. In general, students who sleep "
    "enough learn better. However, later start times can disrupt bus schedules."
)


def turned_in_coach_work(world: World) -> Submission:
    """The student's coach submission, turned in with a draft holding a claim and an opinion
    given as data (the rest empty), so the judges have something to say of each part."""
    session = CoachSession.objects.create(
        owner=world.student, topic="Phones", current_step="rebuttal"
    )
    CoachDraft.objects.create(
        session=session,
        claim="Schools should ban phones during lessons.",
        grounds="I think phones are really annoying.",
    )
    Submission.objects.filter(pk=world.submission.pk).update(
        coach_session=session, state="turned_in"
    )
    world.submission.refresh_from_db()
    return world.submission
