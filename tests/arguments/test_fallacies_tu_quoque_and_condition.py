"""Ad hominem as tu quoque, a sneer or a circumstance; false dilemma as a condition or two kinds.

The checker missed "You smoked a pack a day yourself", "Says the guy who failed maths", "Of
course a landlord would say rents must rise", "If you don't love this country, you should
leave it" and "There are only two kinds of people": none has a stock insult, a named holder of
a view, or "either ... or". The rules now read those shapes, and stay silent on their near
misses: an apology that admits the other did it too, a conflict of interest named as a reason
to check the evidence, praise of the speaker, a consequence given with its reason, kinds of
things that really are two.
"""

from __future__ import annotations

import pytest

from arguments.domain.fallacies import detect_fallacies
from arguments.offline import check_fallacies
from evaluations.fallacies import examples

DEV = examples("voices_person_dev")
FROZEN = examples("voices_person_frozen")
SHAPES = {"ad_hominem", "false_dilemma"}


def _types(text: str) -> set[str]:
    return {str(f.type) for f in check_fallacies(text)}


@pytest.mark.parametrize(("kind", "text"), [(k, t) for k, t in DEV if k])
def test_each_dev_example_gets_a_finding_of_its_type(kind, text):
    assert kind in _types(text)


@pytest.mark.parametrize("text", [t for k, t in DEV if not k])
def test_a_dev_near_miss_gets_no_rule_finding_and_no_ad_hominem_or_false_dilemma(text):
    # The rules say nothing; the learned model reads one apology as a possible false
    # authority ("excuse", "late"), as it did before these rules: it is not theirs to silence.
    assert detect_fallacies(text) == []
    assert not SHAPES & _types(text)


def test_frozen_examples_are_found_at_least_as_often_as_when_the_rules_changed():
    # Written with the dev half, never tuned on. When the rules changed the checker found 9 of
    # 13 (any finding of the right type; 3 before) and flagged 2 of 8 near misses (the model's
    # possible findings, as before; no ad hominem or false dilemma among them). The bounds
    # keep about one example of slack.
    fallacies = [(k, t) for k, t in FROZEN if k]
    clean = [t for k, t in FROZEN if not k]
    found = sum(1 for k, t in fallacies if k in _types(t))
    assert found >= 8
    assert sum(1 for t in clean if check_fallacies(t)) <= 3
    assert sum(1 for t in clean if SHAPES & _types(t)) <= 1


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        (
            "She tells us to cycle to work? She drove her car to the corner shop herself.",
            "ad_hominem",
            '"herself" answers the advice',
        ),
        (
            "Says the man who crashed his own company. Nobody should listen to his plan.",
            "ad_hominem",
            '"says the man who" sneers',
        ),
        (
            "Of course a farmer would say the subsidy must stay; ignore him.",
            "ad_hominem",
            '"of course a farmer would say" puts the view down',
        ),
        (
            "If you don't like our school rules, you should leave.",
            "false_dilemma",
            '"if you don\'t ... you should leave" makes one condition decide everything',
        ),
        (
            "There are two kinds of drivers: those who speed and those who crawl.",
            "false_dilemma",
            '"two kinds of drivers" sorts people into two kinds',
        ),
    ],
    ids=["tu-quoque", "sneer", "circumstance", "condition", "two-kinds"],
)
def test_each_shape_is_found_and_its_explanation_points_at_its_words(text, kind, words):
    found = [f for f in check_fallacies(text) if f.type == kind]
    assert found, check_fallacies(text)
    assert words in found[0].explanation


@pytest.mark.parametrize(
    "text",
    [
        # "you did it too" in an apology, not a rebuttal
        "You told me to stop interrupting, and you interrupt too, but I am sorry I did it.",
        # the conduct given as the reason for the advice
        "He tells people to wear helmets because he crashed himself; that is why he warns us.",
        # a conflict of interest as a reason to check the evidence
        "Of course the company would say the product is safe, so let's check the independent "
        "tests before we buy it.",
        # praise of the speaker
        "Coming from someone who has coached for thirty years, that advice is worth hearing.",
        # a consequence with its reason
        "If you don't book a table by Friday, you can't eat there on Saturday, because the "
        "restaurant is full every weekend.",
        # kinds of things that really are two
        "There are two kinds of bus pass here, weekly and monthly, and the office sells no other.",
        # the stock phrase taken literally
        "Look who's talking now: my parrot just said hello!",
        # "people ... not" is no condition put on a kind of person
        "In many schools people are not allowed to use phones, which keeps lessons quiet.",
    ],
)
def test_the_near_misses_of_these_shapes_are_no_ad_hominem_or_false_dilemma(text):
    assert not SHAPES & _types(text)


def test_a_spokesman_discounted_by_his_position_is_not_leaned_on_as_an_authority():
    text = "Naturally the oil company's spokesman claims the spill is under control."
    assert "false_authority" not in _types(text)
