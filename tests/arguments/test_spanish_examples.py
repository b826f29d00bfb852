"""The Spanish examples the evaluation reads (evaluations/spanish/) are well formed: each gold
claim is a sentence of its text, each fallacy a type of the taxonomy, and both halves hold
fallacious and clean texts."""

from __future__ import annotations

import pytest

from arguments.domain.fallacies import TAXONOMY
from evaluations.spanish_reader import SETS, read_set


@pytest.mark.parametrize("half", sorted(SETS))
def test_each_example_is_well_formed(half):
    cases = read_set(SETS[half])
    assert len(cases) >= 20
    for case in cases:
        assert case["claim"] in case["text"], case["id"]
        assert case["fallacy"] is None or case["fallacy"] in TAXONOMY, case["id"]
    assert sum(c["fallacy"] is None for c in cases) >= 10
    assert {c["fallacy"] for c in cases} >= {"ad_hominem", "false_dilemma", None}
