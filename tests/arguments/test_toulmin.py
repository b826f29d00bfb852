"""The Toulmin domain: component schemas, cross-component rules, circuit breakers, phases."""

import pytest
from pydantic import ValidationError

from arguments.domain.toulmin import (
    Backing,
    ChainState,
    Citation,
    Claim,
    Data,
    Qualifier,
    Rebuttal,
    ToulminError,
    Verdict,
    Warrant,
    apply_phase,
    circuit_breaker,
    clean_query,
    evaluate,
    parse_component,
    parse_phase_output,
    verdict_contradiction,
)
from tests.arguments import builders as b
from tests.arguments.builders import IRRELEVANT_BACKING_REASON, WEAK_WARRANT_REASON


def state_after(phases: int, **over) -> ChainState:
    state = ChainState(query="Should schools start later?")
    for phase in range(1, phases + 1):
        payload = b.PHASE_OUTPUTS[phase]()
        for key in payload:
            if key in over:
                payload[key] = over[key]
        state = apply_phase(state, phase, payload)
    return state


# -- components ------------------------------------------------------------------------------


def test_valid_components_are_accepted():
    assert Data(**b.data()).evidence_type == "expert"
    assert Claim(**b.claim()).scope == "general"
    assert Warrant(**b.warrant()).strength == "strong"
    assert Backing(**b.backing()).citations[0].source == "University of Minnesota"
    assert Rebuttal(**b.rebuttal(counterexamples=[])).counterexamples == []
    assert Qualifier(**b.qualifier()).confidence_pct == 75
    assert Verdict(**b.verdict()).status == "sustained"


@pytest.mark.parametrize(
    ("model", "values", "field"),
    [
        (Data, b.data(facts=[]), "facts"),
        (Data, b.data(citations=[]), "citations"),
        (Data, b.data(facts=["  "]), "facts.0"),
        (Claim, b.claim(statement="Too short"), "statement"),
        (Warrant, b.warrant(principle="Sleep helps."), "principle"),
        (Backing, b.backing(authority="Science"), "authority"),
        (Backing, b.backing(citations=[]), "citations"),
        (Rebuttal, b.rebuttal(exceptions=[]), "exceptions"),
        (Qualifier, b.qualifier(rationale="short"), "rationale"),
        (Verdict, b.verdict(reasoning="Too short to be a reasoning."), "reasoning"),
        (Verdict, b.verdict(final_statement="Short"), "final_statement"),
    ],
)
def test_minimum_lengths_are_enforced(model, values, field):
    with pytest.raises(ValidationError) as caught:
        model(**values)
    assert field in [".".join(map(str, e["loc"])) for e in caught.value.errors()]


def test_minimum_lengths_count_text_not_surrounding_spaces():
    with pytest.raises(ValidationError):
        Claim(statement="   short   ", scope="general")


@pytest.mark.parametrize(
    ("model", "values"),
    [
        (Warrant, b.warrant(strength="Strong")),
        (Warrant, b.warrant(logic_type="DEDUCTIVE")),
        (Data, b.data(evidence_type="Expert")),
        (Claim, b.claim(scope="General")),
        (Verdict, b.verdict(status="Sustained")),
        (Qualifier, b.qualifier(degree="Presumably")),
    ],
)
def test_enums_are_case_sensitive(model, values):
    with pytest.raises(ValidationError):
        model(**values)


def test_extra_fields_are_forbidden():
    with pytest.raises(ValidationError) as caught:
        Warrant(**b.warrant(confidence=0.9))
    assert caught.value.errors()[0]["type"] == "extra_forbidden"


def test_citation_is_frozen():
    citation = Citation(source="A source", reference="page 2")
    with pytest.raises(ValidationError):
        citation.source = "changed"


@pytest.mark.parametrize("statement", ["Schools should start later?", "Schools start later?  "])
def test_claim_may_not_be_a_question(statement):
    with pytest.raises(ValidationError, match="not a question"):
        Claim(statement=statement, scope="general")


def test_claim_with_question_mark_inside_is_a_statement():
    assert Claim(statement="Asking 'why?' is how science starts.", scope="general")


