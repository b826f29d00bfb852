"""Machine-drafted feedback per part: drafted from the work's own judges, decided by a teacher
(accept, edit, discard), and never shown to the student unless the teacher saved it."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classrooms.builders import ROLES, api_as, build_world, turned_in_coach_work
from toulmini_site.classrooms import drafting, services
from toulmini_site.classrooms.domain.drafting import (
    PartEvidence,
    audit_evidence,
    chain_evidence,
    coach_evidence,
    draft_part,
)
from toulmini_site.classrooms.models import FeedbackDraft, Submission

# -- the pure drafting ------------------------------------------------------------------------


def test_a_missing_part_is_drafted_as_missing_with_no_points():
    draft = draft_part(PartEvidence(part="warrant", present=False), maximum=4, label="Warrant")
    assert draft.key == "missing" and draft.points == 0


def test_an_unsure_judge_offers_a_comment_to_check_and_no_points():
    unsure = PartEvidence(part="claim", present=True, quote="Phones are bad.", quality=0.75)
    draft = draft_part(
        unsure.__class__(**{**unsure.__dict__, "confidence": 0.3}), maximum=4, label="Claim"
    )
    assert draft.key == "unsure" and draft.points is None
    sure = draft_part(
        PartEvidence(part="claim", present=True, quote="x", quality=0.75, confidence=0.8),
        maximum=8,
        label="Claim",
    )
    assert sure.key == "good" and sure.points == 6


def test_coach_checks_name_the_problem_and_the_better_backing_speaks():
    evidence = coach_evidence(
        {
            "claim": "Schools should ban phones in class.",
            "grounds": "I think phones are annoying.",
            "warrant": "",
            "groundsBacking": "",
            "warrantBacking": "A 2019 study by the LSE found test scores rose 6% after bans.",
            "qualifier": "",
            "rebuttal": "",
        },
        {"grounds": "opinion", "warrant": "empty", "groundsBacking": "empty"},
    )
    assert evidence["data"].problem == "opinion"
    assert not evidence["warrant"].present
    assert evidence["backing"].present and "LSE" in evidence["backing"].quote


def test_chain_strength_and_audit_scores_become_points():
    chain = chain_evidence(
        {
            "warrant": {"principle": "Students who sleep more learn more.", "strength": "weak"},
            "claim": {"statement": "Schools should start later."},
            "rebuttal": None,
        }
    )
    assert chain["warrant"].problem == "weak" and chain["warrant"].quality == 0.25
    assert not chain["rebuttal"].present
    audit = audit_evidence([("backing", 4, "Names a study.", "a 2017 study", 0.9)])
    drafted = draft_part(audit["backing"], maximum=4, label="Backing")
    assert drafted.key == "audit" and drafted.points == 3 and drafted.args["score"] == "4"


# -- the service, the pages and the API --------------------------------------------------------


@pytest.mark.django_db
def test_drafts_are_made_for_turned_in_work_only():
    world = build_world()
    with pytest.raises(services.InvalidState):
        drafting.feedback_drafts_make(submission=world.submission)
    drafts = drafting.feedback_drafts_make(submission=turned_in_coach_work(world))
    parts = {d.part: d for d in drafts}
    assert parts["warrant"].points == 0  # missing
    assert "opinion" in parts["data"].comment
    assert all(d.state == "pending" for d in drafts)


@pytest.mark.django_db
def test_accept_edit_discard_and_the_student_sees_only_what_was_saved():
    world = build_world()
    submission = turned_in_coach_work(world)
    drafting.feedback_drafts_make(submission=submission)
    drafts = {d.part: d for d in submission.feedback_drafts.all()}
    drafting.feedback_draft_decide(draft=drafts["claim"], teacher=world.teacher, action="accept")
    drafting.feedback_draft_decide(
        draft=drafts["data"],
        teacher=world.teacher,
        action="edit",
        comment="Find a fact you could check, not a feeling.",
        points=1,
    )
    drafting.feedback_draft_decide(draft=drafts["warrant"], teacher=world.teacher, action="discard")
    submission.refresh_from_db()
    feedback = submission.feedback
    assert feedback.comments["claim"] == drafts["claim"].comment
    assert feedback.comments["data"] == "Find a fact you could check, not a feeling."
    assert feedback.points["data"] == 1
    assert "warrant" not in feedback.comments
    with pytest.raises(services.InvalidState):
        drafting.feedback_draft_decide(
            draft=drafts["claim"], teacher=world.teacher, action="accept"
        )
    # Drafting again keeps the decided parts and drafts only the pending ones anew.
    again = {d.part: d.state for d in drafting.feedback_drafts_make(submission=submission)}
    assert again["claim"] == "accepted" and again["data"] == "edited"
    assert again["warrant"] == "discarded" and again["qualifier"] == "pending"

    services.submission_return(submission=submission)
    student = Client()
    student.force_login(world.student)
    page = student.get(f"/submissions/{submission.pk}/").content.decode()
    assert "Find a fact you could check" in page
    assert drafts["warrant"].comment not in page  # discarded: never shown
    pending = submission.feedback_drafts.get(part="qualifier").comment
    assert pending not in page
    assert "machine-written" not in page and "feedback-drafts" not in page
    body = api_as(world.student).get(f"/api/v1/submissions/{submission.pk}/").content.decode()
    assert pending not in body and drafts["warrant"].comment not in body


@pytest.mark.django_db
def test_an_edit_without_a_comment_is_refused_and_nothing_saved():
    world = build_world()
    submission = turned_in_coach_work(world)
    drafting.feedback_drafts_make(submission=submission)
    draft = submission.feedback_drafts.get(part="claim")
    with pytest.raises(services.ClassroomError):
        drafting.feedback_draft_decide(
            draft=draft, teacher=world.teacher, action="edit", comment=" "
        )
    draft.refresh_from_db()
    assert draft.state == "pending"
    assert not hasattr(Submission.objects.get(pk=submission.pk), "feedback")


@pytest.mark.django_db
def test_the_teacher_page_drafts_and_decides():
    world = build_world()
    submission = turned_in_coach_work(world)
    teacher = Client()
    teacher.force_login(world.teacher)
    teacher.post(f"/submissions/{submission.pk}/drafts/")
    page = teacher.get(f"/submissions/{submission.pk}/").content.decode()
    assert "machine-written" in page and 'id="draft-claim"' in page
    teacher.post(
        f"/submissions/{submission.pk}/drafts/claim/",
        {"action": "edit", "comment": "Say which lessons.", "points": "2"},
    )
    submission.refresh_from_db()
    assert submission.feedback.comments["claim"] == "Say which lessons."
    assert submission.feedback.points["claim"] == 2


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_only_the_class_teachers_reach_the_drafts(role):
    world = build_world()
    submission = turned_in_coach_work(world)
    drafting.feedback_drafts_make(submission=submission)
    user = None if role == "anonymous" else world.user(role)
    expected = {
        "teacher": 200,
        "co_teacher": 200,
        "student": 403,
        "classmate": 404,
        "outsider": 404,
        "anonymous": 401,
    }[role]
    api = api_as(user)
    assert api.get(f"/api/v1/submissions/{submission.pk}/feedback-drafts/").status_code == expected
    decided = api.post(
        f"/api/v1/submissions/{submission.pk}/feedback-drafts/claim/",
        {"action": "discard"},
        format="json",
    )
    assert decided.status_code == expected
    page = Client()
    if user is not None:
        page.force_login(user)
    made = page.post(f"/submissions/{submission.pk}/drafts/")
    expected_page = {200: 302, 403: 403, 404: 404, 401: 302}[expected]
    assert made.status_code == expected_page
    if expected != 200:
        assert FeedbackDraft.objects.get(submission=submission, part="claim").state in ("pending",)


@pytest.mark.django_db
def test_the_api_drafts_and_decides_with_clear_errors():
    world = build_world()
    submission = turned_in_coach_work(world)
    api = api_as(world.teacher)
    made = api.post(f"/api/v1/submissions/{submission.pk}/feedback-drafts/")
    assert made.status_code == 201
    assert all(d["machine_written"] for d in made.json())
    bad = api.post(
        f"/api/v1/submissions/{submission.pk}/feedback-drafts/claim/",
        {"action": "sign"},
        format="json",
    )
    assert bad.status_code == 400
    none = api.post(
        f"/api/v1/submissions/{submission.pk}/feedback-drafts/verdict/",
        {"action": "accept"},
        format="json",
    )
    assert none.status_code == 404
    ok = api.post(
        f"/api/v1/submissions/{submission.pk}/feedback-drafts/claim/",
        {"action": "accept"},
        format="json",
    )
    assert ok.status_code == 200 and ok.json()["state"] == "accepted"
    again = api.post(
        f"/api/v1/submissions/{submission.pk}/feedback-drafts/claim/",
        {"action": "accept"},
        format="json",
    )
    assert again.status_code == 409
