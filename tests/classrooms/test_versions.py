"""Lost updates are impossible (issue 36): feedback, essays and class settings carry the version
they were loaded from; a stale save is merged field by field or refused with 409 and the
current values, and nothing saved meanwhile is overwritten (through the API and the pages)."""

import json

import pytest
from django.test import Client

from tests.classrooms.builders import ESSAY, api_as, assignment
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Feedback, Submission

pytestmark = pytest.mark.django_db


def _turned_in(world):
    sub, _ = services.submission_start(submission=world.submission)
    return services.submission_turn_in(submission=sub)


def _saved(sub, **fields):
    return services.feedback_save(
        submission=sub,
        author=sub.assignment.classroom.created_by,
        comments=fields.get("comments", {}),
        points=fields.get("points", {}),
        overall=fields.get("overall", ""),
    )


def test_a_stale_feedback_save_through_the_api_is_409_with_the_current_version(world):
    sub = _turned_in(world)
    saved = _saved(sub, comments={"data": "Name the study."}, points={"data": 3})
    assert saved.version == 1
    response = api_as(world.teacher).put(
        f"/api/v1/submissions/{sub.pk}/feedback/",
        {"comments": {"claim": "Say who."}, "version": 0},
        format="json",
    )
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "STALE_VERSION" and body["version"] == 1
    assert body["current"]["comment_data"] == "Name the study."
    assert body["current"]["points_data"] == 3
    feedback = Feedback.objects.get(submission=sub)
    assert feedback.comments == {"data": "Name the study."} and feedback.points == {"data": 3}
    assert feedback.version == 1


def test_a_current_feedback_save_through_the_api_writes_and_moves_the_version_on(world):
    sub = _turned_in(world)
    client = api_as(world.teacher)
    first = client.put(
        f"/api/v1/submissions/{sub.pk}/feedback/", {"overall": "Good.", "version": 0}, format="json"
    )
    assert first.status_code == 200 and first.json()["feedback"]["version"] == 1
    second = client.put(
        f"/api/v1/submissions/{sub.pk}/feedback/",
        {"overall": "Better.", "version": 1},
        format="json",
    )
    assert second.status_code == 200 and second.json()["feedback"]["version"] == 2


def _feedback_post(sub, base_values, **typed):
    data = {"version": "0", "base": json.dumps(base_values), "overall": ""}
    for part in ("data", "claim", "warrant", "backing", "rebuttal", "qualifier"):
        data[f"comment_{part}"] = ""
        data[f"points_{part}"] = ""
    data.update(typed)
    return data


def test_a_stale_feedback_page_is_merged_field_by_field_when_nothing_clashes(world):
    sub = _turned_in(world)
    empty = services.feedback_fields(None)
    _saved(sub, comments={"data": "Name the study."}, points={"data": 3})
    client = Client()
    client.force_login(world.teacher)
    response = client.post(
        f"/submissions/{sub.pk}/feedback/",
        _feedback_post(sub, empty, comment_claim="Say who."),
    )
    assert response.status_code == 302
    feedback = Feedback.objects.get(submission=sub)
    assert feedback.comments == {"data": "Name the study.", "claim": "Say who."}
    assert feedback.points == {"data": 3} and feedback.version == 2


def test_a_stale_feedback_page_that_clashes_is_refused_showing_both(world):
    sub = _turned_in(world)
    empty = services.feedback_fields(None)
    _saved(sub, comments={"data": "Theirs: name the study."})
    client = Client()
    client.force_login(world.teacher)
    response = client.post(
        f"/submissions/{sub.pk}/feedback/",
        _feedback_post(sub, empty, comment_data="Mine: cite a source."),
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Mine: cite a source." in page and "Theirs: name the study." in page
    assert "Saved meanwhile" in page
    assert Feedback.objects.get(submission=sub).comments == {"data": "Theirs: name the study."}
    # The refused form now carries the saved version: saving again keeps the teacher's text.
    form_version = page.split('name="version" value="')[1].split('"')[0]
    assert form_version == "1"


def test_a_stale_essay_save_through_the_api_is_409_and_keeps_the_saved_text(world):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    client = api_as(world.student)
    first = client.put(
        f"/api/v1/submissions/{sub.pk}/essay/", {"text": ESSAY, "version": 0}, format="json"
    )
    assert first.status_code == 200 and first.json()["essay_version"] == 1
    stale = client.put(
        f"/api/v1/submissions/{sub.pk}/essay/", {"text": "Other text.", "version": 0}, format="json"
    )
    assert stale.status_code == 409
    assert stale.json()["version"] == 1 and stale.json()["current"]["text"] == ESSAY.strip()
    sub.refresh_from_db()
    assert sub.essay_text == ESSAY.strip()


def test_a_stale_essay_page_is_refused_with_the_saved_text_beside_the_students(world):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    services.submission_essay_save(submission=sub, text="Saved in another tab.")
    client = Client()
    client.force_login(world.student)
    response = client.post(
        f"/submissions/{sub.pk}/essay/",
        {"text": "Typed in this tab.", "version": "0", "base": json.dumps({"text": ""})},
    )
    page = response.content.decode()
    assert response.status_code == 409
    assert "Typed in this tab." in page and "Saved in another tab." in page
    sub.refresh_from_db()
    assert sub.essay_text == "Saved in another tab."


def test_stale_class_settings_merge_or_refuse_through_the_page_and_the_api(world):
    classroom = world.classroom
    loaded = services.class_settings(classroom)
    services.class_update(classroom=classroom, daily_model_calls=7)  # another teacher
    client = Client()
    client.force_login(world.teacher)
    post = {
        "name": "Debate 102",
        "joining_open": "on",
        "daily_model_calls": str(loaded["daily_model_calls"]),
        "time_zone": "",
        "version": "0",
        "base": json.dumps(loaded),
    }
    merged = client.post(f"/classes/{classroom.pk}/settings/", post)
    assert merged.status_code == 302
    classroom.refresh_from_db()
    assert classroom.name == "Debate 102" and classroom.daily_model_calls == 7
    clash = client.post(
        f"/classes/{classroom.pk}/settings/", {**post, "name": "Debate 103", "version": "0"}
    )
    assert clash.status_code == 400 and "Saved meanwhile" in clash.content.decode()
    classroom.refresh_from_db()
    assert classroom.name == "Debate 102"
    api = api_as(world.teacher).patch(
        f"/api/v1/classes/{classroom.pk}/", {"name": "X", "version": 0}, format="json"
    )
    assert api.status_code == 409 and api.json()["version"] == classroom.version
    classroom.refresh_from_db()
    assert classroom.name == "Debate 102"
