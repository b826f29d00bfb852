"""The deductive checks, one form at a time: each invalid form with its exact explanation, and
the valid forms and near misses beside it that must pass (modus ponens, modus tollens, a
conclusion about another term, mixed quantifiers)."""

from __future__ import annotations

import pytest

from arguments.domain.fallacies.deduction import deductive_error

MIDDLE = "Two things sharing a property does not make one the other (undistributed middle)."
AFFIRMS = (
    "It affirms the consequent: the result happening does not show that this condition "
    "caused it; something else could have."
)
DENIES = (
    "It denies the antecedent: the condition failing does not show the result fails too; "
    "it could come about another way."
)


def worded(result):
    """A rule's result with its explanation as the English text it gives (the rules name a
    key and its words; ``Explanation.text`` is the sentence an answer carries)."""
    if result is None:
        return None
    return (result[0], result[1].text, *result[2:])


@pytest.mark.parametrize(
    ("text", "explanation"),
    [
        ("All cats are mammals. All dogs are mammals. So cats are dogs.", MIDDLE),
        ("All cats are mammals. All dogs are mammals. So dogs are cats.", MIDDLE),
        # Only the last two premises are read as the syllogism.
        ("It rains today. All cats are mammals. All dogs are mammals. So cats are dogs.", MIDDLE),
        (
            "Some cats are black. Some dogs are black. So some cats are dogs.",
            "Both premises are particular ('some'), so no conclusion about the two groups follows.",
        ),
        (
            "No cats are fish. No fish are dogs. So no cats are dogs.",
            "Both premises are negative ('no'), so no conclusion about the two groups follows.",
        ),
        ("If it rains, the street is wet. The street is wet. Therefore it rained.", AFFIRMS),
        (
            "If it rains, the street is wet. It did not rain. Therefore the street is not wet.",
            DENIES,
        ),
    ],
)
def test_an_invalid_form_is_named_with_its_explanation(text, explanation):
    assert worded(deductive_error(text.lower())) == (2.5, explanation)


@pytest.mark.parametrize(
    "text",
    [
        "All cats are mammals. All dogs are mammals. So dogs are pets.",
        "Some cats are black. No dogs are cats. So dogs are white.",
        "If it rains, the street is wet. It rains. Therefore the street is wet.",
        "If it rains, the street is wet. The street is not wet. Therefore it did not rain.",
        "All cats are mammals. So cats are animals.",
        "All cats are mammals. All dogs are mammals. So",
    ],
)
def test_valid_forms_and_near_misses_are_not_flagged(text):
    assert deductive_error(text.lower()) is None
