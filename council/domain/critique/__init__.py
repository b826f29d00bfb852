"""The Reasoning Council's rules: six philosopher agents, their trees, quotes, adjustments,
synthesis and formatter (framework-free, no model calls).

The run itself (the model calls, the thread pool, progress) is the service's:
``council.services.critique_council`` (``run_critique_council``, ``execute_reasoning_tree``,
``critique_goal_document``, the spec's names).
"""

from council.domain.critique.agents import (
    AGENTS,
    AristotleAgent,
    DescartesAgent,
    KantAgent,
    LeibnizAgent,
    PopperAgent,
    ReasoningAgent,
    RussellAgent,
)
from council.domain.critique.formatter import format_critique_output
from council.domain.critique.tree import AgentTree, TreeBuilder

__all__ = [
    "AGENTS",
    "AgentTree",
    "AristotleAgent",
    "DescartesAgent",
    "KantAgent",
    "LeibnizAgent",
    "PopperAgent",
    "ReasoningAgent",
    "RussellAgent",
    "TreeBuilder",
    "format_critique_output",
]
