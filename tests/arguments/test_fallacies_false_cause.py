"""False cause phrased in words the rule did not know.

The rule knew "ever since ... clearly ... improved" and a few stock verbs, so it missed false
causes in other words: a succession told as "the next morning" or "by Christmas", a
correlation ("children who have more books get better marks, so ..."), a single cause for a
complex outcome, reversed causation. It now reads the shape: a succession or a correlation,
then a conclusion that draws a cause from it, across up to two sentences; withdrawn when the
text names a mechanism, a randomised trial or a survey, or hedges the link.
"""

from __future__ import annotations

import pytest

from arguments.domain.fallacies import LIKELY_AT
from arguments.offline import check_fallacies
from evaluations.fallacies import examples

DEV = examples("voices_cause_dev")
FROZEN = examples("voices_cause_frozen")


def _types(text: str) -> set[str]:
    return {f.type for f in check_fallacies(text)}


@pytest.mark.parametrize("text", [t for k, t in DEV if k])
def test_each_dev_false_cause_is_found_as_one(text):
    found = [f for f in check_fallacies(text) if f.type == "false_cause"]
    assert found, check_fallacies(text)


@pytest.mark.parametrize("text", [t for k, t in DEV if not k])
def test_a_dev_near_miss_gets_no_finding(text):
    # A cause with its mechanism, a randomised trial, a plain chronology, a correlation said
    # not to prove a cause, a conditional prediction, an effect weighed or backed by a survey.
    assert check_fallacies(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # The same successions and correlations with the conclusion taken back or explained.
        "Ever since the city painted the bike lanes green there have been fewer burglaries "
        "downtown, but that does not show the paint did it.",
        "Children who have more books at home get better marks at school, perhaps because "
        "their parents read to them.",
        "The morning after the storm the river was brown. The mud had washed down from the hills.",
        "Youth crime went up this decade; the reasons are many.",
    ],
)
def test_a_link_explained_hedged_or_only_told_is_no_false_cause(text):
    assert "false_cause" not in _types(text)


def test_a_single_cause_names_the_words_that_give_it():
    text = "The Roman Empire fell for one reason only: the lead in its pipes."
    found = [f for f in check_fallacies(text) if f.type == "false_cause"]
    assert found and '"for one reason only"' in found[0].explanation


def test_a_conclusion_drawn_with_thats_why_is_as_likely_as_one_drawn_with_so():
    text = (
        "After the new manager started wearing that blue tie, sales went up every month. "
        "That's why I keep telling him never to take it off."
    )
    assert [f.confidence >= LIKELY_AT for f in check_fallacies(text)] == [True]


def test_frozen_false_causes_are_found_at_least_as_often_as_when_the_rule_changed():
    # Written with the dev half, never tuned on: when the rule was changed the checker found
    # 9 of 10 (any finding of false cause; 0 before) and flagged none of the 8 near misses;
    # the bounds keep about one example of slack.
    fallacies = [t for k, t in FROZEN if k]
    clean = [t for k, t in FROZEN if not k]
    found = sum(1 for t in fallacies if "false_cause" in _types(t))
    flagged = sum(1 for t in clean if check_fallacies(t))
    assert found >= 8
    assert flagged <= 1
