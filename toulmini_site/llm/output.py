"""Reading what a model wrote: the JSON answer inside reasoning blocks, fences and prose.

Real servers wrap the answer they were asked for. Reasoning models (DeepSeek-R1, Qwen3, QwQ)
write ``<think>…</think>`` before it, and some chat templates put the opening tag in the prompt,
so only the closing tag arrives; small models put it in a Markdown fence or after a sentence
("Here is the JSON:"). ``answer_json`` peels those off for a whole answer; ``ReasoningFilter``
drops a leading reasoning block from a stream as it arrives, so the student never sees it.

Pure functions, shared by the sync client and the async streaming client.
"""

from __future__ import annotations

import json
import re

_TAGS = "think|thinking|reasoning|thought"
_BLOCK = re.compile(rf"<({_TAGS})>.*?</\1>", re.DOTALL | re.IGNORECASE)
_CLOSE = re.compile(rf"</({_TAGS})>", re.IGNORECASE)
_OPEN = re.compile(rf"\s*<({_TAGS})>", re.IGNORECASE)
_OPENING_TAGS = tuple(f"<{tag}>" for tag in _TAGS.split("|"))


def strip_reasoning(text: str) -> str:
    """``text`` without its reasoning blocks.

    A closing tag with no opening one (the template opened it) drops everything before it; an
    opening tag never closed (the answer was cut off while thinking) leaves nothing.
    """
    text = _BLOCK.sub("", text)
    closings = list(_CLOSE.finditer(text))
    if closings:
        text = text[closings[-1].end() :]
    if _OPEN.match(text):
        return ""
    return text.strip()


def strip_fences(text: str) -> str:
    """``text`` without a Markdown code fence around it (its language name too)."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else stripped[3:]
        stripped = stripped.rstrip()
        if stripped.endswith("```"):
            stripped = stripped[:-3]
    return stripped.strip()


def answer_json(text: str) -> str:
    """The JSON text of an answer: reasoning and fences removed and, when prose surrounds the
    object, the span from its first ``{`` to its last ``}``. What is returned may still not
    be valid JSON: the caller's validation says what is wrong, and the model is told."""
    stripped = strip_fences(strip_reasoning(text))
    if not stripped or stripped[0] in "{[":
        return stripped
    start, end = stripped.find("{"), stripped.rfind("}")
    if start == -1 or end <= start:
        return stripped
    candidate = stripped[start : end + 1]
    try:
        json.loads(candidate)
    except ValueError:
        return stripped
    return candidate


def is_json_object(text: str) -> bool:
    """Whether ``text`` (after ``answer_json``) is a JSON object at all, whatever its fields:
    an answer that is not is one that ignored the requested format."""
    try:
        return isinstance(json.loads(answer_json(text)), dict)
    except ValueError:
        return False


class ReasoningFilter:
    """Drops a leading reasoning block from streamed text, chunk by chunk.

    ``feed(chunk)`` returns the text that may be shown now; ``finish()`` whatever was held
    back at the end. Text before the first non-blank character decides: an opening tag starts a
    block that is dropped up to its closing tag; anything else passes through untouched.
    """

    def __init__(self) -> None:
        self._held = ""
        self._state = "start"  # "start" | "thinking" | "passing"

    def feed(self, chunk: str) -> str:
        if self._state == "passing":
            return chunk
        self._held += chunk
        if self._state == "start":
            head = self._held.lstrip().lower()
            if not head:
                return ""
            if any(tag.startswith(head) for tag in _OPENING_TAGS):
                return ""  # maybe the start of a tag: wait for more
            if not head.startswith(_OPENING_TAGS):
                self._state = "passing"
                released, self._held = self._held, ""
                return released
            self._state = "thinking"
        closing = _CLOSE.search(self._held)
        if closing is None:
            return ""
        self._state = "passing"
        released = self._held[closing.end() :].lstrip()
        self._held = ""
        return released

    def finish(self) -> str:
        """What was held back when the stream ended: a partial tag that never became one is
        released; an unclosed reasoning block is dropped."""
        held, self._held = self._held, ""
        return held if self._state == "start" else ""
