"""The audit state schema: strict models, reducers and the global score (no database)."""

import pytest
from pydantic import ValidationError

from council.domain.audit import (
    AgentState,
    AuditReport,
    CriterionResult,
    Evidence,
    JudicialOpinion,
    StateMergeError,
    compute_global_score,
    merge_criterion_results,
    merge_evidences,
    merge_failures,
)


def evidence(content="The court held X.", *, ref="paragraph 1, sentence 1", confidence=0.8):
    return Evidence(source_ref=ref, content=content, relevance_confidence=confidence)


def result(criterion_id="a", *, score=3, confidence=0.5, security=False, reasoning="because"):
    return CriterionResult(
        criterion_id=criterion_id,
        numeric_score=score,
        reasoning=reasoning,
        security_violation_found=security,
        relevance_confidence=confidence,
    )


def error_locs(excinfo) -> list[tuple]:
    return [e["loc"] for e in excinfo.value.errors()]


# -- Evidence ------------------------------------------------------------------------------
def test_evidence_with_confidence_1_5_is_rejected_at_its_field():
    with pytest.raises(ValidationError) as excinfo:
        evidence(confidence=1.5)
    assert error_locs(excinfo) == [("relevance_confidence",)]


def test_evidence_with_confidence_0_8_is_created():
    assert evidence(confidence=0.8).relevance_confidence == 0.8


@pytest.mark.parametrize("confidence", [0.0, 1.0, 1])
def test_evidence_accepts_the_bounds_of_confidence(confidence):
    assert evidence(confidence=confidence).relevance_confidence == confidence


@pytest.mark.parametrize("confidence", [-0.01, 1.0001, float("nan"), float("inf")])
def test_evidence_refuses_confidence_outside_0_to_1(confidence):
    with pytest.raises(ValidationError):
        evidence(confidence=confidence)


def test_evidence_does_not_coerce_a_string_confidence():
    with pytest.raises(ValidationError) as excinfo:
        Evidence.model_validate({"source_ref": "p1", "content": "x", "relevance_confidence": "0.8"})
    assert error_locs(excinfo) == [("relevance_confidence",)]


def test_evidence_refuses_an_extra_field():
    with pytest.raises(ValidationError) as excinfo:
        Evidence.model_validate(
            {"source_ref": "p1", "content": "x", "relevance_confidence": 0.5, "page": 3}
        )
    assert error_locs(excinfo) == [("page",)]
    assert excinfo.value.errors()[0]["type"] == "extra_forbidden"


def test_evidence_refuses_a_number_as_source_ref():
    with pytest.raises(ValidationError) as excinfo:
        Evidence.model_validate({"source_ref": 12, "content": "x", "relevance_confidence": 0.5})
    assert error_locs(excinfo) == [("source_ref",)]


# -- CriterionResult -----------------------------------------------------------------------
@pytest.mark.parametrize("score", [0, 6])
def test_criterion_result_refuses_scores_outside_1_to_5(score):
    with pytest.raises(ValidationError) as excinfo:
        result(score=score)
    assert error_locs(excinfo) == [("numeric_score",)]


@pytest.mark.parametrize("score", [1, 3, 5])
def test_criterion_result_accepts_scores_1_to_5(score):
    assert result(score=score).numeric_score == score


@pytest.mark.parametrize("score", ["3", 3.0, True])
def test_criterion_result_does_not_coerce_a_score(score):
    with pytest.raises(ValidationError) as excinfo:
        result(score=score)
    assert error_locs(excinfo) == [("numeric_score",)]


def test_criterion_result_does_not_coerce_a_string_flag():
    with pytest.raises(ValidationError) as excinfo:
        CriterionResult.model_validate(
            {
                "criterion_id": "a",
                "numeric_score": 3,
                "reasoning": "r",
                "security_violation_found": "false",
                "relevance_confidence": 0.5,
            }
        )
    assert error_locs(excinfo) == [("security_violation_found",)]


