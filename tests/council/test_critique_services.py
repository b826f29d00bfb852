"""Critique services: creating, running in the background, and saving what the council found."""

from __future__ import annotations

import pytest

from council.models import Critique
from council.services.critique import DocumentError, critique_create, critique_engine, critique_run
from toulmini_site.llm.client import LLMUnavailable
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db


def test_creating_a_critique_queues_it_and_runs_it_after_commit(
    owner, critique_document, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        critique = critique_create(owner=owner, title="Remote work", text=critique_document)
        assert Critique.objects.get(pk=critique.pk).status == "queued"

    assert len(callbacks) == 1
    critique.refresh_from_db()
    assert critique.status == "complete"
    assert critique.engine == "offline"
    assert set(critique.trees) == {"aristotle", "descartes", "kant", "leibniz", "popper", "russell"}
    assert critique.result["points"]
    assert critique.formatted.startswith("=" * 60)
    assert critique.model_calls == LLMCall.objects.filter(object_id=critique.pk).count() > 0
    assert critique.finished_at is not None


def test_an_untitled_critique_is_named_after_its_first_words(owner):
    critique = critique_create(owner=owner, title="  ", text="Cats should rule the world today.")

    assert critique.title == "Cats should rule the world today."


def test_an_empty_document_is_refused_and_nothing_is_stored(owner):
    with pytest.raises(DocumentError):
        critique_create(owner=owner, title="Empty", text=" \n ")
    assert not Critique.objects.exists()


def test_the_offline_engine_is_the_default(settings):
    settings.LLM_MODEL = ""

    assert critique_engine() == "offline"


def test_the_llm_engine_is_chosen_when_a_model_is_configured(settings):
    settings.LLM_MODEL = "some-local-model"

    assert critique_engine() == "llm"


def test_a_run_saves_trees_adjustments_calls_and_tokens(owner, critique_document, critique_model):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    client = FakeClient(critique_model)

    critique = critique_run(critique_id=critique.pk, client=client)

    assert critique.status == "complete"
    assert critique.model_calls == 25
    assert LLMCall.objects.filter(object_id=critique.pk, provider="fake").count() == 25
    assert critique.tokens_in > 0 and critique.tokens_out > 0
    assert critique.trees["kant"][0]["id"] == "KANT-1"
    assert set(critique.adjustments) == set(critique.trees)
    assert set(critique.result) == {
        "final_assessment",
        "points",
        "no_findings",
        "degraded",
        "failures",
    }
    assert critique.progress["stage"] == "done"


def test_a_run_with_a_failed_agent_is_degraded_and_says_which(
    owner, critique_document, critique_model
):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    critique_model.fail = lambda r: (
        LLMUnavailable("down") if r.inputs.get("agent") == "kant" else None
    )

    critique = critique_run(critique_id=critique.pk, client=FakeClient(critique_model))

    assert critique.status == "degraded"
    assert critique.result["failures"][0]["agent"] == "kant"
    assert "Kant failed at level 1: down" in critique.formatted
    assert LLMCall.objects.filter(object_id=critique.pk, outcome="unavailable").exists()


def test_a_run_where_every_agent_failed_is_failed(owner, critique_document, critique_model):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    critique_model.fail = lambda r: LLMUnavailable("down")

    critique = critique_run(critique_id=critique.pk, client=FakeClient(critique_model))

    assert critique.status == "failed"
    assert critique.result["no_findings"] is False


def test_a_run_without_a_configured_model_fails_clearly(owner, critique_document):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")

    critique = critique_run(critique_id=critique.pk)

    assert critique.status == "failed"
    assert "LLM_MODEL" in critique.error


def test_a_finished_critique_is_not_run_again(owner, critique_document, critique_model):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    critique_run(critique_id=critique.pk, client=FakeClient(critique_model))
    again = FakeClient(critique_model)

    critique_run(critique_id=critique.pk, client=again)

    assert again.requests == []


def test_a_running_critique_is_not_started_twice(owner, critique_document, critique_model):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    Critique.objects.filter(pk=critique.pk).update(status="running")
    second_worker = FakeClient(critique_model)

    critique = critique_run(critique_id=critique.pk, client=second_worker)

    assert critique.status == "running"
    assert second_worker.requests == []


def test_progress_is_saved_while_the_council_runs(owner, critique_document, critique_model):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    seen = []

    def spy(request):
        if request.purpose == "council.critique.summary":
            seen.append(Critique.objects.get(pk=critique.pk).progress)
        return critique_model(request)

    critique_run(critique_id=critique.pk, client=FakeClient(spy))

    (during,) = seen
    assert during["stage"] == "synthesis"
    assert during["agents"]["kant"]["state"] == "done"
    assert during["agents"]["kant"]["level"] == 3
