"""How near-duplicate critique points merge, exactly: which severity, confidence, agents,
quote flag and fallacy a merged point keeps, and how points tie-break in the ranking."""

from __future__ import annotations

from council.domain.critique.formatter import format_critique_output
from council.domain.critique.schemas import CritiqueNode
from council.domain.critique.synthesis import default_assessment, fallacy_names, rank_points


def node(node_id, *, claim="The term synergy is undefined", evidence="synergy", **more):
    fields = {"confidence": 0.6, "severity": "Medium", "area": "Clarity", **more}
    return CritiqueNode(id=node_id, claim=claim, evidence=evidence, **fields)


def merged(first: CritiqueNode, second: CritiqueNode) -> dict:
    (point,) = rank_points({"kant": [first], "russell": [second]})
    return point


def test_the_merged_point_keeps_the_higher_severity_whichever_comes_first():
    # The better-scored candidate comes first: a lower severity later does not lower it.
    point = merged(node("K-1", severity="High", confidence=0.9), node("R-1", severity="Low"))
    assert point["severity"] == "High"
    point = merged(node("K-1", severity="Low", confidence=0.9), node("R-1", severity="Critical"))
    assert point["severity"] == "Critical"
    assert point["confidence"] == 0.9


def test_a_merged_quote_is_unverified_only_when_every_quote_is():
    both = merged(node("K-1", quote_found=False), node("R-1", quote_found=False))
    assert both["unverified_quote"] is True
    one = merged(node("K-1", quote_found=False, confidence=0.9), node("R-1"))
    assert one["unverified_quote"] is False
    other = merged(node("K-1", confidence=0.9), node("R-1", quote_found=False))
    assert other["unverified_quote"] is False


def test_a_merged_point_names_the_first_fallacy_found():
    later = merged(node("K-1", confidence=0.9), node("R-1", fallacy="false_cause"))
    assert later["fallacy"] == "false_cause"
    first = merged(
        node("K-1", confidence=0.9, fallacy="straw_man"), node("R-1", fallacy="false_cause")
    )
    assert first["fallacy"] == "straw_man"
    neither = merged(node("K-1", confidence=0.9), node("R-1"))
    assert neither["fallacy"] == ""


def test_one_agent_merging_twice_is_named_once_and_every_claim_id_is_kept():
    trees = {
        "kant": [
            node("K-1", confidence=0.9),
            node("K-2", claim="Synergy is an undefined term", confidence=0.5),
        ]
    }
    (point,) = rank_points(trees)
    assert point["agents"] == ["kant"]
    assert point["claim_ids"] == ["K-1", "K-2"]


def test_a_point_is_a_whole_record_of_its_node():
    (point,) = rank_points(
        {"popper": [node("P-1", fallacy="hasty_generalization", quote_found=False)]}
    )
    assert point == {
        "area": "Clarity",
        "critique": "The term synergy is undefined",
        "severity": "Medium",
        "confidence": 0.6,
        "agents": ["popper"],
        "evidence": "synergy",
        "claim_ids": ["P-1"],
        "unverified_quote": True,
        "fallacy": "hasty_generalization",
    }


def test_agents_of_a_merged_point_are_listed_alphabetically():
    trees = {
        "russell": [node("R-1", confidence=0.9)],
        "aristotle": [node("A-1", confidence=0.5)],
    }
    (point,) = rank_points(trees)
    assert point["agents"] == ["aristotle", "russell"]


def test_equal_scores_rank_by_confidence_then_area_then_critique():
    trees = {
        "kant": [
            # the more confident first, whatever the severity; then by area and critique
            node("K-1", claim="alpha", evidence="one", severity="High", confidence=0.5),
            node("K-2", claim="beta", evidence="two", confidence=0.75),
            node("K-3", claim="delta", evidence="four", area="Logic", confidence=0.75),
            node("K-4", claim="gamma", evidence="three", area="Logic", confidence=0.75),
        ]
    }
    assert [p["critique"] for p in rank_points(trees)] == ["beta", "delta", "gamma", "alpha"]


