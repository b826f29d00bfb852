"""A critique through the configured OpenAI-compatible server (a fake one on 127.0.0.1)."""

from __future__ import annotations

import json

import pytest

from council.services.critique import critique_create
from tests.llm.fake_openai_server import FakeOpenAIServer
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db


@pytest.fixture
def critique_server(settings):
    server = FakeOpenAIServer().start()
    settings.LLM_MODEL = "test-model"
    settings.LLM_BASE_URL = server.url + "/v1"
    settings.LLM_API_KEY = "test"
    settings.LLM_MAX_RETRIES = 0
    try:
        yield server
    finally:
        server.stop()


def test_a_critique_runs_through_the_configured_model_server(
    critique_server, owner, critique_document, django_capture_on_commit_callbacks
):
    point = {
        "claim": "The productivity claim is asserted, not shown.",
        "evidence": "Remote work obviously makes every team more productive.",
        "confidence": 0.8,
        "severity": "High",
        "area": "Evidence",
        "decompose": False,
    }
    # Depth 1: six tree calls, six self-critiques, one summary (each phase waits for the last).
    for _ in range(6):
        critique_server.reply(json.dumps({"groups": [{"target_id": "ROOT", "points": [point]}]}))
    for _ in range(6):
        critique_server.reply(json.dumps({"adjustments": []}))
    critique_server.reply(json.dumps({"final_assessment": "One unsupported claim."}))

    with django_capture_on_commit_callbacks(execute=True):
        critique = critique_create(owner=owner, title="T", text=critique_document, max_depth=1)
    critique.refresh_from_db()

    assert critique.engine == "llm"
    assert critique.status == "complete", critique.result.get("failures")
    assert critique.result["final_assessment"] == "One unsupported claim."
    (merged,) = critique.result["points"]  # six agents, one point
    assert merged["agents"] == ["aristotle", "descartes", "kant", "leibniz", "popper", "russell"]
    assert critique.model_calls == 13
    assert LLMCall.objects.filter(object_id=critique.pk, provider="openai").count() == 13
    formats = {r.body["response_format"]["json_schema"]["name"] for r in critique_server.requests}
    assert formats == {"LevelReply", "SelfCritiqueReply", "SummaryReply"}
    assert critique_server.unscripted == 0


def test_a_model_server_that_fails_gives_a_failed_critique_not_no_findings(
    critique_server, owner, critique_document, django_capture_on_commit_callbacks
):
    for _ in range(7):  # six tree calls, then the summary
        critique_server.fail(503)

    with django_capture_on_commit_callbacks(execute=True):
        critique = critique_create(owner=owner, title="T", text=critique_document, max_depth=1)
    critique.refresh_from_db()

    assert critique.status == "failed"
    assert critique.result["no_findings"] is False
    assert "NO SIGNIFICANT FINDINGS" not in critique.formatted
    assert "503" in critique.formatted
