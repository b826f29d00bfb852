"""The MCP tool export_chain, through the real MCP client and ``manage.py mcp_server``."""

from __future__ import annotations

import json

import pytest

from arguments.domain.aif import aif_import
from arguments.exports import chain_export
from arguments.models import Chain
from tests.arguments.factories import make_chain
from tests.arguments.mcp_server import call_in_process

pytestmark = pytest.mark.django_db(transaction=True)


def test_export_chain_is_listed_with_its_formats(server):
    tools = {tool.name: tool for tool in server.portal.call(server.client.list_tools).tools}

    schema = tools["export_chain"].input_schema
    assert schema["required"] == ["chain_id", "format"]
    assert schema["properties"]["format"]["enum"] == ["aif", "argdown", "markdown", "json"]


@pytest.mark.parametrize("fmt", ["aif", "argdown", "markdown", "json"])
def test_each_format_is_the_same_document_the_web_app_downloads(server, owner, fmt):
    chain = make_chain(owner, engine="manual", phases=4)

    text = server.text("export_chain", chain_id=str(chain.pk), format=fmt)

    assert text == chain_export(Chain.objects.get(pk=chain.pk), fmt).body
    assert chain.claim["statement"] in text


def test_the_aif_export_imports_back_to_the_same_components(server, owner):
    chain = make_chain(owner, engine="manual", phases=3)

    imported = aif_import(server.text("export_chain", chain_id=str(chain.pk), format="aif"))

    assert imported.components == {
        name: getattr(chain, name) for name in ("data", "claim", "warrant", "backing")
    } | {"rebuttal": chain.rebuttal, "qualifier": chain.qualifier}


def test_another_users_chain_is_not_found(server, owner, other_user):
    chain = make_chain(other_user, engine="manual", phases=1)

    error = server.error("export_chain", chain_id=str(chain.pk), format="aif")

    assert error["code"] == "NOT_FOUND"
    assert chain.claim["statement"] not in json.dumps(error)


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        pytest.param({"chain_id": "1", "format": "pdf"}, "INVALID_INPUT", id="format"),
        pytest.param({"format": "aif"}, "MISSING_INPUT", id="missing-id"),
        pytest.param({"chain_id": "abc", "format": "aif"}, "NOT_FOUND", id="not-a-number"),
    ],
)
def test_bad_arguments_are_json_errors(server, owner, arguments, code):
    assert server.error("export_chain", **arguments)["code"] == code


def test_without_a_configured_user_nothing_is_exported(monkeypatch, owner):
    monkeypatch.delenv("TOULMINI_MCP_USER", raising=False)
    chain = make_chain(owner, engine="manual", phases=1)

    result = call_in_process("export_chain", {"chain_id": str(chain.pk), "format": "json"})

    assert result.is_error
    assert json.loads(result.content[0].text)["code"] == "MCP_USER_NOT_SET"


def test_a_spanish_export_writes_the_engines_sentences_in_spanish(server, owner):
    """The tool takes a language (English by default): a Spanish chain's verdict and the
    sentences the engines wrote read in Spanish when asked, with no English sentence left."""
    from django.utils import translation
    from django.utils.html import escape

    from arguments.services import chain_create, chain_run
    from tests.i18n.untranslated import english_messages, untranslated

    text = (
        "Vivo en la colonia Roma desde hace veinte años. El año pasado murieron catorce "
        "ciclistas en la ciudad, según datos de la Secretaría de Movilidad. Por lo tanto, el "
        "gobierno de la ciudad debe ampliar las ciclovías protegidas."
    )
    chain = chain_create(
        owner=owner, query="¿Debe la ciudad ampliar las ciclovías?", source_text=text
    )
    chain = chain_run(chain=chain, until="end")

    spanish = server.text("export_chain", chain_id=str(chain.pk), format="markdown", language="es")
    english = server.text("export_chain", chain_id=str(chain.pk), format="markdown")

    assert "## Veredicto: CONFIRMADO" in spanish and "**Confirmado (" in spanish
    assert "Sustained" not in spanish and "**Sustained (" in english
    html = "".join(f"<p>{escape(line)}</p>" for line in spanish.splitlines() if line.strip())
    assert untranslated(html, english_messages()) == []
    with translation.override("es"):
        assert spanish == chain_export(Chain.objects.get(pk=chain.pk), "markdown").body
    assert (
        server.error("export_chain", chain_id=str(chain.pk), format="markdown", language="fr")[
            "code"
        ]
        == "INVALID_INPUT"
    )
