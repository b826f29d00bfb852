"""Coach services against the database: turns, failures, proposals, versions, limits."""

import json
from datetime import timedelta

import pytest
from django.utils import translation

from coach import services
from coach.domain.steps import STEPS
from coach.models import CoachMessage, CoachSession, CoachTurnAttempt
from tests.coach.builders import GOOD_TEXT, answer, give_proposal, make_session
from toulmini_site.llm import LLMUnavailable
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db


def run_turn(session, user, message="", retry=False):
    turn = services.turn_start(session=session, user=user, message=message, retry=retry)
    return list(services.turn_events(session=session, turn=turn))


def state(session):
    session.refresh_from_db()
    session.draft.refresh_from_db()
    return (session.current_step, session.status, session.draft.version, session.draft.as_dict())


def test_a_new_session_starts_on_the_claim_with_an_empty_draft_and_an_opening(owner):
    session = make_session(owner, "Móviles en clase", "es")
    assert session.current_step == "claim"
    assert session.draft.version == 1
    assert set(session.draft.as_dict().values()) == {""}
    opening = session.messages.get()
    assert opening.role == "assistant"
    assert "Paso 1 de 7" in opening.text


def test_a_session_needs_a_topic_and_a_known_language(owner):
    with pytest.raises(services.CoachError):
        services.session_create(owner=owner, topic="   ")
    with pytest.raises(services.CoachError):
        services.session_create(owner=owner, topic="Phones", language="fr")


def test_the_students_message_is_saved_before_the_model_is_called(session, owner, fake_llm):
    seen = []

    def handler(request):
        seen.append(
            CoachMessage.objects.filter(session=session, role="user", text="My claim").exists()
        )
        return answer()

    fake_llm(handler)
    run_turn(session, owner, "My claim")
    assert seen == [True]


def test_partial_text_streams_before_the_final_result(session, owner, fake_llm):
    said = "Good start. Now tell me more. Who found it?"
    fake_llm(responses=[answer(assistantText=said, nextQuestion="Why?")])
    events = run_turn(session, owner, "Schools should ban phones")
    kinds = [e["type"] for e in events]
    assert kinds[-1] == "final"
    # Held back and released one checked sentence at a time.
    assert [e["text"] for e in events if e["type"] == "partial"] == [
        "Good start. ",
        "Now tell me more. ",
        "Who found it?",
    ]
    final = events[-1]
    assert final["result"]["assistantText"] == f"{said}\n\nWhy?"
    saved = CoachMessage.objects.get(pk=final["message_id"])
    assert saved.text == final["result"]["assistantText"]


def test_the_model_prompt_marks_the_first_turn_and_a_rewrite_request(session, owner, fake_llm):
    fake = fake_llm(responses=[answer(), answer()])
    run_turn(session, owner, "Schools should ban phones")
    run_turn(session, owner, "please rewrite it")
    first, second = (r.messages[1]["content"] for r in fake.requests)
    assert "FIRST message" in first and "REWRITE" not in first
    assert "FIRST message" not in second and "REWRITE" in second


def test_a_failed_model_call_leaves_the_session_as_it_was_and_can_be_retried(
    session, owner, fake_llm
):
    before = state(session)
    fake_llm(responses=[LLMUnavailable("The language model server could not be reached.")])
    events = run_turn(session, owner, "Schools should ban phones")
    assert events[-1]["error"] == "coach_stream_failed"
    assert events[-1]["retry"] is True
    assert state(session) == before
    assert list(session.messages.values_list("role", flat=True)) == ["assistant", "user"]
    assert LLMCall.objects.filter(object_id=session.pk, outcome="unavailable").count() == 1

    fake_llm(responses=[answer(assistantText="Now I can answer.")])
    events = run_turn(session, owner, retry=True)
    assert events[-1]["type"] == "final"
    roles = list(session.messages.values_list("role", flat=True))
    assert roles == ["assistant", "user", "assistant"]


def test_retry_needs_an_unanswered_message(session, owner):
    with pytest.raises(services.NothingToRetry):
        services.turn_start(session=session, user=owner, retry=True)


@pytest.mark.parametrize(
    ("reply", "code"),
    [
        ("this is not json", "coach_validation_failed"),
        ('{"assistantText": "hi", "step": "claim", "confidence": 3}', "coach_validation_failed"),
        ('{"step": "claim"}', "coach_empty_response"),
        ("", "coach_empty_response"),
    ],
)
def test_an_answer_that_breaks_the_contract_is_an_error_line_and_saves_nothing(
    session, owner, fake_llm, reply, code
):
    fake_llm(responses=[reply])
    events = run_turn(session, owner, "Schools should ban phones")
    assert events[-1]["error"] == code
    assert session.messages.filter(role="assistant").count() == 1  # just the opening


