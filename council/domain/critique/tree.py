"""The recursive critique tree, built breadth first: one model call per level per agent.

Pure: ``TreeBuilder`` says what to ask and grows the tree from the replies; the service
(``council.services.critique_council``) makes the calls.

Level 1 critiques the whole document; each deeper level examines, in one call, the quoted
spans of every parent still worth decomposing. A branch stops at ``max_depth``, below the
confidence floor, on an atomic quote, on a quote that is not in the document, or when the
agent says nothing more is worth decomposing (``decompose: false`` or no points).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, Field

from council.domain.critique.quotes import clean_quote, is_atomic, normalize, quote_in
from council.domain.critique.schemas import CritiqueNode, Failure, LevelReply, NodeDraft
from council.domain.wording import ERRORS


class TreeAgent(Protocol):
    """What a tree needs of the agent building it (``agents.ReasoningAgent`` is one): its
    name, the prefix of its node ids and the area of a point that names none."""

    name: str
    prefix: str
    default_area: str


logger = logging.getLogger(__name__)

TREE_PURPOSE = "council.critique.tree"
MAX_TOP_POINTS = 5
MAX_CHILDREN = 3
QUOTE_NOT_FOUND_FACTOR = 0.5
OUTSIDE_PARENT_FACTOR = 0.8


class AgentTree(BaseModel):
    """One agent's tree: its top-level nodes, what failed, and what it cost."""

    agent: str
    nodes: list[CritiqueNode] = Field(default_factory=list)
    failures: list[Failure] = Field(default_factory=list)
    levels: int = 0  # levels actually asked (= model calls made for the tree)

    @property
    def failed(self) -> bool:
        """Nothing at all came back (the first level failed)."""
        return bool(self.failures) and self.levels == 0 and not self.nodes


@dataclass
class _Target:
    id: str
    span: str
    claim: str = ""
    node: CritiqueNode | None = None
    children: list[CritiqueNode] = field(default_factory=list)


class TreeBuilder:
    """``agent``'s critique tree of ``content``, built level by level from the replies a
    service fetches: ``next_level()`` says what to ask, ``accept(reply)`` or ``fail(error)``
    takes the answer. Pure: the model call is the caller's.
    """

    def __init__(
        self,
        *,
        agent: TreeAgent,
        content: str,
        max_depth: int = 3,
        confidence_floor: float = 0.3,
        fallacies: Collection[str] = (),
    ) -> None:
        """``fallacies``: the taxonomy's ids a node may name; any other name is dropped."""
        self.agent = agent
        self.fallacies = frozenset(fallacies)
        self.max_depth = max_depth
        self.confidence_floor = confidence_floor
        self.tree = AgentTree(agent=agent.name)
        self.document = normalize(content)
        self.targets = [_Target(id=agent.prefix, span=content)]
        self.level = 0
        self.done = False

    def next_level(self) -> int | None:
        """The next level to ask for, or None when the tree is finished."""
        if self.done or not self.targets or self.level >= self.max_depth:
            return None
        return self.level + 1

    def payload(self) -> list[dict[str, str]]:
        """The targets of the next level, as the prompt and the offline engine read them."""
        return [{"id": t.id, "span": t.span, "claim": t.claim} for t in self.targets]

    def fail(self, error: str) -> None:
        """The next level's call failed: record it against the nodes it was decomposing."""
        level = self.level + 1
        parents = [t.node for t in self.targets if t.node is not None]
        for node in parents:
            node.error = ERRORS.say("error.decomposition", reason=error)
            node.flags.append("decomposition_failed")
        self.tree.failures.append(
            Failure(
                agent=self.agent.name,
                stage=f"level {level}",
                nodes=[n.id for n in parents],
                error=error,
            )
        )
        self.done = True

    def accept(self, reply: LevelReply) -> None:
        """Grow the tree by the next level's reply and choose the level after it."""
        agent, tree, targets = self.agent, self.tree, self.targets
        level = self.level = tree.levels = self.level + 1
        max_depth, confidence_floor, document = self.max_depth, self.confidence_floor, self.document
        drafts = _drafts_by_target(reply, agent.name, {t.id for t in targets})
        next_targets: list[_Target] = []
        for target in targets:
            limit = MAX_TOP_POINTS if target.node is None else MAX_CHILDREN
            fresh = [d for d in drafts.get(target.id, []) if not _repeats(d, target)]
            for index, draft in enumerate(fresh[:limit], start=1):
                node_id = f"{target.id}.{index}" if target.node else f"{agent.prefix}-{index}"
                node = _node(draft, node_id, agent.default_area, target, document)
                _name_fallacy(node, draft.fallacy, self.fallacies)
                siblings = target.node.sub_critiques if target.node else tree.nodes
                siblings.append(node)
                stop = _stop_reason(node, draft, target, level, max_depth, confidence_floor)
                if stop:
                    node.flags.append(f"stopped:{stop}")
                else:
                    next_targets.append(
                        _Target(id=node.id, span=node.evidence, claim=node.claim, node=node)
                    )
        self.targets = next_targets


