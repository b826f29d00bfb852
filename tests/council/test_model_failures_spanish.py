"""A model's failure reads in the reader's language: a model client's message (a timeout, an
unreachable server) is a template with a key and its parameters (``toulmini_site.llm.wording``);
a critique stores it for each philosopher that failed (and each node it could not decompose),
an audit for its error and each criterion's reason after "No criterion could be scored.", and
the pages and the API show them in Spanish on a Spanish request, in English on an English one.
A refusal answered to a Spanish request speaks Spanish too."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from council.models import Audit
from council.services.critique import critique_create, critique_run
from tests.council.audit_builders import audit_make
from tests.council.critique_builders import CritiqueModel
from tests.i18n.untranslated import english_messages, untranslated
from toulmini_site.llm.client import LLMTimeout, LLMUnavailable
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.wording import MESSAGES

TIMEOUT = MESSAGES.say("llm.timeout")
UNREACHABLE = MESSAGES.say("llm.unreachable")


def _sample(key: str) -> dict[str, str]:
    names = sorted(set(re.findall(r"%\((\w+)\)s", MESSAGES.templates[key])))
    return {name: f"w{i}" for i, name in enumerate(names)}


@pytest.mark.parametrize("key", sorted(MESSAGES.templates))
def test_every_model_message_reads_back_and_has_its_spanish(key):
    text = MESSAGES.say(key, **_sample(key))
    said = MESSAGES.read(text)
    assert said is not None and said.key == key and dict(said.params) == _sample(key)
    with translation.override("es"):
        spanish = translation.gettext(MESSAGES.templates[key])
    assert spanish != MESSAGES.templates[key]


def test_a_model_refusal_speaks_the_readers_language_and_stays_english_stored():
    error = LLMTimeout(TIMEOUT)
    assert str(error) == TIMEOUT  # what services store
    with translation.override("es"):
        assert error.payload["error"] == "El modelo de lenguaje no respondió a tiempo."
    assert error.payload["error"] == TIMEOUT


@pytest.mark.django_db
def test_a_philosophers_failure_line_is_spanish_on_a_spanish_request(
    owner, owner_client, owner_api, critique_document
):
    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    model = CritiqueModel()
    model.fail = lambda r: LLMTimeout(TIMEOUT) if r.inputs.get("agent") == "popper" else None
    critique = critique_run(critique_id=critique.pk, client=FakeClient(model))
    assert critique.result["failures"][0]["error"] == TIMEOUT

    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    body = page.content.decode()
    start = body.index('<ul class="failures"')
    failures = body[start : body.index("</ul>", start) + len("</ul>")]
    assert "Popper falló en nivel 1: El modelo de lenguaje no respondió a tiempo." in failures
    assert untranslated(failures, english_messages()) == []

    url = f"/api/v1/critiques/{critique.pk}/"
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()
    assert spanish["result"]["failures"][0]["error"].startswith("El modelo de lenguaje")
    assert "no respondió a tiempo" in spanish["formatted"] and TIMEOUT not in spanish["formatted"]
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["result"]["failures"][0]["error"] == TIMEOUT
    assert f"Popper failed at level 1: {TIMEOUT}" in english["formatted"]


@pytest.mark.django_db
def test_the_reasons_no_criterion_could_be_scored_are_spanish(
    owner, owner_client, owner_api, fake_llm, django_capture_on_commit_callbacks
):
    fake_llm(lambda request: LLMUnavailable(UNREACHABLE))
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    assert audit.status == Audit.Status.FAILED
    assert audit.error.startswith("No criterion could be scored.") and UNREACHABLE in audit.error

    url = f"/api/v1/audits/{audit.pk}/"
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["error"]
    assert "No se pudo contactar con el servidor del modelo de lenguaje." in spanish
    # The criterion by its Spanish name, as the rubric table shows it, not by its id.
    assert "Claridad: No se pudo contactar" in spanish and "clarity:" not in spanish
    assert UNREACHABLE not in spanish and "No criterion" not in spanish
    page = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "No se pudo contactar con el servidor del modelo de lenguaje." in page
    assert UNREACHABLE not in page
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["error"]
    assert english.startswith("No criterion could be scored.") and UNREACHABLE in english
    assert "Clarity: " in english and "clarity: " not in english


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")


FRENCH = (
    "Les écoles devraient commencer plus tard le matin, car les adolescents ont besoin de "
    "dormir davantage. Le ministère doit donc changer les horaires."
)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/critiques/", "/api/v1/audits/"])
def test_a_text_in_a_third_language_is_refused_in_the_readers_language(owner_api, url):
    spanish = owner_api.post(
        url, {"text": FRENCH, "title": "x"}, format="json", HTTP_ACCEPT_LANGUAGE="es"
    ).json()
    assert spanish["code"] == "DOCUMENT_LANGUAGE_NOT_READ"
    assert spanish["error"].startswith("IDIOMA NO LEÍDO") and "francés" in spanish["error"]
    english = owner_api.post(url, {"text": FRENCH, "title": "x"}, format="json").json()
    assert english["error"].startswith("LANGUAGE NOT READ")


@pytest.mark.django_db
def test_the_critique_api_says_what_an_offline_run_cost_in_spanish(owner, owner_api):
    critique = critique_create(owner=owner, title="T", text="Los deberes deberían limitarse.")
    url = f"/api/v1/critiques/{critique.pk}/"
    assert owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["usage"].startswith("sin conexión")
    assert owner_api.get(url).json()["usage"] == "offline: no model tokens"


@pytest.mark.django_db
def test_the_criteria_are_named_in_the_readers_language_and_keep_their_ids(
    owner, owner_api, django_capture_on_commit_callbacks
):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)  # offline
    url = f"/api/v1/audits/{audit.pk}/"
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["results"]
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["results"]
    assert [r["criterion_id"] for r in spanish] == [r["criterion_id"] for r in english]
    names = {r["criterion_id"]: r["name"] for r in spanish}
    assert names["clarity"] == "Claridad"
    assert {r["criterion_id"]: r["name"] for r in english}["clarity"] == "Clarity"
