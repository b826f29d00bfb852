"""Reading the tutor's answer while it streams.

The model writes one JSON object. While it is still being written, ``streamed_text`` pulls out
as much of ``assistantText`` as has arrived, so the student sees the tutor's words appear; when
the stream ends, ``parse_answer`` turns the whole text into the raw dict the guards judge.
"""

from __future__ import annotations

import json
import re
from typing import Any

_KEY = re.compile(r'"assistantText"\s*:\s*"')
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def streamed_text(buffer: str) -> str:
    """The part of the ``assistantText`` string value present in a partial JSON ``buffer``.

    Stops before an escape sequence that has not fully arrived, so it never returns text
    that a later chunk would change.
    """
    return streamed(buffer)[0]


def streamed(buffer: str) -> tuple[str, bool]:
    """``streamed_text`` and whether the ``assistantText`` string has closed (all of it is
    there)."""
    match = _KEY.search(buffer)
    if match is None:
        return "", False
    out: list[str] = []
    i = match.end()
    while i < len(buffer):
        ch = buffer[i]
        if ch == '"':
            return "".join(out), True
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        if i + 1 >= len(buffer):
            break
        code = buffer[i + 1]
        if code == "u":
            digits = buffer[i + 2 : i + 6]
            if len(digits) < 4:
                break
            try:
                out.append(chr(int(digits, 16)))
            except ValueError:
                break
            i += 6
            continue
        out.append(_ESCAPES.get(code, code))
        i += 2
    return "".join(out), False


def parse_answer(text: str) -> Any:
    """The JSON value the model wrote, tolerating a Markdown fence and text around the object.

    Raises ``ValueError`` when there is no JSON object in ``text``.
    """
    stripped = text.strip()
    if stripped.startswith("```"):
        # The fence's first line may name a language; a fence on one line names none.
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else stripped[3:]
        stripped = stripped.removesuffix("```").strip()
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    start, end = stripped.find("{"), stripped.rfind("}")
    if start == -1 or end <= start:
        raise ValueError("the answer holds no JSON object")
    try:
        return json.loads(stripped[start : end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"the answer is not valid JSON: {exc.msg}") from exc
