"""A chain stores the key and parameters of each sentence the offline engines wrote
(``Chain.said``) and its pages and API write the sentence from them in the reader's language;
the rows stored before get theirs from their English text through the data migration, the
same as the engines' own."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.utils import translation

from arguments.domain.wording import (
    CATALOGUE,
    PARTS,
    SENTENCES,
    generated_texts,
    parameters,
    say,
    structure,
    written,
)
from arguments.models import Chain
from arguments.services import chain_create, chain_run

# Reaches a verdict on an implicit warrant, a named source, no objection.
TEXTO = (
    "Vivo en la colonia Roma desde hace veinte años. El año pasado murieron catorce ciclistas "
    "en la ciudad, según datos de la Secretaría de Movilidad. Por lo tanto, el gobierno de la "
    "ciudad debe ampliar las ciclovías protegidas."
)
# Stopped by the circuit breaker: the data are off the claim's subject.
PARADO = (
    "Los institutos deberían empezar las clases a las nueve. Según un estudio de la "
    "Universidad de Granada, los adolescentes duermen una hora menos de lo que necesitan. En "
    "los centros que retrasaron el horario, las faltas de asistencia bajaron un 12 %."
)


def _sample(key: str) -> dict[str, str]:
    return {name: f"w{i}" for i, name in enumerate(sorted(parameters(key)))}


@pytest.mark.parametrize("key", sorted({**SENTENCES, **PARTS}))
def test_every_template_round_trips_through_its_stored_structure(key):
    text = say(key, **_sample(key))
    stored = structure(text) if key in SENTENCES else CATALOGUE.structure(text, parts=True)
    assert stored == {"key": key, "params": _sample(key)}
    assert CATALOGUE.english(stored) == text


def test_a_nested_part_is_stored_as_a_structure_of_its_own():
    part = say("warrant_kind.implicit")
    text = say(
        "verdict.sustained.reasoning",
        warrant_kind=part,
        backing_kind=say("backing_kind.named"),
        strength="weak",
        degree="probably",
        confidence=68,
    )
    stored = structure(text)
    assert stored is not None
    assert stored["params"]["warrant_kind"] == {"key": "warrant_kind.implicit", "params": {}}
    assert stored["params"]["confidence"] == "68" and stored["params"]["degree"] == "probably"
    with translation.override("es"):
        spanish = CATALOGUE.render(stored, translation.gettext)
    assert "68" in spanish and "probably" not in spanish and spanish != text


def test_what_no_template_wrote_has_no_structure():
    assert structure("The model's own reasoning, in its words.") is None
    assert written({"verdict": {"reasoning": "A student's words."}}) == {}


def _run(owner, text: str) -> Chain:
    chain = chain_create(owner=owner, query="¿Qué propone el texto?", source_text=text)
    return chain_run(chain=chain, until="end")


@pytest.mark.django_db
@pytest.mark.parametrize("text", [TEXTO, PARADO])
def test_a_run_stores_the_key_and_words_of_every_sentence_it_wrote(owner, text):
    chain = _run(owner, text)
    fields = {
        name: getattr(chain, name)
        for name in ("warrant", "backing", "qualifier", "verdict", "rebuttal", "data")
    }
    texts = generated_texts({**fields, "termination_reason": chain.termination_reason})
    assert texts and chain.said
    for text_ in texts:  # each sentence the engines wrote has its key, and it writes it back
        if text_ in chain.said:
            assert CATALOGUE.english(chain.said[text_]) == text_
    keys = {said["key"] for said in chain.said.values()}
    assert keys & {"verdict.sustained.reasoning", "chain.terminated", "breaker.warrant"} or (
        keys & {"warrant.implicit", "warrant.off_subject"}
    )


@pytest.mark.django_db
def test_the_page_and_the_api_write_from_what_is_stored(owner, owner_client, owner_api):
    """Proof that the stored words are what is shown: change a stored parameter and the page
    and the API follow it (the English text of the field is left as it was)."""
    chain = _run(owner, TEXTO)
    final = chain.verdict["final_statement"]
    said = chain.said[final]
    assert said["key"] == "verdict.sustained.final"
    said["params"]["confidence"] = "12345"
    Chain.objects.filter(pk=chain.pk).update(said={**chain.said, final: said})
    page = owner_client.get(chain.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "12345" in page
    body = owner_api.get(f"/api/v1/chains/{chain.pk}/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert "12345" in body["verdict"]["final_statement"]
    assert body["verdict"]["final_statement"].startswith("Confirmado")
    english = owner_api.get(f"/api/v1/chains/{chain.pk}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert (
        english["verdict"]["final_statement"].startswith("Sustained")
        and "12345" in (english["verdict"]["final_statement"])
    )


@pytest.mark.django_db
@pytest.mark.parametrize("text", [TEXTO, PARADO])
def test_the_data_migration_gives_old_rows_the_same_keys_the_engines_stored(owner, text):
    chain = _run(owner, text)
    engines = chain.said
    Chain.objects.filter(pk=chain.pk).update(said={})
    migration = importlib.import_module("arguments.migrations.0004_chain_said")
    migration.keys_from_english(apps, None)
    chain.refresh_from_db()
    assert chain.said == engines


@pytest.mark.django_db
def test_a_row_written_by_a_model_keeps_its_words(owner, owner_api):
    chain = _run(owner, TEXTO)
    verdict = {**chain.verdict, "reasoning": "The model weighed it and agrees."}
    Chain.objects.filter(pk=chain.pk).update(verdict=verdict)
    body = owner_api.get(f"/api/v1/chains/{chain.pk}/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert body["verdict"]["reasoning"] == "The model weighed it and agrees."


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")
