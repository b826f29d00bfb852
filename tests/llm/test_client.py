"""The client interface, with the fake and offline providers: no network, no database."""

import asyncio
import json

import pytest
from pydantic import BaseModel, Field

from toulmini_site.llm import (
    LLMError,
    LLMInvalidOutput,
    LLMNotConfigured,
    LLMOutputCut,
    LLMTimeout,
    LLMUnavailable,
    word_chunks,
)
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.offline import OFFLINE_MODEL, OfflineClient
from toulmini_site.llm.openai_provider import OpenAICompatibleClient
from toulmini_site.llm.providers import client_for, llm_configured, override_client

MESSAGES = [{"role": "user", "content": "Analyse this argument."}]


class Warrant(BaseModel):
    principle: str = Field(min_length=3)


class Analysis(BaseModel):
    claim: str
    warrant: Warrant
    confidence: float = Field(ge=0, le=1)


VALID = {"claim": "Tax sugar", "warrant": {"principle": "Harm justifies tax"}, "confidence": 0.7}


def analyse(client, *, purpose: str = "tests.analysis", inputs=None):
    return client.structured(purpose=purpose, messages=MESSAGES, schema=Analysis, inputs=inputs)


# -- structured calls and corrective retries -------------------------------------------------


def test_corrective_retry_names_the_failing_field_paths():
    bad = {"claim": "Tax sugar", "warrant": {"principle": "x"}, "confidence": 3}
    client = FakeClient(responses=[bad, VALID])

    result = analyse(client)

    assert result.value == Analysis.model_validate(VALID)
    assert result.attempts == 2
    retry = client.requests[1]
    assert retry.messages[: len(MESSAGES)] == MESSAGES
    assert retry.messages[-2] == {"role": "assistant", "content": json.dumps(bad)}
    correction = retry.messages[-1]
    assert correction["role"] == "user"
    text = correction["content"]
    assert "- warrant.principle: String should have at least 3 characters" in text
    assert "- confidence: Input should be less than or equal to 1" in text
    assert text.rstrip().endswith("Return ONLY the corrected JSON object.")


def test_invalid_attempt_is_recorded_with_its_raw_output_and_error_summary():
    client = FakeClient(responses=["not json at all", VALID])

    analyse(client)

    invalid, ok = client.calls
    assert invalid.outcome == "invalid_output"
    assert invalid.raw_output == "not json at all"
    assert invalid.error.startswith("(root): Invalid JSON")
    assert (ok.outcome, ok.raw_output, ok.error) == ("ok", "", "")
    assert (ok.provider, ok.model) == ("fake", "fake-model")


def test_invalid_output_error_lists_the_last_errors_with_their_paths():
    client = FakeClient(responses=[{"claim": "Tax sugar"}] * 2, validation_retries=1)

    with pytest.raises(LLMInvalidOutput) as caught:
        analyse(client)

    assert {e["loc"] for e in caught.value.errors} == {"warrant", "confidence"}
    assert caught.value.code == "MODEL_INVALID_OUTPUT"
    assert "after 2 attempts" in str(caught.value)
    assert len(client.requests) == 2
    assert [r.outcome for r in client.calls] == ["invalid_output", "invalid_output"]


def test_zero_validation_retries_means_a_single_attempt():
    client = FakeClient(responses=["{}"], validation_retries=0)

    with pytest.raises(LLMInvalidOutput, match="after 1 attempts"):
        analyse(client)

    assert len(client.requests) == 1


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (LLMTimeout("too slow"), "timeout"),
        (LLMUnavailable("server down"), "unavailable"),
        (LLMError("something else"), "error"),
    ],
)
def test_provider_failure_is_recorded_and_raised_without_retrying(error, outcome):
    client = FakeClient(responses=[error, VALID])

    with pytest.raises(type(error)) as caught:
        analyse(client)

    assert caught.value is error
    assert len(client.requests) == 1  # a provider failure is not a validation retry
    [record] = client.calls
    assert (record.outcome, record.error) == (outcome, str(error))