@pytest.mark.parametrize("value", [55.0, "55", 101, -1, True])
def test_confidence_must_be_an_integer_from_0_to_100(value):
    with pytest.raises(ValidationError):
        Qualifier(**b.qualifier(degree="probably", confidence_pct=value))


@pytest.mark.parametrize(
    ("degree", "low", "high"),
    [
        ("certainly", 90, 100),
        ("presumably", 70, 89),
        ("probably", 50, 69),
        ("possibly", 30, 49),
        ("apparently", 0, 29),
    ],
)
def test_qualifier_degree_must_match_its_confidence_band(degree, low, high):
    assert Qualifier(**b.qualifier(degree=degree, confidence_pct=low))
    assert Qualifier(**b.qualifier(degree=degree, confidence_pct=high))
    for outside in (low - 1, high + 1):
        if 0 <= outside <= 100:
            with pytest.raises(ValidationError, match=f"'{degree}' needs a confidence"):
                Qualifier(**b.qualifier(degree=degree, confidence_pct=outside))


# -- verdict consistency ---------------------------------------------------------------------


@pytest.mark.parametrize("word", ["fails", "FAILED", "Rejected"])
def test_sustained_reasoning_may_not_say_the_argument_fails(word):
    with pytest.raises(ValidationError, match="may not say the argument fails"):
        Verdict(**b.verdict(reasoning=f"The argument {word} because the evidence is thin here."))


@pytest.mark.parametrize("word", ["succeeds", "Sustained"])
def test_overruled_reasoning_may_not_say_the_argument_succeeds(word):
    with pytest.raises(ValidationError, match="may not say the argument succeeds"):
        Verdict(
            **b.verdict(
                status="overruled",
                reasoning=f"The argument {word} on its data but the rebuttal is decisive.",
            )
        )


@pytest.mark.parametrize(
    ("status", "reasoning"),
    [
        ("sustained", "The argument does not fail: the data and warrant carry the claim well."),
        ("sustained", "A failsafe design means the claim holds even under the exception."),
        ("sustained", "Critics said it never failed in practice; the evidence holds up well."),
        ("overruled", "The claim cannot be sustained: the rebuttal is absolute and decisive."),
        ("remanded", "It fails for now and could be sustained later with better evidence."),
        ("sustained", "Not rejected: the data and warrant carry the claim well."),  # first word
        ("sustained", "It isn’t rejected: the data and warrant carry the claim well."),
    ],
)
def test_negated_or_partial_words_are_not_contradictions(status, reasoning):
    assert verdict_contradiction(status, reasoning) is None
    assert Verdict(status=status, reasoning=reasoning, final_statement="A final statement.")


def test_a_negated_mention_does_not_excuse_a_later_plain_one():
    assert verdict_contradiction(
        "sustained", "It never failed before, yet here it failed badly."
    ) == ("a 'sustained' verdict's reasoning may not say the argument fails (found 'failed')")


# -- chain rules -----------------------------------------------------------------------------


def test_weak_warrant_terminates_the_chain_with_its_strength():
    state = state_after(2, warrant=b.warrant(strength="weak"))
    result = evaluate(state)
    assert result.status == "terminated"
    assert result.next_phase is None
    assert result.termination_reason == WEAK_WARRANT_REASON


def test_irrelevant_backing_terminates_the_chain():
    state = state_after(2, backing=b.backing(strength="irrelevant"))
    assert evaluate(state).termination_reason == IRRELEVANT_BACKING_REASON


def test_when_warrant_and_backing_are_both_weak_both_are_named():
    reason = circuit_breaker(
        Warrant(**b.warrant(strength="weak")), Backing(**b.backing(strength="irrelevant"))
    )
    assert reason == f"{WEAK_WARRANT_REASON}; {IRRELEVANT_BACKING_REASON}"


@pytest.mark.parametrize("strength", ["absolute", "strong"])
def test_strong_or_absolute_warrant_lets_the_chain_go_on(strength):
    state = state_after(2, warrant=b.warrant(strength=strength))
    assert evaluate(state).next_phase == 3


