"""Class management that forgives: nothing is removed until confirmed, the assignment form
shows each kind's fields in plain words and only the engines that work here."""

import pytest
from django.test import Client

from tests.classrooms.builders import assignment
from toulmini_site.classrooms.models import Enrollment, Submission
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def enrolled(world, user) -> bool:
    return Enrollment.objects.filter(classroom=world.classroom, student=user).exists()


def test_removing_a_student_asks_first_and_removes_nothing_until_confirmed(world):
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/remove/"
    teacher = logged_in(world.teacher)
    asked = teacher.post(url)
    page = asked.content.decode()
    assert asked.status_code == 200 and "Remove ana from the class?" in page
    assert 'name="confirmed" value="1"' in page and "are kept" in page
    assert enrolled(world, world.student)
    assert teacher.post(url, {"confirmed": "1"}).status_code == 302
    assert not enrolled(world, world.student)
    # Their work is kept, out of sight.
    assert Submission.objects.filter(student=world.student).exists()


def test_leaving_a_class_asks_first(world):
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/remove/"
    student = logged_in(world.student)
    asked = student.post(url).content.decode()
    assert "Leave Debate 101?" in asked and enrolled(world, world.student)
    left = student.post(url, {"confirmed": "1"})
    assert left["Location"] == "/classes/" and not enrolled(world, world.student)


def test_the_confirmation_is_only_for_those_who_may_remove(world):
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/remove/"
    assert logged_in(world.classmate).post(url).status_code == 403
    assert logged_in(world.outsider).post(url).status_code == 404
    assert enrolled(world, world.student)


def test_the_assignment_form_groups_fields_by_kind_with_plain_labels(world):
    page = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/assignments/new/")
    body = page.content.decode()
    for kind in ("coach", "chain", "essay"):
        assert f'class="field kind-fields" data-kind="{kind}"' in body
    assert "Coach: topic" not in body and "Topic the student argues about" in body
    assert "Built-in analyzer (works offline)" in body
    # No language model is configured in the tests: it is not offered.
    assert 'value="llm"' not in body and "language model" not in body.split("kind-fields")[2]
    assert '<option value="Student argument" selected>' in body


def test_the_site_model_is_offered_once_it_is_configured(world):
    with override_client("llm", FakeClient):
        body = (
            logged_in(world.teacher)
            .get(f"/classes/{world.classroom.pk}/assignments/new/")
            .content.decode()
        )
    assert 'value="llm"' in body and "The site&#x27;s language model" in body


def test_a_chain_assignment_without_any_engine_is_refused_with_the_input_kept(world):
    response = logged_in(world.teacher).post(
        f"/classes/{world.classroom.pk}/assignments/new/",
        {
            "title": "Kept title",
            "kind": "chain",
            "query": "Kept query",
            "language": "en",
            **{f"max_{p}": 4 for p in ("data", "claim", "warrant", "backing", "rebuttal")},
            "max_qualifier": 4,
        },
    )
    body = response.content.decode()
    assert response.status_code == 200 and "Choose at least one way" in body
    assert 'value="Kept title"' in body and 'value="Kept query"' in body


def test_the_student_picks_an_engine_by_its_plain_name(world):
    chain_task = assignment(world.classroom, "chain", engines=["offline", "manual", "llm"])
    body = logged_in(world.student).get(f"/assignments/{chain_task.pk}/").content.decode()
    assert '<option value="offline" selected>Built-in analyzer (works offline)</option>' in body
    assert 'value="manual"' in body and 'value="llm"' not in body


def test_the_coach_completion_card_inside_an_assignment_offers_turn_in(world):
    from coach.models import CoachSession
    from toulmini_site.classrooms import services

    sub, _ = services.submission_start(submission=world.submission)
    CoachSession.objects.filter(pk=sub.coach_session_id).update(status="completed")
    client = logged_in(world.student)
    page = client.get(f"/coach/{sub.coach_session_id}/").content.decode()
    card = page[page.index('id="completion-card"') :]
    turn_in = f'action="/submissions/{sub.pk}/turn-in/"'
    assert turn_in in card and "Turn in" in card
    assert client.post(f"/submissions/{sub.pk}/turn-in/").status_code == 302
    sub.refresh_from_db()
    assert sub.state == "turned_in"
    # Turned in, the card no longer offers it.
    assert turn_in not in client.get(f"/coach/{sub.coach_session_id}/").content.decode()


def test_a_wrong_join_code_comes_back_typed_with_why(world):
    response = logged_in(world.classmate).post("/classes/join/", {"code": "ZZZZ2222"})
    body = response.content.decode()
    assert response.status_code == 400
    assert 'value="ZZZZ2222"' in body and "No class has that join code" in body


def test_invalid_class_settings_come_back_as_typed_and_save_nothing(world):
    response = logged_in(world.teacher).post(
        f"/classes/{world.classroom.pk}/settings/",
        {"name": "Renamed class", "daily_model_calls": "-3", "joining_open": "on"},
    )
    body = response.content.decode()
    assert response.status_code == 400 and 'value="Renamed class"' in body
    assert "Nothing was saved" in body and 'value="-3"' in body
    world.classroom.refresh_from_db()
    assert world.classroom.name == "Debate 101"


def test_a_refused_co_teacher_invitation_comes_back_typed_with_why(world):
    response = logged_in(world.teacher).post(
        f"/classes/{world.classroom.pk}/teachers/", {"username": "ana"}
    )
    body = response.content.decode()
    assert response.status_code == 400 and 'value="ana"' in body
    assert 'class="error" role="alert"' in body and "ana is a student of this class." in body