def test_same_area_across_agents_is_one_point_even_in_other_words():
    point = merged(
        node("K-1", claim="Vague wording here", confidence=0.9),
        node("R-1", claim="Nobody can tell what synergy means"),
    )
    assert point["claim_ids"] == ["K-1", "R-1"]


def test_within_one_agent_other_words_in_the_same_area_stay_two_points():
    trees = {
        "kant": [
            node("K-1", claim="Vague wording here", confidence=0.9),
            node("K-2", claim="Nobody can tell what synergy means"),
        ]
    }
    assert len(rank_points(trees)) == 2


def test_a_lower_severity_ranked_first_takes_the_higher_severity_merged_into_it():
    # Low x 1.0 outranks Medium x 0.45, so the Low point is the one merged into.
    point = merged(node("K-1", severity="Low", confidence=1.0), node("R-1", confidence=0.45))
    assert (point["severity"], point["claim_ids"]) == ("Medium", ["K-1", "R-1"])
    same = merged(node("K-1", severity="Low", confidence=1.0), node("R-1", severity="Low"))
    assert same["severity"] == "Low"


def test_a_tree_is_flattened_for_the_prompt_with_its_evidence_cut_at_300_characters():
    from council.domain.critique.tree import flat_nodes

    top = node("K-1", evidence="e" * 301, severity="High", confidence=0.7)
    top.sub_critiques.append(node("K-1.1", claim="Closer look", evidence="short", area="Logic"))
    assert flat_nodes([top]) == [
        {
            "id": "K-1",
            "claim": "The term synergy is undefined",
            "evidence": "e" * 300,
            "confidence": 0.7,
            "severity": "High",
            "area": "Clarity",
        },
        {
            "id": "K-1.1",
            "claim": "Closer look",
            "evidence": "short",
            "confidence": 0.6,
            "severity": "Medium",
            "area": "Logic",
        },
    ]


# -- fallacies: likely before possible ---------------------------------------------------


def _fallacies() -> dict:
    return {
        "kant": [
            node(
                "K-1",
                claim="ad hominem",
                evidence="he lies",
                area="Fallacy",
                confidence=0.45,
                fallacy="ad_hominem",
            ),
            node("K-2", claim="a rule", evidence="must", area="Principles", confidence=0.7),
        ],
        "leibniz": [
            node(
                "L-1",
                claim="false cause",
                evidence="so it caused",
                area="Fallacy",
                confidence=0.8,
                fallacy="false_cause",
            ),
            node(
                "L-2",
                claim="slippery slope",
                evidence="then disaster",
                area="Fallacy",
                confidence=0.58,
                fallacy="slippery_slope",
            ),
        ],
    }


def test_a_fallacy_point_is_likely_or_possible_by_the_checkers_line():
    points = rank_points(_fallacies(), likely_at=0.6)
    doubt = {p["fallacy"]: p.get("doubt") for p in points}
    assert doubt == {
        "false_cause": "likely",
        "": None,
        "slippery_slope": "possible",
        "ad_hominem": "possible",
    }
    assert [p["critique"] for p in points] == [
        "false cause",
        "a rule",
        "slippery slope",
        "ad hominem",
    ]


def test_the_assessment_names_likely_fallacies_before_possible_ones():
    points = rank_points(_fallacies(), likely_at=0.6)
    assessment = default_assessment(points, failed_agents=[], agents_total=6)
    assert assessment.endswith(
        "Named fallacies: false cause, possibly slippery slope, possibly ad hominem."
    )
    # a possible fallacy ranked above a likely one (a corroborated point) still comes after it
    points[0]["doubt"], points[2]["doubt"] = "possible", "likely"
    assert fallacy_names(points) == [
        "slippery slope",
        "possibly false cause",
        "possibly ad hominem",
    ]


def test_the_written_critique_says_how_sure_each_fallacy_is():
    points = rank_points(_fallacies(), likely_at=0.6)
    written = format_critique_output({"points": points, "final_assessment": "x"})
    assert "FALLACY: false_cause (LIKELY)" in written
    assert "FALLACY: slippery_slope (POSSIBLE)" in written
