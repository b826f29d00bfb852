"""Text that can be stored: no NUL character, no unpaired surrogate.

PostgreSQL refuses NUL in a text or jsonb value, and a lone surrogate (JSON's ``"\\ud800"``
with no partner) cannot even be encoded: either, once saved, was a 500. Every way text
enters (the API's JSON parser, JSON inside a string field, an AIF document) asks here.
"""

from __future__ import annotations

import re
from typing import Any

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
UNSTORABLE_MESSAGE = "Text may not contain NUL characters or unpaired surrogates."


def unstorable_paths(data: Any, path: str = "") -> list[str]:
    """The paths (``a.b.0``; ``(root)`` for ``data`` itself) of the strings in ``data``, keys
    included, that hold a NUL character or a lone surrogate; empty when all can be stored."""
    if isinstance(data, str):
        return [path or "(root)"] if _UNSTORABLE.search(data) else []
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and _UNSTORABLE.search(key):
                found.append(path or "(root)")
            found += unstorable_paths(value, f"{path}.{key}".strip("."))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            found += unstorable_paths(item, f"{path}.{index}".strip("."))
    return found
