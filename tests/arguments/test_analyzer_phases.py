"""Phases 2 and 3 of the offline analyzer, exactly: which sentence is the warrant and what
kind of inference it states, when it is strong, and how objections become exceptions and
counterexamples (at most four, never the same sentence twice)."""

from __future__ import annotations

import pytest

from arguments.domain.analyzer import phase2, phase3

QUERY = "Should cities ban cars downtown?"
CLAIM = {"claim": {"statement": "Cities should ban cars downtown."}}


def warrant_of(text: str, components: dict | None = None):
    return phase2(QUERY, text, components or CLAIM).warrant


@pytest.mark.parametrize(
    ("rule", "logic"),
    [
        ("In general, towns with fewer cars have cleaner air.", "inductive"),
        ("In general, all towns with fewer cars have cleaner air.", "deductive"),
        ("In general, every town with fewer cars has cleaner air.", "deductive"),
        ("In general, towns always breathe better with fewer cars.", "deductive"),
        ("In general, whenever cars leave, the air of towns clears.", "deductive"),
        ("In general, if cars leave, the air of towns clears.", "deductive"),
        ("In general, any town with fewer cars has cleaner air.", "deductive"),
        ("In general, no one breathes well in towns full of cars.", "deductive"),
        ("In general, nobody breathes well in towns full of cars.", "deductive"),
        ("In general, each town with fewer cars has cleaner air.", "deductive"),
        ("In general, cars are the best explanation of dirty town air.", "abductive"),
        ("In general, cars are the likely explanation of dirty town air.", "abductive"),
        ("In general, traffic explains most of the dirty air in towns.", "abductive"),
        ("In general, every town's dirty air is best explanation by cars.", "abductive"),
    ],
)
def test_the_warrants_logic_follows_its_words(rule, logic):
    assert warrant_of(rule).logic_type == logic


def test_a_rule_needs_twenty_characters():
    assert warrant_of("In general, cars ban.").principle == "In general, cars ban."  # 21
    assert warrant_of("In general cars ban.").principle == "In general cars ban."  # 20
    assert warrant_of("In general cars ba.").strength == "weak"  # 19: no rule stated
    assert warrant_of("In general cars ba.").principle.startswith("The data do not bear")


def test_a_rule_drops_its_marker_only_when_twenty_characters_remain():
    assert warrant_of("Therefore, in general cars harm.").principle == "In general cars harm."
    short = "Therefore, in general cars ha."  # 19 characters once "Therefore, " is gone
    assert warrant_of(short).principle == short


def test_a_question_is_no_rule():
    assert warrant_of("In general, do towns with fewer cars have cleaner air?").strength == "weak"


@pytest.mark.parametrize(
    ("components", "strength"),
    [
        ({"claim": {"statement": "Cities should ban cars"}}, "strong"),  # the claim's last word
        ({"claim": {"statement": "Towns must act"}}, "weak"),
        ({"data": {"facts": ["Oslo has fewer cars", "Pollution fell"]}}, "strong"),
        ({"data": {"facts": ["Oslo grew", "Pollution fell"]}}, "weak"),
    ],
)
def test_the_warrant_is_strong_when_it_shares_a_word_with_the_claim_query_or_data(
    components, strength
):
    rule = "In general, cars choke everything nearby."
    assert phase2("Oslo?", rule, components).warrant.strength == strength


def test_without_a_claim_the_query_alone_is_matched():
    rule = "In general, cars choke everything nearby."
    assert phase2("Should we ban cars?", rule, {}).warrant.strength == "strong"
    assert phase2("Should we act?", rule, {}).warrant.strength == "weak"


# -- phase 3 ----------------------------------------------------------------------------------


def rebuttal_of(text: str):
    return phase3(QUERY, text, CLAIM).rebuttal


def test_at_most_four_objections_are_listed():
    text = (
        "However, buses are slow. However, shops may close. However, taxis cost more. "
        "However, winters are harsh. However, tourists complain."
    )
    assert rebuttal_of(text).exceptions == [
        "However, buses are slow.",
        "However, shops may close.",
        "However, taxis cost more.",
        "However, winters are harsh.",
    ]


def test_when_every_objection_is_a_case_the_first_is_the_exception():
    text = (
        "However, for example Oslo lost shops. "
        "However, for instance Bergen lost jobs. "
        "However, consider Rome and its tourists."
    )
    rebuttal = rebuttal_of(text)
    assert rebuttal.exceptions == ["However, for example Oslo lost shops."]
    assert rebuttal.counterexamples == [
        "However, for instance Bergen lost jobs.",
        "However, consider Rome and its tourists.",
    ]
    assert rebuttal.strength == "strong"


def test_no_objection_is_a_weak_rebuttal_with_no_counterexample():
    rebuttal = rebuttal_of("Cars are loud.")
    assert rebuttal.counterexamples == []
    assert rebuttal.strength == "weak"
    assert rebuttal.exceptions[0].startswith("The source text considers no exception")


def test_a_sentence_is_used_when_a_part_repeats_quotes_or_holds_it():
    from arguments.domain.reading import is_used as _is_used
    from toulmini_site.text.sentences import sentences

    (sentence,) = sentences("Therefore, cities should ban cars downtown.")
    assert _is_used(sentence, ["", "Cities should ban cars downtown."])  # past an empty part
    assert _is_used(sentence, ["We say: Cities should ban cars downtown. Indeed."])
    assert _is_used(sentence, ["ban cars downtown"]) is False  # 17 characters: too short
    (long_one,) = sentences("Cities in Norway should ban all the cars downtown now.")
    assert _is_used(long_one, ["Norway should ban all"])  # 21 characters, held whole
    assert _is_used(long_one, ["Norway should ban al"])  # 20
    assert _is_used(long_one, ["Norway should ban a"]) is False  # 19


def test_the_rationale_names_a_missing_warrant():
    rationale = phase3(QUERY, "", {"claim": {"statement": "Cities should ban cars."}}).qualifier
    assert "a missing warrant, a missing backing" in rationale.rationale


def test_the_offline_entry_point_runs_without_a_query():
    from arguments.domain.analyzer import analyze_phase

    out = analyze_phase(
        {"phase": 1, "source_text": "Cities must act. Air is bad because of 5 cars."}
    )
    assert out.claim.statement == "Cities must act."


def test_a_source_named_in_part_or_with_an_article_is_cited_once_by_its_fuller_name():
    from arguments.domain.analyzer import add_citation
    from arguments.domain.toulmin import Citation

    citations: list = []
    for source in ("THE Academy", "American Academy of Pediatrics", "an academy", "Anne Smith"):
        add_citation(citations, Citation(source=source, reference="r"))
    assert [c.source for c in citations] == ["American Academy of Pediatrics", "Anne Smith"]


def test_the_offline_entry_point_defaults_to_no_query_and_no_text():
    from arguments.domain.analyzer import NotInText, analyze_phase

    with pytest.raises(NotInText, match="^DATA MISSING: there is no source text"):
        analyze_phase({"phase": 1, "query": "Cities should ban cars downtown."})
    verdict = analyze_phase({"phase": 4}).verdict
    assert verdict.final_statement == 'Remanded: more evidence is needed before accepting "".'
