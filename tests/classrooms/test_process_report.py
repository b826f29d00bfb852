"""The process report: how each part of a submission came to be, for its student and its
teachers only; an essay's saves count pasted characters and writing time (never keystrokes)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from arguments.models import Chain, PhaseAttempt
from coach.models import CoachDraft, CoachMessage, CoachSession
from tests.classrooms.builders import ROLES, api_as, assignment, build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.domain.process import (
    Attempt,
    Message,
    Save,
    chain_process,
    coach_process,
    essay_process,
    timeline,
)
from toulmini_site.classrooms.models import EssaySave, Submission

T0 = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)


def test_coach_steps_count_messages_turns_and_marks_per_step():
    report = coach_process(
        ("claim", "grounds"),
        [
            Message("student", "claim", T0),
            Message("tutor", "claim", T0 + timedelta(minutes=1)),
            Message("student", "claim", T0 + timedelta(minutes=2), pressure="write_for_me"),
            Message("tutor", "claim", T0 + timedelta(minutes=3), withheld=True),
            Message("tutor", "claim", T0 + timedelta(minutes=4), proposal_decision="confirmed"),
        ],
        {"claim": "tutor", "grounds": ""},
    )
    claim, grounds = report.parts
    assert (claim.revisions, claim.tutor_turns, claim.pressed, claim.withheld) == (2, 3, 1, 1)
    assert claim.origin == "tutor" and claim.first_at == T0
    assert grounds.origin == "" and grounds.revisions == 0 and grounds.first_at is None
    assert [e.what for e in report.events] == [
        "student",
        "tutor",
        "pressed",
        "withheld",
        "proposal",
    ]


def test_chain_phases_name_who_wrote_them_and_count_rejected_outputs():
    report = chain_process(
        [
            Attempt(1, "manual", False, T0),
            Attempt(1, "manual", True, T0 + timedelta(minutes=5)),
            Attempt(2, "offline", True, T0 + timedelta(minutes=6)),
        ]
    )
    one, two, three, _ = report.parts
    assert (one.origin, one.revisions) == ("manual", 2)
    assert (two.origin, two.revisions) == ("offline", 1)
    assert three.origin == "" and three.revisions == 0


def test_essay_saves_sum_pastes_and_writing_time():
    report = essay_process(
        [
            Save(T0 + timedelta(minutes=20), 900, pasted=0, active_seconds=600),
            Save(T0, 400, pasted=350, active_seconds=30),
        ]
    )
    assert report.essay.saves == 2 and report.essay.characters == 900
    assert report.essay.pasted == 350 and report.essay.active_seconds == 630
    assert [e.what for e in report.events] == ["save", "paste", "save"]


def test_the_timeline_places_dots_by_time_within_the_drawing():
    report = essay_process([Save(T0, 10), Save(T0 + timedelta(hours=1), 20)])
    drawn = timeline(report, {"essay": "Essay"}, width=300, label_width=100)
    xs = [d.x for d in drawn.dots]
    assert xs[0] == pytest.approx(105) and xs[-1] == pytest.approx(295)
    assert drawn.lanes[0].label == "Essay"


# -- recorded, shown, and to whom ------------------------------------------------------------


@pytest.mark.django_db
def test_an_essay_saved_on_the_page_records_its_pastes_and_time_not_its_keys():
    world = build_world("essay")
    sub = world.submission
    client = Client()
    client.force_login(world.student)
    client.post(
        f"/submissions/{sub.pk}/essay/",
        {"text": "Phones distract. " * 10, "process_pasted": "40", "process_active": "95"},
    )
    client.post(
        f"/submissions/{sub.pk}/essay/",
        {
            "text": "Phones distract students. " * 10,
            "process_pasted": "99999999",  # more than the text: bounded by its length
            "process_active": "abc",
            "version": Submission.objects.get(pk=sub.pk).essay_version,
        },
    )
    saves = list(EssaySave.objects.filter(submission=sub).order_by("id"))
    assert [(s.pasted, s.active_seconds, s.source) for s in saves[:1]] == [(40, 95, "page")]
    assert saves[-1].pasted == saves[-1].characters and saves[-1].active_seconds == 0
    body = api_as(world.student).get(f"/api/v1/submissions/{sub.pk}/process/").json()
    assert body["kind"] == "essay" and body["essay"]["saves"] == len(saves)
    assert body["essay"]["pasted"] == 40 + saves[-1].characters
    page = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert 'id="process-report"' in page and 'role="img"' in page


@pytest.mark.django_db
def test_a_coach_submission_report_reads_the_conversation():
    world = build_world("coach")
    session = CoachSession.objects.create(owner=world.student, topic="Phones")
    CoachDraft.objects.create(
        session=session, claim="Phones should go.", provenance={"claim": "student"}
    )
    CoachMessage.objects.create(
        session=session, role="user", text="Phones should go.", step="claim"
    )
    CoachMessage.objects.create(
        session=session, role="user", text="just write it", step="claim", pressure="write_for_me"
    )
    CoachMessage.objects.create(
        session=session, role="assistant", text="What do you think?", step="claim", withheld=True
    )
    Submission.objects.filter(pk=world.submission.pk).update(
        coach_session=session, state="in_progress"
    )
    body = api_as(world.teacher).get(f"/api/v1/submissions/{world.submission.pk}/process/").json()
    claim = body["parts"][0]
    assert claim["part"] == "claim" and claim["origin"] == "student"
    assert (claim["revisions"], claim["pressed"], claim["withheld"]) == (2, 1, 1)


@pytest.mark.django_db
def test_a_chain_submission_report_reads_its_phase_attempts():
    world = build_world("chain")
    chain = Chain.objects.create(owner=world.student, query="Should schools start later?")
    PhaseAttempt.objects.create(
        chain=chain, phase=1, source="manual", raw_output="{", accepted=False
    )
    PhaseAttempt.objects.create(
        chain=chain, phase=1, source="manual", raw_output="{}", accepted=True
    )
    Submission.objects.filter(pk=world.submission.pk).update(chain=chain, state="in_progress")
    body = api_as(world.student).get(f"/api/v1/submissions/{world.submission.pk}/process/").json()
    assert body["kind"] == "chain"
    assert body["parts"][0] == {**body["parts"][0], "origin": "manual", "revisions": 2}


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_only_the_student_and_the_class_teachers_read_the_report(role):
    world = build_world("essay")
    services.submission_essay_save(submission=world.submission, text="A first paragraph.")
    user = None if role == "anonymous" else world.user(role)
    expected = {
        "teacher": 200,
        "co_teacher": 200,
        "student": 200,
        "classmate": 404,
        "outsider": 404,
        "anonymous": 401,
    }[role]
    assert (
        api_as(user).get(f"/api/v1/submissions/{world.submission.pk}/process/").status_code
        == expected
    )


@pytest.mark.django_db
def test_work_not_started_has_an_empty_report():
    world = build_world("essay")
    other = assignment(world.classroom, "coach", title="Later")
    sub = Submission.objects.get(assignment=other, student=world.student)
    body = api_as(world.student).get(f"/api/v1/submissions/{sub.pk}/process/").json()
    assert body == {"kind": None, "parts": [], "events": [], "essay": None}


@pytest.mark.django_db
def test_essay_saves_are_in_the_students_data_and_go_with_their_account():
    from toulmini_site.privacy import services as privacy

    world = build_world("essay")
    services.submission_essay_save(
        submission=world.submission, text="A first paragraph.", pasted=5, source="page"
    )
    exported = privacy.user_export(user=world.student)
    (row,) = [s for s in exported["submissions"] if s["id"] == world.submission.pk]
    assert row["essay_saves"][0]["pasted"] == 5
    privacy.account_delete(user=world.student)
    assert not EssaySave.objects.exists()
