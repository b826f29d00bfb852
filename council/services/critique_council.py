"""Running the Reasoning Council: the model calls, the thread pool and the progress events.

The rules (agents, trees, adjustments, synthesis, formatter) are the pure domain's
(``council.domain.critique``); this module asks the model and feeds the replies to them. The
names follow the design spec (``critique-council-design.md``): ``run_critique_council``,
``execute_reasoning_tree`` and ``critique_goal_document``.

Agents run in bounded thread pools, so a run's wall time follows the critical path rather
than the sum of all calls: the tree levels but the last, then the last level beside the
self-critiques (which read the levels above it), then the summary. Progress
events travel through a queue and ``on_progress`` is always called on the caller's thread,
so a service may save progress to its database from there.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from arguments.domain.document import DocumentReading
from arguments.domain.fallacies import LIKELY_AT, TAXONOMY
from arguments.offline import document_reading
from council.domain.critique.adjustments import apply_adjustments
from council.domain.critique.agents import (
    AGENTS,
    SELF_PURPOSE,
    ReasoningAgent,
    self_critique_inputs,
    self_critique_result,
)
from council.domain.critique.council import (
    SUMMARY_PURPOSE,
    council_result,
    initial_progress,
    self_critique_depth,
    summary_inputs,
)
from council.domain.critique.formatter import format_critique_output, usage_line
from council.domain.critique.prompts import (
    self_critique_messages,
    summary_messages,
    tree_messages,
)
from council.domain.critique.schemas import (
    CritiqueNode,
    Failure,
    LevelReply,
    SelfCritiqueReply,
    SummaryReply,
)
from council.domain.critique.synthesis import DEFAULT_THRESHOLD, default_assessment, rank_points
from council.domain.critique.tree import TREE_PURPOSE, AgentTree, TreeBuilder
from council.services import offline
from council.services.prompts import prompt_text
from toulmini_site.llm.client import LLMClient, LLMError
from toulmini_site.llm.offline import OfflineClient
from toulmini_site.text.documents import read_file_content

logger = logging.getLogger(__name__)

ProgressCallback = Callable[[dict[str, Any]], None]
_DONE = object()


def directives(agent: ReasoningAgent) -> str:
    """The agent's style, as its instructions to the model."""
    return prompt_text(f"critique_{agent.name}")


def tree_instructions() -> str:
    """The tree call's instructions, with the taxonomy of fallacies a point may name."""
    listing = "\n".join(f"- {f.id}: {f.definition}" for f in TAXONOMY.values())
    return prompt_text("critique_tree") + "\n\nFALLACIES (id: definition):\n" + listing


def execute_reasoning_tree(
    *,
    agent: ReasoningAgent,
    content: str,
    client: LLMClient,
    max_depth: int = 3,
    confidence_floor: float = 0.3,
    on_level: Callable[[int], None] | None = None,
    on_findings: Callable[[list[CritiqueNode]], None] | None = None,
    on_accepted: Callable[[int, list[CritiqueNode]], None] | None = None,
    reading: DocumentReading | None = None,
) -> AgentTree:
    """Build ``agent``'s critique tree of ``content``: one model call per level.

    ``on_findings`` receives the agent's top findings as soon as its first level is in, so
    a page can show them while the deeper levels, the self-critiques and the synthesis run.
    ``on_accepted(level, nodes)`` is called, on this thread, after each level is grown into
    the tree (the nodes are the tree's own: copy what must outlive the next level).

    Never raises for a model failure: a failed level is recorded in ``failures`` (naming the
    nodes it was decomposing) and the tree built so far is returned.

    ``reading`` is the run's one reading of ``content`` (``arguments.offline.document_reading``),
    shared by the council's agents; without it the agent makes its own.
    """
    if reading is None:
        reading = document_reading(content)
    builder = TreeBuilder(
        agent=agent,
        content=content,
        max_depth=max_depth,
        confidence_floor=confidence_floor,
        fallacies=TAXONOMY,
    )
    while (level := builder.next_level()) is not None:
        if on_level is not None:
            on_level(level)
        payload = builder.payload()
        try:
            reply = client.answer(
                purpose=TREE_PURPOSE,
                schema=LevelReply,
                offline=partial(
                    offline.tree_level,
                    agent=agent.name,
                    level=level,
                    targets=payload,
                    reading=reading,
                ),
                messages=partial(
                    _tree_prompt, agent, level=level, max_depth=max_depth, targets=payload
                ),
                inputs={"agent": agent.name, "level": level, "targets": payload},
            )
        except LLMError as exc:
            builder.fail(str(exc))
            break
        builder.accept(reply)
        if level == 1 and on_findings is not None and builder.tree.nodes:
            on_findings(builder.tree.nodes)
        if on_accepted is not None:
            on_accepted(level, builder.tree.nodes)
    return builder.tree


