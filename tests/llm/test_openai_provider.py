"""The OpenAI-compatible provider, through the real SDK, against the fake server on loopback."""

import pytest
from pydantic import BaseModel, Field

from tests.llm.fake_openai_server import FakeOpenAIServer
from toulmini_site.llm import LLMInvalidOutput, LLMTimeout, LLMUnavailable, Usage
from toulmini_site.llm.openai_provider import OpenAICompatibleClient
from toulmini_site.llm.providers import client_for

MESSAGES = [
    {"role": "system", "content": "Answer with JSON."},
    {"role": "user", "content": "Rate the claim."},
]
GOOD = '{"claim": "Cities should plant trees", "strength": 4}'


class Verdict(BaseModel):
    claim: str
    strength: int = Field(ge=1, le=5)


def make_client(
    server: FakeOpenAIServer,
    *,
    timeout: float = 5.0,
    max_retries: int = 0,
    validation_retries: int = 2,
) -> OpenAICompatibleClient:
    return OpenAICompatibleClient(
        model="test-model",
        base_url=server.url + "/v1",
        api_key="test",
        timeout=timeout,
        max_retries=max_retries,
        validation_retries=validation_retries,
    )


def ask(client: OpenAICompatibleClient):
    return client.structured(purpose="tests.verdict", messages=MESSAGES, schema=Verdict)


def test_valid_answer_is_returned_validated_with_the_servers_usage(openai_server):
    openai_server.reply(GOOD, prompt_tokens=23, completion_tokens=9)
    client = make_client(openai_server)

    result = ask(client)

    assert result.value == Verdict(claim="Cities should plant trees", strength=4)
    assert result.usage == Usage(tokens_in=23, tokens_out=9)
    assert result.attempts == 1
    [record] = client.calls
    assert record.outcome == "ok"
    assert (record.provider, record.model, record.purpose) == (
        "openai",
        "test-model",
        "tests.verdict",
    )
    assert (record.tokens_in, record.tokens_out) == (23, 9)
    assert record.prompt_chars == sum(len(m["content"]) for m in MESSAGES)
    assert record.raw_output == ""


def test_request_carries_the_schema_as_json_schema_response_format(openai_server):
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    ask(client)

    [request] = openai_server.requests
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == "Bearer test"
    assert request.body["model"] == "test-model"
    assert request.body["messages"] == MESSAGES
    assert request.body["temperature"] == 0.2
    assert "stream" not in request.body
    response_format = request.body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "Verdict"
    assert response_format["json_schema"]["strict"] is False
    assert response_format["json_schema"]["schema"] == Verdict.model_json_schema()


def test_invalid_json_is_corrected_by_asking_again_with_the_errors(openai_server):
    openai_server.reply('{"claim": "Cities should plant trees", "strength": 9', completion_tokens=3)
    openai_server.reply(GOOD, completion_tokens=5)
    client = make_client(openai_server)

    result = ask(client)

    assert result.value.strength == 4
    assert result.attempts == 2
    assert result.usage == Usage(tokens_in=22, tokens_out=8)  # both attempts are counted
    first, second = openai_server.requests
    assert first.body["messages"] == MESSAGES
    *original, echoed, correction = second.body["messages"]
    assert original == MESSAGES
    assert echoed == {
        "role": "assistant",
        "content": '{"claim": "Cities should plant trees", "strength": 9',
    }
    assert correction["role"] == "user"
    assert "did not validate" in correction["content"]
    assert "- (root): Invalid JSON" in correction["content"]
    invalid, ok = client.calls
    assert invalid.outcome == "invalid_output"
    assert invalid.raw_output == '{"claim": "Cities should plant trees", "strength": 9'
    assert "Invalid JSON" in invalid.error
    assert (invalid.tokens_in, invalid.tokens_out) == (11, 3)
    assert ok.outcome == "ok"
    assert ok.raw_output == ""
    assert ok.prompt_chars > invalid.prompt_chars  # the retry also sent the correction


def test_schema_violations_are_named_by_field_in_the_correction(openai_server):
    openai_server.reply('{"claim": "Trees", "strength": 9}')
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    ask(client)

    correction = openai_server.requests[1].body["messages"][-1]["content"]
    assert "- strength: Input should be less than or equal to 5" in correction


