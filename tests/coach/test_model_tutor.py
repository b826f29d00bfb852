"""The model-backed tutor through the real OpenAI SDK, against a scripted server on loopback."""

import json

import pytest
from django.urls import reverse

from tests.coach.builders import answer, ndjson
from tests.llm.fake_openai_server import FakeOpenAIServer
from toulmini_site.llm.openai_provider import OpenAICompatibleClient
from toulmini_site.llm.providers import override_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def model_server():
    server = FakeOpenAIServer().start()

    def client():
        return OpenAICompatibleClient(
            model="tutor-model", base_url=f"{server.url}/v1", timeout=5, max_retries=0
        )

    try:
        with override_client("llm", client):
            yield server
    finally:
        server.stop()


def turn(api, session, message):
    path = reverse("coach_api:turn", kwargs={"pk": session.pk})
    return ndjson(api.post(path, {"message": message}, format="json"))


def test_the_models_streamed_json_reaches_the_student_sentence_by_sentence(
    owner_api, session, model_server
):
    said = "Good start. What evidence would convince a sceptic? Name one."
    text = json.dumps(answer(assistantText=said))
    model_server.reply(text, chunks=[text[i : i + 7] for i in range(0, len(text), 7)])
    lines = turn(owner_api, session, "Schools should ban phones during lessons")
    partials = [line["text"] for line in lines if line["type"] == "partial"]
    # Each sentence is released whole, once the structural check has passed it.
    assert partials == ["Good start. ", "What evidence would convince a sceptic? ", "Name one."]
    assert lines[-1]["type"] == "final"
    sent = model_server.requests[0].body
    assert sent["stream"] is True
    assert sent["messages"][0]["role"] == "system"
    assert "BEGIN USER DATA" in sent["messages"][1]["content"]
    assert "Schools should ban phones during lessons" in sent["messages"][1]["content"]


def test_a_model_server_error_is_a_stream_failure_the_student_can_retry(
    owner_api, session, model_server
):
    model_server.fail(500)
    lines = turn(owner_api, session, "Schools should ban phones during lessons")
    assert lines[-1]["error"] == "coach_stream_failed"
    assert session.messages.filter(role="user").count() == 1
    assert session.messages.filter(role="assistant").count() == 1  # the opening only
