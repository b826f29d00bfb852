"""Export, deletion, the access log, retention and the privacy page, across every app's data,
tried as the owner, another user and anonymous."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from arguments.models import Chain
from arguments.services import chain_create
from coach.models import CoachMessage, CoachSession
from coach.services import session_create
from council.models import Audit, Critique
from council.services.audit import audit_create
from council.services.critique import critique_create
from tests.builders import make_user
from tests.classrooms.builders import api_as, build_world
from toulmini_site.classrooms import services as classrooms
from toulmini_site.classrooms.models import Submission
from toulmini_site.privacy.models import AccessLogEntry
from toulmini_site.privacy.services import retention_run

pytestmark = pytest.mark.django_db

ESSAY = "School uniforms reduce bullying because students look alike. " * 12


def _everything(user):
    """One of each kind of work, plus a returned, graded class submission."""
    chain = chain_create(owner=user, query="Should schools start later?", source_text=ESSAY)
    session = session_create(owner=user, topic="Phones in class")
    CoachMessage.objects.create(session=session, role="user", text="My claim is X", step="claim")
    critique = critique_create(owner=user, title="My essay", text=ESSAY)
    audit = audit_create(owner=user, text=ESSAY)
    return chain, session, critique, audit


def _returned(world):
    submission = world.submission
    classrooms.submission_start(submission=submission)
    classrooms.submission_turn_in(submission=submission)
    classrooms.feedback_save(
        submission=submission,
        author=world.teacher,
        comments={"claim": "Sharper."},
        overall="Well argued.",
        points={"claim": 3},
    )
    return classrooms.submission_return(submission=submission)


def test_the_export_holds_every_kind_of_the_users_work():
    world = build_world()
    chain, session, critique, audit = _everything(world.student)
    _returned(world)
    data = api_as(world.student).get("/api/v1/me/export/").json()
    assert data["account"]["username"] == "ana"
    assert [c["id"] for c in data["chains"]] == [chain.pk]
    [exported_session] = [s for s in data["coach_sessions"] if s["id"] == session.pk]
    assert "My claim is X" in [m["text"] for m in exported_session["transcript"]]
    assert [c["id"] for c in data["critiques"]] == [critique.pk]
    assert [a["id"] for a in data["audits"]] == [audit.pk] and data["audits"][0]["results"]
    [submission] = data["submissions"]
    assert (
        submission["feedback"]["overall"] == "Well argued." and submission["feedback"]["total"] == 3
    )
    assert data["classes_joined"][0]["class"] == "Debate 101"


def test_the_export_holds_the_invitations_to_teach_the_user_received():
    world = build_world()
    invitee = make_user("dana")
    classrooms.teacher_invite(classroom=world.classroom, invited_by=world.teacher, username="dana")
    data = api_as(invitee).get("/api/v1/me/export/").json()
    [invitation] = data["invitations_to_teach"]
    assert invitation["class"] == "Debate 101" and invitation["invited_by"] == "ms-teacher"
    assert api_as(world.teacher).get("/api/v1/me/export/").json()["invitations_to_teach"] == []


def test_the_export_is_the_owners_only():
    world = build_world()
    _everything(world.student)
    other = api_as(world.classmate).get("/api/v1/me/export/").json()
    assert other["account"]["username"] == "ben" and other["chains"] == []
    assert api_as(None).get("/api/v1/me/export/").status_code == 401
    page = Client()
    assert page.get("/account/data/export.json").status_code == 302  # to log in
    page.force_login(world.student)
    download = page.get("/account/data/export.json")
    assert "attachment" in download["Content-Disposition"]
    assert len(json.loads(download.content)["chains"]) == 1
    csv = page.get("/account/data/submissions.csv").content.decode()
    assert csv.splitlines()[0].startswith("class,assignment,kind,state")
    assert page.get("/account/data/passwords.csv").status_code == 404


def test_a_draft_feedback_is_not_exported_before_it_is_returned():
    world = build_world()
    classrooms.submission_start(submission=world.submission)
    classrooms.submission_turn_in(submission=world.submission)
    classrooms.feedback_save(
        submission=world.submission,
        author=world.teacher,
        comments={},
        overall="Draft note",
        points={"claim": 1},
    )
    data = api_as(world.student).get("/api/v1/me/export/").json()
    assert data["submissions"][0]["feedback"] is None


def test_deleting_removes_the_work_and_keeps_returned_grades_anonymous():
    world = build_world()
    _everything(world.student)
    returned = _returned(world)
    refused = api_as(world.student).delete("/api/v1/me/", {"password": "wrong"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "CONFIRMATION_REQUIRED"
    assert Chain.objects.filter(owner=world.student).exists()
    # Another user can only ever reach their own account, and ana's password is not theirs.
    other = api_as(world.classmate).delete(
        "/api/v1/me/", {"password": "ana's, not mine"}, format="json"
    )
    assert other.status_code == 400 and Chain.objects.filter(owner=world.student).exists()
    done = api_as(world.student).delete(
        "/api/v1/me/", {"password": "pw-for-tests-123"}, format="json"
    )
    assert done.status_code == 200 and done.json()["grades_kept_anonymised"] == 1
    for model in (Chain, CoachSession, Critique, Audit):
        assert not model.objects.filter(owner_id=world.student.pk).exists(), model
    assert not CoachMessage.objects.filter(text="My claim is X").exists()
    kept = Submission.objects.get(pk=returned.pk)
    assert kept.student.username.startswith("deleted-") and not kept.student.is_active
    assert kept.feedback.points == {"claim": 3} and kept.essay_text == ""
    assert kept.coach_session_id is None


def test_deleting_needs_the_owner_signed_in():
    assert api_as(None).delete("/api/v1/me/", {"password": "x"}, format="json").status_code == 401
    assert Client().post("/account/delete/", {"confirmation": "x"}).status_code == 302


def test_the_page_says_what_goes_and_stays_then_deletes_after_the_password():
    world = build_world()
    _everything(world.student)
    _returned(world)
    client = Client()
    client.force_login(world.student)
    page = client.get("/accounts/").content.decode()  # the account page's section
    assert 'action="/account/delete/"' in page
    assert "<li></li>" not in page  # every password rule says something (none a blank bullet)
    assert "signs out the apps that use your API token" in page
    # Their own session and the one the class's coach assignment started.
    assert "<li>1 chain</li>" in page and "2 coach sessions, with their conversations" in page
    assert "1 returned grade (points and your teacher" in page
    assert "stays with your school, without your name or your work" in page
    wrong = client.post("/account/delete/", {"confirmation": "nope"})
    assert wrong.status_code == 400 and Chain.objects.exists()
    client.post("/account/delete/", {"confirmation": "pw-for-tests-123"})
    assert not type(world.student).objects.filter(username="ana").exists()


def test_a_teacher_s_classes_go_to_a_co_teacher_when_they_delete_their_account():
    world = build_world()
    api_as(world.teacher).delete("/api/v1/me/", {"password": "pw-for-tests-123"}, format="json")
    world.classroom.refresh_from_db()
    assert world.classroom.created_by == world.co_teacher and not world.classroom.archived


def test_an_admin_deletes_an_account_on_request():
    world = build_world()
    _everything(world.student)
    admin = make_user("admin", staff=True)
    client = Client()
    client.force_login(admin)
    client.post(
        "/admin/auth/user/",
        {"action": "delete_accounts_on_request", "_selected_action": [world.student.pk]},
    )
    assert not Chain.objects.exists()
    assert not type(admin).objects.filter(username="ana").exists()


def test_a_teacher_opening_a_submission_is_logged_and_the_student_sees_it():
    world = build_world()
    teacher = Client()
    teacher.force_login(world.teacher)
    assert teacher.get(f"/submissions/{world.submission.pk}/").status_code == 200
    api_as(world.co_teacher).get(f"/api/v1/submissions/{world.submission.pk}/")
    entries = list(AccessLogEntry.objects.filter(student=world.student).order_by("at", "id"))
    assert [e.viewer_name for e in entries] == ["ms-teacher", "co-teacher"]
    assert "with the tutor transcript" in entries[0].what or "page" in entries[0].what
    student = Client()
    student.force_login(world.student)
    student.get(f"/submissions/{world.submission.pk}/")  # their own look is not logged
    assert AccessLogEntry.objects.count() == 2
    page = student.get("/accounts/").content.decode()  # the account page's section
    assert 'id="access-log"' in page
    assert "ms-teacher" in page and "co-teacher" in page and "Debate 101" in page
    classmate = Client()
    classmate.force_login(world.classmate)
    assert "ms-teacher" not in classmate.get("/accounts/").content.decode()
    assert Client().get("/accounts/").status_code == 302
    assert student.get("/account/data/")["Location"] == "/accounts/#data"
    admin = Client()
    admin.force_login(make_user("admin", staff=True))
    assert b"ms-teacher" in admin.get("/admin/privacy/accesslogentry/").content


def test_retention_is_off_by_default_and_deletes_old_transcripts_when_set(settings):
    user = make_user("old")
    session = session_create(owner=user, topic="Old topic")
    old = CoachMessage.objects.create(session=session, role="user", text="old", step="claim")
    CoachMessage.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=40))
    CoachMessage.objects.create(session=session, role="user", text="new", step="claim")
    assert "coach_messages" not in retention_run()
    settings.DATA_RETENTION_DAYS = 30
    assert retention_run()["coach_messages"] == 1
    texts = set(CoachMessage.objects.values_list("text", flat=True))
    assert "new" in texts and "old" not in texts


def test_the_privacy_page_is_public_and_linked_from_the_footer(settings):
    settings.LLM_MODEL = ""
    page = Client().get("/privacy/").content.decode()
    assert "nothing you write leaves this server" in page
    assert "No data from this site trains any model" in page
    assert 'href="/privacy/"' in Client().get("/accounts/login/").content.decode()


def test_the_retention_command_runs_the_purge_and_can_schedule_it(settings):
    from io import StringIO

    from django.core.management import call_command

    settings.DATA_RETENTION_DAYS = 7
    out = StringIO()
    call_command("data_retention", stdout=out)
    assert "coach_messages: 0" in out.getvalue() and "model_calls: 0" in out.getvalue()
    out = StringIO()
    call_command("data_retention", "--schedule", stdout=out)  # immediate backend: runs now
    assert "Queued the daily retention task." in out.getvalue()


def test_a_teacher_downloading_the_class_s_returned_work_is_logged_for_each_student():
    world = build_world()
    _returned(world)
    teacher = Client()
    teacher.force_login(world.teacher)
    assert teacher.get(f"/classes/{world.classroom.pk}/returned.json").status_code == 200
    api_as(world.co_teacher).get(f"/api/v1/classes/{world.classroom.pk}/returned-work/")
    entries = AccessLogEntry.objects.filter(student=world.student).order_by("at", "id")
    assert [(e.viewer_name, e.class_name) for e in entries] == [
        ("ms-teacher", "Debate 101"),
        ("co-teacher", "Debate 101"),
    ]
    assert "tutor transcript (export)" in entries[0].what
    assert not AccessLogEntry.objects.filter(student=world.classmate).exists()  # nothing returned