def test_any_exception_from_a_provider_is_recorded_then_raised():
    class Refusal(Exception):
        pass

    client = FakeClient(responses=[Refusal("DATA MISSING: no source text")])

    with pytest.raises(Refusal):
        analyse(client)

    [record] = client.calls
    assert (record.outcome, record.error) == ("error", "Refusal: DATA MISSING: no source text")


def test_a_stream_that_breaks_on_any_exception_is_recorded_with_what_it_produced():
    def broken(request):
        raise KeyError("boom")

    client = FakeClient(broken)

    with pytest.raises(KeyError):
        list(client.stream(purpose="tests.talk", messages=[{"role": "user", "content": "x"}]))

    [record] = client.calls
    assert (record.outcome, record.purpose) == ("error", "tests.talk")
    assert record.error.startswith("KeyError")


def test_usage_sums_every_attempt():
    client = FakeClient(responses=["{}", VALID])

    result = analyse(client)

    invalid, ok = client.calls
    assert result.usage.tokens_in == invalid.tokens_in + ok.tokens_in
    assert result.usage.tokens_out == invalid.tokens_out + ok.tokens_out
    assert result.usage.tokens_out > 0


def test_drain_calls_returns_the_records_and_empties_the_list():
    client = FakeClient(responses=[VALID, VALID])
    analyse(client, purpose="first")
    analyse(client, purpose="second")

    drained = client.drain_calls()

    assert [r.purpose for r in drained] == ["first", "second"]
    assert client.calls == []
    assert client.drain_calls() == []


# -- streaming -------------------------------------------------------------------------------


def test_stream_yields_the_text_in_word_chunks_and_records_one_ok_call():
    client = FakeClient(responses=["A warrant links data to claim."])

    chunks = list(client.stream(purpose="tests.talk", messages=MESSAGES))

    assert chunks == ["A ", "warrant ", "links ", "data ", "to ", "claim."]
    [record] = client.calls
    assert (record.outcome, record.purpose) == ("ok", "tests.talk")
    assert record.tokens_out == len("A warrant links data to claim.") // 4


def test_stream_failure_is_recorded_and_raised():
    client = FakeClient(responses=[LLMUnavailable("down")])

    with pytest.raises(LLMUnavailable):
        list(client.stream(purpose="tests.talk", messages=MESSAGES))

    assert [r.outcome for r in client.calls] == ["unavailable"]


@pytest.mark.parametrize(
    "text",
    [
        "Plain words here.",
        "  leading and trailing  ",
        "line one\nline two\n\n  indented\ttab",
        "",
        "¿Por qué? Porque sí — ¡claro!",
    ],
)
def test_word_chunks_join_back_to_the_original_text(text):
    chunks = list(word_chunks(text))

    assert "".join(chunks) == text
    assert all(chunks)


def test_word_chunks_are_word_sized():
    assert list(word_chunks("one two  three")) == ["one ", "two  ", "three"]


# -- the offline engines' client ------------------------------------------------------------


def test_an_offline_engine_is_called_directly_and_its_dict_is_validated():
    seen = []

    def analyzer(claim: str) -> dict:
        seen.append(claim)
        return {**VALID, "claim": claim}

    client = OfflineClient()

    value = client.answer_as("tests.offline.dict", Analysis, lambda: analyzer("Ban cars downtown"))

    assert isinstance(value, Analysis)
    assert value.claim == "Ban cars downtown"
    assert isinstance(value.warrant, Warrant)
    assert seen == ["Ban cars downtown"]
    [record] = client.calls
    assert (record.provider, record.model, record.outcome) == ("offline", OFFLINE_MODEL, "ok")
    assert (record.purpose, record.prompt_chars) == ("tests.offline.dict", 0)  # no prompt
    assert (record.tokens_in, record.tokens_out) == (0, 0)


def test_offline_engine_dict_that_breaks_the_schema_raises_invalid_output():
    client = OfflineClient()

    with pytest.raises(LLMInvalidOutput) as caught:
        client.answer_as("tests.offline.bad_dict", Analysis, lambda: {"claim": "Only a claim"})

    assert {e["loc"] for e in caught.value.errors} == {"warrant", "confidence"}
    assert [r.outcome for r in client.calls] == ["invalid_output"]


