"""Every feature that calls a model, against every quirky server (``tests.llm.quirks``).

The app is configured as a school would configure it (``LLM_MODEL``, ``LLM_BASE_URL``) and
each feature runs through its real entry point: the API for a chain run, a fallacy check and a
coach turn, the services (tasks run at once) for a critique and an audit. A server whose answer
arrives, however wrapped, must give the feature's normal result; a server that breaks, cuts
its answer off or never answers must give a clear error code, within the call's deadline.
Never a 500.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from arguments.domain.toulmin import PHASES
from coach import services as coach_services
from council.services.critique import critique_create
from tests.arguments import builders as b
from tests.arguments.factories import make_chain
from tests.council.audit_builders import AUDIT_OPINION, audit_answer, audit_make
from tests.council.critique_builders import CRITIQUE_DOCUMENT
from tests.llm.fake_openai_server import FakeOpenAIServer
from tests.llm.quirks import ANSWERING, FAILING, QUIRKS
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db

DEADLINE = 1.0  # seconds: the hanging server must be given up on by then
SLACK = 4.0  # what a feature may add around its model call on a busy machine (2 cores, shared)

CAUSE = "Since phones were invented, grades have fallen, so phones must be the cause."
TUTOR_SAYS = "Good start. What evidence would convince a sceptic? Name one."
POINT = {
    "claim": "The productivity claim is asserted, not shown.",
    "evidence": "Remote work obviously makes every team more productive.",
    "confidence": 0.8,
    "severity": "High",
    "area": "Evidence",
    "decompose": False,
}


def answer_for(title: str) -> dict[str, Any]:
    """The right answer for each schema the features ask for."""
    phases = {PHASES[n].output.__name__: b.PHASE_OUTPUTS[n] for n in PHASES}
    if title in phases:
        return phases[title]()
    return {
        "ModelFallacies": {
            "fallacies": [
                {
                    "type": "false_cause",
                    "quote": "grades have fallen",
                    "explanation": "Coming after is not being caused by.",
                    "confidence": 0.7,
                }
            ]
        },
        "CoachAIResult": {"assistantText": TUTOR_SAYS, "step": "claim"},
        "LevelReply": {"groups": [{"target_id": "ROOT", "points": [POINT]}]},
        "SelfCritiqueReply": {"adjustments": []},
        "SummaryReply": {"final_assessment": "One unsupported claim."},
        "CriterionAssessment": audit_answer(4),
    }[title]


@pytest.fixture(params=sorted(QUIRKS))
def quirk(request, settings) -> Iterator[str]:
    """The app configured against a fake server with one quirk."""
    from toulmini_site.llm.openai_provider import forget_refused_formats

    server = FakeOpenAIServer().start()
    server.answer_with(QUIRKS[request.param](answer_for))
    settings.LLM_MODEL = "school-model"
    settings.LLM_BASE_URL = server.url + "/v1"
    settings.LLM_API_KEY = "test"
    # Short for the servers that fail (the hanging one must be given up on quickly); room
    # for the answering ones to be asked twice on a busy machine.
    settings.LLM_DEADLINE_SECONDS = DEADLINE if request.param in FAILING else 10.0
    settings.LLM_MAX_RETRIES = 0
    forget_refused_formats()
    try:
        yield request.param
    finally:
        server.stop()
        forget_refused_formats()


def expect_answer(quirk: str) -> bool:
    assert quirk in ANSWERING or quirk in FAILING
    return quirk in ANSWERING


def assert_calls_ended_by_the_deadline(quirk: str, purpose: str) -> None:
    """Each recorded call to the hanging server was given up on at the deadline."""
    if quirk != "hangs":
        return
    calls = LLMCall.objects.filter(purpose__startswith=purpose)
    assert calls.exists()
    assert all(c.outcome == "timeout" for c in calls)
    assert all(c.latency_ms < (DEADLINE + 0.5) * 1000 for c in calls), [c.latency_ms for c in calls]


def test_a_chain_run(quirk, owner, owner_api):
    chain = make_chain(owner, engine="llm")
    started = time.monotonic()
    response = owner_api.post(f"/api/v1/chains/{chain.pk}/run/", {"until": "end"}, format="json")
    elapsed = time.monotonic() - started
    if expect_answer(quirk):
        assert response.status_code == 200, response.json()
        assert response.json()["status"] == "complete"
        assert response.json()["claim"] == b.claim()
    else:
        assert response.status_code == 502, response.content
        assert response.json()["code"] == "MODEL_FAILED"
        assert "Phase 1 failed" in response.json()["error"]
        assert elapsed < DEADLINE + SLACK
        assert_calls_ended_by_the_deadline(quirk, "arguments.phase")


def test_a_fallacy_check(quirk, owner_api):
    started = time.monotonic()
    response = owner_api.post("/api/v1/fallacies/", {"text": CAUSE, "engine": "llm"})
    elapsed = time.monotonic() - started
    if expect_answer(quirk):
        assert response.status_code == 200, response.json()
        assert [f["quote"] for f in response.json()["fallacies"]] == ["grades have fallen"]
    else:
        assert response.status_code == 502, response.content
        assert response.json()["code"] == "MODEL_FAILED"
        assert response.json()["error"].startswith("The fallacy check failed")
        assert elapsed < DEADLINE + SLACK
        assert_calls_ended_by_the_deadline(quirk, "arguments.fallacies")


def test_a_coach_turn(quirk, owner, owner_api):
    session = coach_services.session_create(owner=owner, topic="Phones in classrooms")
    path = reverse("coach_api:turn", kwargs={"pk": session.pk})
    started = time.monotonic()
    response = owner_api.post(
        path, {"message": "Schools should ban phones during lessons"}, format="json"
    )
    body = b"".join(response.streaming_content).decode()
    elapsed = time.monotonic() - started
    lines = [json.loads(line) for line in body.splitlines() if line.strip()]
    assert response.status_code == 200
    if expect_answer(quirk):
        assert lines[-1]["type"] == "final", lines
        shown = "".join(line["text"] for line in lines if line["type"] == "partial")
        assert shown == TUTOR_SAYS  # no reasoning, no prose, no JSON shown
    else:
        assert lines[-1]["type"] == "error", lines
        assert lines[-1]["error"] == "coach_stream_failed"
        assert elapsed < DEADLINE + SLACK
        assert_calls_ended_by_the_deadline(quirk, "coach")


def test_a_critique(quirk, owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        critique = critique_create(owner=owner, title="T", text=CRITIQUE_DOCUMENT, max_depth=1)
    critique.refresh_from_db()
    assert critique.engine == "llm"
    if expect_answer(quirk):
        assert critique.status == "complete", critique.result.get("failures")
        assert critique.result["final_assessment"] == "One unsupported claim."
    else:
        assert critique.status == "failed"
        assert critique.result["no_findings"] is False


def test_an_audit(quirk, owner, django_capture_on_commit_callbacks):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner, text=AUDIT_OPINION)
    assert audit.engine == "llm"
    if expect_answer(quirk):
        assert audit.status == "done", audit.error
        assert audit.global_score is not None
    else:
        assert audit.status == "failed"
        assert audit.error.startswith("No criterion could be scored.")


# -- the same failures on the pages (not only the API) -----------------------------------------


@pytest.fixture(params=sorted(FAILING))
def failing(request, settings) -> Iterator[str]:
    """The app configured against a server that breaks, cuts off or hangs."""
    from toulmini_site.llm.openai_provider import forget_refused_formats

    server = FakeOpenAIServer().start()
    server.answer_with(FAILING[request.param](answer_for))
    settings.LLM_MODEL = "school-model"
    settings.LLM_BASE_URL = server.url + "/v1"
    settings.LLM_DEADLINE_SECONDS = DEADLINE
    settings.LLM_MAX_RETRIES = 0
    forget_refused_formats()
    try:
        yield request.param
    finally:
        server.stop()


def test_the_chain_page_shows_the_failure(failing, owner, owner_client):
    chain = make_chain(owner, engine="llm")
    response = owner_client.post(
        reverse("arguments:chain_run", kwargs={"pk": chain.pk}), {"until": "end"}, follow=True
    )
    assert response.status_code == 200
    assert b"Phase 1 failed" in response.content


def test_the_fallacy_page_shows_the_failure(failing, owner_client):
    response = owner_client.post(
        reverse("arguments:fallacy_check"), {"text": CAUSE, "engine": "llm"}
    )
    assert response.status_code == 400  # the form, with the reason and the text kept
    assert b"The fallacy check failed" in response.content
    assert CAUSE.encode() in response.content


# -- the coach's stream as served under ASGI (make serve): the async client --------------------


def test_the_coachs_async_stream(quirk, settings):
    """``astream`` with the coach's schema, as ``coach.services.aturn_events`` asks it: the
    tutor's JSON for an answering server (nothing of the reasoning or the prose shown), a
    clear error within the deadline for the others."""
    import asyncio

    from coach.domain.guards import CoachAIResult
    from toulmini_site.llm import LLMError
    from toulmini_site.llm.providers import client_for
    from toulmini_site.llm.streaming import astream

    client = client_for("llm")
    messages = [{"role": "system", "content": "Answer as the tutor."}]

    async def collect() -> str:
        stream = astream(client, purpose="coach.turn", messages=messages, schema=CoachAIResult)
        return "".join([chunk async for chunk in stream])

    started = time.monotonic()
    if expect_answer(quirk):
        text = asyncio.run(collect())
        assert json.loads(text) == answer_for("CoachAIResult")
    else:
        with pytest.raises(LLMError) as caught:
            asyncio.run(collect())
        assert caught.value.code in {"MODEL_UNAVAILABLE", "MODEL_OUTPUT_CUT", "MODEL_TIMEOUT"}
        assert time.monotonic() - started < DEADLINE + SLACK