def _tree_prompt(
    agent: ReasoningAgent, *, level: int, max_depth: int, targets: list[dict[str, Any]]
) -> list[dict[str, str]]:
    """A tree level's prompt for a model (built only when a model is asked)."""
    return tree_messages(
        directives=directives(agent),
        instructions=tree_instructions(),
        level=level,
        max_depth=max_depth,
        targets=targets,
    )


def agent_self_critique(
    agent: ReasoningAgent,
    own: list[CritiqueNode],
    others: dict[str, list[CritiqueNode]],
    *,
    client: LLMClient,
) -> dict[str, list[dict[str, Any]]]:
    """Adjustments to ``agent``'s own claims in the light of the others' (one model call).

    Returns ``{"accepted": [...], "rejected": [...]}``; raises ``LLMError`` when the model
    fails (the council records it and carries on without adjustments).
    """
    own_flat, others_flat = self_critique_inputs(own, others)
    reply = client.answer(
        purpose=SELF_PURPOSE,
        schema=SelfCritiqueReply,
        offline=partial(offline.self_critique, agent=agent.name, own=own_flat, others=others_flat),
        messages=lambda: self_critique_messages(
            directives=directives(agent),
            instructions=prompt_text("critique_self"),
            own=own_flat,
            others=others_flat,
        ),
        inputs={"agent": agent.name, "own": own_flat, "others": others_flat},
    )
    return self_critique_result(agent.name, reply, own_flat, others_flat)


