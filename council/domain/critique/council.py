"""The council's run: six agents critique concurrently, critique themselves, then synthesise.

Agents run in a bounded thread pool, so a run's wall time follows the critical path (the
deepest tree, one self-critique, one summary) rather than the sum of all calls. Progress
events travel through a queue and ``on_progress`` is always called on the caller's thread,
so a service may save progress to its database from there.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from council.domain.critique.adjustments import apply_adjustments
from council.domain.critique.agents import AGENTS, ReasoningAgent
from council.domain.critique.formatter import format_critique_output
from council.domain.critique.prompts import summary_messages
from council.domain.critique.reader import read_file_content, validate_document
from council.domain.critique.schemas import Failure, SummaryReply
from council.domain.critique.synthesis import DEFAULT_THRESHOLD, default_assessment, rank_points
from council.domain.critique.tree import AgentTree
from toulmini_site.llm.client import LLMError

logger = logging.getLogger(__name__)

SUMMARY_PURPOSE = "council.critique.summary"
MAX_SUMMARY_POINTS = 12

ProgressCallback = Callable[[dict[str, Any]], None]
_DONE = object()


def initial_progress(agent_names: Iterable[str], max_depth: int) -> dict[str, Any]:
    """Progress before anything ran: every agent queued."""
    return {
        "stage": "queued",
        "agents": {
            name: {"state": "queued", "level": 0, "max_depth": max_depth, "nodes": 0}
            for name in agent_names
        },
    }


def run_critique_council(
    content: str,
    *,
    client: Any = None,
    max_depth: int = 3,
    threshold: float = DEFAULT_THRESHOLD,
    confidence_floor: float = 0.3,
    agents: Iterable[ReasoningAgent] | None = None,
    on_progress: ProgressCallback | None = None,
    max_workers: int = 6,
) -> dict[str, Any]:
    """Run the council over ``content`` and return the synthesised critique data.

    The result holds the spec's ``final_assessment``, ``points`` and ``no_findings``, plus
    ``degraded``, ``failures`` (which agent, stage and nodes failed), ``agents_failed``,
    ``trees`` and ``adjustments`` keyed by philosopher, ``threshold`` and ``progress``.
    ``no_findings`` is true only when every agent ran fully and no point passed the threshold.
    Without a client, the offline philosophers answer.
    """
    validate_document(content)
    if client is None:
        client = _offline_client()
    members = list(agents) if agents is not None else [cls() for cls in AGENTS]
    progress = initial_progress((a.name for a in members), max_depth)

    def report(stage: str | None = None, **agent_updates: dict[str, Any]) -> None:
        if stage:
            progress["stage"] = stage
        for name, update in agent_updates.items():
            progress["agents"][name].update(update)
        if on_progress is not None:
            on_progress(progress)

    # Round 1: every agent builds its tree.
    report("critique")
    trees: dict[str, AgentTree] = {}

    def build(agent: ReasoningAgent, events: queue.Queue) -> AgentTree:
        def on_level(level: int) -> None:
            events.put((agent.name, {"state": "running", "level": level}))

        try:
            return agent.critique(
                content,
                client=client,
                max_depth=max_depth,
                confidence_floor=confidence_floor,
                on_level=on_level,
            )
        except Exception as exc:  # a bug in one agent must not sink the council
            logger.exception("Agent %s crashed", agent.name)
            return AgentTree(
                agent=agent.name,
                failures=[Failure(agent=agent.name, stage="critique", error=_safe(exc))],
            )

    for agent, tree in _run_each(members, build, max_workers, report):
        trees[agent.name] = tree
        count = sum(len(top.walk()) for top in tree.nodes)
        state = "failed" if tree.failed else "critiqued"
        report(**{agent.name: {"state": state, "nodes": count}})

    trees = {a.name: trees[a.name] for a in members}  # council order, not finishing order

    # Round 2: every agent that has a tree critiques itself in the light of the others.
    report("self_critique")
    nodes = {name: tree.nodes for name, tree in trees.items()}
    failures = [f for tree in trees.values() for f in tree.failures]
    adjustments: dict[str, dict[str, list[dict[str, Any]]]] = {}
    reviewers = [a for a in members if trees[a.name].nodes]

    def review(agent: ReasoningAgent, events: queue.Queue) -> dict[str, Any] | Failure:
        events.put((agent.name, {"state": "self_critique"}))
        others = {name: tops for name, tops in nodes.items() if name != agent.name}
        try:
            return agent.self_critique(nodes[agent.name], others, client=client)
        except Exception as exc:
            if not isinstance(exc, LLMError):
                logger.exception("Self-critique of %s crashed", agent.name)
            return Failure(agent=agent.name, stage="self-critique", error=_safe(exc))

    for agent, outcome in _run_each(reviewers, review, max_workers, report):
        if isinstance(outcome, Failure):
            failures.append(outcome)
            report(**{agent.name: {"state": "done"}})
            continue
        adjustments[agent.name] = outcome
        apply_adjustments(nodes[agent.name], outcome["accepted"])
        report(**{agent.name: {"state": "done"}})

    adjustments = {a.name: adjustments[a.name] for a in members if a.name in adjustments}

    # Synthesis: rank and merge, then one call for the assessment's wording.
    report("synthesis")
    points = rank_points(nodes, threshold=threshold)
    failures.sort(key=lambda f: [a.name for a in members].index(f.agent))
    assessment = _assessment(client, points, failures, agents_total=len(members))
    if isinstance(assessment, Failure):
        failures.append(assessment)
        assessment = default_assessment(
            points, failed_agents=[f.agent for f in failures], agents_total=len(members)
        )
    agents_failed = [name for name, tree in trees.items() if tree.failed]
    for state in progress["agents"].values():
        if state["state"] == "critiqued":  # nothing to self-critique
            state["state"] = "done"
    report("done")
    return {
        "final_assessment": assessment,
        "points": points,
        "no_findings": not points and not failures,
        "degraded": bool(failures),
        "failures": [f.model_dump() for f in failures],
        "agents_failed": agents_failed,
        "threshold": threshold,
        "trees": {name: [n.model_dump() for n in tree.nodes] for name, tree in trees.items()},
        "adjustments": adjustments,
        "progress": progress,
    }


def critique_goal_document(file_path: str, *, client: Any = None, max_depth: int = 3) -> str:
    """Read ``file_path``, run the council, and return the formatted assessment.

    Raises ``FileNotFoundError``/``OSError`` when the file cannot be read and
    ``DocumentError`` when it is empty, binary or too long.
    """
    content = read_file_content(file_path)
    return format_critique_output(run_critique_council(content, client=client, max_depth=max_depth))


def _run_each(
    members: list[ReasoningAgent],
    work: Callable[[ReasoningAgent, queue.Queue], Any],
    max_workers: int,
    report: Callable[..., None],
) -> Iterable[tuple[ReasoningAgent, Any]]:
    """Run ``work(agent, events)`` for every agent in a pool; yield results as they finish.

    Progress events posted by workers are forwarded to ``report`` on this (the caller's)
    thread while the others keep working.
    """
    if not members:
        return
    events: queue.Queue = queue.Queue()
    by_name = {a.name: a for a in members}

    def job(agent: ReasoningAgent) -> None:
        result: Any = None
        try:
            result = work(agent, events)
        finally:
            events.put((agent.name, _DONE, result))

    with ThreadPoolExecutor(max_workers=max(1, min(max_workers, len(members)))) as pool:
        for agent in members:
            pool.submit(job, agent)
        remaining = len(members)
        while remaining:
            event = events.get()
            if event[1] is _DONE:
                remaining -= 1
                yield by_name[event[0]], event[2]
            else:
                report(**{event[0]: event[1]})


def _assessment(
    client: Any, points: list[dict[str, Any]], failures: list[Failure], *, agents_total: int
) -> str | Failure:
    brief = [
        {k: p[k] for k in ("area", "critique", "severity", "confidence", "agents")}
        for p in points[:MAX_SUMMARY_POINTS]
    ]
    described = [f.describe() for f in failures]
    try:
        return client.structured(
            purpose=SUMMARY_PURPOSE,
            messages=summary_messages(points=brief, failures=described),
            schema=SummaryReply,
            inputs={
                "points": brief,
                "failures": described,
                "failed_agents": [f.agent for f in failures],
                "agents_total": agents_total,
                "points_total": len(points),
            },
        ).value.final_assessment.strip()
    except Exception as exc:
        if not isinstance(exc, LLMError):
            logger.exception("Council summary crashed")
        return Failure(agent="council", stage="synthesis summary", error=_safe(exc))


def _safe(exc: Exception) -> str:
    """A message fit to show: ``LLMError`` texts are, anything else is summarised."""
    if isinstance(exc, LLMError):
        return str(exc)
    return f"internal error ({type(exc).__name__})"


def _offline_client() -> Any:
    from council.domain.critique.offline import register
    from toulmini_site.llm.offline import OfflineClient

    register()
    return OfflineClient()
