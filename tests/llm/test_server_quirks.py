"""The provider against each quirk of real servers, one behaviour at a time, through the SDK."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel, Field

from tests.llm.fake_openai_server import FakeOpenAIServer, Reply, Stall
from toulmini_site.llm import (
    CallLimits,
    LLMOutputCut,
    LLMTimeout,
    LLMUnavailable,
)
from toulmini_site.llm.openai_provider import OpenAICompatibleClient
from toulmini_site.llm.providers import client_for
from toulmini_site.refusals import Refusal

MESSAGES = [
    {"role": "system", "content": "Answer with JSON."},
    {"role": "user", "content": "Rate the claim."},
]
GOOD = '{"claim": "Cities should plant trees", "strength": 4}'


class Verdict(BaseModel):
    claim: str
    strength: int = Field(ge=1, le=5)


def make_client(server: FakeOpenAIServer, **limits) -> OpenAICompatibleClient:
    settings = {"http_retries": 0, "max_tokens": 100, **limits}
    return OpenAICompatibleClient(
        model="test-model", base_url=server.url + "/v1", limits=CallLimits(**settings)
    )


def ask(client: OpenAICompatibleClient):
    return client.structured(purpose="tests.verdict", messages=MESSAGES, schema=Verdict)


# -- the token budget and finish_reason ----------------------------------------------------


def test_every_request_carries_the_token_budget(openai_server):
    openai_server.reply(GOOD)
    openai_server.reply("Fine.")
    client = make_client(openai_server, max_tokens=321)

    ask(client)
    list(client.stream(purpose="tests.talk", messages=MESSAGES))

    assert [r.body["max_tokens"] for r in openai_server.requests] == [321, 321]


def test_the_budget_goes_in_max_completion_tokens_for_reasoning_models(openai_server):
    openai_server.reply(GOOD)
    client = make_client(openai_server, token_limit_param="max_completion_tokens")

    ask(client)

    [request] = openai_server.requests
    assert request.body["max_completion_tokens"] == 100
    assert "max_tokens" not in request.body


def test_an_answer_cut_off_is_asked_again_with_twice_the_budget(openai_server):
    openai_server.reply(GOOD[:20], finish_reason="length")
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    result = ask(client)

    assert result.value.strength == 4
    first, second = openai_server.requests
    assert (first.body["max_tokens"], second.body["max_tokens"]) == (100, 200)
    # Asked again as it was: the cut answer is not a mistake to correct.
    assert second.body["messages"] == first.body["messages"]
    assert [r.outcome for r in client.calls] == ["invalid_output", "ok"]
    assert client.calls[0].error.startswith("cut off at 100 tokens")


def test_an_answer_cut_off_twice_is_a_clear_error(openai_server):
    openai_server.reply(GOOD[:20], finish_reason="length")
    openai_server.reply(GOOD[:30], finish_reason="length")
    client = make_client(openai_server)

    with pytest.raises(LLMOutputCut) as caught:
        ask(client)

    assert caught.value.code == "MODEL_OUTPUT_CUT"
    assert isinstance(caught.value, Refusal) and caught.value.status == 502
    assert "cut off at 200 tokens" in str(caught.value)
    assert len(openai_server.requests) == 2


def test_a_whole_answer_stopped_at_the_budget_is_kept(openai_server):
    openai_server.reply(GOOD, finish_reason="length")
    assert ask(make_client(openai_server)).value.claim == "Cities should plant trees"


def test_no_finish_reason_is_accepted_when_the_json_is_whole(openai_server):
    openai_server.reply(GOOD, finish_reason=None)  # Ollama
    client = make_client(openai_server)

    assert ask(client).value.strength == 4
    assert len(openai_server.requests) == 1


# -- the format asked for ------------------------------------------------------------------


def test_a_server_refusing_response_format_is_asked_in_words_and_remembered(openai_server):
    openai_server.fail(400, message="'response_format.type' must be 'json_schema' or 'text'")
    openai_server.reply(GOOD)
    openai_server.reply(GOOD)

    assert ask(make_client(openai_server)).value.strength == 4
    assert ask(make_client(openai_server)).value.strength == 4  # a later call, a new client

    refused, in_words, later = openai_server.requests
    assert "response_format" in refused.body
    for request in (in_words, later):
        assert "response_format" not in request.body
        system = request.body["messages"][0]["content"]
        assert system.startswith("Answer with JSON.\n\nAnswer with exactly one JSON object")
        assert '"strength": {"maximum": 5' in system
        assert request.body["messages"][1:] == MESSAGES[1:]


def test_a_reasoning_model_refusing_temperature_and_max_tokens_is_adapted_to_and_remembered(
    openai_server,
):
    # What OpenAI's o-series answer, word for word in substance.
    openai_server.fail(
        400,
        message="Unsupported value: 'temperature' does not support 0.2 with this model. "
        "Only the default (1) value is supported.",
    )
    openai_server.fail(
        400,
        message="Unsupported parameter: 'max_tokens' is not supported with this model. "
        "Use 'max_completion_tokens' instead.",
    )
    openai_server.reply(GOOD)
    openai_server.reply(GOOD)

    assert ask(make_client(openai_server)).value.strength == 4
    assert ask(make_client(openai_server)).value.strength == 4

    first, second, third, later = (r.body for r in openai_server.requests)
    assert "temperature" in first and "temperature" not in second
    assert "max_tokens" in second
    for body in (third, later):
        assert "temperature" not in body and "max_tokens" not in body
        assert body["max_completion_tokens"] == 100
        assert "response_format" in body  # the schema was never the problem


def test_a_400_that_nothing_can_fix_says_the_servers_reason(openai_server):
    for _ in range(2):
        openai_server.fail(400, message="This model's maximum context length is 4096 tokens.")
    client = make_client(openai_server)

    with pytest.raises(LLMUnavailable, match="answered 400: This model's maximum context"):
        ask(client)

    # Asked once as it was, once with the schema in words: then it is not the format.
    assert len(openai_server.requests) == 2


def test_a_server_that_ignored_the_schema_is_asked_in_words_with_the_errors(openai_server):
    openai_server.reply("I would rate it four out of five.")
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    assert ask(client).value.strength == 4

    ignored, retry = openai_server.requests
    assert "response_format" in ignored.body
    assert "response_format" not in retry.body
    assert "BEGIN JSON SCHEMA" in retry.body["messages"][0]["content"]
    assert "did not validate" in retry.body["messages"][-1]["content"]


def test_an_empty_answer_is_asked_again_in_words(openai_server):
    openai_server.reply("")  # LM Studio, now and then
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    assert ask(client).value.strength == 4
    assert "response_format" not in openai_server.requests[1].body


def test_the_schema_sent_has_no_references(openai_server):
    class Part(BaseModel):
        text: str

    class Nested(BaseModel):
        parts: list[Part]

    openai_server.reply('{"parts": [{"text": "a"}]}')
    client = make_client(openai_server)

    client.structured(purpose="tests.nested", messages=MESSAGES, schema=Nested)

    sent = openai_server.requests[0].body["response_format"]["json_schema"]["schema"]
    assert "$defs" not in sent
    assert sent["properties"]["parts"]["items"]["properties"]["text"]["type"] == "string"


# -- bodies that are not what was promised -------------------------------------------------


def test_a_malformed_json_body_is_unavailable_not_a_crash(openai_server):
    openai_server.raw(b'{"id": "chatcmpl-1", "choices": [{"mess')
    client = make_client(openai_server)

    with pytest.raises(LLMUnavailable, match="unreadable answer"):
        ask(client)

    [record] = client.calls
    assert record.outcome == "unavailable"


def test_a_broken_stream_event_is_unavailable_not_a_crash(openai_server):
    openai_server.raw(b"unused")
    client = make_client(openai_server)

    with pytest.raises(LLMUnavailable):
        list(client.stream(purpose="tests.talk", messages=MESSAGES))


# -- the deadline --------------------------------------------------------------------------


def test_a_server_that_never_answers_is_given_up_on_at_the_deadline(openai_server):
    openai_server.stall(30)
    client = make_client(openai_server, deadline_seconds=0.5, try_timeout_seconds=30)

    started = time.monotonic()
    with pytest.raises(LLMTimeout) as caught:
        ask(client)

    assert time.monotonic() - started < 2.0
    assert caught.value.code == "MODEL_TIMEOUT" and caught.value.status == 504


def test_retries_stop_at_the_deadline(openai_server):
    for _ in range(20):
        openai_server.fail(503, retry_after_ms=300)
    client = make_client(openai_server, deadline_seconds=1.0, http_retries=10)

    started = time.monotonic()
    with pytest.raises(LLMUnavailable, match="503"):
        ask(client)

    assert time.monotonic() - started < 2.0
    assert 2 <= len(openai_server.requests) <= 4  # not eleven


def test_invalid_answers_are_not_asked_again_past_the_deadline(openai_server):
    openai_server.answer_with(lambda request: Stall(0.4, then=Reply('{"claim": "x"}')))
    client = make_client(openai_server, deadline_seconds=1.0)

    with pytest.raises(LLMTimeout):
        ask(client)

    assert len(openai_server.requests) <= 3


def test_a_stream_that_stalls_after_its_first_words_ends_at_the_deadline(openai_server):
    # The first words come late, so a per-read timeout alone would wait past the deadline.
    openai_server.answer_with(
        lambda request: Stall(1.0, then=Reply("First words then silence", stall_mid_stream=30))
    )
    # Each read may wait what was left when the request was sent (1.5 s): without the
    # watchdog the stream would end at 1.0 + 1.5 s, with it at the deadline, 1.5 s.
    client = make_client(openai_server, deadline_seconds=1.5, try_timeout_seconds=30)
    received: list[str] = []

    started = time.monotonic()
    with pytest.raises(LLMTimeout):
        for chunk in client.stream(purpose="tests.talk", messages=MESSAGES):
            received.append(chunk)

    assert time.monotonic() - started < 2.2
    assert received == ["First "]
    [record] = client.calls
    assert (record.outcome, record.raw_output) == ("timeout", "First ")


# -- streams with a schema -----------------------------------------------------------------


def test_a_stream_with_a_schema_asks_for_it_and_hides_the_reasoning(openai_server):
    openai_server.reply(f"<think>\nweighing {{it}}\n</think>\n\n{GOOD}")
    client = make_client(openai_server)

    text = "".join(client.stream(purpose="tests.talk", messages=MESSAGES, schema=Verdict))

    assert text == GOOD
    sent = openai_server.requests[0].body
    assert sent["response_format"]["json_schema"]["name"] == "Verdict"


def test_a_stream_refused_its_schema_is_asked_in_words(openai_server):
    openai_server.fail(400)
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    text = "".join(client.stream(purpose="tests.talk", messages=MESSAGES, schema=Verdict))

    assert text == GOOD
    assert "BEGIN JSON SCHEMA" in openai_server.requests[1].body["messages"][0]["content"]


@pytest.mark.parametrize("first", ["", "Well, I think it is a good claim."])
def test_a_stream_empty_or_in_prose_is_asked_again_in_words_before_showing_anything(
    openai_server, first
):
    openai_server.reply(first)
    openai_server.reply(GOOD)
    client = make_client(openai_server)

    chunks = list(client.stream(purpose="tests.talk", messages=MESSAGES, schema=Verdict))

    assert "".join(chunks) == GOOD
    assert "response_format" not in openai_server.requests[1].body
    assert [r.outcome for r in client.calls] == ["ok"]


def test_a_stream_still_in_prose_when_asked_in_words_is_passed_on_to_be_judged(openai_server):
    openai_server.reply("Prose.")
    openai_server.reply("More prose.")
    client = make_client(openai_server)

    text = "".join(client.stream(purpose="tests.talk", messages=MESSAGES, schema=Verdict))

    assert text == "More prose."  # the caller's parser says it is no answer
    assert len(openai_server.requests) == 2


def test_a_stream_cut_off_at_the_budget_is_a_clear_error(openai_server):
    openai_server.reply(GOOD[:25], finish_reason="length")
    client = make_client(openai_server)

    with pytest.raises(LLMOutputCut):
        list(client.stream(purpose="tests.talk", messages=MESSAGES, schema=Verdict))


# -- settings --------------------------------------------------------------------------------


def test_the_limits_come_from_the_settings(settings):
    settings.LLM_MODEL = "m"
    settings.LLM_BASE_URL = "http://127.0.0.1:9/v1"
    settings.LLM_DEADLINE_SECONDS = 12.0
    settings.LLM_TIMEOUT_SECONDS = 5.0
    settings.LLM_MAX_TOKENS = 777
    settings.LLM_TOKEN_LIMIT_PARAM = "max_completion_tokens"
    settings.LLM_MAX_RETRIES = 1

    client = client_for("llm")

    assert client.limits == CallLimits(
        deadline_seconds=12.0,
        try_timeout_seconds=5.0,
        max_tokens=777,
        token_limit_param="max_completion_tokens",
        http_retries=1,
    )


def test_the_default_deadline_is_at_most_45_seconds():
    from django.conf import settings

    assert settings.LLM_DEADLINE_SECONDS <= 45
