"""A critique stores the key and parameters of each sentence the offline council wrote
(``Critique.said``: findings, self-critique notes, the assessment, the error), and an audit
its error's (``Audit.said``); the pages and the API write them from there in the reader's
language. Rows stored before get theirs from their English through the data migration, the
same as a run's own."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from council.domain.critique.claims import CLAIMS
from council.domain.wording import ERRORS, NOTES, SUMMARY
from council.models import Audit, Critique
from council.said import critique_written, render
from council.services.audit import audit_create, audit_run
from council.services.critique import critique_create, critique_run
from tests.council.languages import FRENCH, QUOTING_SPANISH
from tests.i18n.texts import CARTA
from tests.i18n.untranslated import english_messages, untranslated
from toulmini_site.llm import LLMError

pytestmark = pytest.mark.django_db

# Several philosophers on the same passage (notes), rules' findings and named fallacies.
OPINION = (
    "Obviously, all students should wear uniforms. Uniforms will surely improve discipline. "
    "Many parents agree, and some teachers say so too. Therefore the school must adopt them."
)
# A Spanish essay with an ad hominem and a false dilemma among rule findings.
ENSAYO = (
    "Los institutos deberían empezar las clases a las nueve. Según un estudio de la "
    "Universidad de Granada, los adolescentes duermen una hora menos de lo que necesitan. "
    "Obviamente, todos los alumnos rinden más descansados. O cambiamos el horario o "
    "fracasaremos como país. Sin embargo, el ministro que se opone no ha trabajado en su vida "
    "y vive de la política, así que no le hagáis caso. Por lo tanto, el horario debe cambiar "
    "el próximo curso."
)


def _run(owner, text: str) -> Critique:
    critique = critique_create(owner=owner, title="t", text=text, engine="offline", enqueue=False)
    return critique_run(critique_id=critique.pk)


def _same(message: str) -> str:
    return message


def _nodes(nodes, field: str = "claim"):
    for node in nodes:
        yield node[field], node.get("fallacy") or ""
        yield from _nodes(node.get("sub_critiques") or [])


def _generated(critique: Critique) -> list[str]:
    """Every text the offline council wrote in a critique."""
    texts = [c for tree in critique.trees.values() for c, _ in _nodes(tree)]
    texts += [c for c, _ in _nodes(critique.result["points"], field="critique")]
    texts += [a["reasoning"] for o in critique.adjustments.values() for a in o["accepted"]]
    return [*texts, critique.result["final_assessment"]]


@pytest.mark.parametrize("text", [OPINION, ENSAYO], ids=["en", "es"])
def test_a_run_stores_the_key_and_words_of_every_sentence_it_wrote(owner, text):
    critique = _run(owner, text)
    texts = _generated(critique)
    assert len(texts) > 8
    for generated in texts:
        assert render(critique.said[generated], _same) == generated
    keys = {critique.said[t]["key"] for t in texts}
    assert len(keys) >= 4, keys  # several templates, not one
    assert critique.said[critique.result["final_assessment"]]["key"].startswith("summary.")


def test_named_fallacies_store_their_explanation_s_key_and_quoted_words(owner):
    critique = _run(owner, ENSAYO)
    named = [
        critique.said[c]
        for tree in critique.trees.values()
        for c, fallacy in _nodes(tree)
        if fallacy
    ]
    assert named, "the essay's fallacies were named"
    assert all(s["key"] == "fallacy" and s["params"]["explanation"]["key"] for s in named)


def _api_texts(body: dict) -> list[str]:
    texts = [c for tree in body["trees"].values() for c, _ in _nodes(tree)]
    texts += [c for c, _ in _nodes(body["result"]["points"], field="critique")]
    texts += [a["reasoning"] for o in body["adjustments"].values() for a in o["accepted"]]
    return [*texts, body["result"]["final_assessment"]]


@pytest.mark.parametrize("text", [ENSAYO, CARTA], ids=["ensayo", "carta"])
def test_a_spanish_request_gets_no_english_generated_sentence(owner, owner_api, text):
    critique = _run(owner, text)
    url = f"/api/v1/critiques/{critique.pk}/"
    spanish = _api_texts(owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json())
    catalogue = english_messages()
    assert [t for t in spanish if untranslated(f"<p>{t}</p>", catalogue)] == []
    english = _api_texts(owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json())
    assert sorted(english) == sorted(_generated(critique))  # what the run wrote
    # the check fails on the English sentences the council wrote
    assert any(untranslated(f"<p>{t}</p>", catalogue) for t in english)


def test_a_spanish_critique_page_has_no_english_generated_sentence(owner, owner_client):
    critique = _run(owner, ENSAYO)
    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    assert untranslated(page.content.decode(), english_messages()) == []
    english = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert "Analysis identified" in english.content.decode()


def test_the_page_and_the_api_write_from_what_is_stored(owner, owner_client, owner_api):
    """Proof that the stored words are what is shown: change stored parameters and the page
    and the API follow them (the English text of the fields is left as it was)."""
    critique = _run(owner, OPINION)
    said = dict(critique.said)
    assessment = critique.result["final_assessment"]
    said[assessment]["params"]["total"] = "98765"
    note = next(t for t, s in said.items() if s["key"] == "note.corroborated")
    said[note]["params"]["agents"] = "Kant, Aristotle"
    Critique.objects.filter(pk=critique.pk).update(said=said)
    assert "98765" not in assessment
    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    assert "El análisis encontró 98765 puntos" in page.content.decode()
    url = f"/api/v1/critiques/{critique.pk}/"
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()
    assert spanish["result"]["final_assessment"].startswith("El análisis encontró 98765")
    notes = [a["reasoning"] for o in spanish["adjustments"].values() for a in o["accepted"]]
    assert "Corroborado por Kant, Aristóteles en el mismo pasaje." in notes
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert english["result"]["final_assessment"].startswith("Analysis identified 98765 points")
    assert "98765" in english["formatted"] or english["formatted"] == critique.formatted
    spanish_report = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["formatted"]
    assert "98765" in spanish_report


def test_a_models_text_has_no_key_and_is_shown_as_written(owner, owner_api):
    critique = _run(owner, OPINION)
    first = critique.result["points"][0]
    first["critique"] = "The council model says this is weak."
    Critique.objects.filter(pk=critique.pk).update(result=critique.result)
    assert critique_written(result={"points": [first]}) == {}
    body = owner_api.get(f"/api/v1/critiques/{critique.pk}/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert body["result"]["points"][0]["critique"] == "The council model says this is weak."


def test_a_run_that_could_not_read_the_text_stores_its_error_s_key(owner, owner_client, owner_api):
    critique = critique_create(owner=owner, title="t", text=QUOTING_SPANISH, enqueue=False)
    Critique.objects.filter(pk=critique.pk).update(document=FRENCH)  # queued before the check
    critique = critique_run(critique_id=critique.pk)
    assert critique.error.startswith("The council could not run: LANGUAGE NOT READ")
    stored = critique.said[critique.error]
    assert stored["key"] == "error.council"
    assert stored["params"]["reason"]["key"] == "language.not_read"
    stored["params"]["reason"]["params"]["what"]["params"]["language"] = "German"
    Critique.objects.filter(pk=critique.pk).update(said={critique.error: stored})
    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    assert "El consejo no pudo ejecutarse: IDIOMA NO LEÍDO" in page.content.decode()
    assert "se lee como alemán" in page.content.decode()
    body = owner_api.get(f"/api/v1/critiques/{critique.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert body["error"].startswith("The council could not run: LANGUAGE NOT READ")
    assert "reads as German" in body["error"]


def test_an_audit_that_could_not_read_the_text_stores_its_error_s_key(
    owner, owner_client, owner_api, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=QUOTING_SPANISH)
    Audit.objects.filter(pk=audit.pk).update(document=FRENCH)  # queued before the check
    audit = audit_run(audit_id=audit.pk)
    assert audit.said[audit.error]["key"] == "language.not_read"
    page = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "IDIOMA NO LEÍDO" in page and "LANGUAGE NOT READ" not in page
    api = f"/api/v1/audits/{audit.pk}/"
    assert owner_api.get(api, HTTP_ACCEPT_LANGUAGE="es").json()["error"].startswith("IDIOMA")
    assert owner_api.get(api, HTTP_ACCEPT_LANGUAGE="en").json()["error"] == audit.error


def test_an_audit_s_own_error_is_stored_with_its_key(
    owner, owner_api, monkeypatch, django_capture_on_commit_callbacks
):
    def stops(**_):
        raise LLMError("the model said no")

    monkeypatch.setattr("council.services.audit.audit_graph_run", stops)
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=QUOTING_SPANISH)
    audit = audit_run(audit_id=audit.pk)
    assert audit.error == "The audit stopped: the model said no"
    assert audit.said[audit.error] == {
        "key": "error.audit",
        "params": {"reason": "the model said no"},  # a model client's words, as written
    }
    body = owner_api.get(f"/api/v1/audits/{audit.pk}/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert body["error"] == "La auditoría se detuvo: the model said no"


@pytest.mark.parametrize("text", [OPINION, ENSAYO], ids=["en", "es"])
def test_the_data_migration_gives_old_rows_the_same_keys_the_run_stored(owner, text):
    critique = _run(owner, text)
    stored = critique.said
    assert stored
    Critique.objects.filter(pk=critique.pk).update(said={})
    for catalogue in (CLAIMS, NOTES, SUMMARY, ERRORS):
        catalogue._written.clear()  # what the council wrote is forgotten: keys are read back
    migration = importlib.import_module("council.migrations.0008_critique_said_audit_said")
    migration.keys_from_english(apps, None)
    critique.refresh_from_db()
    assert critique.said == stored