def test_output_that_never_validates_raises_invalid_output_after_every_attempt(openai_server):
    for _ in range(3):
        openai_server.reply('{"claim": "Trees"}')
    client = make_client(openai_server, validation_retries=2)

    with pytest.raises(LLMInvalidOutput) as caught:
        ask(client)

    assert caught.value.errors == [{"loc": "strength", "msg": "Field required"}]
    assert "after 3 attempts" in str(caught.value)
    assert len(openai_server.requests) == 3
    assert [r.outcome for r in client.calls] == ["invalid_output"] * 3
    assert all(r.raw_output == '{"claim": "Trees"}' for r in client.calls)
    # Each retry shows the model its previous answer and the errors once more.
    assert len(openai_server.requests[2].body["messages"]) == len(MESSAGES) + 4


def test_server_error_is_retried_inside_the_deadline_and_recorded_once(openai_server):
    openai_server.fail(503)
    openai_server.reply(GOOD)
    client = make_client(openai_server, max_retries=2)

    result = ask(client)

    assert result.value.claim == "Cities should plant trees"
    assert len(openai_server.requests) == 2
    assert [r.outcome for r in client.calls] == ["ok"]


def test_server_that_answers_too_late_raises_timeout(openai_server):
    openai_server.stall(1.0)
    client = make_client(openai_server, timeout=0.3, max_retries=0)

    with pytest.raises(LLMTimeout):  # had it waited the stall out, the answer would have come
        ask(client)

    [record] = client.calls
    assert record.outcome == "timeout"
    assert record.error == "The language model did not answer in time."


def test_rate_limit_after_the_sdks_retries_raises_unavailable(openai_server):
    openai_server.fail(429)
    openai_server.fail(429)
    client = make_client(openai_server, max_retries=1)

    with pytest.raises(LLMUnavailable, match="429"):
        ask(client)

    assert len(openai_server.requests) == 2
    [record] = client.calls
    assert record.outcome == "unavailable"


def test_server_error_after_the_sdks_retries_raises_unavailable(openai_server):
    openai_server.fail(503)
    client = make_client(openai_server, max_retries=0)

    with pytest.raises(LLMUnavailable, match="503"):
        ask(client)

    assert [r.outcome for r in client.calls] == ["unavailable"]


def test_unreachable_server_raises_unavailable(openai_server):
    client = make_client(openai_server, max_retries=0)
    openai_server.stop()  # nothing listens on the port any more

    with pytest.raises(LLMUnavailable, match="could not be reached"):
        ask(client)

    assert [r.outcome for r in client.calls] == ["unavailable"]


def test_markdown_fenced_json_is_still_parsed(openai_server):
    openai_server.reply(f"```json\n{GOOD}\n```\n")
    client = make_client(openai_server)

    result = ask(client)

    assert result.value == Verdict(claim="Cities should plant trees", strength=4)
    assert [r.outcome for r in client.calls] == ["ok"]


def test_stream_yields_the_chunks_in_order_and_records_usage(openai_server):
    chunks = ["The ", "warrant ", "links ", "data ", "to ", "claim."]
    openai_server.reply("".join(chunks), chunks=chunks, prompt_tokens=30, completion_tokens=6)
    client = make_client(openai_server)

    received = list(client.stream(purpose="tests.talk", messages=MESSAGES))

    assert received == chunks
    [request] = openai_server.requests
    assert request.body["stream"] is True
    assert request.body["stream_options"] == {"include_usage": True}
    assert "response_format" not in request.body
    [record] = client.calls
    assert (record.outcome, record.purpose) == ("ok", "tests.talk")
    assert (record.tokens_in, record.tokens_out) == (30, 6)


def test_stream_that_stalls_midway_raises_timeout_and_keeps_what_arrived(openai_server):
    openai_server.reply("First words then silence", stall_mid_stream=1.0)
    client = make_client(openai_server, timeout=0.3, max_retries=0)
    received: list[str] = []

    with pytest.raises(LLMTimeout):
        for chunk in client.stream(purpose="tests.talk", messages=MESSAGES):
            received.append(chunk)

    assert received == ["First "]
    [record] = client.calls
    assert record.outcome == "timeout"
    assert record.raw_output == "First "


def test_llm_engine_sends_settings_to_the_configured_server(settings, openai_server):
    settings.LLM_MODEL = "qwen-test"
    settings.LLM_BASE_URL = openai_server.url + "/v1"
    settings.LLM_API_KEY = "secret-for-tests"
    settings.LLM_TEMPERATURE = 0.6
    settings.LLM_MAX_RETRIES = 0
    openai_server.reply(GOOD)

    ask(client_for("llm"))

    [request] = openai_server.requests
    assert request.body["model"] == "qwen-test"
    assert request.body["temperature"] == 0.6
    assert request.headers["authorization"] == "Bearer secret-for-tests"