def test_an_answer_arriving_after_the_step_moved_on_is_a_step_mismatch(session, owner, fake_llm):
    def other_tab_advances(request):
        CoachSession.objects.filter(pk=session.pk).update(current_step="grounds")
        return answer()

    fake_llm(other_tab_advances)
    events = run_turn(session, owner, "Schools should ban phones")
    assert events[-1]["error"] == "coach_step_mismatch"
    assert session.messages.filter(role="assistant").count() == 1  # just the opening


def test_a_kept_proposal_waits_and_supersedes_an_older_one(session, owner, fake_llm):
    older = give_proposal(session, GOOD_TEXT["en"]["claim"])
    proposed = answer(
        proposedUpdate={
            "field": "claim",
            "value": "Phones should be banned in class",
            "rationale": "r",
        },
        confidence=0.9,
    )
    fake_llm(responses=[answer(), proposed])
    run_turn(session, owner, "phones should be banned in class")
    events = run_turn(session, owner, "yes")
    assert events[-1]["proposal_status"] == "kept"
    older.refresh_from_db()
    assert older.proposal_decision == "superseded"
    latest = CoachMessage.objects.get(pk=events[-1]["message_id"])
    assert latest.proposal_decision == "pending"


def test_confirming_saves_the_text_advances_and_introduces_the_next_step(session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.proposal_confirm(session=session, draft_version=1)
    step, status, version, draft = state(session)
    assert (step, status, version) == ("grounds", "active", 2)
    assert draft["claim"] == GOOD_TEXT["en"]["claim"]
    assert "Step 2 of 7" in session.messages.last().text


def test_a_second_tab_cannot_confirm_the_same_proposal_again(session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.proposal_confirm(session=session, draft_version=1)
    with pytest.raises(services.NoPendingProposal):
        services.proposal_confirm(session=session, draft_version=1)
    assert state(session)[0] == "grounds"


def test_confirming_against_an_old_draft_version_is_refused_and_changes_nothing(session):
    services.draft_update(session=session, values={"claim": "Edited elsewhere"}, draft_version=1)
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    before = state(session)
    with pytest.raises(services.DraftConflict):
        services.proposal_confirm(session=session, draft_version=1)
    assert state(session) == before
    assert session.messages.filter(proposal_decision="pending").count() == 1


@pytest.mark.parametrize("edited", ["claim", "grounds"])
def test_a_proposal_made_before_the_draft_was_edited_is_stale_and_changes_nothing(session, edited):
    # The issue: a pending proposal overwrote the student's hand-written claim.
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.draft_update(session=session, values={edited: "My own words here"}, draft_version=1)
    before = state(session)
    with pytest.raises(services.ProposalStale):
        services.proposal_confirm(session=session)
    assert state(session) == before
    assert before[3][edited] == "My own words here"


def test_a_proposal_records_the_draft_version_it_was_made_on(session, owner):
    services.draft_update(session=session, values={"grounds": "x"}, draft_version=1)
    events = run_turn(session, owner, GOOD_TEXT["en"]["claim"])
    message = CoachMessage.objects.get(pk=events[-1]["message_id"])
    assert message.proposal_decision == "pending"
    assert message.draft_version == 2
    services.proposal_confirm(session=session)
    assert state(session)[0] == "grounds"


def test_a_proposal_for_a_step_already_left_is_set_aside(session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    CoachSession.objects.filter(pk=session.pk).update(current_step="grounds")
    with pytest.raises(services.StepMismatch):
        services.proposal_confirm(session=session)
    assert session.messages.filter(proposal_decision="superseded").count() == 1


def test_rejecting_clears_the_proposal_and_keeps_the_step(session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.proposal_reject(session=session)
    assert state(session)[0] == "claim"
    assert session.messages.filter(proposal_decision="rejected").count() == 1
    with pytest.raises(services.NoPendingProposal):
        services.proposal_reject(session=session)


def test_editing_by_hand_bumps_the_version_and_refuses_a_stale_one(session):
    draft = services.draft_update(
        session=session, values={"warrant": "  If x then y usually  "}, draft_version=1
    )
    assert draft.version == 2
    assert draft.warrant == "If x then y usually"
    with pytest.raises(services.DraftConflict):
        services.draft_update(session=session, values={"warrant": "other"}, draft_version=1)
    assert state(session)[3]["warrant"] == "If x then y usually"


def test_an_advance_without_proposal_moves_on_when_the_draft_passes(session, owner, fake_llm):
    services.draft_update(
        session=session, values={"claim": GOOD_TEXT["en"]["claim"]}, draft_version=1
    )
    fake_llm(responses=[answer(shouldAdvance=True, confidence=0.9)])
    events = run_turn(session, owner, "I think that is done")
    assert events[-1]["session"]["current_step"] == "grounds"
    assert state(session)[:3] == ("grounds", "active", 3)


def test_confirming_the_rebuttal_completes_the_session(session):
    CoachSession.objects.filter(pk=session.pk).update(current_step="rebuttal")
    session.refresh_from_db()
    give_proposal(session, GOOD_TEXT["en"]["rebuttal"])
    services.proposal_confirm(session=session)
    assert state(session)[:2] == ("rebuttal", "completed")
    assert "complete" in session.messages.last().text
    with pytest.raises(services.SessionCompleted):
        services.turn_start(session=session, user=session.owner, message="more")


def test_a_message_over_five_thousand_characters_is_refused_and_nothing_saved(session, owner):
    with pytest.raises(services.MessageTooLong) as refused:
        services.turn_start(session=session, user=owner, message="x" * 5001)
    assert "5,001" in refused.value.message
    assert session.messages.count() == 1
    assert not CoachTurnAttempt.objects.exists()
    services.turn_start(session=session, user=owner, message="x" * 5000)


def test_the_twenty_first_turn_in_a_minute_is_refused_until_the_minute_passes(
    session, owner, monkeypatch
):
    start = services.now()
    monkeypatch.setattr(services, "now", lambda: start)
    for i in range(20):
        services.turn_start(session=session, user=owner, message=f"message {i}")
    with pytest.raises(services.TurnRateLimited) as refused:
        services.turn_start(session=session, user=owner, message="one too many")
    assert refused.value.status == 429
    assert "not been lost" in refused.value.message
    assert not session.messages.filter(text="one too many").exists()
    monkeypatch.setattr(services, "now", lambda: start + timedelta(seconds=61))
    services.turn_start(session=session, user=owner, message="one too many")
    # Expired attempts are recycled, not piled up: never more rows than the limit.
    attempts = CoachTurnAttempt.objects.filter(user=owner)
    assert attempts.count() == 20
    assert attempts.filter(created_at=start + timedelta(seconds=61)).count() == 1


def test_the_turn_limit_counts_per_user(session, owner, other_user, monkeypatch):
    start = services.now()
    monkeypatch.setattr(services, "now", lambda: start)
    for i in range(20):
        services.turn_start(session=session, user=owner, message=f"message {i}")
    theirs = make_session(other_user)
    services.turn_start(session=theirs, user=other_user, message="mine")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_offline_tutor_completes_a_whole_session(owner, language):
    session = make_session(owner, "Phones", language)
    confirm = "yes" if language == "en" else "me sirve"
    for step in (
        "claim",
        "grounds",
        "warrant",
        "groundsBacking",
        "warrantBacking",
        "qualifier",
        "rebuttal",
    ):
        # A good attempt is offered at once; the student confirms it by clicking or typing.
        first = services.turn_run(session=session, user=owner, message=GOOD_TEXT[language][step])
        assert first["type"] == "final" and first["proposal_status"] == "kept", step
        if STEPS.index(step) % 2:
            second = services.turn_run(session=session, user=owner, message=confirm)
            assert second["proposal_status"] == "confirmed", step
        else:
            version = first["session"]["draft_version"]
            services.proposal_confirm(session=session, draft_version=version)
    step, status, version, draft = state(session)
    assert status == "completed"
    assert draft == GOOD_TEXT[language]
    assert set(session.draft.sources().values()) == {"student"}
    # A typed confirmation asks no tutor: one call per attempt.
    assert LLMCall.objects.filter(object_id=session.pk, provider="offline").count() == 7


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_completed_session_becomes_a_chain_that_keeps_the_students_parts(owner, language):
    from arguments.models import Chain

    text = GOOD_TEXT[language]
    session = make_session(owner, language=language)
    services.draft_update(session=session, values=text, draft_version=1)
    CoachSession.objects.filter(pk=session.pk).update(status="completed", current_step="rebuttal")
    with translation.override(language):  # the page's language, as the view activates it
        chain, problem = services.session_chain_create(session=session)
    assert problem == ""
    reference = {"en": "Coach session", "es": "Sesión con el tutor"}[language]
    assert chain.data["citations"][0]["reference"] == f"{reference} {session.pk}"
    assert chain.owner == owner
    assert chain.coach_session_id == session.pk
    assert chain.query == text["claim"]
    assert chain.claim["statement"] == text["claim"] + "."
    assert chain.data["facts"] == [text["grounds"]]
    assert chain.data["citations"][0]["source"] == text["groundsBacking"]
    assert chain.warrant["principle"] == text["warrant"]
    assert chain.backing["authority"] == text["warrantBacking"]
    assert chain.rebuttal["exceptions"] == [text["rebuttal"]]
    assert chain.qualifier["rationale"] == text["qualifier"]
    assert chain.qualifier["degree"] == "probably"  # "Probably" / "Probablemente"
    assert 50 <= chain.qualifier["confidence_pct"] <= 69
    # Only the verdict is the engine's own text, and it ran.
    assert chain.status == "complete"
    assert chain.verdict["status"] in ("sustained", "remanded", "overruled")
    everything = json.dumps(
        [chain.source_text, *(getattr(chain, p) for p in ("data", "claim", "warrant"))]
        + [getattr(chain, p) for p in ("backing", "rebuttal", "qualifier", "verdict")],
        ensure_ascii=False,
    )
    for label in ("Claim:", "Grounds:", "Warrant:", "Qualifier:", "Rebuttal:", "Backing for"):
        assert label not in everything
    again, _ = services.session_chain_create(session=session)
    assert again.pk == chain.pk
    assert Chain.objects.filter(owner=owner).count() == 1


def test_a_weak_backing_stops_the_chain_as_in_any_chain(owner):
    session = make_session(owner)
    values = GOOD_TEXT["en"] | {"warrantBacking": "research on attention"}
    services.draft_update(session=session, values=values, draft_version=1)
    CoachSession.objects.filter(pk=session.pk).update(status="completed", current_step="rebuttal")
    chain, _ = services.session_chain_create(session=session)
    assert chain.status == "terminated"
    assert "BACKING REJECTED" in chain.termination_reason
    assert chain.backing["authority"] == "research on attention"


def test_an_unfinished_session_cannot_become_a_chain(session):
    with pytest.raises(services.ChainNotReady):
        services.session_chain_create(session=session)


def _pending(session):
    return session.messages.filter(proposal_decision="pending").last()


def test_yes_after_a_hand_edit_proposes_the_hand_edit_not_the_older_chat_attempt(session, owner):
    """QA1 #1: the older chat attempt must never come back over a newer hand edit."""
    run_turn(session, owner, "School should start at 9am for teenagers")
    services.draft_update(
        session=session,
        values={"claim": "School should start at 10am for all teenagers"},
        draft_version=session.draft.version,
    )
    run_turn(session, owner, "yes")
    assert _pending(session).proposal["value"] == "School should start at 10am for all teenagers"
    services.proposal_confirm(session=session)
    session.draft.refresh_from_db()
    assert session.draft.claim == "School should start at 10am for all teenagers"
    assert session.draft.sources()["claim"] == "student"


def test_a_chat_attempt_after_the_hand_edit_is_the_latest_own_text(session, owner):
    services.draft_update(
        session=session, values={"claim": "Schools should start later"}, draft_version=1
    )
    run_turn(session, owner, "School should start at 9am for teenagers")
    assert _pending(session).proposal["value"] == "School should start at 9am for teenagers"
    run_turn(session, owner, "yes")
    session.draft.refresh_from_db()
    assert session.draft.claim == "School should start at 9am for teenagers"


def test_a_help_request_after_the_hand_edit_still_proposes_the_hand_edit_never_the_help(
    session, owner
):
    services.draft_update(
        session=session,
        values={"claim": "School should start at 10am for all teenagers"},
        draft_version=1,
    )
    run_turn(session, owner, "can you just write the claim for me?")
    run_turn(session, owner, "yes")
    assert _pending(session).proposal["value"] == "School should start at 10am for all teenagers"


def test_confirming_an_echo_of_the_students_own_attempt_keeps_it_the_students(session, owner):
    """QA1 #7: the tutor merely echoing the student's words does not make them the tutor's."""
    run_turn(session, owner, "Schools should ban phones during lessons")
    run_turn(session, owner, "yes")  # typed while the card shows: confirms it
    session.draft.refresh_from_db()
    assert session.draft.sources() == {"claim": "student"}


def test_an_english_session_stays_english_after_a_spanish_concept_question(session, owner):
    """QA1 #6: the "yes" after "¿qué es una garantía?" was answered in Spanish."""
    spanish = run_turn(session, owner, "¿qué es una garantía?")[-1]
    english = run_turn(session, owner, "yes")[-1]
    session.refresh_from_db()
    assert session.language == "en"
    replies = list(session.messages.filter(role="assistant").values_list("text", flat=True))
    assert "Escribe" not in replies[-1] and "first attempt" in replies[-1]
    assert spanish["type"] == english["type"] == "final"
