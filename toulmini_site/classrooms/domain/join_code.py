"""Join codes: 8 characters a student can read aloud and type without confusing 0/O or 1/I."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
LENGTH = 8


def join_code_new(choice: Callable[[Sequence[str]], str] = secrets.choice) -> str:
    """A fresh random code (``choice`` picks one character; tests may replace it)."""
    return "".join(choice(ALPHABET) for _ in range(LENGTH))


def join_code_normalize(typed: str) -> str | None:
    """The code as stored, from what a student typed: any case, spaces and dashes ignored.

    ``None`` when it cannot be a code (wrong length, or a character outside the alphabet,
    such as 0, O, 1 or I).
    """
    code = "".join(ch for ch in typed.upper() if ch not in " -\t")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code
