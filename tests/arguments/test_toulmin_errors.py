"""Every refusal of a component or a chain, whole: the JSON error object the API and the MCP
tools answer with (message, code, missing inputs and field details), from ``as_dict()``."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arguments.domain.sequence import chain_state, validated_state
from arguments.domain.toulmin import (
    QUERY_MAX,
    QUERY_MIN,
    Qualifier,
    ToulminError,
    apply_phase,
    clean_query,
    evaluate,
    invalid,
    parse_component,
    parse_phase_output,
)
from tests.arguments import builders as b

QUERY = "Should schools start later?"


def root_level_error() -> None:
    """A model rule broken with no component to name: the place is the root."""
    try:
        Qualifier.model_validate(b.qualifier(confidence_pct=10))
    except ValidationError as error:
        raise invalid(error, what="Qualifier") from None


DEEP = "[" * 100_000 + "]" * 100_000
CASES = {
    "component-not-json": lambda: parse_component("claim", "{statement"),
    "component-nested-too-deep": lambda: parse_component("claim", DEEP),
    "component-a-list": lambda: parse_component("claim", "[1]"),
    "component-a-number": lambda: parse_component("warrant", 5),
    "component-all-missing": lambda: parse_component("claim", {}),
    "component-one-missing": lambda: parse_component(
        "claim", {"statement": "Schools should start later."}
    ),
    "component-missing-and-invalid": lambda: parse_component(
        "warrant", {"principle": "x", "strength": "strong"}
    ),
    "nested-field-invalid": lambda: parse_component(
        "data", b.data(citations=[{"source": "", "reference": "r"}])
    ),
    "five-errors-summarised-as-four": lambda: parse_component(
        "data",
        {"facts": [], "citations": [], "evidence_type": "x", "extra": 1, "more": 2},
    ),
    "model-rule-broken": lambda: parse_component("qualifier", b.qualifier(confidence_pct=10)),
    "inputs-missing-with-query": lambda: validated_state(
        " ", {"data_json": ""}, ("data_json", "claim_json")
    ),
    "inputs-missing": lambda: validated_state("Q is a question?", {}, ("data_json",)),
    "breaker-stops-the-chain": lambda: validated_state(
        "Should schools start later?",
        {"warrant_json": b.warrant(strength="weak"), "backing_json": b.backing()},
        ("warrant_json", "backing_json"),
    ),
    "gap-in-the-phases": lambda: chain_state(
        "Should schools start later?", {"data": b.data(), "warrant": b.warrant()}
    ),
    "two-gaps-in-the-phases": lambda: chain_state(
        QUERY, {"data": b.data(), "backing": b.backing()}
    ),
    "absolute-rebuttal-not-overruled": lambda: chain_state(
        QUERY, b.full_chain(rebuttal=b.rebuttal(strength="absolute"))
    ),
    "absolute-rebuttal-not-overruled-as-inputs": lambda: validated_state(
        QUERY,
        {"rebuttal_json": b.rebuttal(strength="absolute"), "verdict_json": b.verdict()},
        ("rebuttal_json", "verdict_json"),
    ),
    "root-level-rule-broken": root_level_error,
    "phase-not-1-to-4": lambda: apply_phase(chain_state(QUERY, {}), 5, {}),
    "phase-after-the-verdict": lambda: apply_phase(chain_state(QUERY, b.full_chain()), 4, {}),
    "phase-out-of-order": lambda: apply_phase(chain_state(QUERY, {}), 2, {}),
    "phase-four-against-an-absolute-rebuttal": lambda: apply_phase(
        chain_state(
            QUERY,
            {
                k: v
                for k, v in b.full_chain(rebuttal=b.rebuttal(strength="absolute")).items()
                if k != "verdict"
            },
        ),
        4,
        {"verdict": b.verdict()},
    ),
    "phase-output-invalid": lambda: apply_phase(
        chain_state(QUERY, {}), 1, {"data": b.data(facts=[]), "claim": {}}
    ),
    "phase-output-missing": lambda: parse_phase_output(1, {}),
    "phase-output-nested-invalid": lambda: parse_phase_output(
        1, {"data": b.data(facts=[]), "claim": b.claim()}
    ),
    "phase-output-nested-missing-is-invalid": lambda: parse_phase_output(
        1, {"data": {"facts": ["Teenagers sleep too little."]}, "claim": b.claim()}
    ),
}

ABSOLUTE = "an absolute rebuttal requires an 'overruled' verdict, got 'sustained'"
BAND = "degree 'presumably' needs a confidence of 70-89%, got 10% (which is 'apparently')"


ERRORS = {
    "phase-after-the-verdict": {
        "error": "The chain is complete; no phase is left.",
        "code": "CHAIN_COMPLETE",
    },
    "phase-four-against-an-absolute-rebuttal": {
        "error": f"Phase 4 output is invalid — verdict.status: {ABSOLUTE}",
        "code": "INVALID_INPUT",
        "details": [{"loc": "verdict.status", "msg": ABSOLUTE}],
    },
    "phase-out-of-order": {
        "error": "Phase 2 is out of order: the next phase is 1.",
        "code": "PHASE_OUT_OF_ORDER",
    },
    "phase-output-invalid": {
        "error": "Phase 1 output is invalid — data.facts: List should have at least 1 item "
        "after validation, not 0; claim.statement: Field required; claim.scope: Field required",
        "code": "INVALID_INPUT",
        "details": [
            {
                "loc": "data.facts",
                "msg": "List should have at least 1 item after validation, not 0",
            },
            {"loc": "claim.statement", "msg": "Field required"},
            {"loc": "claim.scope", "msg": "Field required"},
        ],
    },
    "phase-not-1-to-4": {
        "error": "There is no phase 5; phases are 1 to 4.",
        "code": "INVALID_INPUT",
        "details": [{"loc": "phase", "msg": "must be 1, 2, 3 or 4"}],
    },
    "component-not-json": {
        "error": "claim is not valid JSON: Expecting property name enclosed in "
        "double quotes at line 1 column 2",
        "code": "INVALID_JSON",
        "details": [
            {
                "loc": "claim",
                "msg": "invalid JSON: Expecting property name enclosed in "
                "double quotes at line 1 column 2",
            }
        ],
    },
    "component-nested-too-deep": {
        "error": "claim is not valid JSON: it is nested too deeply",
        "code": "INVALID_JSON",
        "details": [{"loc": "claim", "msg": "invalid JSON: nested too deeply"}],
    },
    "component-a-list": {
        "error": "claim must be a JSON object",
        "code": "INVALID_INPUT",
        "details": [{"loc": "claim", "msg": "must be a JSON object"}],
    },
    "component-a-number": {
        "error": "warrant must be a JSON object",
        "code": "INVALID_INPUT",
        "details": [{"loc": "warrant", "msg": "must be a JSON object"}],
    },
    "component-all-missing": {
        "error": "Claim is missing: claim.statement, claim.scope",
        "code": "MISSING_INPUT",
        "missing": ["claim.statement", "claim.scope"],
        "details": [
            {"loc": "claim.statement", "msg": "Field required"},
            {"loc": "claim.scope", "msg": "Field required"},
        ],
    },
    "component-one-missing": {
        "error": "Claim is missing: claim.scope",
        "code": "MISSING_INPUT",
        "missing": ["claim.scope"],
        "details": [{"loc": "claim.scope", "msg": "Field required"}],
    },
    "component-missing-and-invalid": {
        "error": "Warrant is invalid — warrant.principle: String "
        "should have at least 20 characters; "
        "warrant.logic_type: Field required",
        "code": "INVALID_INPUT",
        "details": [
            {"loc": "warrant.principle", "msg": "String should have at least 20 characters"},
            {"loc": "warrant.logic_type", "msg": "Field required"},
        ],
    },
    "nested-field-invalid": {
        "error": "Data is invalid — data.citations.0.source: String should "
        "have at least 1 character",
        "code": "INVALID_INPUT",
        "details": [
            {"loc": "data.citations.0.source", "msg": "String should have at least 1 character"}
        ],
    },
    "five-errors-summarised-as-four": {
        "error": "Data is invalid — data.facts: List should have "
        "at least 1 item after validation, not 0; "
        "data.citations: List should have at least 1 item "
        "after validation, not 0; data.evidence_type: "
        "Input should be 'empirical', 'statistical', "
        "'testimonial', 'documentary' or 'expert'; "
        "data.extra: Extra inputs are not permitted",
        "code": "INVALID_INPUT",
        "details": [
            {
                "loc": "data.facts",
                "msg": "List should have at least 1 item after validation, not 0",
            },
            {
                "loc": "data.citations",
                "msg": "List should have at least 1 item after validation, not 0",
            },
            {
                "loc": "data.evidence_type",
                "msg": "Input should be 'empirical', "
                "'statistical', 'testimonial', "
                "'documentary' or 'expert'",
            },
            {"loc": "data.extra", "msg": "Extra inputs are not permitted"},
            {"loc": "data.more", "msg": "Extra inputs are not permitted"},
        ],
    },
    "model-rule-broken": {
        "error": "Qualifier is invalid — qualifier: degree 'presumably' needs a "
        "confidence of 70-89%, got 10% (which is 'apparently')",
        "code": "INVALID_INPUT",
        "details": [
            {
                "loc": "qualifier",
                "msg": "degree 'presumably' needs a confidence of 70-89%, "
                "got 10% (which is 'apparently')",
            }
        ],
    },
    "inputs-missing-with-query": {
        "error": "Missing required inputs: query, data_json, claim_json",
        "code": "MISSING_INPUT",
        "missing": ["query", "data_json", "claim_json"],
    },
    "inputs-missing": {
        "error": "Missing required inputs: data_json",
        "code": "MISSING_INPUT",
        "missing": ["data_json"],
    },
    "breaker-stops-the-chain": {
        "error": "The chain terminates: WARRANT REJECTED: strength is 'weak' — Students who "
        "sleep enough learn better than those who do not.",
        "code": "TERMINATED",
    },
    "gap-in-the-phases": {
        "error": "Components must be given phase by phase; missing: claim",
        "code": "MISSING_INPUT",
        "missing": ["claim"],
    },
    "two-gaps-in-the-phases": {
        "error": "Components must be given phase by phase; missing: claim, warrant",
        "code": "MISSING_INPUT",
        "missing": ["claim", "warrant"],
    },
    "absolute-rebuttal-not-overruled": {
        "error": f"verdict.status: {ABSOLUTE}",
        "code": "INVALID_INPUT",
        "details": [{"loc": "verdict.status", "msg": ABSOLUTE}],
    },
    "absolute-rebuttal-not-overruled-as-inputs": {
        "error": f"verdict.status: {ABSOLUTE}",
        "code": "INVALID_INPUT",
        "details": [{"loc": "verdict.status", "msg": ABSOLUTE}],
    },
    "root-level-rule-broken": {
        "error": f"Qualifier is invalid — (root): {BAND}",
        "code": "INVALID_INPUT",
        "details": [{"loc": "(root)", "msg": BAND}],
    },
    "phase-output-missing": {
        "error": "Phase 1 output is missing: data, claim",
        "code": "MISSING_INPUT",
        "missing": ["data", "claim"],
        "details": [
            {"loc": "data", "msg": "Field required"},
            {"loc": "claim", "msg": "Field required"},
        ],
    },
    "phase-output-nested-invalid": {
        "error": "Phase 1 output is invalid — data.facts: List should have at least 1 item "
        "after validation, not 0",
        "code": "INVALID_INPUT",
        "details": [
            {"loc": "data.facts", "msg": "List should have at least 1 item after validation, not 0"}
        ],
    },
    "phase-output-nested-missing-is-invalid": {
        "error": "Phase 1 output is invalid — data.citations: Field required; "
        "data.evidence_type: Field required",
        "code": "INVALID_INPUT",
        "details": [
            {"loc": "data.citations", "msg": "Field required"},
            {"loc": "data.evidence_type", "msg": "Field required"},
        ],
    },
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_refusal_is_the_exact_error_object(case):
    with pytest.raises(ToulminError) as caught:
        CASES[case]()
    assert caught.value.as_dict() == ERRORS[case]


def test_an_error_without_missing_inputs_or_details_is_a_message_and_a_code():
    assert ToulminError("Stop.", code="TERMINATED").as_dict() == {
        "error": "Stop.",
        "code": "TERMINATED",
    }


def test_an_empty_component_counts_as_not_given():
    state = chain_state(QUERY, {"data": b.data(), "claim": b.claim(), "warrant": ""})
    assert state.warrant is None
    assert state.claim is not None


def test_no_component_is_a_chain_of_its_query_alone():
    state = chain_state(QUERY, {})
    assert state.query == QUERY
    assert state.as_json() == dict.fromkeys(state.as_json())


@pytest.mark.parametrize("query", [None, 5, "", "   "])
def test_a_missing_query_is_named_as_missing(query):
    with pytest.raises(ToulminError) as refused:
        clean_query(query)
    assert refused.value.as_dict() == {
        "error": "query is required",
        "code": "MISSING_INPUT",
        "missing": ["query"],
    }


@pytest.mark.parametrize("length", [QUERY_MIN - 1, QUERY_MAX + 1])
def test_a_query_outside_five_to_two_thousand_characters_is_refused(length):
    with pytest.raises(ToulminError) as refused:
        clean_query(" " + "q" * length + " ")
    assert refused.value.as_dict() == {
        "error": f"query must be 5 to 2000 characters, got {length}",
        "code": "INVALID_INPUT",
        "details": [{"loc": "query", "msg": "must be 5-2000 characters"}],
    }


@pytest.mark.parametrize("length", [QUERY_MIN, QUERY_MAX])
def test_a_query_of_five_or_two_thousand_characters_is_kept_trimmed(length):
    assert clean_query(" " + "q" * length + "\n") == "q" * length


def test_a_terminated_chain_keeps_its_warnings_and_an_unfinished_one_has_no_reason():
    state = chain_state(
        QUERY,
        b.full_chain(
            warrant=b.warrant(strength="weak"),
            qualifier=b.qualifier(degree="apparently", confidence_pct=20),
        ),
    )
    evaluation = evaluate(state)
    assert (evaluation.status, evaluation.next_phase) == ("terminated", None)
    assert evaluation.warnings == (
        "A 'sustained' verdict with only 20% confidence: 'overruled' or 'remanded' is "
        "recommended below 30%.",
    )
    unfinished = evaluate(chain_state(QUERY, {"data": b.data(), "claim": b.claim()}))
    assert (unfinished.status, unfinished.next_phase) == ("in_progress", 2)
    assert (unfinished.termination_reason, unfinished.warnings) == ("", ())
