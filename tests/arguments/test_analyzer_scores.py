"""The analyzer's scores, exactly: each cue of the claim score and the fact score adds or takes
away its own number of points, and the claim's scope follows its cues in order. A change to
any weight (3 for a conclusion marker, 2 for a stance, up to 3 query words, 1 for the first
sentence, -2 for a premise or a number, -10 for a question) changes a figure here.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arguments.domain.analyzer import (
    NotInText,
    _scope,
    content_words,
    find_claim,
    phase1,
    phase3,
    phase4,
)
from arguments.domain.reading import _fact_score
from arguments.domain.reading import candidates as _candidates
from arguments.domain.reading import claim_score as _claim_score
from toulmini_site.text.sentences import Sentence, sentences

NO_QUERY: set[str] = set()


def at(text: str, index: int = 1) -> Sentence:
    return Sentence(index=index, start=0, end=len(text), text=text)


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("The weather turned grey.", 0.0),
        ("Therefore the weather turned grey.", 3.0),
        ("The weather should turn grey.", 2.0),
        ("Therefore the weather should turn grey.", 5.0),
        ("The weather turned grey because of rain.", -2.0),
        ("The weather turned grey on 3 days.", -2.0),
        ("The weather turned grey because of rain on 3 days.", -2.0),
        ("The weather turned grey?", -10.0),
        ("Therefore the weather should turn grey because of rain?", -7.0),
    ],
)
def test_each_cue_of_the_claim_score_weighs_its_own_points(text, score):
    assert _claim_score(at(text), NO_QUERY) == score


def test_the_first_sentence_adds_one_point_and_no_other_does():
    text = "The weather turned grey."
    assert _claim_score(at(text, index=0), NO_QUERY) == 1.0
    assert _claim_score(at(text, index=1), NO_QUERY) == 0.0
    assert _claim_score(at(text, index=4), NO_QUERY) == 0.0


@pytest.mark.parametrize(
    ("query", "score"),
    [
        ("nothing shared here", 0.0),
        ("weather", 1.0),
        ("weather grey", 2.0),
        ("weather grey turned", 3.0),
        ("weather grey turned today", 3.0),  # "today" is not in the sentence
    ],
)
def test_query_words_add_one_point_each_up_to_three(query, score):
    text = "The weather turned grey over the harbour."
    assert _claim_score(at(text), set(content_words(query))) == score


def test_four_shared_query_words_still_count_three():
    text = "The weather turned grey over the harbour."
    query = set(content_words("weather turned grey harbour"))
    assert len(query & content_words(text)) == 4
    assert _claim_score(at(text), query) == 3.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Every city bans cars.", "universal"),
        ("Cars never help a city.", "universal"),
        ("I ride a bike to work.", "singular"),
        ("Give my city a chance.", "singular"),
        ("My city bans cars.", "general"),  # case-sensitive: only a lower-case "my"
        ("Give me a city without cars.", "singular"),
        ("This school bans phones.", "singular"),
        ("this city bans cars.", "singular"),
        ("THIS CASE is closed.", "singular"),
        ("Traffic fell by 20 percent.", "specific"),
        ("Traffic fell in Oslo.", "specific"),
        ("Cities ban cars.", "general"),
        ("Cities ban cars in mine and meet towns.", "general"),
        ("Cities ban cars in this town.", "general"),
        ("Cities ban cars in Iceland.", "specific"),
        ("X Oslo bans cars.", "specific"),  # a name right after the first letter
        ("Oslo bans cars.", "general"),  # the first word's capital is not a name
        ("Cities ban cars,Oslo too.", "general"),  # a name needs white space before it
        ("Cities ban OSLO cars.", "general"),  # an acronym is not a name
    ],
)
def test_the_scope_follows_its_cues_in_order(text, expected):
    assert _scope(text) == expected


def test_a_universal_word_wins_over_a_singular_one():
    assert _scope("I always ride a bike in Oslo.") == "universal"


def test_a_singular_word_wins_over_a_number():
    assert _scope("I ride 20 km in Oslo.") == "singular"


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("The streets were quiet.", 0),
        ("The streets were quiet because of the ban.", 2),
        ("The streets were quiet on 3 days.", 2),
        ("Reporters said the streets were quiet.", 2),
        ("The streets were quiet on 3 days because of the ban.", 4),
        ("Reporters said the streets were quiet on 3 days because of the ban.", 6),
    ],
)
def test_each_kind_of_evidence_adds_two_points_to_a_fact(text, score):
    assert _fact_score(at(text)) == score


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Short one.", False),  # 10 characters
        ("Twelve char.", True),  # 12
        ("Eleven cha.", False),  # 11
        ("Is this a question about cars?", False),
    ],
)
def test_a_claim_candidate_is_a_statement_of_twelve_characters_or_more(text, kept):
    assert bool(_candidates([at(text)])) is kept


# -- find_claim: the rules, the query, and the last resort ----------------------------------


def test_a_positive_rule_score_picks_the_sentence_over_the_query():
    text = "Buses run late. Therefore cities should fund buses."
    statement, sentence = find_claim("Cities ought to fund buses today", sentences(text))
    assert sentence is not None and sentence.index == 1
    assert statement == "Cities should fund buses."


def test_a_zero_rule_score_falls_back_on_the_query_statement():
    text = "Buses run late because of rain. Drivers wait at the depot."
    statement, sentence = find_claim("  Cities ought to fund buses  ", sentences(text))
    assert (statement, sentence) == ("Cities ought to fund buses", None)


def test_a_query_of_ten_characters_is_a_statement_and_nine_is_not():
    text = "Buses run late because of rain. Drivers wait at the depot."
    assert find_claim("Fund buses", sentences(text)) == ("Fund buses", None)
    statement, sentence = find_claim("Fund bus!", sentences(text))
    assert sentence is not None and sentence.index == 1  # the last resort: best of ties, last


def test_a_question_query_takes_the_best_candidate_even_with_a_negative_score():
    text = "Buses run late because of 3 strikes. Drivers wait at the depot."
    statement, sentence = find_claim("Should towns pay?", sentences(text))
    assert sentence is not None and sentence.index == 1
    assert statement == "Drivers wait at the depot."


def test_a_question_query_and_no_candidate_is_refused_with_the_reason():
    with pytest.raises(NotInText) as refused:
        find_claim("Should cities fund buses?", sentences("Is it late? Why?"))
    assert str(refused.value) == (
        "CLAIM MISSING: the query is a question and the source text states no position. "
        "Write the claim you want to test as a statement (not a question), or add a text "
        "that takes a position."
    )


def test_a_conclusion_marker_names_the_claim_whatever_the_model_says():
    text = "Buses run late. Drivers wait at the depot. Therefore cities should fund buses."
    sents = sentences(text)
    probs = [
        {"claim": 0.9, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
        {"claim": 0.8, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
        {"claim": 0.01, "data": 0.9, "backing": 0.0, "rebuttal": 0.0},
    ]
    assert find_claim("Should cities fund buses?", sents, probs=probs)[1].index == 2


def test_with_the_role_model_the_claim_probability_decides_and_the_rules_break_ties():
    # every sentence is on the query's subject (buses): none is set aside in this short text
    text = "Cities might fund buses. Buses run late. Drivers of buses wait at the depot."
    sents = sentences(text)
    probs = [
        {"claim": 0.2, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
        {"claim": 0.7, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
        {"claim": 0.7, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
    ]
    # 1 and 2 tie on P(claim) and on the rules' score (0): the earlier one wins.
    assert find_claim("fund buses", sents, probs=probs)[1].index == 1
    probs[2]["claim"] = 0.71
    assert find_claim("fund buses", sents, probs=probs)[1].index == 2
    probs[2]["claim"] = 0.7
    # a tie on P(claim) broken by the rules: sentence 2 names more of the query's words
    assert find_claim("buses at the depot", sents, probs=probs)[1].index == 2


# -- phase 1: a short claim is replaced by the query --------------------------------------


def test_a_claim_under_ten_characters_gives_way_to_a_query_of_eleven():
    text = "Therefore, buses. Buses run late because of 3 strikes."
    assert phase1("Fund the bus?", text).claim.statement == "Fund the bus"
    assert phase1("Fund buses?", text).claim.statement == "Fund buses"  # eleven characters
    with pytest.raises(ValidationError, match="at least 10 characters"):
        phase1("Pay buses?", text)  # ten characters: too short to replace it, so refused
    ten = "Therefore, buses run. Buses run late because of 3 strikes."
    assert phase1("Fund the bus?", ten).claim.statement == "Buses run."


def test_phase1_refuses_a_text_without_sentences():
    with pytest.raises(NotInText, match=r"^DATA MISSING: there is no source text"):
        phase1("Cities should fund buses", "  ")


class FakeRoles:
    """A sentence-role model that answers fixed probabilities and records what it was asked."""

    def __init__(self, probs):
        self.probs = probs
        self.asked = []

    def probabilities(self, sents, query):
        self.asked.append(([s.text for s in sents], query))
        return self.probs


def test_the_role_model_is_asked_about_the_sentences_and_the_query():
    sents = sentences("Buses run late. Drivers of buses wait at the depot.")
    roles = FakeRoles(
        [
            {"claim": 0.1, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
            {"claim": 0.9, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
        ]
    )
    assert find_claim("Fund buses", sents, roles=roles)[1].index == 1
    assert roles.asked == [
        (["Buses run late.", "Drivers of buses wait at the depot."], "Fund buses")
    ]


def test_probabilities_given_are_used_without_asking_the_model():
    sents = sentences("Buses run late. Drivers wait at the depot.")
    roles = FakeRoles([])
    probs = [
        {"claim": 0.9, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
        {"claim": 0.1, "data": 0.1, "backing": 0.0, "rebuttal": 0.0},
    ]
    assert find_claim("Fund buses", sents, roles=roles, probs=probs)[1].index == 0
    assert roles.asked == []


def role(claim=0.0, data=0.0, backing=0.0, rebuttal=0.0):
    return {"claim": claim, "data": data, "backing": backing, "rebuttal": rebuttal}


def test_a_datum_by_the_model_needs_half_and_an_objection_a_fifth():
    text = (
        "Cities should fund buses now. Buses carry most workers. Fares rose last spring. "
        "Drivers earn little money. Depots are far away."
    )
    probs = [
        role(claim=0.9),
        role(data=0.3, backing=0.2),  # 0.5: a datum
        role(data=0.49),  # below half: not one
        role(data=0.9, rebuttal=0.2),  # an objection at a fifth
        role(data=0.6, rebuttal=0.19),  # just below: a datum
    ]
    out = phase1("Should cities fund buses?", text, roles=FakeRoles(probs))
    assert out.data.facts == ["Buses carry most workers.", "Depots are far away."]


def test_the_models_data_are_its_five_most_likely_kept_in_text_order():
    facts = [
        "Buses carry most workers.",
        "Fares rose last spring.",
        "Drivers earn little money.",
        "Depots are far away.",
        "Night lines stop early.",
        "Old engines pollute air.",
        "Tickets cost too much.",
    ]
    text = "Cities should fund buses now. " + " ".join(facts)
    likelihoods = [0.5, 0.9, 0.6, 0.95, 0.7, 0.55, 0.8]
    probs = [role(claim=0.9)] + [role(data=p) for p in likelihoods]
    out = phase1("Should cities fund buses?", text, roles=FakeRoles(probs))
    # the five most likely (0.95, 0.9, 0.8, 0.7, 0.6), in the order of the text
    assert out.data.facts == [facts[1], facts[2], facts[3], facts[4], facts[6]]


def test_a_quoted_claim_loses_only_its_closing_punctuation():
    components = {
        "claim": {"statement": " Schools should study Malcolm X. "},
        "rebuttal": {"strength": "strong"},
        "qualifier": {"confidence_pct": 40},
    }
    final = phase4("q", components).verdict.final_statement
    assert (
        final
        == 'Remanded: more evidence is needed before accepting "Schools should study Malcolm X".'
    )


def test_without_the_model_the_five_best_marked_facts_are_kept_in_text_order():
    text = (
        "Therefore cities should fund buses now. "
        "Buses carry 60 percent of workers because fares are low. "  # 4
        "Drivers said the depots are far. "  # 2
        "Fares rose by 5 percent because fuel costs more. "  # 4
        "Night lines stopped on 3 routes because of cuts. "  # 4
        "The mayor reported 200 complaints because of delays. "  # 4
        "Ticket machines broke in 12 stations because of rain. "  # 4
        "Tickets cost too much."  # 0: no marker
    )
    facts = phase1("Should cities fund buses?", text).data.facts
    assert facts == [
        "Buses carry 60 percent of workers because fares are low.",
        "Fares rose by 5 percent because fuel costs more.",
        "Night lines stopped on 3 routes because of cuts.",
        "The mayor reported 200 complaints because of delays.",
        "Ticket machines broke in 12 stations because of rain.",
    ]


def test_a_verdict_without_a_claim_or_a_qualifier_quotes_the_query_at_zero_percent():
    verdict = phase4("Cities should fund buses", {}).verdict
    assert verdict.status == "remanded"
    assert verdict.final_statement == (
        'Remanded: more evidence is needed before accepting "Cities should fund buses".'
    )
    assert verdict.reasoning.startswith("At 0% confidence and with a weak rebuttal")


# -- the qualifier's confidence: the author's own hedge caps it ------------------------------


def sure_components(claim: str) -> dict:
    """3 facts (45 + 21), a named source (+6), absolute warrant and backing (+12 each): 96,
    and a text with no objection (a weak rebuttal, -6): 90 before any hedge."""
    return {
        "claim": {"statement": claim},
        "data": {
            "facts": ["One.", "Two.", "Three."],
            "citations": [{"source": "Oslo City Council", "reference": "2024"}],
        },
        "warrant": {"strength": "absolute"},
        "backing": {"strength": "absolute"},
    }


@pytest.mark.parametrize(
    ("claim", "confidence"),
    [
        ("Cities should ban cars.", 90),
        ("Cities should certainly ban cars.", 90),
        ("Cities should presumably ban cars.", 89),
        ("Cities should probably ban cars.", 69),
        ("Cities should possibly ban cars.", 49),
        ("Cities apparently should ban cars.", 29),
        ("Cities might probably ban cars.", 69),  # the first hedge in the scale decides
    ],
)
def test_the_claims_own_hedge_caps_the_confidence(claim, confidence):
    out = phase3("Should cities ban cars?", "", sure_components(claim))
    assert out.qualifier.confidence_pct == confidence


def test_a_strong_warrant_and_backing_add_eight_each():
    components = sure_components("Cities should ban cars.")
    components["warrant"]["strength"] = "strong"
    assert phase3("q", "", components).qualifier.confidence_pct == 86
    components["backing"]["strength"] = "weak"
    assert phase3("q", "", components).qualifier.confidence_pct == 74


def test_the_rationale_names_each_strength_with_its_article():
    components = sure_components("Cities should ban cars.")
    del components["backing"]
    rationale = phase3("q", "", components).qualifier.rationale
    assert rationale == (
        "78% from 3 fact(s) in the text, an absolute warrant, a missing backing and a weak "
        "rebuttal (0 objection(s) found)."
    )


def test_with_the_model_an_objection_needs_a_rebuttal_probability_of_a_fifth():
    text = "Cities should fund buses now. Buses are often late. Fares are too high."
    probs = [role(claim=0.9), role(rebuttal=0.2), role(rebuttal=0.19)]
    components = {"claim": {"statement": "Cities should fund buses now."}}
    out = phase3("Should cities fund buses?", text, components, roles=FakeRoles(probs))
    assert out.rebuttal.exceptions == ["Buses are often late."]
