"""The stateless Toulmini tools: validate what a client brings, hand back the next prompt.

Shared by the REST API (``/api/v1/toulmin/...``) and the MCP server, so both validate the
same way. Unlike the original, every prior component passed in is validated — not only the
warrant and backing — and a weak or irrelevant warrant or backing is refused with
``TERMINATED``. Each function raises ``ToulminError`` (see ``as_dict()``) or returns a prompt.
"""

from __future__ import annotations

from typing import Any

from arguments.domain.prompts import phase_prompt, report_prompt
from arguments.domain.toulmin import (
    COMPONENT_ORDER,
    ChainState,
    ToulminError,
    circuit_breaker,
    clean_query,
    cross_component_errors,
    parse_component,
)

# The argument names of each tool, in order, after ``query``.
TOOL_INPUTS: dict[str, tuple[str, ...]] = {
    "initiate_toulmin_sequence": (),
    "inject_logic_bridge": ("data_json", "claim_json"),
    "stress_test_argument": ("data_json", "claim_json", "warrant_json", "backing_json"),
    "render_verdict": (
        "data_json",
        "claim_json",
        "warrant_json",
        "backing_json",
        "rebuttal_json",
        "qualifier_json",
    ),
    "format_analysis_report": (
        "data_json",
        "claim_json",
        "warrant_json",
        "backing_json",
        "rebuttal_json",
        "qualifier_json",
        "verdict_json",
    ),
}


def validated_state(
    query: Any,
    inputs: dict[str, Any],
    names: tuple[str, ...],
    *,
    stop_on_breaker: bool = True,
) -> ChainState:
    """Check the query and every ``<component>_json`` in ``names``; return the state.

    Missing inputs are reported together (``MISSING_INPUT`` with ``missing``); then each
    component is validated in order; then the circuit breakers and cross-component rules.
    """
    missing = [n for n in names if inputs.get(n) in (None, "")]
    if query is None or (isinstance(query, str) and not query.strip()):
        missing.insert(0, "query")
    if missing:
        raise ToulminError(
            f"Missing required inputs: {', '.join(missing)}",
            code="MISSING_INPUT",
            missing=missing,
        )
    state = ChainState(query=clean_query(query))
    for name in names:
        component = name.removesuffix("_json")
        setattr(state, component, parse_component(component, inputs[name]))
    reason = circuit_breaker(state.warrant, state.backing)
    if reason and stop_on_breaker:
        raise ToulminError(f"The chain terminates: {reason}", code="TERMINATED")
    errors = cross_component_errors(state)
    if errors:
        raise ToulminError(
            "; ".join(f"{e['loc']}: {e['msg']}" for e in errors),
            code="INVALID_INPUT",
            details=errors,
        )
    return state


def chain_state(query: Any, components: dict[str, Any]) -> ChainState:
    """A whole or partial chain, given as component dicts or JSON strings, validated.

    The components must be given phase by phase (no gaps). A weak warrant or backing is
    accepted here: ``evaluate()`` reports the chain as terminated.
    """
    given = [name for name in COMPONENT_ORDER if components.get(name) not in (None, "")]
    # Every component up to the last one given must be there (not only as many as given).
    names = COMPONENT_ORDER[: COMPONENT_ORDER.index(given[-1]) + 1] if given else ()
    if tuple(given) != names:
        missing = [n for n in names if n not in given]
        raise ToulminError(
            f"Components must be given phase by phase; missing: {', '.join(missing)}",
            code="MISSING_INPUT",
            missing=missing,
        )
    inputs = {f"{name}_json": components[name] for name in names}
    return validated_state(query, inputs, tuple(inputs), stop_on_breaker=False)


def run_tool(tool: str, query: Any, inputs: dict[str, Any] | None = None) -> str:
    """The prompt that ``tool`` returns for these inputs (or a ``ToulminError``)."""
    state = validated_state(query, inputs or {}, TOOL_INPUTS[tool])
    if tool == "format_analysis_report":
        return report_prompt(state)
    phase = list(TOOL_INPUTS).index(tool) + 1
    return phase_prompt(phase, state)


def initiate_toulmin_sequence(query: Any) -> str:
    """Phase 1: the prompt for DATA and CLAIM."""
    return run_tool("initiate_toulmin_sequence", query)


def inject_logic_bridge(query: Any, data_json: Any, claim_json: Any) -> str:
    """Phase 2: the prompt for WARRANT and BACKING."""
    return run_tool(
        "inject_logic_bridge", query, {"data_json": data_json, "claim_json": claim_json}
    )


def stress_test_argument(
    query: Any, data_json: Any, claim_json: Any, warrant_json: Any, backing_json: Any
) -> str:
    """Phase 3: the prompt for REBUTTAL and QUALIFIER."""
    return run_tool(
        "stress_test_argument",
        query,
        dict(
            data_json=data_json,
            claim_json=claim_json,
            warrant_json=warrant_json,
            backing_json=backing_json,
        ),
    )


def render_verdict(
    query: Any,
    data_json: Any,
    claim_json: Any,
    warrant_json: Any,
    backing_json: Any,
    rebuttal_json: Any,
    qualifier_json: Any,
) -> str:
    """Phase 4: the prompt for the VERDICT."""
    return run_tool(
        "render_verdict",
        query,
        dict(
            data_json=data_json,
            claim_json=claim_json,
            warrant_json=warrant_json,
            backing_json=backing_json,
            rebuttal_json=rebuttal_json,
            qualifier_json=qualifier_json,
        ),
    )


def format_analysis_report(
    query: Any,
    data_json: Any,
    claim_json: Any,
    warrant_json: Any,
    backing_json: Any,
    rebuttal_json: Any,
    qualifier_json: Any,
    verdict_json: Any,
) -> str:
    """The prompt for a Markdown report of a complete chain."""
    return run_tool(
        "format_analysis_report",
        query,
        dict(
            data_json=data_json,
            claim_json=claim_json,
            warrant_json=warrant_json,
            backing_json=backing_json,
            rebuttal_json=rebuttal_json,
            qualifier_json=qualifier_json,
            verdict_json=verdict_json,
        ),
    )
