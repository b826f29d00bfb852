"""The council's rules that are not one agent's: progress, the summary's brief, the result.

Pure: the service (``council.services.critique_council``) runs the agents concurrently and
makes the model calls; this module says what the run's progress and result look like.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from council.domain.critique.schemas import Failure
from council.domain.critique.tree import AgentTree

SUMMARY_PURPOSE = "council.critique.summary"
MAX_SUMMARY_POINTS = 12


def self_critique_depth(max_depth: int) -> int:
    """The deepest tree level the self-critiques read: every level but the last.

    The self-critiques start once every agent has that many levels (or has finished its
    tree) and run beside the last level, so a run waits for four dependent model calls at
    depth 3 instead of five. What they adjust are the points that carry the critique (its
    top findings and their first decomposition); the last level's findings, which look
    closer at a parent's quote, are reported with the confidence their agent gave them.
    At depth 1 the self-critiques read the whole (one-level) tree, as before.
    """
    return max(1, max_depth - 1)


def initial_progress(agent_names: Iterable[str], max_depth: int) -> dict[str, Any]:
    """Progress before anything ran: every agent queued."""
    return {
        "stage": "queued",
        "agents": {
            name: {"state": "queued", "level": 0, "max_depth": max_depth, "nodes": 0}
            for name in agent_names
        },
    }


def summary_inputs(
    points: list[dict[str, Any]], failures: list[Failure], *, agents_total: int
) -> dict[str, Any]:
    """What the summary call is told: the top points, briefly, and what failed."""
    brief = [
        {
            **{k: p[k] for k in ("area", "critique", "severity", "confidence", "agents")},
            "fallacy": p.get("fallacy", ""),
            "doubt": p.get("doubt", ""),
        }
        for p in points[:MAX_SUMMARY_POINTS]
    ]
    return {
        "points": brief,
        "failures": [f.describe() for f in failures],
        "failed_agents": [f.agent for f in failures],
        "agents_total": agents_total,
        "points_total": len(points),
    }


def council_result(
    *,
    assessment: str,
    points: list[dict[str, Any]],
    failures: list[Failure],
    trees: dict[str, AgentTree],
    adjustments: dict[str, dict[str, list[dict[str, Any]]]],
    threshold: float,
    progress: dict[str, Any],
) -> dict[str, Any]:
    """The synthesised critique data a run returns (see ``run_critique_council``).

    ``no_findings`` is true only when every agent ran fully and no point passed the threshold.
    """
    for state in progress["agents"].values():
        if state["state"] == "critiqued":  # nothing to self-critique
            state["state"] = "done"
    return {
        "final_assessment": assessment,
        "points": points,
        "no_findings": not points and not failures,
        "degraded": bool(failures),
        "failures": [f.model_dump() for f in failures],
        "agents_failed": [name for name, tree in trees.items() if tree.failed],
        "threshold": threshold,
        "trees": {name: [n.model_dump() for n in tree.nodes] for name, tree in trees.items()},
        "adjustments": adjustments,
        "progress": progress,
    }
