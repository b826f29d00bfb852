"""One keyword-pattern helper: the rule-based analyzers' vocabulary as regular expressions."""

from __future__ import annotations

import re


def keywords(*terms: str) -> re.Pattern[str]:
    """A case-insensitive pattern matching any of ``terms`` as whole words.

    Each term is a regular expression (``"improv\\w*"``, ``"a|b"``), joined as alternatives.
    """
    return re.compile(r"\b(?:" + "|".join(terms) + r")\b", re.IGNORECASE)
