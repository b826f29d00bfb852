"""Synthesis: from adjusted trees to ranked, de-duplicated points.

A point is kept at or above the threshold; near-duplicates from different agents merge into
one point that names every agent; points rank by confidence, the surer first (severity breaks
ties): a severe point the council is unsure of does not head the list. A point that names a
fallacy says whether it is likely or only possible, by the fallacy checker's own line
(``likely_at``, passed in by the service), so likely fallacies come before possible ones.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from council.domain.critique.quotes import jaccard, overlaps
from council.domain.critique.schemas import SEVERITY_WEIGHT, CritiqueNode, honest_severity

DEFAULT_THRESHOLD = 0.4
SIMILAR_CLAIMS = 0.5  # content-word Jaccard at which two claims say the same thing


def _candidate(agent: str, node: CritiqueNode) -> dict[str, Any]:
    return {
        "area": node.area,
        "critique": node.claim,
        "severity": node.severity,
        "confidence": node.confidence,
        "agents": [agent],
        "evidence": node.evidence,
        "claim_ids": [node.id],
        "unverified_quote": not node.quote_found,
        "fallacy": node.fallacy,
    }


def _rank(point: dict[str, Any]) -> tuple[float, int]:
    """Sort key, best first: the more confident, then the more severe."""
    return (-point["confidence"], -SEVERITY_WEIGHT[point["severity"]])


def _same_point(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two points about the same passage that say the same thing.

    A node and a descendant in the same area are one point (the child looks closer at the
    same problem). Across agents, the same area is enough; within one agent, otherwise, the
    claims themselves must be alike.
    """
    same_area = a["area"].casefold() == b["area"].casefold()
    if same_area and (_descends(a, b) or _descends(b, a)):
        return True
    if not overlaps(a["evidence"], b["evidence"]):
        return False
    if jaccard(a["critique"], b["critique"]) >= SIMILAR_CLAIMS:
        return True
    across = b["agents"][0] not in a["agents"]
    return across and same_area


def _descends(child: dict[str, Any], parent: dict[str, Any]) -> bool:
    """``child`` is a node of ``parent``'s subtree."""
    return any(c.startswith(p + ".") for c in child["claim_ids"] for p in parent["claim_ids"])


def _merge(into: dict[str, Any], other: dict[str, Any]) -> None:
    if other["agents"][0] not in into["agents"]:
        into["agents"].append(other["agents"][0])
    into["claim_ids"].extend(other["claim_ids"])
    into["confidence"] = max(into["confidence"], other["confidence"])
    if SEVERITY_WEIGHT[other["severity"]] > SEVERITY_WEIGHT[into["severity"]]:
        into["severity"] = other["severity"]
    into["unverified_quote"] = into["unverified_quote"] and other["unverified_quote"]
    into["fallacy"] = into.get("fallacy") or other.get("fallacy", "")


def rank_points(
    trees: dict[str, list[CritiqueNode]],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    likely_at: float | None = None,
) -> list[dict[str, Any]]:
    """Points at or above ``threshold``, merged across agents, the most confident first.

    With ``likely_at``, a point naming a fallacy gets ``doubt``: "likely" at or above it,
    else "possible"."""
    candidates = [
        _candidate(agent, node)
        for agent, nodes in trees.items()
        for top in nodes
        for node in top.walk()
        if node.confidence >= threshold
    ]
    candidates.sort(key=lambda p: (*_rank(p), p["claim_ids"][0]))
    merged: list[dict[str, Any]] = []
    for candidate in candidates:
        for point in merged:
            if _same_point(point, candidate):
                _merge(point, candidate)
                break
        else:
            merged.append(candidate)
    for point in merged:
        point["agents"].sort()
        point["severity"] = honest_severity(point["severity"], point["confidence"])
        if likely_at is not None and point["fallacy"]:
            point["doubt"] = "likely" if point["confidence"] >= likely_at else "possible"
    merged.sort(key=lambda p: (*_rank(p), p["area"], p["critique"]))
    return merged


def default_assessment(
    points: list[dict[str, Any]],
    *,
    failed_agents: Iterable[str],
    agents_total: int,
    points_total: int | None = None,
) -> str:
    """A deterministic assessment, used offline and when the summary call fails.

    ``points`` may be the top of the list only; ``points_total`` is then the full count.
    """
    failed = set(failed_agents) - {"council"}
    ran = f"{agents_total - len(failed)} of {agents_total} agents completed without error"
    if not points:
        if failed:
            return (
                f"No point reached the threshold, but the council was incomplete ({ran}); "
                "the absence of findings is not established."
            )
        return f"No significant findings. All {agents_total} agents completed their analysis."
    counts = {s: 0 for s in ("Critical", "High", "Medium", "Low")}
    for point in points:
        counts[point["severity"]] += 1
    spread = ", ".join(f"{n} {s}" for s, n in counts.items() if n)
    total = max(points_total or 0, len(points))
    if total > len(points):
        spread += f" among the first {len(points)}"
    top = points[0]
    named = fallacy_names(points)
    return (
        f"Analysis identified {total} {'point' if total == 1 else 'points'} ({spread}); {ran}. "
        f"Primary concern ({top['area']}, {top['severity']}): {top['critique']}"
        + (f" Named fallacies: {', '.join(named)}." if named else "")
    )


def fallacy_name(fallacy_id: str) -> str:
    """A fallacy's id as words ("false_cause" -> "false cause")."""
    return fallacy_id.replace("_", " ")


def fallacy_names(points: list[dict[str, Any]]) -> list[str]:
    """The fallacies the points name, each once: the likely ones first, then those only
    possible ("possibly straw man"), in the points' order within each."""
    likely: dict[str, None] = {}
    possible: dict[str, None] = {}
    for point in points:
        if point.get("fallacy"):
            doubt = possible if point.get("doubt") == "possible" else likely
            doubt.setdefault(fallacy_name(point["fallacy"]), None)
    return [*likely, *(f"possibly {name}" for name in possible if name not in likely)]
