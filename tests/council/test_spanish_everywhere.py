"""What the offline council wrote reaches every place that shows it in the reader's language:
the audit API's summary, the classroom submission page's audit table, the self-critique notes,
the plain-text critique report. Each is checked in Spanish (no English message of the
catalogue left) and in English."""

from __future__ import annotations

import pytest
from django.utils import translation

from council.domain.wording import NOTES
from council.services.critique import critique_create, critique_run
from tests.council.audit_builders import audit_make
from tests.i18n.texts import CARTA
from tests.i18n.untranslated import english_messages, untranslated

pytestmark = pytest.mark.django_db


def test_the_audit_apis_summary_speaks_the_requests_language(
    owner, owner_api, django_capture_on_commit_callbacks
):
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text=CARTA, rubric_name="Student argument"
    )
    url = f"/api/v1/audits/{audit.pk}/"
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["summary"]
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["summary"]
    assert spanish.startswith("Puntuación global") and "Lo más sólido" in spanish, spanish
    assert untranslated(f"<p>{spanish}</p>", english_messages()) == []
    assert english.startswith("Global score") and "Strongest:" in english


# Several philosophers find the same passage: their self-critique notes corroborate.
OPINION = (
    "Obviously, all students should wear uniforms. Uniforms will surely improve discipline. "
    "Many parents agree, and some teachers say so too. Therefore the school must adopt them."
)


def _critique(owner, text: str):
    critique = critique_create(owner=owner, title="t", text=text, engine="offline", enqueue=False)
    return critique_run(critique_id=critique.pk)


def test_the_self_critique_notes_speak_the_requests_language(owner, owner_api):
    critique = _critique(owner, OPINION)
    notes = [
        a["reasoning"] for outcome in critique.adjustments.values() for a in outcome["accepted"]
    ]
    assert any(n.startswith("Corroborated by") for n in notes), notes
    body = owner_api.get(f"/api/v1/critiques/{critique.pk}/", HTTP_ACCEPT_LANGUAGE="es").json()
    spanish = [a["reasoning"] for o in body["adjustments"].values() for a in o["accepted"]]
    assert len(spanish) == len(notes)
    assert all(untranslated(f"<p>{n}</p>", english_messages()) == [] for n in spanish), spanish
    assert any(n.startswith("Corroborado por") for n in spanish)
    english = owner_api.get(f"/api/v1/critiques/{critique.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    # The same notes, in any order: PostgreSQL's jsonb keeps an object's keys in its own order,
    # so the philosophers come back in another order than the run wrote them.
    english_notes = [a["reasoning"] for o in english["adjustments"].values() for a in o["accepted"]]
    assert sorted(english_notes) == sorted(notes)


def test_the_plain_text_report_speaks_the_readers_language(owner, owner_api, owner_client):
    critique = _critique(owner, OPINION)
    url = f"/api/v1/critiques/{critique.pk}/"
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["formatted"]
    assert english == critique.formatted  # the stored report, as it was written
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["formatted"]
    assert "EVALUACIÓN DEL CONSEJO DE RAZONAMIENTO" in spanish and "ÁREA:" in spanish
    for word in ("REASONING COUNCIL", "SEVERITY:", "CRITIQUE:", "USAGE:", "Analysis identified"):
        assert word not in spanish
    assert spanish.count("\n[") == english.count("\n[")  # the same points, in order
    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    assert "EVALUACIÓN DEL CONSEJO DE RAZONAMIENTO" in page.content.decode()


def test_the_critique_page_names_the_philosophers_in_spanish(owner, owner_client):
    critique = _critique(owner, OPINION)
    agents = {a for p in critique.result["points"] for a in p["agents"]}
    assert "aristotle" in agents  # a point of Aristotle's, whose name Spanish changes
    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    html = page.content.decode()
    assert "Aristóteles" in html and "— Aristotle" not in html


def test_one_philosopher_corroborating_is_said_in_the_singular():
    with translation.override("es"):
        one = NOTES.render(
            {"key": "note.corroborated", "params": {"agents": "Kant"}}, translation.gettext
        )
    assert one == "Corroborado por Kant en el mismo pasaje."
