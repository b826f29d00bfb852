"""Property-based tests of the audit reducers: deterministic, idempotent, non-mutating."""

import copy

from hypothesis import given
from hypothesis import strategies as st

from council.domain.audit import (
    CriterionResult,
    Evidence,
    merge_criterion_results,
    merge_evidences,
)

keys = st.sampled_from(["transparency", "balance", "clarity", "security"])
# A small alphabet so that duplicates (same source and content) actually happen.
texts = st.text(alphabet="ab é", min_size=1, max_size=3)
confidences = st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0])

evidences = st.builds(Evidence, source_ref=texts, content=texts, relevance_confidence=confidences)
evidence_dicts = st.dictionaries(keys, st.lists(evidences, max_size=5), max_size=4)


@st.composite
def result_dicts(draw):
    chosen = draw(st.lists(keys, unique=True, max_size=4))
    return {
        key: CriterionResult(
            criterion_id=key,
            numeric_score=draw(st.integers(1, 5)),
            reasoning=draw(texts),
            security_violation_found=draw(st.booleans()),
            relevance_confidence=draw(confidences),
        )
        for key in chosen
    }


@given(evidence_dicts, evidence_dicts)
def test_merging_evidences_is_deterministic(left, right):
    first = merge_evidences(left, right)
    second = merge_evidences(copy.deepcopy(left), copy.deepcopy(right))
    assert first == second
    assert [list(first), *first.values()] == [list(second), *second.values()]


@given(evidence_dicts, evidence_dicts)
def test_merging_a_merged_evidence_state_with_itself_changes_nothing(left, right):
    state = merge_evidences(left, right)
    assert merge_evidences(state, state) == state
    assert merge_evidences(state, {}) == state


@given(evidence_dicts, evidence_dicts)
def test_merging_evidences_never_mutates_and_loses_nothing(left, right):
    before = (copy.deepcopy(left), copy.deepcopy(right))
    merged = merge_evidences(left, right)
    assert (left, right) == before
    for side in (left, right):
        for key, items in side.items():
            assert all(item_equal_in(merged[key], item) for item in items)
    for items in merged.values():
        pairs = [(e.source_ref, e.content) for e in items]
        assert len(pairs) == len(set(pairs))


def item_equal_in(items, item):
    return any((e.source_ref, e.content) == (item.source_ref, item.content) for e in items)


@given(result_dicts(), result_dicts())
def test_merging_results_is_deterministic(left, right):
    assert merge_criterion_results(left, right) == merge_criterion_results(dict(left), dict(right))


@given(result_dicts(), result_dicts())
def test_merging_a_results_state_with_itself_changes_nothing(left, right):
    state = merge_criterion_results(left, right)
    assert merge_criterion_results(state, state) == state
    assert merge_criterion_results(state, {}) == state


@given(result_dicts(), result_dicts())
def test_merged_results_hold_every_criterion_with_the_most_confident_result(left, right):
    merged = merge_criterion_results(left, right)
    assert set(merged) == set(left) | set(right)
    for key, chosen in merged.items():
        candidates = [side[key] for side in (left, right) if key in side]
        assert chosen.relevance_confidence == max(c.relevance_confidence for c in candidates)
        if key in right and right[key].relevance_confidence >= chosen.relevance_confidence:
            assert chosen is right[key]