def test_criterion_result_refuses_an_extra_field():
    with pytest.raises(ValidationError) as excinfo:
        CriterionResult.model_validate(
            {
                "criterion_id": "a",
                "numeric_score": 3,
                "reasoning": "r",
                "relevance_confidence": 0.5,
                "weight": 2,
            }
        )
    assert error_locs(excinfo) == [("weight",)]


def test_criterion_result_is_immutable():
    with pytest.raises(ValidationError):
        result().numeric_score = 5


# -- JudicialOpinion and AuditReport -------------------------------------------------------
def test_judicial_opinion_identifiers_default_to_unknown():
    opinion = JudicialOpinion(text="The appeal is dismissed.")
    assert (opinion.case_id, opinion.court_name) == ("Unknown", "Unknown")


def test_judicial_opinion_refuses_an_integer_case_id():
    with pytest.raises(ValidationError) as excinfo:
        JudicialOpinion.model_validate({"text": "x", "case_id": 42})
    assert error_locs(excinfo) == [("case_id",)]


def test_malformed_nested_result_fails_the_report_with_its_path():
    data = {
        "criterion_results": [
            result("a").model_dump(),
            {**result("b").model_dump(), "numeric_score": 9},
        ],
        "summary": "s",
        "global_score": 3.0,
    }
    with pytest.raises(ValidationError) as excinfo:
        AuditReport.model_validate(data)
    assert error_locs(excinfo) == [("criterion_results", 1, "numeric_score")]


def test_report_json_with_a_string_score_fails_with_its_path():
    bad = (
        '{"criterion_results": [{"criterion_id": "a", "numeric_score": "3", "reasoning": "r",'
        ' "security_violation_found": false, "relevance_confidence": 0.5}],'
        ' "summary": "s", "global_score": 3.0}'
    )
    with pytest.raises(ValidationError) as excinfo:
        AuditReport.model_validate_json(bad)
    assert error_locs(excinfo) == [("criterion_results", 0, "numeric_score")]


@pytest.mark.parametrize("score", [0.9, 5.1])
def test_report_global_score_stays_within_1_to_5(score):
    with pytest.raises(ValidationError):
        AuditReport(criterion_results=[], summary="s", global_score=score)


def test_agent_state_declares_the_reducers_on_its_channels():
    hints = AgentState.__annotations__
    assert "merge_evidences" in str(hints["evidences"])
    assert "merge_criterion_results" in str(hints["criterion_results"])


# -- merge_criterion_results ---------------------------------------------------------------
def test_merging_results_of_b_into_a_keeps_both():
    merged = merge_criterion_results({"A": result("A")}, {"B": result("B")})
    assert set(merged) == {"A", "B"}


def test_the_result_with_higher_confidence_wins_either_way():
    sure, unsure = result("a", score=5, confidence=0.9), result("a", score=1, confidence=0.2)
    assert merge_criterion_results({"a": sure}, {"a": unsure})["a"] is sure
    assert merge_criterion_results({"a": unsure}, {"a": sure})["a"] is sure


def test_on_equal_confidence_the_newer_result_replaces_the_old():
    old, new = result("a", score=2, confidence=0.5), result("a", score=4, confidence=0.5)
    assert merge_criterion_results({"a": old}, {"a": new})["a"] is new


def test_merging_results_returns_a_new_dict_and_leaves_inputs_alone():
    left, right = {"a": result("a")}, {"b": result("b")}
    merged = merge_criterion_results(left, right)
    assert merged is not left and merged is not right
    assert (list(left), list(right)) == (["a"], ["b"])


def test_an_empty_results_update_keeps_the_state():
    state = {"a": result("a"), "b": result("b")}
    assert merge_criterion_results(state, {}) == state


@pytest.mark.parametrize(
    "update",
    [
        "not a dict",
        [result("a")],
        {"a": [result("a")]},
        {"a": result("a").model_dump()},
        {"a": result("b")},
        {1: result("a")},
    ],
    ids=["string", "list", "list-for-result", "dict-for-result", "wrong-key", "int-key"],
)
def test_structurally_wrong_results_raise_state_merge_error(update):
    with pytest.raises(StateMergeError):
        merge_criterion_results({"a": result("a")}, update)


