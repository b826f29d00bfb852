"""How the rules and the sentence-role model combine on the claim (``reading.Combination``)."""

from __future__ import annotations

import dataclasses

import pytest

from arguments.domain.reading import Combination, claim_score, find_claim
from toulmini_site.text.sentences import sentences

# Leaves every choice to the model: no lead is enough, no margin, no backing, no short texts.
FREE = Combination(lead=None, margin=0.0, backed=False, short=0, rules_upto=0)
QUERY = "Should the town build a skate park?"


def claim_probs(*claim: float) -> list[dict[str, float]]:
    return [
        {"claim": p, "data": 0.0, "backing": 0.0, "rebuttal": 0.0, "none": 1 - p} for p in claim
    ]


def chosen(text: str, probs: list[dict[str, float]], combination: Combination) -> int:
    sentence = find_claim(QUERY, sentences(text), probs=probs, combination=combination)[1]
    assert sentence is not None
    return sentence.index


SETTINGS = [
    FREE,
    Combination(lead=5, margin=0.3, backed=True, short=6, rules_upto=6),
    Combination(lead=2, margin=0.0, backed=False, short=8, rules_upto=0),
]


@pytest.mark.parametrize("combination", SETTINGS)
def test_a_sentence_the_text_marks_as_its_claim_wins_whatever_the_model_and_the_setting(
    combination,
):
    text = (
        "Teenagers skate on the steps of the war memorial every afternoon. "
        "Two of them were hurt there last year. "
        "Therefore the town should build a skate park."
    )
    assert chosen(text, claim_probs(0.95, 0.9, 0.01), combination) == 2


def test_the_model_cannot_overrule_a_rules_lead_as_large_as_the_setting_asks():
    text = "Overall, buses matter. Trains run late. Fares went up."
    sents = sentences(text)
    lead = claim_score(sents[0], set()) - max(claim_score(s, set()) for s in sents[1:])
    probs = claim_probs(0.05, 0.9, 0.05)

    def pick(lead_needed):
        combination = dataclasses.replace(FREE, lead=lead_needed)
        return find_claim("q", sents, probs=probs, combination=combination)[1].index

    assert lead >= 2
    assert pick(int(lead)) == 0  # the lead is enough: the rules' first sentence stands
    assert pick(int(lead) - 1) == 0
    assert pick(int(lead) + 1) == 1  # it is not: the model's choice
    assert pick(None) == 1


def test_the_model_overrules_only_by_a_clear_margin_of_its_own_probability():
    text = "Buses matter. Trains run late. Fares went up."
    sents = sentences(text)
    probs = claim_probs(0.4, 0.55, 0.05)  # the model prefers the second by 0.15

    def pick(margin):
        combination = dataclasses.replace(FREE, margin=margin)
        return find_claim("q", sents, probs=probs, combination=combination)[1].index

    assert pick(0.0) == 1
    assert pick(0.1) == 1
    assert pick(0.2) == 0
    assert pick(0.3) == 0


def test_a_rules_claim_with_a_stance_stands_only_when_the_setting_says_backing_counts():
    backed = "I think buses matter. Trains run late. Fares went up."
    plain = "Buses matter. Trains run late. Fares went up."
    probs = claim_probs(0.1, 0.9, 0.2)
    with_backing = dataclasses.replace(FREE, backed=True)
    assert chosen(backed, probs, with_backing) == 0
    assert chosen(backed, probs, FREE) == 1
    assert chosen(plain, probs, with_backing) == 1  # no stance, no conclusion: the model's


def test_in_a_text_as_short_as_the_setting_says_the_rules_claim_stands():
    text = "Buses matter. Trains run late. Fares went up."
    probs = claim_probs(0.1, 0.9, 0.2)
    assert chosen(text, probs, dataclasses.replace(FREE, rules_upto=3)) == 0
    assert chosen(text, probs, dataclasses.replace(FREE, rules_upto=2)) == 1


def test_in_a_short_text_the_model_chooses_only_among_sentences_on_the_querys_subject():
    letter = (
        "I am a retired postman and a grandfather of four. "
        "Every afternoon teenagers skate on the steps of the war memorial. "
        "A skate park would give them somewhere safe to go."
    )
    probs = claim_probs(0.6, 0.1, 0.3)  # the model favours the personal detail
    assert chosen(letter, probs, dataclasses.replace(FREE, short=3)) == 2
    assert chosen(letter, probs, dataclasses.replace(FREE, short=2)) == 0  # longer than short


@pytest.mark.parametrize("margin", [0.0, 0.2])
def test_a_rules_claim_off_the_subject_of_a_short_text_does_not_stand_by_the_margin(margin):
    # the rules prefer the opening stance (no word of the query), the model prefers it too; in
    # a short text the model chooses among the sentences on the subject, whatever the margin
    text = (
        "I think we must act now. "
        "Teenagers skate on the steps of the war memorial. "
        "A park of their own would keep them safe."
    )
    probs = claim_probs(0.6, 0.2, 0.3)
    assert chosen(text, probs, dataclasses.replace(FREE, short=3, margin=margin)) == 2
    assert chosen(text, probs, dataclasses.replace(FREE, margin=margin)) == 0  # not short
