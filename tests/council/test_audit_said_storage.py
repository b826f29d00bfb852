"""An audit's result stores the key and parameters of each sentence the offline auditor wrote
(``AuditCriterionResult.said``) and the audit page and API write the sentence from them in the
reader's language; the rows stored before get theirs from their English text through the data
migration, the same as the auditors' own."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from council.domain.wording import AUDIT, audit_written
from council.models import AuditCriterionResult
from tests.council.audit_builders import AUDIT_LEAKY_OPINION, AUDIT_OPINION, audit_make

pytestmark = pytest.mark.django_db

ENSAYO = (
    "Los institutos deberían empezar las clases a las nueve. Según un estudio de la "
    "Universidad de Granada, los adolescentes duermen una hora menos de lo que necesitan, "
    "porque su reloj biológico se retrasa. En general, un alumno descansado aprende más. Es "
    "cierto que algunas familias tendrían problemas para organizarse. Sin embargo, el ministro "
    "no ha trabajado en su vida. Por lo tanto, el horario debe cambiar el próximo curso."
)
RUNS = [
    (AUDIT_OPINION, "Judicial opinion"),
    (AUDIT_LEAKY_OPINION, "Judicial opinion"),
    (AUDIT_OPINION, "Student argument"),
    (ENSAYO, "Student argument"),
]


def _body(reasoning: str) -> str:
    """What the auditor found, after the criterion's name."""
    return reasoning.split(": ", 1)[1]


@pytest.mark.parametrize(("text", "rubric"), RUNS)
def test_a_run_stores_the_key_and_words_of_every_sentence_it_wrote(
    owner, django_capture_on_commit_callbacks, text, rubric
):
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text=text, rubric_name=rubric
    )
    results = list(audit.results.filter(status=AuditCriterionResult.Status.DONE))
    assert len(results) == audit.results.count() > 4
    for result in results:
        body = _body(result.reasoning)
        assert AUDIT.english(result.said[body]) == body
        for evidence in result.evidence:
            assert AUDIT.english(result.said[evidence["source_ref"]]) == evidence["source_ref"]
    keys = {r.said[_body(r.reasoning)]["key"] for r in results}
    assert len(keys) >= 3  # several templates, not one


def test_the_page_and_the_api_write_from_what_is_stored(
    owner, owner_client, owner_api, django_capture_on_commit_callbacks
):
    """Proof that the stored words are what is shown: change a stored parameter and the page
    and the API follow it (the English text of the field is left as it was)."""
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner, text=AUDIT_OPINION)
    result = audit.results.get(analyzer="reasoning")
    body = _body(result.reasoning)
    said = result.said[body]
    assert said["key"] == "reasoning.some"
    said["params"]["n"] = "12345"
    ref = result.evidence[0]["source_ref"]
    place = result.said[ref]
    place["params"]["paragraph"] = "67890"
    AuditCriterionResult.objects.filter(pk=result.pk).update(
        said={**result.said, body: said, ref: place}
    )
    assert "12345" not in result.reasoning
    page = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "12345 de " in page and "párrafo 67890" in page
    api = f"/api/v1/audits/{audit.pk}/"
    spanish = owner_api.get(api, HTTP_ACCEPT_LANGUAGE="es").json()
    shown = next(r for r in spanish["results"] if r["criterion_id"] == result.criterion_id)
    assert "12345 de " in shown["reasoning"]
    assert shown["evidence"][0]["source_ref"].startswith("párrafo 67890")
    english = owner_api.get(api, HTTP_ACCEPT_LANGUAGE="en").json()
    shown = next(r for r in english["results"] if r["criterion_id"] == result.criterion_id)
    assert "12345 of " in shown["reasoning"]
    assert shown["evidence"][0]["source_ref"].startswith("paragraph 67890")


@pytest.mark.parametrize(("text", "rubric"), RUNS)
def test_the_data_migration_gives_old_rows_the_same_keys_the_auditors_stored(
    owner, django_capture_on_commit_callbacks, text, rubric
):
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, text=text, rubric_name=rubric
    )
    stored = {r.pk: r.said for r in audit.results.all()}
    assert all(stored.values())
    audit.results.update(said={})
    AUDIT._written.clear()  # what the auditors wrote is forgotten: the keys are read back
    migration = importlib.import_module("council.migrations.0007_auditcriterionresult_said")
    migration.keys_from_english(apps, None)
    assert {r.pk: r.said for r in audit.results.all()} == stored


def test_a_model_s_reasoning_has_no_key_and_is_shown_as_written():
    assert audit_written("Security: Reasons are given.", ["paragraph 1"]) == {}


def test_the_average_sentence_length_is_written_in_the_readers_number_format(
    owner, owner_client, django_capture_on_commit_callbacks
):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner, text=AUDIT_OPINION)
    result = audit.results.get(analyzer="clarity")
    average = result.said[_body(result.reasoning)]["params"]["average"]
    assert "." in average  # stored as the auditor wrote it
    spanish = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es")
    assert f"de media {average.replace('.', ',')} palabras" in spanish.content.decode()
    english = owner_client.get(audit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert f"average {average} words" in english.content.decode()
