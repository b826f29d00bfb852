"""The six philosopher agents and the rules of their self-critique (pure data and functions).

Each agent builds a critique tree and then critiques itself; the service that runs the
council (``council.services.critique_council``) makes the model calls with each agent's
directives (``council/prompts/critique_<name>.txt``).
"""

from __future__ import annotations

from typing import Any

from council.domain.critique.adjustments import validate_adjustments
from council.domain.critique.schemas import CritiqueNode, SelfCritiqueReply
from council.domain.critique.tree import flat_nodes

SELF_PURPOSE = "council.critique.self"


class ReasoningAgent:
    """A council member: a name (its directives are the services' prompt files), a node-id
    prefix and a default area."""

    name = ""  # "kant": the key of its tree in stored results and the API
    label = ""  # "Kant"
    default_area = "General"

    def __init__(self) -> None:
        self.prefix = self.name.upper()


def self_critique_inputs(
    own: list[CritiqueNode], others: dict[str, list[CritiqueNode]]
) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """An agent's own nodes and the others', flattened for the self-critique prompt."""
    return flat_nodes(own), {name: flat_nodes(nodes) for name, nodes in others.items()}


def self_critique_result(
    agent: str,
    reply: SelfCritiqueReply,
    own_flat: list[dict[str, Any]],
    others_flat: dict[str, list[dict[str, Any]]],
) -> dict[str, list[dict[str, Any]]]:
    """The adjustments an agent proposed, checked: ``{"accepted": [...], "rejected": [...]}``."""
    owners = {n["id"]: name for name, nodes in others_flat.items() for n in nodes}
    return validate_adjustments(
        agent=agent,
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
