"""A chain's Markdown, Argdown and AIF exports write the sentences the offline engines wrote in
the reader's language, from what the chain stores (``Chain.said``); the words quoted from the
text stay as written, and an English request gets the English the chain stores."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from arguments.domain.argdown import escape
from arguments.domain.wording import render
from arguments.models import Chain
from arguments.services import chain_create, chain_run

pytestmark = pytest.mark.django_db

# Reaches a verdict (an implicit warrant, a named source, no objection) ...
SUSTAINED = (
    "Vivo en la colonia Roma desde hace veinte años. El año pasado murieron catorce ciclistas "
    "en la ciudad, según datos de la Secretaría de Movilidad. Por lo tanto, el gobierno de la "
    "ciudad debe ampliar las ciclovías protegidas."
)
# ... and one the circuit breaker stops (data off the claim's subject).
STOPPED = (
    "Los institutos deberían empezar las clases a las nueve. Según un estudio de la "
    "Universidad de Granada, los adolescentes duermen una hora menos de lo que necesitan. En "
    "los centros que retrasaron el horario, las faltas de asistencia bajaron un 12 %."
)
RUNS = [
    pytest.param("¿Debe la ciudad ampliar las ciclovías?", SUSTAINED, id="sustained"),
    pytest.param("¿Deberían los institutos empezar más tarde?", STOPPED, id="stopped"),
]


def _chain(owner, query: str, text: str) -> Chain:
    chain = chain_create(owner=owner, query=query, source_text=text)
    return chain_run(chain=chain, until="end")


def _export(client, chain: Chain, fmt: str, language: str) -> str:
    url = f"/api/v1/chains/{chain.pk}/export/?format={fmt}"
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def _flat(text: str) -> str:
    """A text as the exports' plain parts hold it: on one line."""
    return " ".join(text.split())


def _aif_texts(body: str) -> list[str]:
    return [str(node.get("text", "")) for node in json.loads(body)["nodes"]]


def _written(chain: Chain) -> dict[str, str]:
    """Each sentence the engines wrote (English) and its Spanish, as the chain stores them."""
    with translation.override("es"):
        return {english: render(said, translation.gettext) for english, said in chain.said.items()}


@pytest.mark.parametrize(("query", "text"), RUNS)
def test_the_exports_write_the_engines_sentences_in_spanish_on_a_spanish_request(
    owner, owner_api, query, text
):
    chain = _chain(owner, query, text)
    written = _written(chain)
    assert len(written) >= 2
    markdown = _flat(_export(owner_api, chain, "markdown", "es"))
    argdown = _export(owner_api, chain, "argdown", "es")
    aif = " ".join(_aif_texts(_export(owner_api, chain, "aif", "es")))
    in_markdown = [e for e in written if _flat(e)[:60] in markdown]
    in_argdown = [e for e in written if escape(e)[:60] in argdown]
    in_aif = [e for e in written if _flat(e)[:60] in _flat(aif)]
    # no English sentence the engines wrote is left in any of them ...
    assert in_markdown == in_argdown == in_aif == []
    # ... and their Spanish is there (the quoted words as written)
    shown = [s for s in written.values() if _flat(s)[:60] in markdown]
    assert len(shown) >= 2, (written, markdown)
    assert any(escape(s)[:60] in argdown for s in written.values())
    assert any(_flat(s)[:60] in _flat(aif) for s in written.values())
    assert "ciclistas" in markdown or "adolescentes" in markdown  # the text, as written
    # the export's own words too
    assert markdown.startswith(f"# Análisis de Toulmin: {query}")
    for english in (
        "Toulmin analysis",
        "## Claim",
        "## Data",
        "Citations:",
        "Strength:",
        "Engine:",
    ):
        assert english not in markdown


@pytest.mark.parametrize(("query", "text"), RUNS)
def test_the_exports_keep_the_english_on_an_english_request(owner, owner_api, query, text):
    chain = _chain(owner, query, text)
    markdown = _flat(_export(owner_api, chain, "markdown", "en"))
    argdown = _export(owner_api, chain, "argdown", "en")
    assert markdown.startswith(f"# Toulmin analysis: {query}") and "## Data" in markdown
    shown = [e for e in chain.said if _flat(e)[:60] in markdown]
    assert len(shown) >= 2
    assert any(escape(e)[:60] in argdown for e in chain.said)


def test_the_exports_write_from_what_is_stored(owner, owner_api):
    chain = _chain(owner, "¿Debe la ciudad ampliar las ciclovías?", SUSTAINED)
    rationale = chain.qualifier["rationale"]
    said = chain.said[rationale]
    said["params"]["facts"] = "4242"
    Chain.objects.filter(pk=chain.pk).update(said={**chain.said, rationale: said})
    assert "4242" not in rationale
    for language in ("es", "en"):
        assert "4242" in _export(owner_api, chain, "markdown", language)
        assert "4242" in _export(owner_api, chain, "argdown", language)


def test_the_spanish_markdown_verdict_agrees_with_its_statement(owner, owner_api):
    """The heading's status and the statement under it say the same word in Spanish
    ("CONFIRMADO" over "Confirmado (…)", not "Confirmada")."""
    chain = _chain(owner, "¿Debe la ciudad ampliar las ciclovías?", SUSTAINED)
    body = _export(owner_api, chain, "markdown", "es")
    assert "## Veredicto: CONFIRMADO" in body
    assert "**Confirmado (" in body and "Confirmada" not in body


def test_the_json_export_is_the_api_answer_in_the_readers_language(owner, owner_api):
    chain = _chain(owner, "¿Debe la ciudad ampliar las ciclovías?", SUSTAINED)
    exported = json.loads(_export(owner_api, chain, "json", "es"))
    answered = owner_api.get(f"/api/v1/chains/{chain.pk}/", HTTP_ACCEPT_LANGUAGE="es").json()
    assert exported["verdict"] == answered["verdict"]
    assert exported["verdict"]["final_statement"].startswith("Confirmado")
    assert exported["qualifier"]["rationale"] != chain.qualifier["rationale"]
    english = json.loads(_export(owner_api, chain, "json", "en"))
    assert english["qualifier"]["rationale"] == chain.qualifier["rationale"]
