"""The Reasoning Council: six philosopher agents critique a document (framework-free).

The names follow the design spec (``critique-council-design.md``): ``read_file_content``,
``run_critique_council``, ``ReasoningAgent``, ``execute_reasoning_tree``,
``format_critique_output`` and ``critique_goal_document``.
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
    agent_named,
)
from council.domain.critique.council import critique_goal_document, run_critique_council
from council.domain.critique.formatter import format_critique_output
from council.domain.critique.reader import (
    MAX_DOCUMENT_CHARS,
    DocumentError,
    decode_document,
    read_file_content,
    validate_document,
)
from council.domain.critique.tree import execute_reasoning_tree

__all__ = [
    "AGENTS",
    "MAX_DOCUMENT_CHARS",
    "AristotleAgent",
    "DescartesAgent",
    "DocumentError",
    "KantAgent",
    "LeibnizAgent",
    "PopperAgent",
    "ReasoningAgent",
    "RussellAgent",
    "agent_named",
    "critique_goal_document",
    "decode_document",
    "execute_reasoning_tree",
    "format_critique_output",
    "read_file_content",
    "run_critique_council",
    "validate_document",
]
