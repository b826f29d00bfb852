"""Corrections: the owner says which sentence is the claim (or a datum, the warrant, a
rebuttal) and the chain runs again from it; the owner or a teacher dismisses a critique's
finding; a teacher overrules an audit criterion and the grading suggestion follows. Each tried
as every identity: owner, teacher, co-teacher, classmate, outsider, anonymous."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from arguments import services as chain_services
from arguments.models import Chain, ChainCorrection
from council.models import FindingDismissal
from tests.classrooms.builders import ESSAY, ROLES, api_as, assignment, build_world
from toulmini_site.classrooms import selectors as class_selectors
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Submission

# A letter whose first sentence is a personal detail and whose conclusion comes last: the
# reader is not sure which one is the claim.
LETTER = (
    "I have lived on Maple Street for thirty-one years and raised three children here. "
    "The council wants to turn the empty lot into a parking garage. "
    "A garage would bring more traffic past the primary school. "
    "The lot should become a small park instead."
)
THESIS = 3


@pytest.fixture
def world(db):
    return build_world()


@pytest.fixture
def essay(world, django_capture_on_commit_callbacks):
    task = assignment(world.classroom, "essay", with_critique=True)
    sub = Submission.objects.get(assignment=task, student=world.student)
    services.submission_essay_save(submission=sub, text=ESSAY)
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.submission_turn_in(submission=sub)
    sub.critique.refresh_from_db()
    sub.audit.refresh_from_db()
    assert sub.critique.result["points"] and sub.audit.results.exists()
    return sub


def unsure_chain(owner) -> Chain:
    chain = chain_services.chain_create(
        owner=owner, query="Letter to the editor", source_text=LETTER
    )
    return chain_services.chain_run(chain=chain, until="end")


# -- the chain waits for its claim, and runs from the one picked ---------------------------


def test_an_unsure_claim_stops_the_chain_with_its_candidates(world):
    chain = unsure_chain(world.student)
    assert chain.status == Chain.Status.IN_PROGRESS and chain.next_phase == 1
    assert chain.verdict_status == "" and chain.claim is None
    candidates = chain.claim_candidates
    assert 2 <= len(candidates) <= 3
    assert all(c["confidence"] < 0.5 for c in candidates)
    assert THESIS in [c["index"] for c in candidates]


def test_picking_the_claim_runs_the_chain_from_it_to_a_verdict(world):
    chain = unsure_chain(world.student)
    chain = chain_services.chain_correct(
        chain=chain, author=world.student, sentence_index=THESIS, role="claim"
    )
    assert chain.status == Chain.Status.COMPLETE
    assert chain.claim["statement"] == "The lot should become a small park instead."
    assert chain.claim_candidates == [] and chain.claim_confidence is None
    (correction,) = ChainCorrection.objects.filter(chain=chain)
    assert (correction.role, correction.sentence_index) == ("claim", THESIS)


def test_sentences_marked_as_data_and_rebuttal_play_those_parts_after_the_rerun(world):
    chain = unsure_chain(world.student)
    for index, role in ((THESIS, "claim"), (0, "rebuttal"), (1, "data")):
        chain = chain_services.chain_correct(
            chain=chain, author=world.student, sentence_index=index, role=role
        )
    assert any("The council wants" in f for f in chain.data["facts"])
    assert not any("Maple Street" in f for f in chain.data["facts"])
    if chain.rebuttal:  # the chain may stop earlier, at a weak warrant, which is its rule
        assert any("Maple Street" in e for e in chain.rebuttal["exceptions"])
    assert chain.pinned_roles() == {THESIS: "claim", 0: "rebuttal", 1: "data"}


def test_a_verdict_is_never_surer_than_the_claim_reading(world):
    from arguments.offline import analyzer_phase

    components: dict = {}
    for phase in (1, 2, 3):
        out = analyzer_phase(
            phase,
            query="Letter to the editor",
            source_text=LETTER,
            components=components,
            pinned={THESIS: "claim"},
            claim_confidence=0.55,
        )
        components |= out.model_dump(mode="json")
    assert components["qualifier"]["confidence_pct"] <= 55
    assert "how sure the reader is" in components["qualifier"]["rationale"]


@pytest.mark.parametrize("role", ROLES)
def test_only_the_owner_corrects_a_chain_through_the_api(world, role):
    chain = unsure_chain(world.student)
    user = None if role == "anonymous" else world.user(role)
    response = api_as(user).post(
        f"/api/v1/chains/{chain.pk}/corrections/",
        {"sentence": THESIS, "role": "claim"},
        format="json",
    )
    if role == "student":  # the owner
        assert response.status_code == 200, response.json()
        assert response.json()["status"] == "complete"
        return
    assert response.status_code in ((401, 403) if role == "anonymous" else (404,))
    assert not ChainCorrection.objects.filter(chain=chain).exists()
    mine = api_as(world.student).post(
        f"/api/v1/chains/{chain.pk}/corrections/",
        {"sentence": THESIS, "role": "claim"},
        format="json",
    )
    assert mine.status_code == 200, mine.json()
    assert mine.json()["status"] == "complete"
    assert api_as(world.student).get(f"/api/v1/chains/{chain.pk}/corrections/").json()[0][
        "role"
    ] == ("claim")


def test_a_bad_correction_is_refused_with_its_code(world):
    chain = unsure_chain(world.student)
    response = api_as(world.student).post(
        f"/api/v1/chains/{chain.pk}/corrections/", {"sentence": 99, "role": "claim"}, format="json"
    )
    assert response.status_code == 400 and response.json()["code"] == "INVALID_INPUT"


def test_the_page_shows_the_candidates_and_a_pick_reruns(world, client):
    chain = unsure_chain(world.student)
    client.force_login(world.student)
    page = client.get(f"/chains/{chain.pk}/").content.decode()
    assert "Which sentence is the claim?" in page and "This is the claim" in page
    response = client.post(f"/chains/{chain.pk}/correct/", {"sentence": THESIS, "role": "claim"})
    assert response.status_code == 302
    page = client.get(f"/chains/{chain.pk}/").content.decode()
    assert "Verdict" in page and 'class="ev ev-claim"' in page and "your choice" in page


# -- a critique's finding dismissed -------------------------------------------------------


CAN_DISMISS = {"student": 201, "teacher": 201, "co_teacher": 201}


@pytest.mark.parametrize("role", ROLES)
def test_the_owner_and_the_teachers_dismiss_a_finding_nobody_else(world, essay, role):
    point = essay.critique.result["points"][0]["claim_ids"][0]
    user = None if role == "anonymous" else world.user(role)
    response = api_as(user).post(
        f"/api/v1/critiques/{essay.critique.pk}/dismissals/",
        {"point": point, "reason": "The sentence is the thesis, not a digression."},
        format="json",
    )
    expected = CAN_DISMISS.get(role, 404 if role != "anonymous" else None)
    if expected is None:
        assert response.status_code in (401, 403)
    else:
        assert response.status_code == expected
    kept = FindingDismissal.objects.filter(critique=essay.critique).exists()
    assert kept == (role in CAN_DISMISS)


def test_a_dismissal_needs_a_reason_and_a_real_point(world, essay):
    url = f"/api/v1/critiques/{essay.critique.pk}/dismissals/"
    point = essay.critique.result["points"][0]["claim_ids"][0]
    assert api_as(world.teacher).post(url, {"point": point, "reason": " "}).status_code == 400
    missing = api_as(world.teacher).post(url, {"point": "NOPE-9", "reason": "no"}, format="json")
    assert missing.status_code == 404


def test_a_dismissed_finding_stays_dismissed_on_the_pages(world, essay, client):
    point = essay.critique.result["points"][0]["claim_ids"][0]
    client.force_login(world.teacher)
    response = client.post(
        f"/critiques/{essay.critique.pk}/dismiss/",
        {"point": point, "reason": "Not a fallacy here.", "next": f"/submissions/{essay.pk}/"},
    )
    assert response.status_code == 302 and response["Location"] == f"/submissions/{essay.pk}/"
    page = client.get(f"/submissions/{essay.pk}/").content.decode()
    assert "Dismissed" in page and "Not a fallacy here." in page
    client.force_login(world.student)
    assert "Not a fallacy here." in client.get(essay.critique.get_absolute_url()).content.decode()


# -- an audit criterion overruled ---------------------------------------------------------


CAN_OVERRULE = {"teacher": 200, "co_teacher": 200, "student": 403}


@pytest.mark.parametrize("role", ROLES)
def test_only_the_teachers_overrule_a_criterion(world, essay, role):
    result = essay.audit.results.get(criterion_id="backing")
    user = None if role == "anonymous" else world.user(role)
    response = api_as(user).post(
        f"/api/v1/audits/{essay.audit.pk}/criteria/backing/overrule/",
        {"score": 4, "reason": "The essay names the American Academy of Pediatrics."},
        format="json",
    )
    if role == "anonymous":
        assert response.status_code in (401, 403)
    else:
        assert response.status_code == CAN_OVERRULE.get(role, 404)
    result.refresh_from_db()
    assert (result.overruled_score == 4) == (role in ("teacher", "co_teacher"))


def test_the_grading_suggestion_follows_an_overruled_criterion(world, essay):
    api_as(world.teacher).post(
        f"/api/v1/audits/{essay.audit.pk}/criteria/backing/overrule/",
        {"score": 5, "reason": "A named academy backs the rule."},
        format="json",
    )
    results = list(essay.audit.results.all())
    maxima = essay.assignment.maxima()
    suggestion = class_selectors.audit_suggestions(results, maxima)["backing"]
    assert suggestion["score"] == 5 and suggestion["overruled"]
    assert suggestion["scaled"] == maxima["backing"]


def test_an_overrule_is_shown_on_the_submission_page(world, essay, client):
    client.force_login(world.co_teacher)
    client.post(
        f"/audits/{essay.audit.pk}/overrule/",
        {"criterion": "backing", "score": 4, "reason": "Named academy.", "next": "/"},
    )
    client.force_login(world.teacher)
    page = client.get(f"/submissions/{essay.pk}/").content.decode()
    assert "Overruled" in page and "Named academy." in page


# -- the cases, for evaluation ------------------------------------------------------------


def test_the_corrections_are_exported_as_json_lines(world, essay):
    chain = unsure_chain(world.student)
    chain_services.chain_correct(
        chain=chain, author=world.student, sentence_index=THESIS, role="claim"
    )
    point = essay.critique.result["points"][0]["claim_ids"][0]
    api_as(world.teacher).post(
        f"/api/v1/critiques/{essay.critique.pk}/dismissals/",
        {"point": point, "reason": "Off."},
        format="json",
    )
    api_as(world.teacher).post(
        f"/api/v1/audits/{essay.audit.pk}/criteria/claim/overrule/",
        {"score": 2, "reason": "The thesis is vague."},
        format="json",
    )
    out, err = io.StringIO(), io.StringIO()
    call_command("corrections_export", stdout=out, stderr=err)
    cases = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [c["kind"] for c in cases] == [
        "chain_role",
        "finding_dismissed",
        "criterion_overruled",
    ]
    assert cases[0]["sentence"] == "The lot should become a small park instead."
    assert cases[2]["overruled_score"] == 2 and cases[2]["reason"] == "The thesis is vague."
    assert "ms-teacher" not in out.getvalue() and "ana" not in json.dumps(
        [c.get("reason") for c in cases]
    )
    assert "3 case(s)" in err.getvalue()
