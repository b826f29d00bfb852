"""Self-critique adjustments: which are accepted, which are rejected, and how far they go."""

from __future__ import annotations

import logging
import math
from typing import Any

from council.domain.critique.schemas import Adjustment, CritiqueNode

logger = logging.getLogger(__name__)

MAX_DELTA = 0.35


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def validate_adjustments(
    *,
    agent: str,
    proposed: list[Adjustment],
    own_ids: set[str],
    other_owners: dict[str, str],
) -> dict[str, list[dict[str, Any]]]:
    """Split ``proposed`` into accepted (deltas clamped to ±``MAX_DELTA``) and rejected.

    An agent adjusts only its own claims: an id from another agent's tree, or one that is in
    no tree, is rejected with the reason and logged.
    """
    accepted: list[dict[str, Any]] = []
    rejected: list[dict[str, Any]] = []
    for adj in proposed:
        target = adj.target_claim_id.strip()
        reason = ""
        if target in other_owners:
            reason = f"belongs to {other_owners[target]}; an agent adjusts only its own claims"
        elif target not in own_ids:
            reason = "unknown claim id"
        elif not math.isfinite(adj.confidence_delta):
            reason = "delta is not a number"
        if reason:
            logger.warning("%s: adjustment of %r rejected: %s", agent, target, reason)
            rejected.append({**adj.model_dump(), "reason": reason})
            continue
        delta = round(clamp(adj.confidence_delta, -MAX_DELTA, MAX_DELTA), 3)
        accepted.append(
            {
                "target_claim_id": target,
                "confidence_delta": delta,
                "requested_delta": adj.confidence_delta,
                "clamped": delta != adj.confidence_delta,
                "reasoning": adj.reasoning,
            }
        )
    return {"accepted": accepted, "rejected": rejected}


def apply_adjustments(
    nodes: list[CritiqueNode], accepted: list[dict[str, Any]], *, read_depth: int | None = None
) -> None:
    """Shift confidences in place; several adjustments of one claim still total ±MAX_DELTA.

    ``read_depth``: the deepest level the self-critique read (None: all of them). A node
    below it was not read, so it follows its ancestor at ``read_depth``: it looks closer at
    that node's quote, and the agent's second thoughts about the point hold for it too.
    """
    totals: dict[str, float] = {}
    for adj in accepted:
        key = adj["target_claim_id"]
        totals[key] = totals.get(key, 0.0) + adj["confidence_delta"]

    def shift(node: CritiqueNode, total: float) -> None:
        delta = clamp(total, -MAX_DELTA, MAX_DELTA)
        node.confidence = round(clamp(node.confidence + delta, 0.0, 1.0), 3)

    def visit(node: CritiqueNode, depth: int) -> None:
        if node.id in totals:
            shift(node, totals[node.id])
        if read_depth is not None and depth == read_depth and node.id in totals:
            for below in node.walk()[1:]:
                shift(below, totals[node.id])
            return
        for child in node.sub_critiques:
            visit(child, depth + 1)

    for top in nodes:
        visit(top, 1)
