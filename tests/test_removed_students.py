"""A student removed from a class can no longer act on its work: turn in, unsubmit, write,
or take coach turns on it (the teacher keeps the record as it was)."""

from __future__ import annotations

import pytest

from tests.classrooms.builders import api_as, build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def removed(db):
    world = build_world()
    client = api_as(world.student)
    client.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    url = f"/api/v1/submissions/{world.submission.pk}/"
    assert client.post(url + "turn-in/").json()["state"] == "turned_in"
    api_as(world.teacher).delete(
        f"/api/v1/classes/{world.classroom.pk}/students/{world.student.pk}/"
    )
    return world


def test_a_removed_student_can_neither_unsubmit_nor_turn_in(removed):
    client = api_as(removed.student)
    url = f"/api/v1/submissions/{removed.submission.pk}/"
    answer = client.post(url + "unsubmit/")
    assert answer.status_code == 403 and answer.json()["code"] == "NOT_ENROLLED"
    assert Submission.objects.get(pk=removed.submission.pk).state == "turned_in"


def test_the_services_refuse_a_removed_student(removed):
    submission = Submission.objects.get(pk=removed.submission.pk)
    with pytest.raises(services.NotEnrolled):
        services.submission_unsubmit(submission=submission)
    Submission.objects.filter(pk=submission.pk).update(state="in_progress")
    with pytest.raises(services.NotEnrolled):
        services.submission_turn_in(submission=submission)


def test_a_removed_student_cannot_take_coach_turns_on_the_class_work(removed):
    Submission.objects.filter(pk=removed.submission.pk).update(state="in_progress")
    session_id = Submission.objects.get(pk=removed.submission.pk).coach_session_id
    answer = api_as(removed.student).post(
        f"/api/v1/coach/sessions/{session_id}/turn/", {"message": "Still here?"}, format="json"
    )
    assert answer.status_code == 403
    assert answer.json()["code"] == "NOT_ENROLLED"
