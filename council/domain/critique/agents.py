"""The six philosopher agents. Each builds a critique tree and then critiques itself.

An agent holds no state between calls; the client is passed in, so agents run safely in
threads and never touch a database.
"""

from __future__ import annotations

import logging
from typing import Any

from council.domain.critique.adjustments import validate_adjustments
from council.domain.critique.prompts import load_prompt, self_critique_messages
from council.domain.critique.schemas import CritiqueNode, SelfCritiqueReply
from council.domain.critique.tree import AgentTree, execute_reasoning_tree, flat_nodes

logger = logging.getLogger(__name__)

SELF_PURPOSE = "council.critique.self"


class ReasoningAgent:
    """A council member: a style (directives), a node-id prefix and a default area."""

    name = ""  # "kant": the key of its tree in stored results and the API
    label = ""  # "Kant"
    default_area = "General"

    def __init__(self) -> None:
        self.style = self.label
        self.prefix = self.name.upper()

    @property
    def directives(self) -> str:
        return load_prompt(f"critique_{self.name}")

    def critique(
        self,
        content: str,
        *,
        client: Any,
        max_depth: int = 3,
        confidence_floor: float = 0.3,
        on_level: Any = None,
    ) -> AgentTree:
        """The agent's critique tree for ``content`` (at most one model call per level)."""
        return execute_reasoning_tree(
            agent=self,
            content=content,
            client=client,
            max_depth=max_depth,
            confidence_floor=confidence_floor,
            on_level=on_level,
        )

    def self_critique(
        self, own: list[CritiqueNode], others: dict[str, list[CritiqueNode]], *, client: Any
    ) -> dict[str, list[dict[str, Any]]]:
        """Adjustments to its own claims in the light of the others' (one model call).

        Returns ``{"accepted": [...], "rejected": [...]}``; raises ``LLMError`` when the
        model fails (the council records it and carries on without adjustments).
        """
        own_flat = flat_nodes(own)
        others_flat = {name: flat_nodes(nodes) for name, nodes in others.items()}
        reply = client.structured(
            purpose=SELF_PURPOSE,
            messages=self_critique_messages(
                directives=self.directives, own=own_flat, others=others_flat
            ),
            schema=SelfCritiqueReply,
            inputs={"agent": self.name, "own": own_flat, "others": others_flat},
        ).value
        owners = {n["id"]: name for name, nodes in others_flat.items() for n in nodes}
        return validate_adjustments(
            agent=self.name,
            proposed=reply.adjustments,
            own_ids={n["id"] for n in own_flat},
            other_owners=owners,
        )


class AristotleAgent(ReasoningAgent):
    name, label, default_area = "aristotle", "Aristotle", "Structure"


class DescartesAgent(ReasoningAgent):
    name, label, default_area = "descartes", "Descartes", "Clarity"


class KantAgent(ReasoningAgent):
    name, label, default_area = "kant", "Kant", "Principles"


class LeibnizAgent(ReasoningAgent):
    name, label, default_area = "leibniz", "Leibniz", "Sufficient reason"


class PopperAgent(ReasoningAgent):
    name, label, default_area = "popper", "Popper", "Testability"


class RussellAgent(ReasoningAgent):
    name, label, default_area = "russell", "Russell", "Precision"


AGENTS: tuple[type[ReasoningAgent], ...] = (
    AristotleAgent,
    DescartesAgent,
    KantAgent,
    LeibnizAgent,
    PopperAgent,
    RussellAgent,
)
AGENT_NAMES: tuple[str, ...] = tuple(a.name for a in AGENTS)


def agent_named(name: str) -> ReasoningAgent:
    for cls in AGENTS:
        if cls.name == name:
            return cls()
    raise KeyError(name)