def test_offline_engine_json_text_that_breaks_the_schema_raises_invalid_output():
    client = OfflineClient()

    with pytest.raises(LLMInvalidOutput):
        client.answer_as("tests.offline.bad_text", Analysis, lambda: '{"claim": 1}')

    [record] = client.calls  # offline answers are deterministic: no second attempt
    assert (record.outcome, record.raw_output) == ("invalid_output", '{"claim": 1}')


def test_offline_engine_of_another_model_is_revalidated_against_the_schema():
    class Loose(BaseModel):
        claim: str
        warrant: dict
        confidence: float

    with pytest.raises(LLMInvalidOutput) as caught:
        OfflineClient().answer_as(
            "tests.offline.other_model",
            Analysis,
            lambda: Loose(claim="c", warrant={"principle": "p"}, confidence=0.5),
        )

    assert caught.value.errors[0]["loc"] == "warrant.principle"


def test_an_offline_engines_refusal_is_recorded_and_raised_unchanged():
    class Missing(Exception):
        pass

    def refuse() -> str:
        raise Missing("DATA MISSING: no fact in the text")

    client = OfflineClient()

    with pytest.raises(Missing):
        client.run("tests.offline.refusal", refuse)

    [record] = client.calls
    assert (record.outcome, record.purpose) == ("error", "tests.offline.refusal")
    assert "DATA MISSING" in record.error


def test_the_offline_client_answers_no_prompt():
    client = OfflineClient()

    with pytest.raises(LLMError, match="cannot handle 'tests.nobody.handles.this'"):
        analyse(client, purpose="tests.nobody.handles.this")
    with pytest.raises(LLMError, match="cannot handle 'tests.nobody.streams.this'"):
        list(client.stream(purpose="tests.nobody.streams.this", messages=MESSAGES))

    assert [record.outcome for record in client.calls] == ["error", "error"]


def test_offline_stream_splits_the_engines_text_into_words():
    client = OfflineClient()

    chunks = list(
        client.answer_stream("tests.offline.talk", offline=lambda: "Hello Ana!", messages=list)
    )

    assert chunks == ["Hello ", "Ana!"]
    [record] = client.calls
    assert (record.purpose, record.outcome) == ("tests.offline.talk", "ok")


def _engine_calls(client):
    """Every call of the engine protocol on ``client``, and what each engine was asked."""
    asked = []

    def offline_analysis():
        asked.append("offline")
        return {**VALID, "claim": "Ban cars downtown"}

    def offline_text():
        asked.append("offline")
        return json.dumps({**VALID, "claim": "Ban cars downtown"})

    def prompt():
        asked.append("prompt")
        return MESSAGES

    async def collect():
        stream = client.astream_answer("tests.engine", offline=offline_text, messages=prompt)
        return "".join([chunk async for chunk in stream])

    value = client.answer(
        "tests.engine", schema=Analysis, offline=offline_analysis, messages=prompt
    )
    text = "".join(client.answer_stream("tests.engine", offline=offline_text, messages=prompt))
    return (
        value.claim,
        json.loads(text)["claim"],
        json.loads(asyncio.run(collect()))["claim"],
        asked,
    )


def test_the_offline_engine_and_a_model_answer_through_the_same_calls():
    offline = _engine_calls(OfflineClient())
    model = _engine_calls(FakeClient(lambda request: {**VALID, "claim": "Ban cars downtown"}))

    assert offline == ("Ban cars downtown",) * 3 + (["offline"] * 3,)
    assert model == ("Ban cars downtown",) * 3 + (["prompt"] * 3,)


def test_only_the_offline_engine_asks_whether_it_can_read_a_text():
    def refuse(text):
        raise LLMError(f"cannot read {text!r}")

    with pytest.raises(LLMError, match="cannot read 'Bonjour'"):
        OfflineClient().reads("Bonjour", offline=refuse)
    model = FakeClient(lambda request: VALID)
    assert model.reads("Bonjour", offline=refuse) == "Bonjour"


