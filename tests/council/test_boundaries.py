"""Boundary values of every threshold, bonus and cut-off the README or the code names, each
tested through the defaults (no argument overrides them), on both sides of the line.
"""

from __future__ import annotations

import pytest

from council.domain.audit.analyzers import assess
from council.domain.critique.offline import offline_self_critique
from council.domain.critique.schemas import CritiqueNode
from council.domain.critique.synthesis import DEFAULT_THRESHOLD, rank_points
from council.services.critique_council import run_critique_council
from toulmini_site.llm.fake import FakeClient


# -- the audit's confidence: 0.5 + 0.1 per matching sentence, at most 0.9 -------------------
@pytest.mark.parametrize(
    ("reasons", "confidence"), [(0, 0.5), (1, 0.6), (3, 0.8), (4, 0.9), (6, 0.9)]
)
def test_the_audit_confidence_grows_by_a_tenth_per_sentence_up_to_nine_tenths(reasons, confidence):
    plain = [f"The hearing on day {n} was held in the main room." for n in range(1, 4)]
    reasoned = [
        f"The claim fails on count {n} because the notice was late." for n in range(reasons)
    ]
    text = " ".join(plain + reasoned)
    assert assess(text=text, analyzer="reasoning", criterion_name="R").relevance_confidence == (
        confidence
    )


# -- the offline self-critique: +0.1 corroborated, -0.05 when weak and alone -----------------
def node(node_id: str, evidence: str, confidence: float) -> dict:
    return {"id": node_id, "claim": "c", "evidence": evidence, "confidence": confidence}


def deltas(own: list[dict], others: dict) -> dict[str, float]:
    reply = offline_self_critique({"agent": "kant", "own": own, "others": others})
    return {a["target_claim_id"]: a["confidence_delta"] for a in reply["adjustments"]}


def test_a_corroborated_point_gains_a_tenth():
    own = [node("KANT-1", "Remote work obviously makes teams productive", 0.3)]
    others = {"popper": [node("POPPER-1", "obviously makes teams productive", 0.6)]}
    assert deltas(own, others) == {"KANT-1": 0.1}


@pytest.mark.parametrize(("confidence", "expected"), [(0.49, {"KANT-1": -0.05}), (0.5, {})])
def test_an_uncorroborated_point_below_one_half_loses_five_hundredths(confidence, expected):
    own = [node("KANT-1", "Remote work obviously makes teams productive", confidence)]
    others = {"popper": [node("POPPER-1", "Studies ultimately prove it", 0.6)]}
    assert deltas(own, others) == expected


# -- the council's threshold: 0.4 by default -------------------------------------------------
def critique_node(node_id: str, claim: str, evidence: str, confidence: float) -> CritiqueNode:
    return CritiqueNode(
        id=node_id, claim=claim, evidence=evidence, confidence=confidence, severity="High",
        area=node_id.split("-")[0].title(),
    )  # fmt: skip


def test_the_default_threshold_is_the_readmes_point_four():
    assert DEFAULT_THRESHOLD == 0.4


@pytest.mark.parametrize(("confidence", "kept"), [(0.39, False), (0.4, True)])
def test_the_council_keeps_points_from_point_four_by_default(
    critique_model, critique_document, confidence, kept
):
    critique_model.confidence = confidence
    critique_model.decompose = False
    result = run_critique_council(critique_document, client=FakeClient(critique_model))
    assert result["threshold"] == 0.4
    assert bool(result["points"]) is kept


# -- synthesis: claims alike from a content-word Jaccard of 0.5 ------------------------------
EVIDENCE = "Remote work obviously makes every team more productive."


def test_two_points_of_one_agent_merge_when_their_claims_are_half_alike():
    # content words {alpha, beta, gamma} and {alpha, beta, delta, gamma}: Jaccard 3/4
    # and {alpha, beta} vs {alpha, beta, gamma, delta}: Jaccard exactly 2/4
    trees = {
        "kant": [
            critique_node("KANT-1", "alpha beta", EVIDENCE, 0.9),
            critique_node("KANT-2", "alpha beta gamma delta", EVIDENCE, 0.8),
        ]
    }
    assert len(rank_points(trees)) == 1


def test_two_points_of_one_agent_stay_apart_below_half_alike():
    # {alpha, beta} vs {alpha, beta, gamma, delta, epsilon}: Jaccard 2/5
    trees = {
        "kant": [
            critique_node("KANT-1", "alpha beta", EVIDENCE, 0.9),
            critique_node("KANT-2", "alpha beta gamma delta epsilon", EVIDENCE, 0.8),
        ]
    }
    assert len(rank_points(trees)) == 2
