"""Services: the rules of saving, running and reviewing chains, with the database."""

import pytest

from arguments.domain.toulmin import ToulminError
from arguments.models import Chain, PhaseAttempt
from arguments.services import (
    ModelFailed,
    PhaseRejected,
    chain_create,
    chain_import,
    chain_review,
    chain_run,
    chain_submit_phase,
)
from tests.arguments import builders as b
from tests.arguments.builders import WEAK_BACKING_REASON, WEAK_WARRANT_REASON
from tests.arguments.factories import make_chain
from toulmini_site.llm import LLMUnavailable
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db


def test_offline_run_to_the_end_reaches_a_verdict_and_records_each_call(owner):
    chain = chain_run(chain=make_chain(owner), until="end")
    assert chain.status == "complete"
    assert chain.verdict_status == "sustained"
    assert chain.next_phase is None
    calls = LLMCall.objects.filter(object_id=chain.pk)
    assert [c.purpose for c in calls] == [f"arguments.phase{n}" for n in (1, 2, 3, 4)]
    assert {c.provider for c in calls} == {"offline"}
    assert chain.attempts.filter(accepted=True).count() == 4


def test_run_next_runs_exactly_one_phase(owner):
    chain = chain_run(chain=make_chain(owner), until="next")
    assert (chain.status, chain.next_phase) == ("in_progress", 2)


def test_offline_run_without_text_ends_with_the_reason(owner):
    chain = make_chain(owner, source_text="")
    chain = chain_run(chain=chain, until="end")
    assert chain.status == "terminated"
    assert chain.termination_reason.startswith("DATA MISSING")
    (call,) = LLMCall.objects.filter(object_id=chain.pk)
    assert (call.purpose, call.provider, call.outcome) == ("arguments.phase1", "offline", "error")
    assert "DATA MISSING" in call.error


def test_model_failure_keeps_earlier_phases_and_a_retry_carries_on(owner, fake_llm, settings):
    settings.LLM_MODEL = "fake-model"
    outputs = [b.PHASE_OUTPUTS[1](), LLMUnavailable("The server answered 503.")]
    fake_llm(responses=outputs)
    chain = make_chain(owner, engine="llm")
    with pytest.raises(ModelFailed, match="Phase 2 failed"):
        chain_run(chain=chain, until="end")
    chain.refresh_from_db()
    assert (chain.status, chain.next_phase) == ("in_progress", 2)
    assert chain.claim == b.claim()
    assert LLMCall.objects.filter(object_id=chain.pk, outcome="unavailable").count() == 1

    fake_llm(responses=[b.PHASE_OUTPUTS[n]() for n in (2, 3, 4)])
    chain = chain_run(chain=chain, until="end")
    assert chain.status == "complete"


def test_model_output_breaking_a_chain_rule_is_a_model_failure(owner, fake_llm):
    absolute = {
        "rebuttal": b.rebuttal(strength="absolute"),
        "qualifier": b.qualifier(degree="apparently", confidence_pct=5),
    }
    fake_llm(responses=[absolute, b.PHASE_OUTPUTS[4]()])
    chain = make_chain(owner, engine="llm", phases=2)
    chain = chain_run(chain=chain, until="next")
    with pytest.raises(ModelFailed, match="broke a rule"):
        chain_run(chain=chain, until="next")
    chain.refresh_from_db()
    assert chain.verdict is None


def test_weak_warrant_from_a_phase_terminates_and_keeps_the_attempt(owner):
    chain = make_chain(owner, engine="manual", phases=1)
    payload = {"warrant": b.warrant(strength="weak"), "backing": b.backing()}
    chain = chain_submit_phase(chain=chain, phase=2, payload=payload)
    assert chain.status == "terminated"
    assert chain.termination_reason == WEAK_WARRANT_REASON
    with pytest.raises(PhaseRejected) as caught:
        chain_submit_phase(chain=chain, phase=3, payload=b.PHASE_OUTPUTS[3]())
    assert caught.value.error.code == "TERMINATED"


def test_rejected_attempt_is_kept_raw_and_the_chain_is_unchanged(owner):
    chain = make_chain(owner, engine="manual")
    with pytest.raises(PhaseRejected):
        chain_submit_phase(chain=chain, phase=1, payload='{"data": {}, "claim": 3}')
    chain.refresh_from_db()
    assert (chain.next_phase, chain.data) == (1, None)
    attempt = PhaseAttempt.objects.get(chain=chain)
    assert attempt.raw_output == '{"data": {}, "claim": 3}'
    assert not attempt.accepted
    assert attempt.error_code == "INVALID_INPUT"
    assert {e["loc"] for e in attempt.errors} >= {"data.facts", "claim"}


def test_manual_chains_cannot_be_run_by_the_server(owner):
    with pytest.raises(ToulminError) as caught:
        chain_run(chain=make_chain(owner, engine="manual"))
    assert caught.value.code == "MANUAL_ENGINE"


def test_llm_engine_needs_a_configured_model(owner, settings):
    settings.LLM_MODEL = ""
    with pytest.raises(ToulminError) as caught:
        chain_create(owner=owner, query="A fine query", engine="llm")
    assert caught.value.code == "MODEL_NOT_CONFIGURED"


def test_source_text_over_50000_characters_is_refused(owner):
    with pytest.raises(ToulminError):
        chain_create(owner=owner, query="A fine query", source_text="x" * 50_001)
    assert not Chain.objects.exists()


def test_import_stores_a_complete_chain(owner):
    chain = chain_import(
        owner=owner, query="Should schools start later?", components=b.full_chain()
    )
    assert (chain.engine, chain.status, chain.verdict_status) == ("mcp", "complete", "sustained")


def test_import_keeps_a_weak_chain_as_terminated(owner):
    parts = {
        "data": b.data(),
        "claim": b.claim(),
        "warrant": b.warrant(),
        "backing": b.backing(strength="weak"),
    }
    chain = chain_import(owner=owner, query="Should schools start later?", components=parts)
    assert chain.status == "terminated"
    assert chain.termination_reason == WEAK_BACKING_REASON


def test_import_refuses_invalid_components_and_saves_nothing(owner):
    with pytest.raises(ToulminError):
        chain_import(
            owner=owner,
            query="Should schools start later?",
            components=b.full_chain(claim=b.claim(statement="A question?")),
        )
    assert not Chain.objects.exists()


def test_review_records_who_and_when(owner, staff_user):
    chain = chain_run(chain=make_chain(owner), until="end")
    chain = chain_review(chain=chain, reviewer=staff_user, status="overturned", note="Too hasty")
    chain.refresh_from_db()
    assert (chain.review_status, chain.reviewed_by, chain.review_note) == (
        "overturned",
        staff_user,
        "Too hasty",
    )
    assert chain.reviewed_at is not None


@pytest.mark.django_db
def test_an_offline_run_builds_no_prompt_the_analyzer_would_not_read(owner, monkeypatch):
    from arguments import services

    def no_prompt(*args, **kwargs):
        raise AssertionError("a prompt was built for the offline analyzer")

    monkeypatch.setattr(services, "phase_messages", no_prompt)

    chain = services.chain_run(chain=make_chain(owner), until="end")

    assert chain.status == Chain.Status.COMPLETE
