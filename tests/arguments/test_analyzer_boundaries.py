"""Boundary values of every threshold, bonus and cut-off the README or the code names, each
tested through the defaults (no argument overrides them), on both sides of the line.
"""

from __future__ import annotations

import pytest

from arguments.domain.analyzer import SOURCE_LABEL, _evidence_type, find_claim, phase3, phase4
from toulmini_site.text.sentences import sentences

QUERY = "Should cities ban cars downtown?"


# -- the analyzer's claim: a first-sentence bonus of exactly one point ----------------------
def test_the_first_sentence_wins_a_tie_it_reaches_only_by_its_bonus():
    # Without the bonus, the second sentence names one more query word (3 against 2).
    text = "Cities ban traffic in the evening hours. Cities ban cars every single evening."
    assert find_claim(QUERY, sentences(text))[1].index == 0


def test_the_first_sentence_bonus_does_not_beat_two_more_query_words():
    text = "Cities close streets in the evening hours. Cities ban cars downtown every evening."
    assert find_claim(QUERY, sentences(text))[1].index == 1


# -- the analyzer's qualifier: a named citation adds exactly 6 points ------------------------
def components(source: str) -> dict:
    return {
        "claim": {"statement": "Cities should ban cars downtown."},
        "data": {
            "facts": ["Traffic fell by 20% in Oslo."],
            "citations": [{"source": source, "reference": "Traffic fell by 20% in Oslo."}],
        },
        "warrant": {"strength": "weak"},
        "backing": {"strength": "weak"},
    }


def test_a_named_citation_adds_six_points_of_confidence():
    text = "Traffic fell by 20% in Oslo."
    named = phase3(QUERY, text, components("the Oslo traffic office")).qualifier
    unnamed = phase3(QUERY, text, components(SOURCE_LABEL)).qualifier
    # 45 + 7 for one fact - 6 for the weak rebuttal of a text without objections (+ 6 named)
    assert (named.confidence_pct, unnamed.confidence_pct) == (52, 46)


# -- the verdict: sustained from 50% ---------------------------------------------------------
@pytest.mark.parametrize(("confidence", "status"), [(49, "remanded"), (50, "sustained")])
def test_the_verdict_sustains_from_fifty_percent(confidence, status):
    components = {
        "claim": {"statement": "Cities should ban cars downtown."},
        "rebuttal": {"strength": "weak"},
        "qualifier": {"confidence_pct": confidence, "degree": "probably"},
    }
    assert phase4(QUERY, components).verdict.status == status


# -- the evidence type of the data: each cue, its precedence, and near misses ----------------
EVIDENCE_CUES = {
    "statistical": ["survey", "statistics", "rate", "average", "12", "40%", "percent"],
    "expert": [
        "according to",
        "expert",
        "experts",
        "professor",
        "dr",
        "researchers",
        "scientists",
        "psychologists",
        "doctors",
    ],
    "documentary": [
        "report",
        "law",
        "act",
        "constitution",
        "court",
        "article",
        "document",
        "policy",
    ],
    "empirical": [
        "study",
        "studies",
        "experiment",
        "research",
        "observed",
        "found",
        "evidence",
        "results",
    ],
}


@pytest.mark.parametrize(
    ("cue", "kind"), [(cue, kind) for kind, cues in EVIDENCE_CUES.items() for cue in cues]
)
def test_each_cue_gives_its_evidence_type(cue, kind):
    assert _evidence_type(sentences(f"The {cue} matters here.")) == kind


@pytest.mark.parametrize(
    "text",
    [
        "The courtyard matters here.",
        "The reports matter here.",
        "Twelve people came.",
        "The lawyers spoke.",
        "Students studying hard.",
        "The policymakers met.",
    ],
)
def test_a_word_that_only_contains_a_cue_is_testimony(text):
    assert _evidence_type(sentences(text)) == "testimonial"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Experts found that 40% of the results came from the court's report.", "statistical"),
        ("Experts found results in the court's report.", "expert"),
        ("The court's report found results.", "documentary"),
    ],
)
def test_the_first_type_in_the_order_statistics_expert_document_study_wins(text, kind):
    assert _evidence_type(sentences(text)) == kind


def test_the_evidence_type_reads_all_the_facts_together():
    facts = sentences("Pupils were calmer. A survey asked them.")
    assert _evidence_type(facts[:1]) == "testimonial"
    assert _evidence_type(facts) == "statistical"
