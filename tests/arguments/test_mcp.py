"""The MCP server, driven by the real MCP client through ``manage.py mcp_server`` on STDIO.

One server process serves the whole module. It must see the test database: on PostgreSQL
that is the test database itself; SQLite's test database lives in memory, so for this
module it is copied to a file that both this process and the server open.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse

from arguments import mcp as toulmini_mcp
from arguments.domain import sequence
from arguments.domain.toulmin import COMPONENT_ORDER
from tests.arguments.mcp_server import SITE, call_in_process

# Every test is transactional: the server process only sees committed rows, and one kind
# of test per module keeps pytest-django's test ordering from starting the server twice.
pytestmark = pytest.mark.django_db(transaction=True)

QUERY = "Should cities replace diesel buses with electric buses?"
PHASE_TOOLS = [
    "initiate_toulmin_sequence",
    "inject_logic_bridge",
    "stress_test_argument",
    "render_verdict",
]
ALL_TOOLS = {*PHASE_TOOLS, "format_analysis_report", "save_toulmin_chain", "export_chain"}
ALL_TOOLS |= {"detect_fallacies"}


def component(name: str, **changes: Any) -> str:
    """A valid component (the example the tool descriptions show) as JSON text."""
    return json.dumps({**toulmini_mcp.EXAMPLE[name], **changes})


def chain_arguments(upto: str = "verdict", **changes: str) -> dict[str, str]:
    names = COMPONENT_ORDER[: COMPONENT_ORDER.index(upto) + 1]
    return {"query": QUERY, **{f"{n}_json": component(n) for n in names}, **changes}


# -- listing ------------------------------------------------------------------------------


def test_the_tools_the_model_resource_and_the_help_prompt_are_listed(server):
    tools = {tool.name: tool for tool in server.portal.call(server.client.list_tools).tools}
    resources = server.portal.call(server.client.list_resources).resources
    prompts = server.portal.call(server.client.list_prompts).prompts

    assert set(tools) == ALL_TOOLS
    assert tools["inject_logic_bridge"].input_schema["required"] == [
        "query",
        "data_json",
        "claim_json",
    ]
    assert all(
        prop["type"] == "string"
        for tool in tools.values()
        for prop in tool.input_schema["properties"].values()
    )
    assert [str(r.uri) for r in resources] == ["toulmin://model"]
    assert [p.name for p in prompts] == ["toulmin-help"]


def test_the_model_resource_explains_the_seven_components_and_three_verdicts(server):
    text = server.portal.call(server.client.read_resource, "toulmin://model").contents[0].text

    for name in COMPONENT_ORDER:
        assert f"### {name}" in text
    for verdict in ("sustained", "overruled", "remanded"):
        assert f"`{verdict}`" in text


def test_the_help_prompt_gives_the_tools_in_order(server):
    messages = server.portal.call(server.client.get_prompt, "toulmin-help").messages
    text = messages[0].content.text

    positions = [text.index(tool) for tool in [*PHASE_TOOLS, "save_toulmin_chain"]]
    assert positions == sorted(positions)


# -- the four phases ----------------------------------------------------------------------


def test_four_phases_return_four_prompts_with_the_query_and_the_next_keys(server):
    prompts = [
        server.text("initiate_toulmin_sequence", query=QUERY),
        server.text("inject_logic_bridge", **chain_arguments("claim")),
        server.text("stress_test_argument", **chain_arguments("backing")),
        server.text("render_verdict", **chain_arguments("qualifier")),
    ]

    next_keys = [("data", "claim"), ("warrant", "backing"), ("rebuttal", "qualifier"), ("verdict",)]
    for prompt, keys in zip(prompts, next_keys, strict=True):
        assert QUERY in prompt
        assert all(f'"{key}": {{' in prompt for key in keys)
    # Each is the same prompt the web app builds.
    assert prompts[3] == sequence.render_verdict(*chain_arguments("qualifier").values())


def test_the_report_tool_returns_the_markdown_report_prompt(server):
    prompt = server.text("format_analysis_report", **chain_arguments())

    assert prompt == sequence.format_analysis_report(*chain_arguments().values())


def test_components_sent_as_objects_instead_of_json_text_are_accepted(server):
    prompt = server.text(
        "inject_logic_bridge",
        query=QUERY,
        data_json=toulmini_mcp.EXAMPLE["data"],
        claim_json=toulmini_mcp.EXAMPLE["claim"],
    )

    assert '"warrant": {' in prompt


# -- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tool", "arguments", "code"),
    [
        pytest.param("initiate_toulmin_sequence", {"query": "Why"}, "INVALID_INPUT", id="short"),
        pytest.param(
            "inject_logic_bridge",
            {"query": QUERY, "data_json": component("data")},
            "MISSING_INPUT",
            id="missing-claim",
        ),
        pytest.param(
            "stress_test_argument",
            chain_arguments("backing", warrant_json=component("warrant", principle="Too short")),
            "INVALID_INPUT",
            id="invalid-warrant",
        ),
        pytest.param(
            "stress_test_argument",
            chain_arguments("backing", backing_json=component("backing", strength="weak")),
            "TERMINATED",
            id="weak-backing",
        ),
        pytest.param(
            "inject_logic_bridge",
            chain_arguments("claim", claim_json='{"statement": '),
            "INVALID_JSON",
            id="broken-json",
        ),
    ],
)
def test_bad_input_is_a_tool_error_holding_the_json_error_object(server, tool, arguments, code):
    error = server.error(tool, **arguments)

    assert error["code"] == code
    assert error["error"]


def test_a_missing_input_is_named(server):
    error = server.error("inject_logic_bridge", query=QUERY, data_json=component("data"))

    assert error["missing"] == ["claim_json"]


def test_an_invalid_component_names_the_field(server):
    error = server.error(
        "stress_test_argument",
        **chain_arguments("backing", warrant_json=component("warrant", principle="Too short")),
    )

    assert [d["loc"] for d in error["details"]] == ["warrant.principle"]


def test_a_component_from_an_earlier_phase_is_validated_too(server):
    error = server.error(
        "render_verdict",
        **chain_arguments("qualifier", data_json=component("data", facts=[])),
    )

    assert error["code"] == "INVALID_INPUT"
    assert error["details"][0]["loc"] == "data.facts"


# -- saving -------------------------------------------------------------------------------


def test_a_saved_chain_is_visible_through_the_api_to_its_owner_only(
    server, owner, owner_api, other_api
):
    saved = json.loads(server.text("save_toulmin_chain", **chain_arguments()))

    assert saved["url"] == f"{SITE}/chains/{saved['chain_id']}/"
    assert saved["status"] == "complete"
    detail = owner_api.get(f"/api/v1/chains/{saved['chain_id']}/")
    assert detail.status_code == 200
    assert detail.json()["engine"] == "mcp"
    assert detail.json()["verdict"] == toulmini_mcp.EXAMPLE["verdict"]
    assert [c["id"] for c in owner_api.get("/api/v1/chains/").json()["results"]] == [
        saved["chain_id"]
    ]
    assert other_api.get(f"/api/v1/chains/{saved['chain_id']}/").status_code == 404
    assert other_api.get("/api/v1/chains/").json()["results"] == []


def test_a_saved_chain_waits_in_the_admin_review_queue(server, owner, staff_user, client):
    saved = json.loads(server.text("save_toulmin_chain", **chain_arguments()))
    client.force_login(staff_user)

    queue = client.get(
        reverse("admin:arguments_chain_changelist"),
        {"engine__exact": "mcp", "review_status__exact": "pending"},
    )

    assert queue.status_code == 200
    change = reverse("admin:arguments_chain_change", args=[saved["chain_id"]])
    assert change in queue.content.decode()


def test_a_chain_stopped_by_the_circuit_breaker_is_saved_as_terminated(server, owner):
    arguments = chain_arguments("backing", warrant_json=component("warrant", strength="weak"))

    saved = json.loads(server.text("save_toulmin_chain", **arguments))

    assert saved["status"] == "terminated"
    assert "WARRANT" in saved["termination_reason"]


def test_saving_an_invalid_chain_stores_nothing(server, owner, owner_api):
    error = server.error(
        "save_toulmin_chain", **chain_arguments(verdict_json=component("verdict", status="won"))
    )

    assert error["code"] == "INVALID_INPUT"
    assert owner_api.get("/api/v1/chains/").json()["results"] == []


def test_saving_for_a_user_who_does_not_exist_is_refused(server):
    error = server.error("save_toulmin_chain", **chain_arguments())

    assert error["code"] == "MCP_USER_UNKNOWN"
    assert "owner" in error["error"]


def test_saving_for_a_deactivated_user_is_refused(server, owner):
    owner.is_active = False
    owner.save()

    error = server.error("save_toulmin_chain", **chain_arguments())

    assert error["code"] == "MCP_USER_UNKNOWN"


# -- in process ---------------------------------------------------------------------------


def test_saving_without_a_configured_user_is_refused(monkeypatch):
    monkeypatch.delenv("TOULMINI_MCP_USER", raising=False)

    result = call_in_process("save_toulmin_chain", chain_arguments())

    assert result.is_error
    assert json.loads(result.content[0].text)["code"] == "MCP_USER_NOT_SET"


def test_a_crash_in_a_tool_still_answers_with_the_json_error_object(monkeypatch):
    def crash(query: Any) -> str:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(sequence, "initiate_toulmin_sequence", crash)

    result = call_in_process("initiate_toulmin_sequence", {"query": QUERY})

    assert result.is_error
    assert json.loads(result.content[0].text) == {
        "error": "An unexpected error occurred on the server.",
        "code": "SERVER_ERROR",
    }


def test_the_example_in_the_tool_descriptions_is_a_valid_chain():
    prompt = sequence.format_analysis_report(*chain_arguments().values())

    assert toulmini_mcp.EXAMPLE["verdict"]["final_statement"] in prompt
    descriptions = "".join(toulmini_mcp.DESCRIPTIONS.values())
    for name in COMPONENT_ORDER:
        assert json.dumps(toulmini_mcp.EXAMPLE[name]) in descriptions


def test_each_phase_tool_description_names_the_tool_to_call_next_and_gives_an_example():
    following = [*PHASE_TOOLS[1:], "format_analysis_report"]
    for tool, after in zip(PHASE_TOOLS, following, strict=True):
        description = toulmini_mcp.DESCRIPTIONS[tool]
        assert after in description
        assert "Example" in description
