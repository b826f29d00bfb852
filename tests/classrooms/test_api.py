"""The classrooms API: what each operation does and refuses (who may call it: test_access)."""

import csv
import io
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from coach.models import CoachSession
from tests.builders import make_user
from tests.classrooms.builders import ESSAY, api_as, assignment
from tests.council.languages import FRENCH
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Classroom, Submission

pytestmark = pytest.mark.django_db


def test_any_user_creates_a_class_and_is_its_teacher():
    user = make_user("new-teacher")
    response = api_as(user).post("/api/v1/classes/", {"name": "  Logic   A "}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Logic A" and body["role"] == "teacher" and body["joining_open"]
    assert len(body["join_code"]) == 8
    assert Classroom.objects.get(pk=body["id"]).teachers.filter(pk=user.pk).exists()


def test_a_student_joins_with_the_code_in_any_case_and_twice_is_a_no_op(world):
    newcomer = make_user("dora")
    client = api_as(newcomer)
    code = world.classroom.join_code.lower()
    first = client.post("/api/v1/classes/join/", {"code": code}, format="json")
    again = client.post("/api/v1/classes/join/", {"code": code}, format="json")
    assert first.status_code == again.status_code == 200
    assert first.json()["role"] == "student" and first.json()["join_code"] is None
    assert world.classroom.enrollments.filter(student=newcomer).count() == 1
    # A published assignment gives the newcomer a submission at once.
    assert Submission.objects.filter(assignment=world.coach, student=newcomer).exists()


def test_a_wrong_code_and_closed_joining_are_refused(world):
    client = api_as(make_user("dora"))
    bad = client.post("/api/v1/classes/join/", {"code": "AAAA0000"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "JOIN_CODE_INVALID"
    api_as(world.teacher).patch(
        f"/api/v1/classes/{world.classroom.pk}/", {"joining_open": False}, format="json"
    )
    closed = client.post(
        "/api/v1/classes/join/", {"code": world.classroom.join_code}, format="json"
    )
    assert closed.status_code == 409 and closed.json()["code"] == "JOINING_CLOSED"


def test_a_new_join_code_retires_the_old_one(world):
    old = world.classroom.join_code
    response = api_as(world.teacher).post(f"/api/v1/classes/{world.classroom.pk}/join-code/")
    assert response.json()["join_code"] != old
    refused = api_as(make_user("dora")).post("/api/v1/classes/join/", {"code": old}, format="json")
    assert refused.json()["code"] == "JOIN_CODE_INVALID"


def test_class_list_gives_each_role_and_the_code_only_to_teachers(world):
    rows = api_as(world.student).get("/api/v1/classes/").json()["results"]
    assert [(r["name"], r["role"], r["join_code"]) for r in rows] == [
        ("Debate 101", "student", None)
    ]
    rows = api_as(world.co_teacher).get("/api/v1/classes/").json()["results"]
    assert rows[0]["role"] == "teacher" and rows[0]["join_code"] == world.classroom.join_code


def test_teacher_removes_a_student_and_a_student_leaves(world):
    client = api_as(world.teacher)
    url = f"/api/v1/classes/{world.classroom.pk}/students/"
    assert [s["username"] for s in client.get(url).json()["results"]] == ["ana", "ben"]
    assert client.delete(f"{url}{world.classmate.pk}/").status_code == 204
    assert api_as(world.student).delete(f"{url}{world.student.pk}/").status_code == 204
    assert client.get(url).json()["results"] == []


def test_students_see_published_assignments_only(world):
    draft = assignment(world.classroom, "essay", published=False, title="Draft")
    url = f"/api/v1/classes/{world.classroom.pk}/assignments/"
    as_student = [a["title"] for a in api_as(world.student).get(url).json()["results"]]
    as_teacher = [a["title"] for a in api_as(world.teacher).get(url).json()["results"]]
    assert "Draft" not in as_student and "Draft" in as_teacher
    assert api_as(world.student).get(f"/api/v1/assignments/{draft.pk}/").status_code == 404
    assert not Submission.objects.filter(assignment=draft).exists()
    api_as(world.teacher).post(f"/api/v1/assignments/{draft.pk}/publish/")
    assert Submission.objects.filter(assignment=draft).count() == 2


def test_creating_an_assignment_validates_its_kind_fields(world):
    url = f"/api/v1/classes/{world.classroom.pk}/assignments/"
    client = api_as(world.teacher)
    no_topic = client.post(url, {"title": "T", "kind": "coach"}, format="json")
    assert no_topic.status_code == 400
    assert [d["loc"] for d in no_topic.json()["details"]] == ["topic"]
    bad_points = client.post(
        url,
        {"title": "T", "kind": "essay", "points_max": {"claim": 0}},
        format="json",
    )
    assert bad_points.json()["details"][0]["loc"] == "points_max.claim"
    made = client.post(
        url,
        {"title": "T", "kind": "chain", "query": "Why?", "engines": ["offline"]},
        format="json",
    )
    assert made.status_code == 201 and made.json()["points_max"]["claim"] == 4


def test_starting_twice_gives_the_same_submission_and_work(world):
    client = api_as(world.student)
    first = client.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    second = client.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    assert first.status_code == 201 and second.status_code == 200
    assert first.json()["id"] == second.json()["id"] == world.submission.pk
    assert first.json()["work"] == second.json()["work"]
    assert first.json()["work"]["type"] == "coach_session"
    session = CoachSession.objects.get(pk=first.json()["work"]["id"])
    assert session.owner == world.student and session.topic == "Phones in classrooms"
    assert first.json()["state"] == "in_progress"
    assert first.json()["progress"]["label"] == "step 1/7"


def test_turn_in_unsubmit_and_out_of_order_steps(world):
    client = api_as(world.student)
    url = f"/api/v1/submissions/{world.submission.pk}/"
    early = client.post(url + "turn-in/")
    assert early.status_code == 409 and early.json()["code"] == "INVALID_STATE"
    client.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    assert client.post(url + "turn-in/").json()["state"] == "turned_in"
    assert client.post(url + "turn-in/").json()["code"] == "INVALID_STATE"
    assert client.post(url + "unsubmit/").json()["state"] == "in_progress"
    client.post(url + "turn-in/")
    api_as(world.teacher).post(url + "return/")
    refused = client.post(url + "unsubmit/")
    assert refused.status_code == 409 and refused.json()["code"] == "INVALID_STATE"


def test_turning_in_after_the_due_date_is_late(world):
    late = assignment(world.classroom, "coach", due_at=timezone.now() - timedelta(hours=1))
    client = api_as(world.student)
    body = client.post(f"/api/v1/assignments/{late.pk}/start/").json()
    assert client.post(f"/api/v1/submissions/{body['id']}/turn-in/").json()["late"] is True
    on_time = client.post(f"/api/v1/submissions/{world.submission.pk}/turn-in/")
    client.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    on_time = client.post(f"/api/v1/submissions/{world.submission.pk}/turn-in/")
    assert on_time.json()["late"] is False


def test_turned_in_coach_work_is_read_only_to_the_student(world):
    client = api_as(world.student)
    started = client.post(f"/api/v1/assignments/{world.coach.pk}/start/").json()
    client.post(f"/api/v1/submissions/{world.submission.pk}/turn-in/")
    session = started["work"]["id"]
    refused = client.post(
        f"/api/v1/coach/sessions/{session}/turn/", {"message": "My claim"}, format="json"
    )
    assert refused.status_code == 409 and refused.json()["code"] == "INVALID_STATE"
    client.post(f"/api/v1/submissions/{world.submission.pk}/unsubmit/")
    allowed = client.post(
        f"/api/v1/coach/sessions/{session}/turn/", {"message": "My claim"}, format="json"
    )
    assert allowed.status_code == 200


def test_feedback_is_a_draft_until_returned(world):
    student, teacher = api_as(world.student), api_as(world.teacher)
    url = f"/api/v1/submissions/{world.submission.pk}/"
    student.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    student.post(url + "turn-in/")
    saved = teacher.put(
        url + "feedback/",
        {
            "comments": {"claim": "Sharp claim.", "warrant": "Say why."},
            "overall": "Good start.",
            "points": {"claim": 4, "warrant": 2},
        },
        format="json",
    )
    assert saved.status_code == 200
    assert saved.json()["feedback"]["total"] == 6 and saved.json()["feedback"]["total_max"] == 24
    assert student.get(url).json()["feedback"] is None
    returned = teacher.post(url + "return/")
    assert returned.json()["state"] == "returned"
    seen = student.get(url).json()["feedback"]
    assert seen["comments"]["claim"] == "Sharp claim." and seen["points"] == {
        "claim": 4,
        "warrant": 2,
    }


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"points": {"claim": 5}}, "points.claim"),
        ({"points": {"claim": -1}}, "points.claim"),
        ({"comments": {"verdict": "?"}}, "comments.verdict"),
    ],
)
def test_feedback_out_of_range_is_400_naming_the_field(world, body, loc):
    response = api_as(world.teacher).put(
        f"/api/v1/submissions/{world.submission.pk}/feedback/", body, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "INVALID_INPUT"
    assert loc in [d["loc"] for d in response.json()["details"]]


def test_submissions_list_has_a_row_per_enrolled_student_even_unstarted(world):
    rows = api_as(world.teacher).get(f"/api/v1/assignments/{world.coach.pk}/submissions/")
    body = rows.json()["results"]
    assert [(r["student"]["username"], r["state"]) for r in body] == [
        ("ana", "assigned"),
        ("ben", "assigned"),
    ]


def test_bulk_return_returns_turned_in_work_and_skips_the_rest(world):
    student = api_as(world.student)
    student.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    student.post(f"/api/v1/submissions/{world.submission.pk}/turn-in/")
    other = Submission.objects.get(assignment=world.coach, student=world.classmate)
    response = api_as(world.teacher).post(
        f"/api/v1/classes/{world.classroom.pk}/return/",
        {"submission_ids": [world.submission.pk, other.pk]},
        format="json",
    )
    assert response.json() == {"returned": 1}
    other.refresh_from_db()
    assert other.state == "assigned"


def test_grades_csv_lists_points_per_part_and_total(world):
    student = api_as(world.student)
    student.post(f"/api/v1/assignments/{world.coach.pk}/start/")
    student.post(f"/api/v1/submissions/{world.submission.pk}/turn-in/")
    teacher = api_as(world.teacher)
    teacher.put(
        f"/api/v1/submissions/{world.submission.pk}/feedback/",
        {"points": {"claim": 3, "data": 1}},
        format="json",
    )
    teacher.post(f"/api/v1/submissions/{world.submission.pk}/return/")
    response = teacher.get(f"/api/v1/classes/{world.classroom.pk}/grades.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    ana = next(r for r in rows if r["student"] == "ana")
    assert (ana["state"], ana["claim"], ana["data"], ana["warrant"], ana["total"]) == (
        "Returned",
        "3",
        "1",
        "",
        "4",
    )
    assert ana["returned_at"] and ana["late"] == "no"
    exported = teacher.get(f"/api/v1/classes/{world.classroom.pk}/returned-work/").json()
    assert [r["student"] for r in exported["returned"]] == ["ana"]


def test_chain_assignment_starts_a_chain_with_an_allowed_engine(world):
    chain_task = assignment(world.classroom, "chain", source_text="")
    client = api_as(world.student)
    refused = client.post(
        f"/api/v1/assignments/{chain_task.pk}/start/", {"engine": "llm"}, format="json"
    )
    assert refused.status_code == 400
    body = client.post(
        f"/api/v1/assignments/{chain_task.pk}/start/",
        {"engine": "offline", "source_text": ESSAY},
        format="json",
    ).json()
    assert body["work"]["type"] == "chain"
    assert body["progress"]["phase"] == 1


def test_essay_turn_in_runs_the_audit_and_shows_its_score(
    world, django_capture_on_commit_callbacks
):
    essay = assignment(world.classroom, "essay")
    client = api_as(world.student)
    started = client.post(f"/api/v1/assignments/{essay.pk}/start/").json()
    url = f"/api/v1/submissions/{started['id']}/"
    empty = client.post(url + "turn-in/")
    assert empty.status_code == 409
    client.put(url + "essay/", {"text": ESSAY}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url + "turn-in/").json()["state"] == "turned_in"
    body = client.get(url).json()
    assert body["progress"]["audit_status"] == "done"
    assert 1 <= body["progress"]["score"] <= 5
    read_only = client.put(url + "essay/", {"text": "changed"}, format="json")
    assert read_only.status_code == 409


def test_an_essay_in_french_is_turned_in_and_its_offline_audit_says_why_it_failed(
    world, django_capture_on_commit_callbacks
):
    essay = assignment(world.classroom, "essay", with_critique=True)
    client = api_as(world.student)
    url = (
        f"/api/v1/submissions/{client.post(f'/api/v1/assignments/{essay.pk}/start/').json()['id']}/"
    )
    client.put(url + "essay/", {"text": FRENCH}, format="json")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url + "turn-in/").json()["state"] == "turned_in"
    submission = Submission.objects.get(pk=url.rstrip("/").rsplit("/", 1)[1])
    assert submission.essay_text == FRENCH
    assert submission.audit.status == "failed" and submission.critique.status == "failed"
    assert "LANGUAGE NOT READ" in submission.audit.error
    assert "reads as French" in submission.critique.error


def test_an_archived_class_is_read_only(world):
    api_as(world.teacher).patch(
        f"/api/v1/classes/{world.classroom.pk}/", {"archived": True}, format="json"
    )
    start = api_as(world.student).post(f"/api/v1/assignments/{world.coach.pk}/start/")
    assert start.status_code == 409 and start.json()["code"] == "CLASS_ARCHIVED"
    made = api_as(world.teacher).post(
        f"/api/v1/classes/{world.classroom.pk}/assignments/",
        {"title": "x", "kind": "essay"},
        format="json",
    )
    assert made.status_code == 409


def test_the_teacher_reads_the_coach_work_with_provenance_and_the_whole_conversation(world):
    from coach import services as coach_services

    submission, _ = services.submission_start(submission=world.submission)
    session = submission.coach_session
    coach_services.turn_run(session=session, user=world.student, message="Phones distract us")
    coach_services.draft_update(
        session=session,
        values={"claim": "Schools should ban phones during lessons"},
        draft_version=session.draft.version,
    )
    body = api_as(world.teacher).get(f"/api/v1/submissions/{submission.pk}/").json()
    detail = body["work_detail"]
    assert detail["type"] == "coach_session"
    assert detail["draft"]["claim"] == "Schools should ban phones during lessons"
    assert detail["provenance"]["claim"] == "typed by the student"
    assert detail["provenance"]["grounds"] == ""
    assert [m["role"] for m in detail["messages"]][:2] == ["assistant", "user"]
    assert "Phones distract us" in [m["text"] for m in detail["messages"]]


def test_returned_work_export_carries_the_work_and_the_feedback(world):
    chain_task = assignment(world.classroom, "chain", source_text=ESSAY)
    sub = Submission.objects.get(assignment=chain_task, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    services.submission_turn_in(submission=sub)
    services.feedback_save(
        submission=sub, author=world.teacher, comments={"claim": "ok"}, points={"claim": 2}
    )
    services.submission_return(submission=sub)
    exported = api_as(world.teacher).get(f"/api/v1/classes/{world.classroom.pk}/returned-work/")
    (row,) = exported.json()["returned"]
    assert row["work_detail"]["type"] == "chain" and row["work_detail"]["query"]
    assert row["feedback"] == {
        "comments": {"claim": "ok"},
        "overall": "",
        "points": {"claim": 2},
        "total": 2,
    }


def test_a_turned_in_chain_cannot_be_run_or_fed_by_its_student(world):
    chain_task = assignment(world.classroom, "chain", source_text=ESSAY)
    sub = Submission.objects.get(assignment=chain_task, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    services.submission_turn_in(submission=sub)
    client = api_as(world.student)
    run = client.post(f"/api/v1/chains/{sub.chain_id}/run/", {"until": "next"}, format="json")
    assert run.status_code == 409 and run.json()["code"] == "INVALID_STATE"
    phase = client.post(f"/api/v1/chains/{sub.chain_id}/phases/1/", {}, format="json")
    assert phase.status_code == 409 and phase.json()["code"] == "INVALID_STATE"
    sub.refresh_from_db()
    assert sub.chain.next_phase == 1


def test_an_essay_can_ask_for_a_critique_as_well(world, django_capture_on_commit_callbacks):
    essay = assignment(world.classroom, "essay", with_critique=True)
    sub = Submission.objects.get(assignment=essay, student=world.student)
    services.submission_essay_save(submission=sub, text=ESSAY)
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.submission_turn_in(submission=sub)
    assert sub.critique is not None and sub.critique.owner == world.student
    assert sub.audit.rubric_name == "Student argument"


def test_an_archived_class_stops_coach_turns_and_draft_edits_on_work_under_way(world):
    """QA 3: archiving must make work already started read-only, through API and page."""
    submission, _ = services.submission_start(submission=world.submission)
    session = submission.coach_session
    services.class_update(classroom=world.classroom, archived=True)
    client = api_as(world.student)
    turn = client.post(
        f"/api/v1/coach/sessions/{session.pk}/turn/", {"message": "Phones distract us"}
    )
    assert turn.status_code == 409 and turn.json()["code"] == "CLASS_ARCHIVED"
    edit = client.patch(
        f"/api/v1/coach/sessions/{session.pk}/draft/",
        {"draft": {"claim": "Changed after archiving"}, "draft_version": session.draft.version},
        format="json",
    )
    assert edit.status_code == 409 and edit.json()["code"] == "CLASS_ARCHIVED"
    page = Client()
    page.force_login(world.student)
    saved = page.post(
        f"/coach/{session.pk}/draft/",
        {"claim": "Changed on the page", "draft_version": session.draft.version},
    )
    assert saved.status_code == 409 and b"archived" in saved.content
    session.draft.refresh_from_db()
    assert session.draft.claim == ""


def test_returned_work_is_not_told_to_unsubmit(world):
    from toulmini_site.school import WorkTurnedIn

    assert "Unsubmit" not in WorkTurnedIn(returned=True).payload["error"]
    assert "Unsubmit" in WorkTurnedIn().payload["error"]
