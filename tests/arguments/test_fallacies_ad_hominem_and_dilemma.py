"""Ad hominem without a stock insult and false dilemma without "either ... or".

The checker used to miss the ad hominem of the demo critique ("Managers who oppose remote
work simply want control"), the councillor whose garden is untidy, and the phone-ban op-ed's
"a ban is the only way": the rules knew only insults and "either ... or". They now read the
shape: someone named as holding a view and a reply about them (what they want, their own
life); options framed as all there are and closed (nothing else exists, or the other option is
a disaster), unless the frame gives its reason, accepts both options, or names a third.
"""

from __future__ import annotations

import pytest

from arguments.offline import check_fallacies
from council.demo import DEMO_CRITIQUE_TEXT
from evaluations.fallacies import examples
from tests.arguments.texts import PHONES

COUNCILLOR = (
    "Ever since our town installed the new traffic lights, maths results have gone up. "
    "Clearly, the traffic lights improved our students' results. And don't listen to the "
    "councillor who disagrees: he can't even keep his own garden tidy."
)
DEV = examples("voices_essay_dev")
FROZEN = examples("voices_essay_frozen")


def _quotes(text: str, kind: str) -> list[str]:
    return [f.quote for f in check_fallacies(text) if f.type == kind]


@pytest.mark.parametrize(
    ("text", "kind", "quote"),
    [
        (DEMO_CRITIQUE_TEXT, "ad_hominem", "Managers who oppose remote work simply want control."),
        (COUNCILLOR, "ad_hominem", "he can't even keep his own garden tidy."),
        (PHONES, "false_dilemma", "But a ban is the only way to give pupils their attention back."),
    ],
    ids=["demo-critique-managers", "councillor-garden", "phone-ban-only-way"],
)
def test_the_essays_ad_hominem_and_false_dilemma_are_found_with_their_sentence(text, kind, quote):
    assert any(quote in q for q in _quotes(text, kind)), check_fallacies(text)


@pytest.mark.parametrize(("kind", "text"), [(k, t) for k, t in DEV if k])
def test_each_dev_example_gets_a_finding_of_its_type(kind, text):
    assert kind in {f.type for f in check_fallacies(text)}


@pytest.mark.parametrize("text", [t for k, t in DEV if not k])
def test_a_dev_near_miss_gets_no_finding(text):
    # An either-or whose options are all there are and says why, a choice that names a third
    # option, criticism of a person's argument or evidence rather than of the person.
    assert check_fallacies(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Either we cut the music programme or we close the library; there is no other way, "
        "because the grant covers only one of them.",
        "The only way into the castle was the drawbridge, since the moat surrounded it.",
        "The councillor who disagrees points out that the lights were installed in July, "
        "after the exams.",
        "Those who oppose the plan argue that it costs too much, and their figures deserve an "
        "answer.",
    ],
)
def test_a_reasoned_choice_or_an_answer_to_the_holders_argument_is_no_fallacy(text):
    assert not {"ad_hominem", "false_dilemma"} & {f.type for f in check_fallacies(text)}


def test_frozen_examples_are_found_at_least_as_often_as_when_the_rules_changed():
    # Written with the dev half, never tuned on: when the rules were changed the checker found
    # 8 of 16 (any finding of the right type) and flagged 1 of 8 near misses; the bounds keep
    # about one example of slack, so a change that makes it worse on unseen text fails here.
    fallacies = [(k, t) for k, t in FROZEN if k]
    clean = [t for k, t in FROZEN if not k]
    found = sum(1 for k, t in fallacies if k in {f.type for f in check_fallacies(t)})
    flagged = sum(1 for t in clean if check_fallacies(t))
    assert found >= 7
    assert flagged <= 2


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        (DEMO_CRITIQUE_TEXT, "ad_hominem", '"simply want control"'),
        (COUNCILLOR, "ad_hominem", '"can\'t even"'),
        (PHONES, "false_dilemma", '"the only way"'),
        ("We must choose between growth and the environment.", "false_dilemma", None),
        (
            "Uniforms or chaos: that is the choice this school faces.",
            "false_dilemma",
            '"or chaos: that is the choice"',
        ),
    ],
)
def test_the_explanation_points_at_the_words_that_led_to_it(text, kind, words):
    found = [f for f in check_fallacies(text) if f.type == kind]
    if words is None:  # a frame with nothing to close it says nothing
        assert found == []
    else:
        assert words in found[0].explanation