def test_a_terminated_chain_refuses_further_phases():
    state = state_after(2, warrant=b.warrant(strength="weak"))
    with pytest.raises(ToulminError) as caught:
        apply_phase(state, 3, b.PHASE_OUTPUTS[3]())
    assert caught.value.code == "TERMINATED"
    assert "WARRANT REJECTED" in caught.value.message


def test_absolute_rebuttal_requires_an_overruled_verdict():
    state = state_after(
        3,
        rebuttal=b.rebuttal(strength="absolute"),
        qualifier=b.qualifier(degree="apparently", confidence_pct=10),
    )
    with pytest.raises(ToulminError) as caught:
        apply_phase(state, 4, {"verdict": b.verdict(status="remanded")})
    assert caught.value.code == "INVALID_INPUT"
    assert caught.value.details[0]["loc"] == "verdict.status"
    overruled = b.verdict(
        status="overruled",
        reasoning="The rebuttal is absolute, so the data cannot carry the claim at all.",
    )
    assert evaluate(apply_phase(state, 4, {"verdict": overruled})).status == "complete"


def test_sustained_with_low_confidence_is_accepted_with_a_warning():
    state = state_after(4, qualifier=b.qualifier(degree="apparently", confidence_pct=20))
    result = evaluate(state)
    assert result.status == "complete"
    assert len(result.warnings) == 1
    assert "20%" in result.warnings[0]


def test_full_chain_completes():
    result = evaluate(state_after(4))
    assert (result.status, result.next_phase, result.warnings) == ("complete", None, ())


def test_phases_must_come_in_order():
    with pytest.raises(ToulminError) as caught:
        apply_phase(ChainState(query="A query"), 2, b.PHASE_OUTPUTS[2]())
    assert caught.value.code == "PHASE_OUT_OF_ORDER"


def test_a_complete_chain_accepts_no_phase():
    with pytest.raises(ToulminError) as caught:
        apply_phase(state_after(4), 4, b.PHASE_OUTPUTS[4]())
    assert caught.value.code == "CHAIN_COMPLETE"


def test_phase_output_errors_carry_field_paths():
    payload = {"data": b.data(), "claim": b.claim(statement="Is this a claim at all?")}
    with pytest.raises(ToulminError) as caught:
        parse_phase_output(1, payload)
    assert caught.value.code == "INVALID_INPUT"
    assert caught.value.details == [
        {
            "loc": "claim.statement",
            "msg": "a claim is a statement, not a question: it may not end with '?'",
        }
    ]


def test_phase_output_missing_a_part_lists_it():
    with pytest.raises(ToulminError) as caught:
        parse_phase_output(1, {"data": b.data()})
    assert caught.value.code == "MISSING_INPUT"
    assert caught.value.missing == ["claim"]


def test_phase_output_must_be_json():
    with pytest.raises(ToulminError) as caught:
        parse_phase_output(2, '{"warrant": ')
    assert caught.value.code == "INVALID_JSON"


@pytest.mark.parametrize(
    "parse", [parse_phase_output, lambda _, text: parse_component("claim", text)]
)
def test_json_nested_too_deep_is_invalid_json_not_a_recursion_error(parse):
    with pytest.raises(ToulminError) as caught:
        parse(2, "[" * 100_000 + "]" * 100_000)
    assert caught.value.code == "INVALID_JSON"
    assert "nested too deeply" in str(caught.value)


def test_nested_component_error_paths_are_prefixed_by_component():
    with pytest.raises(ToulminError) as caught:
        parse_component("backing", {**b.backing(), "citations": [{"source": ""}]})
    locs = {d["loc"] for d in caught.value.details}
    assert locs == {"backing.citations.0.source", "backing.citations.0.reference"}


@pytest.mark.parametrize(
    ("query", "ok"), [("  abcd ", False), ("abcde", True), ("x" * 2001, False)]
)
def test_query_is_trimmed_and_between_5_and_2000_characters(query, ok):
    if ok:
        assert clean_query(query) == query.strip()
    else:
        with pytest.raises(ToulminError):
            clean_query(query)
