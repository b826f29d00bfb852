"""Saving a client's call records against the record they worked for."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from pydantic import BaseModel

from toulmini_site.llm.client import CallRecord
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.models import LLMCall
from toulmini_site.llm.services import llm_calls_save

pytestmark = pytest.mark.django_db


class _Point(BaseModel):
    x: int


def record(outcome: str, *, raw_output: str = "", error: str = "") -> CallRecord:
    return CallRecord(
        purpose="tests.analysis",
        provider="openai",
        model="test-model",
        prompt_chars=120,
        tokens_in=30,
        tokens_out=12,
        latency_ms=250,
        outcome=outcome,
        error=error,
        raw_output=raw_output,
    )


@pytest.fixture
def subject():
    # No password: hashing one would be the slowest thing in these tests.
    return get_user_model().objects.create_user(username="subject", password=None)


def test_records_are_stored_against_the_subject_with_every_field(subject):
    saved = llm_calls_save(records=[record("ok")], subject=subject)

    assert saved == 1
    call = LLMCall.objects.get()
    assert call.subject == subject
    assert call.content_type == ContentType.objects.get_for_model(subject)
    assert call.object_id == subject.pk
    assert (call.purpose, call.provider, call.model, call.outcome) == (
        "tests.analysis",
        "openai",
        "test-model",
        "ok",
    )
    assert (call.prompt_chars, call.tokens_in, call.tokens_out, call.latency_ms) == (
        120,
        30,
        12,
        250,
    )
    assert call.created_at is not None


def test_raw_output_is_kept_only_for_failed_calls(subject):
    records = [
        record("invalid_output", raw_output='{"claim": ', error="(root): Invalid JSON"),
        record("timeout", raw_output="partial stream", error="too slow"),
        record("ok", raw_output='{"claim": "kept only in memory"}'),
    ]

    llm_calls_save(records=records, subject=subject)

    stored = {c.outcome: c for c in LLMCall.objects.all()}
    assert stored["invalid_output"].raw_output == '{"claim": '
    assert stored["invalid_output"].error == "(root): Invalid JSON"
    assert stored["timeout"].raw_output == "partial stream"
    assert stored["ok"].raw_output == ""


def test_records_without_a_subject_are_stored_unattached():
    assert llm_calls_save(records=[record("error", error="boom")], subject=None) == 1

    call = LLMCall.objects.get()
    assert (call.content_type, call.object_id, call.subject) == (None, None, None)


def test_nothing_to_save_saves_nothing(subject):
    assert llm_calls_save(records=[], subject=subject) == 0
    assert not LLMCall.objects.exists()


def test_a_clients_drained_calls_are_saved_in_order(subject):
    client = FakeClient(responses=["not json", '{"x": 1}'])
    client.structured(purpose="tests.drain", messages=[], schema=_Point)

    llm_calls_save(records=client.drain_calls(), subject=subject)

    calls = list(LLMCall.objects.filter(object_id=subject.pk).order_by("pk"))
    assert [(c.provider, c.outcome) for c in calls] == [
        ("fake", "invalid_output"),
        ("fake", "ok"),
    ]
    assert calls[0].raw_output == "not json"
    assert client.calls == []