def test_a_wrong_state_side_also_raises_state_merge_error():
    with pytest.raises(StateMergeError):
        merge_criterion_results(None, {"a": result("a")})


# -- merge_evidences -----------------------------------------------------------------------
def test_merging_evidence_dicts_unions_the_unique_items_per_key():
    one, two, three = evidence("one"), evidence("two"), evidence("three")
    merged = merge_evidences({"a": [one], "b": [two]}, {"a": [three, one], "c": [two]})
    assert merged == {"a": [one, three], "b": [two], "c": [two]}


def test_duplicate_evidence_is_detected_by_source_and_content_not_confidence():
    first = evidence("same words", confidence=0.9)
    again = evidence("same words", confidence=0.3)
    assert merge_evidences({"a": [first]}, {"a": [again]}) == {"a": [first]}


def test_same_content_from_another_source_is_not_a_duplicate():
    here, there = evidence("same", ref="p1"), evidence("same", ref="p2")
    assert merge_evidences({"a": [here]}, {"a": [there]}) == {"a": [here, there]}


def test_the_separator_between_source_and_content_cannot_forge_a_duplicate():
    one = evidence("b c", ref="a")
    two = evidence("c", ref="a b")
    assert len(merge_evidences({"k": [one]}, {"k": [two]})["k"]) == 2


def test_the_same_words_in_another_unicode_form_are_a_duplicate():
    composed, decomposed = evidence("caf\u00e9"), evidence("cafe\u0301")
    assert merge_evidences({"a": [composed]}, {"a": [decomposed]}) == {"a": [composed]}


def test_duplicates_within_one_update_are_dropped():
    item = evidence("twice")
    assert merge_evidences({}, {"a": [item, item]}) == {"a": [item]}


def test_an_empty_evidence_update_keeps_the_state():
    state = {"a": [evidence("one")], "b": [evidence("two")]}
    assert merge_evidences(state, {}) == state
    assert merge_evidences(state, {"a": []}) == state


def test_merging_evidence_never_mutates_its_inputs():
    left_list, right_list = [evidence("one")], [evidence("two")]
    left, right = {"a": left_list}, {"a": right_list}
    merged = merge_evidences(left, right)
    assert left == {"a": [evidence("one")]} and right == {"a": [evidence("two")]}
    assert merged["a"] is not left_list and merged is not left


@pytest.mark.parametrize(
    "update",
    [
        "not a dict",
        ["a"],
        {"a": "a string where a list belongs"},
        {"a": evidence()},
        {"a": [{"source_ref": "p", "content": "c", "relevance_confidence": 0.5}]},
        {"a": [result("a")]},
        {"a": (evidence(),)},
        {2: [evidence()]},
    ],
    ids=["string", "list", "string-for-list", "item-for-list", "dict-item", "wrong-item",
         "tuple", "int-key"],
)  # fmt: skip
def test_structurally_wrong_evidence_raises_state_merge_error(update):
    with pytest.raises(StateMergeError):
        merge_evidences({"a": [evidence()]}, update)


# -- merge_failures -----------------------------------------------------------------------
def test_failures_merge_by_criterion_with_the_newer_message():
    assert merge_failures({"a": "timeout", "b": "503"}, {"a": "429"}) == {"a": "429", "b": "503"}


@pytest.mark.parametrize("update", ["boom", {"a": ["boom"]}, {1: "boom"}])
def test_structurally_wrong_failures_raise_state_merge_error(update):
    with pytest.raises(StateMergeError):
        merge_failures({}, update)


# -- compute_global_score ------------------------------------------------------------------
def test_global_score_is_the_weighted_average():
    results = {"a": result("a", score=5), "b": result("b", score=2)}
    assert compute_global_score(results, {"a": 2.0, "b": 1.0}) == 4.0


