"""The offline audit and the offline philosophers read a Spanish essay: nothing is refused, the
auditors read its Spanish markers, the philosophers name its fallacies (and make no finding of
English words it cannot hold), and the pages show what the engines wrote in Spanish on a
Spanish request and in English on an English one."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from council.domain.critique.offline import level_one
from council.domain.wording import AUDIT, AUDIT_WORDS, SUMMARY
from council.models import Audit, Critique
from council.services.critique import critique_create, critique_run
from council.vocabulary import critique_formatted_shown
from tests.council.audit_builders import audit_make
from tests.i18n.untranslated import english_messages, untranslated

ENSAYO = (
    "Los institutos deberían empezar las clases a las nueve. Según un estudio de la "
    "Universidad de Granada, los adolescentes duermen una hora menos de lo que necesitan, "
    "porque su reloj biológico se retrasa. En general, un alumno descansado aprende más. Es "
    "cierto que algunas familias tendrían problemas para organizarse. Sin embargo, el ministro "
    "que se opone no ha trabajado en su vida y vive de la política, así que no le hagáis caso. "
    "Por lo tanto, el horario debe cambiar el próximo curso."
)


@pytest.mark.parametrize("key", sorted({**AUDIT.templates, **SUMMARY.templates}))
def test_every_council_template_has_its_spanish(key):
    template = {**AUDIT.templates, **SUMMARY.templates}[key]
    with translation.override("es"):
        spanish = translation.gettext(template)
    assert set(re.findall(r"%\((\w+)\)s", spanish)) == set(re.findall(r"%\((\w+)\)s", template))
    if re.sub(r"%\(\w+\)s|[;.\s]", "", template):
        assert spanish != template


def test_every_label_the_auditors_list_has_its_spanish():
    with translation.override("es"):
        assert all(translation.gettext(word) != word for word in AUDIT_WORDS)


def test_the_philosophers_read_spanish_words_and_say_they_are_less_sure():
    kant = level_one("kant", ENSAYO, [], None, language="es")
    duty = [f for f in kant if f["evidence"].startswith("Los institutos deberían")]
    assert duty and "('deberían')" in duty[0]["claim"]  # the English rule's finding, its words
    english = level_one("kant", "Schools should start at nine. Nothing else.", [], None)
    assert english[0]["confidence"] - duty[0]["confidence"] == pytest.approx(0.1)
    # English words are not read in a Spanish document ("obviously" is no Spanish word)
    assert level_one("descartes", "Obviously, los deberes no sirven.", [], None, "es") == []


@pytest.mark.django_db
def test_an_offline_audit_of_a_spanish_essay_reads_its_markers_and_speaks_spanish(
    owner, owner_client, django_capture_on_commit_callbacks
):
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text=ENSAYO, rubric_name="Student argument"
    )
    assert (audit.engine, audit.status) == ("offline", Audit.Status.DONE)
    results = {r.criterion_id: r for r in audit.results.all()}
    reasoning = [r for r in results.values() if "reason or draw" in r.reasoning]
    assert all(r.numeric_score > 1 for r in reasoning)  # "porque", "por lo tanto" are read
    spanish = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    table = spanish.content.decode()
    table = table[table.index("<table") : table.index("</table>")]
    assert untranslated(table, english_messages()) == []
    assert "oraci" in table and "párrafo 1, oración" in table  # reasoning and quotes placed
    english = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert "1 sentence serves as a claim" in english.content.decode()


@pytest.mark.django_db
def test_an_offline_critique_of_a_spanish_essay_names_its_ad_hominem_in_spanish(
    owner, owner_client
):
    critique = critique_create(owner=owner, title="Horario", text=ENSAYO, engine="offline",
                               enqueue=False)  # fmt: skip
    critique = critique_run(critique_id=critique.pk)
    assert critique.status == Critique.Status.COMPLETE, critique.error
    points = critique.result["points"]
    assert [p["fallacy"] for p in points if p.get("fallacy")] == ["ad_hominem"]
    assert points[0]["area"] == "Fallacy"  # the surest point
    page = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    html = page.content.decode()
    assert untranslated(html, english_messages()) == []  # the rules' findings included
    assert "El análisis encontró" in html
    english = owner_client.get(critique.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert "Analysis identified" in english.content.decode()


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")


@pytest.mark.django_db
def test_the_council_apis_answer_in_the_requests_language(
    owner, owner_api, django_capture_on_commit_callbacks
):
    critique = critique_create(owner=owner, title="Horario", text=ENSAYO, engine="offline",
                               enqueue=False)  # fmt: skip
    critique_run(critique_id=critique.pk)
    url = f"/api/v1/critiques/{critique.pk}/"
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["result"]
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["result"]
    assert spanish["final_assessment"].startswith("El análisis encontró")
    assert "se burla de quien habla" in spanish["points"][0]["critique"]
    assert english["final_assessment"].startswith("Analysis identified")
    assert spanish["points"][0]["fallacy"] == english["points"][0]["fallacy"] == "ad_hominem"
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text=ENSAYO, rubric_name="Student argument"
    )
    url = f"/api/v1/audits/{audit.pk}/"
    results = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["results"]
    messages = english_messages()
    for result in results:
        assert untranslated(f"<p>{result['reasoning']}</p>", messages) == [], result["reasoning"]
        for quote in result["evidence"]:
            assert quote["source_ref"].startswith("párrafo")
    english_results = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["results"]
    assert any("sentence" in r["reasoning"] for r in english_results)


@pytest.mark.django_db
def test_the_spanish_report_writes_its_confidences_with_a_decimal_comma(owner, owner_client):
    critique = critique_create(owner=owner, title="Horario", text=ENSAYO, engine="offline",
                               enqueue=False)  # fmt: skip
    critique = critique_run(critique_id=critique.pk)
    confidence = critique.result["points"][0]["confidence"]
    english = f"{confidence:.2f}"
    assert english in critique.formatted  # the stored report keeps English
    with translation.override("es"):
        report = critique_formatted_shown(critique)
    assert f"CONFIANZA: {english.replace('.', ',')}" in report
    assert not re.search(r"\b\d\.\d\d\b", report)
    with translation.override("en"):
        assert f"CONFIDENCE: {english}" in critique_formatted_shown(critique)
