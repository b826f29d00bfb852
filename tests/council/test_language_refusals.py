"""The offline audit and the offline philosophers refuse a text in a language they cannot read,
with the chain analyzer's message (one language check for every app); a language model is
not refused, and an English text quoting a Spanish sentence is still read."""

from __future__ import annotations

import pytest

from council.models import Audit, Critique
from council.services.audit import audit_create, audit_run
from council.services.critique import critique_create, critique_run
from council.services.critique_council import run_critique_council
from council.services.offline import DOCUMENT_LANGUAGE_NOT_READ
from tests.council.audit_builders import audit_answer, audit_make
from tests.council.languages import FRENCH, GERMAN, QUOTING_SPANISH
from toulmini_site.llm.fake import FakeClient
from toulmini_site.text.documents import DocumentError

pytestmark = pytest.mark.django_db

UNREAD = [pytest.param(FRENCH, "French", id="French"), pytest.param(GERMAN, "German", id="German")]


def _names_the_languages(message: str, language: str) -> bool:
    return message.startswith(
        "LANGUAGE NOT READ: the offline analyzer reads English and Spanish only"
    ) and (f"this text reads as {language}" in message)


# -- audits ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "language"), UNREAD)
def test_an_offline_audit_of_a_french_or_german_text_is_refused_and_nothing_saved(
    owner, text, language
):
    with pytest.raises(DocumentError) as refused:
        audit_create(owner=owner, text=text)
    assert refused.value.code == DOCUMENT_LANGUAGE_NOT_READ
    assert _names_the_languages(str(refused.value), language)
    assert not Audit.objects.exists()


def test_a_queued_offline_audit_of_a_french_text_fails_with_the_message(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=QUOTING_SPANISH)
    Audit.objects.filter(pk=audit.pk).update(document=FRENCH)  # queued before the check
    audit = audit_run(audit_id=audit.pk)
    assert audit.status == Audit.Status.FAILED
    assert _names_the_languages(audit.error, "French")
    assert audit.document == FRENCH  # nothing lost: a retry can run it again
    assert not audit.results.exclude(status="pending").exists()


def test_an_offline_audit_of_english_quoting_spanish_is_scored(
    owner, django_capture_on_commit_callbacks
):
    audit = audit_make(
        django_capture_on_commit_callbacks,
        owner=owner,
        text=QUOTING_SPANISH,
        rubric_name="Student argument",
    )
    assert (audit.engine, audit.status) == ("offline", Audit.Status.DONE)
    assert audit.global_score is not None


@pytest.mark.parametrize(("text", "language"), UNREAD)
def test_a_model_audit_of_a_french_or_german_text_is_not_refused(
    owner, fake_llm, django_capture_on_commit_callbacks, text, language
):
    client = fake_llm(lambda request: audit_answer(3))
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text=text, rubric_name="Student argument"
    )
    assert (audit.engine, audit.status) == ("llm", Audit.Status.DONE)
    assert len(client.requests) == 7


@pytest.mark.parametrize(("text", "language"), UNREAD)
def test_the_audit_api_refuses_an_offline_french_or_german_text(owner_api, text, language):
    response = owner_api.post("/api/v1/audits/", {"text": text}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == DOCUMENT_LANGUAGE_NOT_READ
    assert _names_the_languages(body["error"], language)
    assert not Audit.objects.exists()


def test_the_audit_page_refuses_a_german_text_and_keeps_it(owner_client):
    response = owner_client.post("/audits/new/", {"text": GERMAN})
    assert response.status_code == 400
    page = response.content.decode()
    assert "LANGUAGE NOT READ" in page and "reads as German" in page
    assert "Jugendliche brauchen mehr Schlaf" in page  # the text is still in the form
    assert not Audit.objects.exists()


# -- critiques -------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "language"), UNREAD)
def test_an_offline_critique_of_a_french_or_german_text_is_refused_and_nothing_saved(
    owner, text, language
):
    with pytest.raises(DocumentError) as refused:
        critique_create(owner=owner, title="T", text=text, engine="offline")
    assert refused.value.code == DOCUMENT_LANGUAGE_NOT_READ
    assert _names_the_languages(str(refused.value), language)
    assert not Critique.objects.exists()


def test_a_queued_offline_critique_of_a_german_text_fails_with_the_message(owner):
    critique = critique_create(
        owner=owner, title="T", text=QUOTING_SPANISH, engine="offline", enqueue=False
    )
    Critique.objects.filter(pk=critique.pk).update(document=GERMAN)  # queued before the check
    critique = critique_run(critique_id=critique.pk)
    assert critique.status == Critique.Status.FAILED
    assert critique.error.startswith("The council could not run: LANGUAGE NOT READ")
    assert _names_the_languages(critique.error.split(": ", 1)[1], "German")
    assert critique.document == GERMAN and critique.trees == {}


def test_the_offline_philosophers_refuse_a_french_text_without_a_service():
    with pytest.raises(DocumentError, match="reads as French"):
        run_critique_council(FRENCH, max_depth=1)


def test_an_offline_critique_of_english_quoting_spanish_runs(owner):
    critique = critique_create(
        owner=owner, title="T", text=QUOTING_SPANISH, engine="offline", enqueue=False
    )
    critique = critique_run(critique_id=critique.pk)
    assert critique.status in (Critique.Status.COMPLETE, Critique.Status.DEGRADED)
    assert not critique.error and critique.trees


@pytest.mark.parametrize(("text", "language"), UNREAD)
def test_a_model_critique_of_a_french_or_german_text_is_not_refused(
    owner, critique_model, text, language
):
    critique = critique_create(owner=owner, title="T", text=text, engine="llm", enqueue=False)
    critique = critique_run(critique_id=critique.pk, client=FakeClient(critique_model))
    assert critique.status == Critique.Status.COMPLETE
    assert critique.model_calls > 0


@pytest.mark.parametrize(("text", "language"), UNREAD)
def test_the_critique_api_refuses_an_offline_french_or_german_text(owner_api, text, language):
    response = owner_api.post("/api/v1/critiques/", {"text": text}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == DOCUMENT_LANGUAGE_NOT_READ
    assert _names_the_languages(body["error"], language)
    assert not Critique.objects.exists()


def test_the_critique_page_refuses_a_french_text_and_keeps_it(owner_client):
    response = owner_client.post("/critiques/new/", {"title": "Horaires", "text": FRENCH})
    assert response.status_code == 400
    page = response.content.decode()
    assert "LANGUAGE NOT READ" in page and "reads as French" in page
    assert "Les adolescents ont besoin de dormir" in page
    assert not Critique.objects.exists()