def run_critique_council(
    content: str,
    *,
    client: LLMClient | None = None,
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
    Without a client, the offline philosophers answer; they refuse a text in a language they
    cannot read (``DocumentError``, ``DOCUMENT_LANGUAGE_NOT_READ``).
    """
    # The one reading of the document for the whole run: validated and split here, its roles
    # and fallacies computed once, when the first offline philosopher asks for them.
    reading = document_reading(content)
    content = reading.text
    if client is None:
        client = OfflineClient()
    client.reads(content, offline=offline.require_readable)  # the offline philosophers: English
    members = list(agents) if agents is not None else [cls() for cls in AGENTS]
    progress = initial_progress((a.name for a in members), max_depth)

    def report(stage: str | None = None) -> None:
        if stage:
            progress["stage"] = stage
        progress["seq"] = progress.get("seq", 0) + 1  # a page waiting for news compares it
        if on_progress is not None:
            on_progress(progress)

    # Round 1: every agent builds its tree. Round 2: every agent that found something
    # critiques itself in the light of the others. Round 2 starts as soon as every agent has
    # all but its last level (``self_critique_depth``), and runs beside that last level: the
    # run waits for four dependent calls at depth 3 (levels 1 and 2, then level 3 beside the
    # self-critiques, then the summary) instead of five.
    report("critique")
    depth_read = self_critique_depth(max_depth)
    trees, adjustments, failures = _rounds(
        members,
        content=content,
        reading=reading,
        client=client,
        max_depth=max_depth,
        confidence_floor=confidence_floor,
        depth_read=depth_read,
        max_workers=max_workers,
        progress=progress,
        report=report,
    )
    nodes = {name: tree.nodes for name, tree in trees.items()}
    for name, outcome in adjustments.items():
        apply_adjustments(nodes[name], outcome["accepted"], read_depth=depth_read)

    # Synthesis: rank and merge, then one call for the assessment's wording.
    report("synthesis")
    points = rank_points(nodes, threshold=threshold, likely_at=LIKELY_AT)
    failures.sort(key=lambda f: [a.name for a in members].index(f.agent))
    assessment = _assessment(client, points, failures, agents_total=len(members))
    if isinstance(assessment, Failure):
        failures.append(assessment)
        assessment = default_assessment(
            points, failed_agents=[f.agent for f in failures], agents_total=len(members)
        )
    result = council_result(
        assessment=assessment,
        points=points,
        failures=failures,
        trees=trees,
        adjustments=adjustments,
        threshold=threshold,
        progress=progress,
    )
    report("done")
    # What the page showed while the run went on is not part of the result: the points are.
    result["progress"] = {
        "stage": progress["stage"],
        "agents": {
            name: {k: v for k, v in state.items() if k != "findings"}
            for name, state in progress["agents"].items()
        },
    }
    return result


def early_findings(nodes: list[CritiqueNode]) -> list[dict[str, Any]]:
    """An agent's top findings as the page shows them before the council has weighed them:
    what it claims, the words it quotes, how severe and how sure (self-critique and
    synthesis may still change or drop them)."""
    return [
        {
            "claim": node.claim,
            "evidence": node.evidence,
            "severity": node.severity,
            "confidence": node.confidence,
            "area": node.area,
        }
        for node in nodes
    ]


def critique_goal_document(
    file_path: str, *, client: LLMClient | None = None, max_depth: int = 3
) -> str:
    """Read ``file_path``, run the council, and return the formatted assessment.

    Raises ``FileNotFoundError``/``OSError`` when the file cannot be read and
    ``DocumentError`` when it is empty, binary or too long.
    """
    content = read_file_content(file_path)
    client = client or OfflineClient()
    data = run_critique_council(content, client=client, max_depth=max_depth)
    usage = usage_line(
        engine=client.engine,
        calls=len(client.calls),
        tokens_in=sum(c.tokens_in for c in client.calls),
        tokens_out=sum(c.tokens_out for c in client.calls),
    )
    return format_critique_output(data, usage=usage)


def _rounds(
    members: list[ReasoningAgent],
    *,
    content: str,
    reading: DocumentReading,
    client: LLMClient,
    max_depth: int,
    confidence_floor: float,
    depth_read: int,
    max_workers: int,
    progress: dict[str, Any],
    report: Callable[[str | None], None],
) -> tuple[dict[str, AgentTree], dict[str, dict[str, list[dict[str, Any]]]], list[Failure]]:
    """Build every agent's tree and run the self-critiques; return the trees, the
    adjustments (not yet applied) and the failures, in council order.

    The trees run in one pool and the self-critiques in another, each of ``max_workers``
    threads. A tree posts a copy of its nodes once it has ``depth_read`` levels (or is
    finished, or crashed); when every agent has, the self-critiques start on those copies,
    while the trees grow their last level. Every event reaches ``report`` on this (the
    caller's) thread; the last one goes out with the next stage's news, not on its own.
    """
    events: queue.Queue = queue.Queue()
    workers = max(1, min(max_workers, len(members)))
    agents = progress["agents"]

    def build(agent: ReasoningAgent) -> None:
        posted = False

        def post_read(nodes: list[CritiqueNode]) -> None:
            nonlocal posted
            if not posted:
                posted = True
                events.put(("read", agent.name, [n.model_copy(deep=True) for n in nodes]))

        def on_accepted(level: int, nodes: list[CritiqueNode]) -> None:
            if level >= depth_read:
                post_read(nodes)

        tree = AgentTree(agent=agent.name)
        try:
            tree = execute_reasoning_tree(
                agent=agent,
                content=content,
                client=client,
                max_depth=max_depth,
                confidence_floor=confidence_floor,
                on_level=lambda level: events.put(("level", agent.name, level)),
                on_findings=lambda found: events.put(
                    ("findings", agent.name, early_findings(found))
                ),
                on_accepted=on_accepted,
                reading=reading,
            )
        except Exception as exc:  # a bug in one agent must not sink the council
            logger.exception("Agent %s crashed", agent.name)
            tree = AgentTree(
                agent=agent.name,
                failures=[Failure(agent=agent.name, stage="critique", error=_safe(exc))],
            )
        finally:
            post_read(tree.nodes)  # a tree that stopped early is read whole
            events.put(("tree", agent.name, tree))

    def review(agent: ReasoningAgent, read: dict[str, list[CritiqueNode]]) -> None:
        others = {name: tops for name, tops in read.items() if name != agent.name}
        outcome: dict[str, Any] | Failure
        try:
            outcome = agent_self_critique(agent, read[agent.name], others, client=client)
        except Exception as exc:
            if not isinstance(exc, LLMError):
                logger.exception("Self-critique of %s crashed", agent.name)
            outcome = Failure(agent=agent.name, stage="self-critique", error=_safe(exc))
        events.put(("review", agent.name, outcome))

    trees: dict[str, AgentTree] = {}
    read: dict[str, list[CritiqueNode]] = {}
    reviewing: set[str] = set()
    outcomes: dict[str, dict[str, Any] | Failure] = {}

    def finished() -> bool:
        return (
            len(trees) == len(members)
            and len(read) == len(members)
            and (len(outcomes) == len(reviewing))
        )

    if not members:
        return {}, {}, []
    with (
        ThreadPoolExecutor(max_workers=workers) as tree_pool,
        ThreadPoolExecutor(max_workers=workers) as review_pool,
    ):
        for agent in members:
            tree_pool.submit(build, agent)
        while not finished():
            kind, name, value = events.get()
            state = agents[name]
            if kind == "level":
                state["level"] = value
                state["state"] = "self_critique" if name in reviewing else "running"
            elif kind == "findings":
                state["findings"] = value
            elif kind == "tree":
                trees[name] = value
                state["nodes"] = sum(len(top.walk()) for top in value.nodes)
                state["state"] = _agent_state(name, value, reviewing, outcomes)
            elif kind == "review":
                outcomes[name] = value
                state["state"] = "done" if name in trees else "running"
            elif kind == "read":
                read[name] = value
                if len(read) < len(members):
                    continue  # a copy for the self-critiques: no news for the page
                for agent in members:
                    if read[agent.name]:
                        reviewing.add(agent.name)
                        agents[agent.name]["state"] = "self_critique"
                        review_pool.submit(review, agent, read)
                if not finished():
                    report("self_critique")
                continue
            if not finished():
                report(None)

    order = [a.name for a in members]
    failures = [f for name in order for f in trees[name].failures]
    failures += [o for n in order if isinstance(o := outcomes.get(n), Failure)]
    failures.sort(key=lambda f: order.index(f.agent))
    adjustments = {
        n: outcome
        for n in order
        if n in outcomes and not isinstance(outcome := outcomes[n], Failure)
    }
    return {n: trees[n] for n in order}, adjustments, failures  # council order


def _agent_state(name: str, tree: AgentTree, reviewing: set[str], outcomes: dict[str, Any]) -> str:
    """An agent's state once its tree is finished."""
    if tree.failed:
        return "failed"
    if name in outcomes:
        return "done"
    return "self_critique" if name in reviewing else "critiqued"


def _assessment(
    client: LLMClient, points: list[dict[str, Any]], failures: list[Failure], *, agents_total: int
) -> str | Failure:
    inputs = summary_inputs(points, failures, agents_total=agents_total)
    try:
        reply = client.answer(
            purpose=SUMMARY_PURPOSE,
            schema=SummaryReply,
            offline=partial(offline.summary, inputs),
            messages=lambda: summary_messages(
                instructions=prompt_text("critique_summary"),
                points=inputs["points"],
                failures=inputs["failures"],
            ),
            inputs=inputs,
        )
        return reply.final_assessment.strip()
    except Exception as exc:
        if not isinstance(exc, LLMError):
            logger.exception("Council summary crashed")
        return Failure(agent="council", stage="synthesis summary", error=_safe(exc))


def _safe(exc: Exception) -> str:
    """A message fit to show: ``LLMError`` texts are, anything else is summarised."""
    if isinstance(exc, LLMError):
        return str(exc)
    return f"internal error ({type(exc).__name__})"
