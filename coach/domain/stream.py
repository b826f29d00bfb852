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


_SPECIAL = re.compile(r'["\\]')


def streamed(buffer: str) -> tuple[str, bool]:
    """``streamed_text`` and whether the ``assistantText`` string has closed (all of it is
    there)."""
    return StreamedText().read(buffer)


def _decoded(buffer: str, i: int) -> tuple[str, int, bool]:
    """The string value's characters from ``buffer[i]``: the text, where decoding stopped
    (the closing quote, or an escape not fully arrived) and whether the string closed. Plain
    runs are copied whole, between quotes and escapes."""
    out: list[str] = []
    while (stop := _SPECIAL.search(buffer, i)) is not None:
        j = stop.start()
        out.append(buffer[i:j])
        if buffer[j] == '"':
            return "".join(out), j + 1, True
        code = buffer[j + 1 : j + 2]
        if code == "u":
            character, width = _unicode_escape(buffer, j)
            if not character:  # not all there yet (or not an escape): stop before it
                return "".join(out), j, False
            out.append(character)
            i = j + width
            continue
        if not code:
            return "".join(out), j, False
        out.append(_ESCAPES.get(code, code))
        i = j + 2
    out.append(buffer[i:])
    return "".join(out), len(buffer), False


_HEX4 = re.compile(r"[0-9a-fA-F]{4}")


def _unicode_escape(buffer: str, j: int) -> tuple[str, int]:
    """The character a ``\\uXXXX`` escape at ``buffer[j]`` stands for and the escape's width;
    ("", 0) when it has not fully arrived. A character outside the basic plane comes as two
    escapes (a surrogate pair, as JSON writes an emoji): both are read as one, or neither
    until the second arrives — a lone half cannot be encoded in UTF-8."""
    digits = buffer[j + 2 : j + 6]
    if not _HEX4.fullmatch(digits):
        return "", 0
    high = int(digits, 16)
    if 0xDC00 <= high <= 0xDFFF:  # a low half alone
        return "\ufffd", 6
    if not 0xD800 <= high <= 0xDBFF:
        return chr(high), 6
    low = buffer[j + 6 : j + 12]
    if len(low) < 6 and "\\u".startswith(low[:2]) and _HEX4.fullmatch(low[2:].ljust(4, "0")):
        return "", 0  # what has come may still be the low half
    if low[:2] == "\\u" and _HEX4.fullmatch(low[2:]) and 0xDC00 <= int(low[2:], 16) <= 0xDFFF:
        return chr(0x10000 + (high - 0xD800) * 0x400 + int(low[2:], 16) - 0xDC00), 12
    return "\ufffd", 6  # a high half with no low one: the replacement character


class StreamedText:
    """``streamed`` for one answer as it grows, chunk by chunk: each call decodes only what
    arrived since the last (decoding the whole buffer per chunk made a long answer
    quadratic)."""

    def __init__(self) -> None:
        self._at: int | None = None  # where decoding goes on, once the key has arrived
        self._text = ""
        self._closed = False

    def read(self, buffer: str) -> tuple[str, bool]:
        """The ``assistantText`` so far in ``buffer`` (the whole buffer so far) and whether
        it has closed."""
        if self._closed:
            return self._text, True
        if self._at is None:
            match = _KEY.search(buffer)
            if match is None:
                return "", False
            self._at = match.end()
        piece, self._at, self._closed = _decoded(buffer, self._at)
        self._text += piece
        return self._text, self._closed


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