def _drafts_by_target(reply: LevelReply, agent: str, known: set[str]) -> dict[str, list[NodeDraft]]:
    """The reply's points by target id, matched without regard to case or spacing.

    With a single target (always so at level 1), a group under a mistyped id still belongs
    to it: dropping it would turn a model's slip into "no findings".
    """
    canonical = {target_id.strip().casefold(): target_id for target_id in known}
    grouped: dict[str, list[NodeDraft]] = {}
    for group in reply.groups:
        target_id = canonical.get(group.target_id.strip().casefold())
        if target_id is None and len(known) == 1:
            target_id = next(iter(known))
            logger.info("%s answered for %r; taken as %r", agent, group.target_id, target_id)
        if target_id is None:
            logger.warning("%s answered for unknown target %r; ignored", agent, group.target_id)
            continue
        grouped.setdefault(target_id, []).extend(group.points)
    return grouped


def _repeats(draft: NodeDraft, target: _Target) -> bool:
    """A child that says what its parent said, word for word, adds nothing: it is dropped."""
    return target.node is not None and clean_quote(draft.claim) == clean_quote(target.claim)


def _name_fallacy(node: CritiqueNode, name: str, taxonomy: frozenset[str]) -> None:
    if name in taxonomy:
        node.fallacy = name
    elif name:
        node.flags.append("fallacy_outside_taxonomy")


def _node(
    draft: NodeDraft, node_id: str, default_area: str, target: _Target, document: str
) -> CritiqueNode:
    confidence = draft.confidence
    flags: list[str] = []
    found = quote_in(draft.evidence, document)
    if not found:
        confidence *= QUOTE_NOT_FOUND_FACTOR
        flags.append("quote_not_found")
    elif target.node is not None and not quote_in(draft.evidence, normalize(target.span)):
        confidence *= OUTSIDE_PARENT_FACTOR
        flags.append("quote_outside_parent")
    return CritiqueNode(
        id=node_id,
        claim=draft.claim.strip(),
        evidence=draft.evidence.strip(),
        confidence=round(confidence, 3),
        severity=draft.severity,
        area=draft.area.strip() or default_area,
        quote_found=found,
        flags=flags,
    )


def _stop_reason(
    node: CritiqueNode,
    draft: NodeDraft,
    target: _Target,
    level: int,
    max_depth: int,
    floor: float,
) -> str:
    """Why this branch goes no deeper ("" when it should be decomposed)."""
    if level >= max_depth:
        return "max_depth"
    if node.confidence < floor:
        return "low_confidence"
    if not node.quote_found or "quote_outside_parent" in node.flags:
        return "unverified_quote"
    if not draft.decompose:
        return "agent_stopped"
    if is_atomic(node.evidence) or clean_quote(node.evidence) == clean_quote(target.span):
        return "atomic"
    return ""


def flat_nodes(nodes: list[CritiqueNode]) -> list[dict[str, Any]]:
    """Every node of a tree, flattened for a prompt (no children, evidence trimmed)."""
    return [
        {
            "id": n.id,
            "claim": n.claim,
            "evidence": n.evidence[:300],
            "confidence": n.confidence,
            "severity": n.severity,
            "area": n.area,
        }
        for top in nodes
        for n in top.walk()
    ]
