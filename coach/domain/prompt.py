"""The messages sent to a language model for one tutor turn.

The instructions come from ``coach/prompts/turn_system.md`` (installed by the app at
start-up). Everything the student wrote (the draft, the conversation, the new message) goes
into one block the instructions call data (the one prompt fence).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from coach.domain.steps import STEPS
from toulmini_site.text.fence import fence

HISTORY_MESSAGES = 12
HISTORY_MESSAGE_CHARS = 1000


_SYSTEM: list[str] = []


def system_prompt_install(text: str) -> None:
    """Give the builder its instructions (``coach/prompts/turn_system.md``, read by the app at
    start-up: the domain reads no files)."""
    _SYSTEM[:] = [text]


def system_prompt() -> str:
    if not _SYSTEM:
        raise LookupError("The coach's system prompt is not installed.")
    return _SYSTEM[0]


def turn_messages(
    *,
    step: str,
    language: str,
    topic: str,
    draft: dict[str, str],
    history: list[dict[str, str]],
    user_message: str,
    is_first_turn: bool,
    rewrite_requested: bool,
    intent: str = "attempt",
    help_level: str = "full",
) -> list[dict[str, str]]:
    """System instructions, then one user message holding hints and the data block.

    ``history`` is the conversation so far, oldest first (``role``, ``text``); only the last
    ``HISTORY_MESSAGES`` are sent, each cut to ``HISTORY_MESSAGE_CHARS`` characters.
    """
    hints = []
    if is_first_turn:
        hints.append(
            "This is the student's FIRST message on this step: prefer coaching feedback and "
            "questions over a proposal; propose only with confidence >= 0.8."
        )
    if rewrite_requested:
        hints.append(
            "The student asked for a REWRITE: propose an improved version of their own existing "
            "text for this step, keeping their meaning."
        )
    if intent in ("help", "concept"):
        hints.append(
            "The student ASKED FOR HELP or asked what this part is: do NOT propose and do NOT "
            "write any part of their argument. Explain the part with a short example on a "
            "DIFFERENT topic than theirs, then ask ONE guiding question."
        )
    elif intent == "off_topic":
        hints.append(
            "The student's message is OFF TOPIC: do not propose; bring them back to the "
            "current step with one guiding question."
        )
    if help_level == "questions":
        hints.append(
            "The teacher allows QUESTIONS ONLY: ask guiding questions and say what is missing; "
            "give no explanation and no example."
        )
    elif help_level == "examples":
        hints.append(
            "The teacher allows explanations with examples on OTHER topics, but no rewriting: "
            "propose only the student's own text exactly as they wrote it."
        )
    recent = [
        {"role": m["role"], "text": m["text"][:HISTORY_MESSAGE_CHARS]}
        for m in history[-HISTORY_MESSAGES:]
    ]
    data = {
        "current_step": step,
        "session_language": language,
        "topic": topic,
        "draft": {name: draft.get(name, "") for name in STEPS},
        "recent_conversation": recent,
        "student_message": user_message,
    }
    content = (
        f"CURRENT STEP: {step}\n"
        + "".join(f"HINT: {hint}\n" for hint in hints)
        + f"\n{fence(data)}\n\n"
        + "Answer with the JSON object only."
    )
    return [
        {"role": "system", "content": system_prompt()},
        {"role": "user", "content": content},
    ]


def turn_prompt(inputs: Mapping[str, Any]) -> list[dict[str, str]]:
    """``turn_messages`` for one turn, read from the turn's inputs (as ``enforce_turn``)."""
    return turn_messages(
        step=inputs["step"],
        language=inputs["language"],
        topic=inputs["topic"],
        draft=inputs["draft"],
        history=inputs["history"],
        user_message=inputs["user_message"],
        is_first_turn=inputs["is_first_turn"],
        rewrite_requested=inputs["rewrite_requested"],
        intent=inputs["intent"],
        help_level=inputs.get("help_level", "full"),
    )
