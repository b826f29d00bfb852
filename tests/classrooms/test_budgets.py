"""Per-class daily budgets of model calls: counted from LLMCall rows on the class's work,
429 QUOTA_EXCEEDED past them with the reset time, offline work never limited."""

from datetime import datetime, timedelta

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.utils import timezone

from arguments.models import Chain
from tests.classrooms.builders import ESSAY, api_as, assignment, build_world
from toulmini_site.classrooms import budgets, services
from toulmini_site.classrooms.models import Submission
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db

COACH_ANSWER = {"assistantText": "What makes you think so?", "step": "claim"}


def calls(work, n: int, *, at: datetime | None = None, provider: str = "fake") -> None:
    """Record ``n`` model calls on ``work``, made at ``at`` (now by default)."""
    rows = LLMCall.objects.bulk_create(
        [
            LLMCall(
                content_type=ContentType.objects.get_for_model(work),
                object_id=work.pk,
                purpose="test",
                provider=provider,
                outcome="ok",
            )
            for _ in range(n)
        ]
    )
    if at is not None:
        LLMCall.objects.filter(pk__in=[r.pk for r in rows]).update(created_at=at)


@pytest.fixture
def started(db):
    world = build_world()
    services.class_update(classroom=world.classroom, daily_model_calls=3)
    submission, _ = services.submission_start(submission=world.submission)
    world.submission = submission
    return world


def turn(world):
    """A coach turn through the API, its stream read to the end (the model call is in it)."""
    response = api_as(world.student).post(
        f"/api/v1/coach/sessions/{world.submission.coach_session_id}/turn/",
        {"message": "Phones distract students"},
        format="json",
    )
    if response.status_code == 200:
        b"".join(response.streaming_content)
    return response


def test_a_coach_turn_past_the_budget_is_429_with_the_reset_time(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    calls(started.submission.coach_session, 3)
    response = turn(started)
    assert response.status_code == 429
    body = response.json()
    assert body["code"] == "QUOTA_EXCEEDED" and body["limit"] == 3
    resets = datetime.fromisoformat(body["resets_at"])
    assert resets > timezone.now() and resets - timezone.now() <= timedelta(days=1)
    assert resets == budgets.day_bounds(timezone.now())[1]


def test_under_the_budget_the_turn_runs_and_is_counted(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    calls(started.submission.coach_session, 2)
    assert turn(started).status_code == 200
    assert LLMCall.objects.filter(object_id=started.submission.coach_session_id).count() == 3
    assert turn(started).status_code == 429


def test_yesterdays_calls_do_not_count(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    start, _ = budgets.day_bounds(timezone.now())
    calls(started.submission.coach_session, 10, at=start - timedelta(minutes=1))
    assert turn(started).status_code == 200


def test_calls_on_the_students_other_work_do_not_count(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    own = Chain.objects.create(owner=started.student, query="Mine, outside the class")
    calls(own, 10)
    assert turn(started).status_code == 200


def test_the_budget_counts_all_the_students_work_in_that_class(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    chain_task = assignment(started.classroom, "chain", source_text=ESSAY)
    chain_sub, _ = services.submission_start(
        submission=Submission.objects.get(assignment=chain_task, student=started.student)
    )
    calls(chain_sub.chain, 3)
    assert turn(started).status_code == 429
    # A classmate's budget is their own.
    other, _ = services.submission_start(
        submission=Submission.objects.get(assignment=started.coach, student=started.classmate)
    )
    response = api_as(started.classmate).post(
        f"/api/v1/coach/sessions/{other.coach_session_id}/turn/", {"message": "x"}, format="json"
    )
    assert response.status_code == 200


def test_offline_work_is_never_limited(started):
    calls(started.submission.coach_session, 50)
    assert turn(started).status_code == 200


def test_offline_analyzer_calls_are_not_counted_against_the_budget(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    calls(started.submission.coach_session, 10, provider="offline")
    assert turn(started).status_code == 200
    rows = api_as(started.teacher).get(f"/api/v1/classes/{started.classroom.pk}/students/")
    assert rows.json()["results"][0]["model_calls_today"] == 1


def test_an_llm_chain_run_past_the_budget_is_refused_before_any_call(started, fake_llm):
    fake = fake_llm(lambda request: {})
    chain_task = assignment(started.classroom, "chain", source_text=ESSAY, engines=["llm"])
    sub, _ = services.submission_start(
        submission=Submission.objects.get(assignment=chain_task, student=started.student)
    )
    calls(sub.chain, 3)
    response = api_as(started.student).post(
        f"/api/v1/chains/{sub.chain_id}/run/", {"until": "next"}, format="json"
    )
    assert response.status_code == 429 and response.json()["code"] == "QUOTA_EXCEEDED"
    assert fake.requests == []


def test_the_page_answers_429_with_a_message_not_a_server_error(started, fake_llm):
    fake_llm(lambda request: COACH_ANSWER)
    calls(started.submission.coach_session, 3)
    client = Client()
    client.force_login(started.student)
    response = client.post(
        f"/coach/{started.submission.coach_session_id}/turn/", {"message": "More"}
    )
    assert response.status_code == 429
    assert "QUOTA_EXCEEDED" in response.content.decode()
    assert int(response["Retry-After"]) > 0


def test_the_teacher_sees_each_students_use_today(started):
    calls(started.submission.coach_session, 2)
    rows = api_as(started.teacher).get(f"/api/v1/classes/{started.classroom.pk}/students/")
    used = {r["username"]: r["model_calls_today"] for r in rows.json()["results"]}
    assert used == {"ana": 2, "ben": 0}
    client = Client()
    client.force_login(started.teacher)
    page = client.get(f"/classes/{started.classroom.pk}/").content.decode()
    assert "2 / 3" in page


def test_new_classes_take_the_default_from_the_environment_setting(settings, db):
    settings.CLASS_DAILY_MODEL_CALLS = 7
    from tests.builders import make_user

    made = services.class_create(teacher=make_user("t7"), name="Seven")
    assert made.daily_model_calls == 7