def test_global_score_rounds_half_up_not_to_even():
    # 2.25 is exact in binary; round(2.25, 1) gives 2.2, the rule says 2.3.
    results = {"a": result("a", score=2), "b": result("b", score=3)}
    assert compute_global_score(results, {"a": 3.0, "b": 1.0}) == 2.3
    results = {"a": result("a", score=2), "b": result("b", score=3)}
    assert compute_global_score(results, {"a": 1.0, "b": 3.0}) == 2.8  # 2.75 → 2.8


def test_global_score_reads_float_weights_as_written():
    # In binary floats (0.1*1 + 0.3*2) / 0.4 is 1.7499999...; as written it is 1.75 → 1.8.
    results = {"a": result("a", score=1), "b": result("b", score=2)}
    assert compute_global_score(results, {"a": 0.1, "b": 0.3}) == 1.8


def test_a_security_violation_caps_the_score():
    results = {
        "a": result("a", score=5),
        "b": result("b", score=5),
        "security": result("security", score=5, security=True),
    }
    assert compute_global_score(results, {"a": 1, "b": 1, "security": 1}) == 3.0
    assert compute_global_score(results, {"a": 1, "b": 1, "security": 1}, security_cap=2.5) == 2.5


def test_the_cap_applies_before_rounding():
    results = {"a": result("a", score=5), "s": result("s", score=5, security=True)}
    assert compute_global_score(results, {"a": 1, "s": 1}, security_cap=2.25) == 2.3


def test_a_score_below_the_cap_is_not_raised_by_it():
    results = {"a": result("a", score=1), "s": result("s", score=2, security=True)}
    assert compute_global_score(results, {"a": 1, "s": 1}) == 1.5


def test_weights_of_unscored_criteria_are_left_out():
    results = {"a": result("a", score=4)}
    assert compute_global_score(results, {"a": 1.0, "never_scored": 9.0}) == 4.0


@pytest.mark.parametrize("weight", [0, -1, float("nan"), float("inf"), "2", True])
def test_each_weight_must_be_a_number_greater_than_zero(weight):
    with pytest.raises(ValueError, match="weight"):
        compute_global_score({"a": result("a")}, {"a": weight})


def test_a_scored_criterion_without_weight_is_refused():
    with pytest.raises(ValueError, match="no weight"):
        compute_global_score({"a": result("a")}, {"b": 1.0})


def test_no_results_means_no_global_score():
    with pytest.raises(ValueError, match="no criterion"):
        compute_global_score({}, {"a": 1.0})


def test_the_docstring_states_the_rule_and_its_order():
    doc = compute_global_score.__doc__
    assert doc.index("Weight") < doc.index("Cap") < doc.index("Round")
    assert "2.25 → 2.3" in doc


def test_the_evidence_fingerprint_is_the_sha256_of_the_compact_nfc_json_pair():
    """Fingerprints decide what a merge keeps: the encoding is pinned byte for byte."""
    import hashlib

    from council.domain.audit.state import Evidence, evidence_fingerprint

    decomposed = Evidence(source_ref="§ 2", content="cafe\u0301, déjà", relevance_confidence=0.5)
    expected = hashlib.sha256('["§ 2","café, déjà"]'.encode()).hexdigest()
    assert evidence_fingerprint(decomposed) == expected


@pytest.mark.parametrize(
    ("left", "right", "message"),
    [
        ([], {}, "evidences (state): expected a dict, got list"),
        ({}, "x", "evidences (update): expected a dict, got str"),
        ({"a": ()}, {}, "evidences['a'] (state): expected a list, got tuple"),
        ({}, {"b": None}, "evidences['b'] (update): expected a list, got NoneType"),
        ({}, {"c": [1]}, "evidences['c'][0] (update): expected Evidence, got int"),
    ],
)
def test_a_merge_of_malformed_evidences_names_the_side_the_key_and_the_type(left, right, message):
    from council.domain.audit.state import StateMergeError, merge_evidences

    with pytest.raises(StateMergeError) as refused:
        merge_evidences(left, right)
    assert str(refused.value) == message
