"""Russell's contradictions and Kant's inconsistent duties: two sentences that agree, in
whatever words, are never reported; sentences that do contradict each other still are."""

from __future__ import annotations

import pytest

from council.domain.critique.offline import level_one
from council.domain.critique.polarity import asserted, contradicts, stance
from toulmini_site.text.sentences import sentences

# Each pair says one thing twice, in other words: a double negation, a verb that already says
# no, a skipped or limited duty, a harm kept away, an idiom that only looks negative.
AGREEING = [
    (
        "Every student must wear a uniform at school.",
        "No student may come to school without a uniform.",
    ),
    (
        "Schools must ban phones in every classroom.",
        "Schools should never allow phones in any classroom.",
    ),
    ("Teachers must always check the homework.", "Teachers must never skip checking the homework."),
    (
        "We must protect every child from online harm.",
        "We should never expose a child to online harm.",
    ),
    (
        "Homework must be limited to one hour a night.",
        "Homework must not take more than one hour a night.",
    ),
    (
        "Uniforms are not only cheap but also fair to every family.",
        "Uniforms are always fair to every family.",
    ),
    ("Screens are always harmful for young pupils.", "Screens are never good for young pupils."),
    ("All drivers must stop at a red light.", "No driver should ever ignore a red light."),
    (
        "Junk food should never be sold in school canteens.",
        "School canteens must stop selling junk food.",
    ),
    ("Kids don't need phones in class, it's that simple.", "Kids never need phones in class."),
]

# Each pair does contradict itself, in several voices.
CONTRADICTING = [
    ("Phones are always useful for safety.", "Phones are never useful for safety."),
    ("Teachers must collect phones at the door.", "Teachers must not collect phones at the door."),
    (
        "Public schools should ban personal phones in every classroom.",
        "Public schools should not ban personal phones in every classroom.",
    ),
    ("Pupils always learn better without screens.", "Pupils never learn better without screens."),
    ("Every child deserves a free school meal.", "No child deserves a free school meal."),
    ("Students always love new tools.", "Students never love new tools that are imposed."),
    ("Kids always focus fine with phones around.", "Kids can't focus fine with phones around."),
    ("Everyone must respect the school rules.", "Nobody must respect the school rules."),
]


def _consistency(agent: str, first: str, second: str) -> list[dict]:
    return [f for f in level_one(agent, f"{first} {second}") if f["area"] == "Consistency"]


@pytest.mark.parametrize(("first", "second"), AGREEING)
def test_two_sentences_that_agree_are_no_contradiction(first, second):
    assert not contradicts(first, second)
    assert _consistency("russell", first, second) == []
    assert _consistency("kant", first, second) == []


@pytest.mark.parametrize(("first", "second"), CONTRADICTING)
def test_a_real_contradiction_is_still_found(first, second):
    assert contradicts(first, second)
    (found,) = _consistency("russell", first, second)
    assert found["evidence"] == second


def test_opposite_duties_are_still_inconsistent_for_kant():
    first, second = CONTRADICTING[1]
    (found,) = _consistency("kant", first, second)
    assert found["claim"].startswith("Inconsistent duties")


@pytest.mark.parametrize(
    "reported",
    [
        "Some people say phones are never useful for safety.",
        "Critics claim that phones are never useful for safety.",
        "According to the union, phones are never useful for safety.",
        "Are phones never useful for safety?",
        "If phones are never useful for safety, schools should say so.",
    ],
)
def test_what_others_say_a_question_or_a_condition_is_not_the_authors_assertion(reported):
    assert not asserted(reported)
    assert not contradicts("Phones are always useful for safety.", reported)


def test_a_reported_view_followed_by_the_authors_own_sentence_is_still_asserted():
    text = "Some critics say it is expensive. Students always love new tools."
    assert [asserted(s.text) for s in sentences(text)] == [False, True]


def test_negations_cancel_and_verbs_that_say_no_count_as_one():
    assert stance("Every pupil must wear a uniform.") == 0
    assert stance("No pupil may come without a uniform.") == 0
    assert stance("Schools must ban phones.") == 1
    assert stance("Schools should not ban phones.") == 0
    assert stance("Phones are not only cheap but useful.") == 0


def test_sentences_about_different_things_do_not_contradict():
    assert not contradicts("Phones always distract students.", "Students cannot focus at night.")
