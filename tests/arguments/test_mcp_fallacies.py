"""The MCP tool detect_fallacies, through the real MCP client and ``manage.py mcp_server``."""

from __future__ import annotations

import json

import pytest

from evaluations.fallacies import PHONE_BAN_OP_ED

pytestmark = pytest.mark.django_db(transaction=True)

CAUSE = "Since phones were invented, grades have fallen, so phones must be the cause."


def test_the_tool_is_listed_with_text_required(server):
    tools = {tool.name: tool for tool in server.portal.call(server.client.list_tools).tools}
    schema = tools["detect_fallacies"].input_schema
    assert schema["required"] == ["text"]
    assert set(schema["properties"]) == {"text", "engine", "language"}
    assert "hasty_generalization" in tools["detect_fallacies"].description


def test_it_answers_as_the_api_does_for_the_phone_ban_op_ed(server, owner_api):
    result = server.call("detect_fallacies", text=PHONE_BAN_OP_ED)
    assert not result.is_error, result.content[0].text
    answer = json.loads(result.content[0].text)
    assert answer == result.structured_content
    api = owner_api.post("/api/v1/fallacies/", {"text": PHONE_BAN_OP_ED}, format="json")
    assert answer == api.json()
    quotes = {f["type"]: f["quote"] for f in answer["fallacies"]}
    assert quotes["false_cause"] == CAUSE
    assert quotes["hasty_generalization"] == "all bullying today happens online"


def test_a_text_without_a_fallacy_gets_an_empty_list(server):
    text = "According to Dr. Ana Ruiz, a cardiologist, regular exercise lowers blood pressure."
    assert json.loads(server.text("detect_fallacies", text=text)) == {"fallacies": []}


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({}, "MISSING_INPUT"),
        ({"text": "  "}, "MISSING_INPUT"),
        ({"text": "x" * 5001}, "INVALID_INPUT"),
        ({"text": CAUSE, "engine": "psychic"}, "INVALID_INPUT"),
        ({"text": CAUSE, "engine": "llm"}, "MODEL_NOT_CONFIGURED"),
        ({"text": CAUSE, "language": "fr"}, "INVALID_INPUT"),
    ],
)
def test_bad_input_is_a_json_tool_error(server, arguments, code):
    assert server.error("detect_fallacies", **arguments)["code"] == code


# A Spanish ad hominem: the tool answers in the text's language unless asked for another.
ATAQUE = (
    "El ministro que se opone a la reforma no ha trabajado en su vida y vive de la política, "
    "así que no le hagáis caso."
)


def test_a_spanish_text_is_answered_in_spanish_unless_english_is_asked_for(server):
    spanish = json.loads(server.text("detect_fallacies", text=ATAQUE))["fallacies"]
    english = json.loads(server.text("detect_fallacies", text=ATAQUE, language="en"))["fallacies"]
    assert [f["type"] for f in spanish] == [f["type"] for f in english] == ["ad_hominem"]
    assert spanish[0]["quote"] == english[0]["quote"]
    assert spanish[0]["explanation"] != english[0]["explanation"]
    assert "the person" not in spanish[0]["explanation"].lower()
    assert "persona" in spanish[0]["explanation"] or "quien" in spanish[0]["explanation"]
    asked = json.loads(server.text("detect_fallacies", text=CAUSE, language="es"))["fallacies"]
    assert asked[0]["type"] == "false_cause" and asked[0]["label"] == "Falsa causa"


FRENCH = (
    "Depuis que les téléphones existent, les notes ont baissé, donc les téléphones en sont "
    "la cause. Il faut les interdire dans toutes les écoles."
)


def test_a_text_in_a_third_language_is_refused_in_the_language_asked_for(server):
    english = server.error("detect_fallacies", text=FRENCH)
    spanish = server.error("detect_fallacies", text=FRENCH, language="es")
    assert english["code"] == spanish["code"] == "DOCUMENT_LANGUAGE_NOT_READ"
    assert english["error"] != spanish["error"]
    assert "IDIOMA NO LEÍDO" in spanish["error"]
