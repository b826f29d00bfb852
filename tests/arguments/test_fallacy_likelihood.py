"""Where a fallacy finding turns from "possible" into "likely" (pure domain, no database)."""

from __future__ import annotations

from arguments.domain.fallacies import LIKELY_AT, finding

TEXT = "You cannot trust him, he is a liar."


def test_a_finding_at_or_above_likely_at_is_likely_and_below_it_possible() -> None:
    at = finding(TEXT, type="ad_hominem", start=0, end=7, explanation="x", confidence=LIKELY_AT)
    below = finding(
        TEXT, type="ad_hominem", start=0, end=7, explanation="x", confidence=LIKELY_AT - 0.05
    )
    assert at.likely
    assert not below.likely


def test_likely_is_not_part_of_the_serialised_finding() -> None:
    found = finding(TEXT, type="ad_hominem", start=0, end=7, explanation="x", confidence=0.9)
    assert "likely" not in found.model_dump()