def test_each_engine_names_itself_as_client_for_names_it(settings):
    settings.LLM_MODEL = "qwen-test"
    assert [client_for(engine).engine for engine in ("offline", "llm")] == ["offline", "llm"]


# -- choosing a provider ---------------------------------------------------------------------


def test_llm_engine_is_not_configured_without_a_model(settings):
    settings.LLM_MODEL = ""

    assert llm_configured() is False
    with pytest.raises(LLMNotConfigured) as caught:
        client_for("llm")
    assert caught.value.code == "MODEL_NOT_CONFIGURED"


def test_llm_engine_builds_an_openai_compatible_client_from_settings(settings):
    settings.LLM_MODEL = "qwen-test"
    settings.LLM_BASE_URL = "http://127.0.0.1:9/v1"
    settings.LLM_API_KEY = "secret-for-tests"
    settings.LLM_TIMEOUT_SECONDS = 12.5
    settings.LLM_MAX_RETRIES = 4
    settings.LLM_VALIDATION_RETRIES = 1
    settings.LLM_TEMPERATURE = 0.0

    client = client_for("llm")

    assert llm_configured() is True
    assert isinstance(client, OpenAICompatibleClient)
    assert (client.provider, client.model) == ("openai", "qwen-test")
    assert client.validation_retries == 1
    assert client.temperature == 0.0
    # The SDK client is private; these are the settings it was given.
    assert str(client._sdk.base_url) == "http://127.0.0.1:9/v1/"
    assert client._sdk.api_key == "secret-for-tests"
    assert client.limits.try_timeout_seconds == 12.5
    assert client.limits.http_retries == 4
    assert client._sdk.max_retries == 0  # retried by the client, inside the deadline


def test_offline_engine_gives_a_fresh_offline_client_each_time():
    first, second = client_for("offline"), client_for("offline")

    assert isinstance(first, OfflineClient)
    assert first is not second


def test_unknown_engine_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown engine 'gpt'"):
        client_for("gpt")


def test_override_client_serves_the_engine_inside_the_block_only(settings):
    settings.LLM_MODEL = ""
    fake = FakeClient(responses=[])

    with override_client("llm", lambda: fake):
        assert client_for("llm") is fake
        assert llm_configured() is True

    assert llm_configured() is False
    with pytest.raises(LLMNotConfigured):
        client_for("llm")


def test_nested_override_restores_the_outer_one():
    outer, inner = FakeClient(responses=[]), FakeClient(responses=[])

    with override_client("offline", lambda: outer):
        with override_client("offline", lambda: inner):
            assert client_for("offline") is inner
        assert client_for("offline") is outer

    assert isinstance(client_for("offline"), OfflineClient)


def test_override_is_restored_when_the_block_raises():
    with pytest.raises(RuntimeError), override_client("offline", lambda: FakeClient()):
        raise RuntimeError("boom")

    assert isinstance(client_for("offline"), OfflineClient)


# -- errors are refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "code", "status"),
    [
        (LLMError("failed"), "MODEL_FAILED", 502),
        (LLMNotConfigured("none"), "MODEL_NOT_CONFIGURED", 400),
        (LLMTimeout("slow"), "MODEL_TIMEOUT", 504),
        (LLMUnavailable("down"), "MODEL_UNAVAILABLE", 502),
        (LLMInvalidOutput("bad", errors=[{"loc": "x", "msg": "m"}]), "MODEL_INVALID_OUTPUT", 502),
        (LLMOutputCut("cut"), "MODEL_OUTPUT_CUT", 502),
    ],
)
def test_every_model_failure_is_a_refusal_with_a_code(error, code, status):
    from toulmini_site.refusals import Refusal

    assert isinstance(error, Refusal)
    assert (error.code, error.status) == (code, status)
    assert error.payload["code"] == code and error.payload["error"] == str(error)


def test_a_model_failure_no_service_caught_is_answered_with_its_code_not_a_500(rf):
    from toulmini_site.api import exception_handler

    response = exception_handler(LLMTimeout("The model gave no answer."), {"request": rf.get("/")})

    assert response is not None
    assert response.status_code == 504
    assert response.data == {"error": "The model gave no answer.", "code": "MODEL_TIMEOUT"}
