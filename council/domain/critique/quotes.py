"""Deterministic text rules: quote checking, atomic spans, similarity."""

from __future__ import annotations

import re

_TYPOGRAPHY = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u00a0": " ",
    }
)
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"[A-Za-z\u00c0-\u024f0-9']+")

ATOMIC_WORDS = 6

STOPWORDS = frozenset(
    """a an and are as at be been but by for from has have in into is it its of on or
    that the their there these this those to was were which will with not no""".split()
)


def normalize(text: str) -> str:
    """Case, white space and typographic quotes/dashes folded, so a quote compares fairly."""
    text = text.translate(_TYPOGRAPHY).replace("\u2026", "...")
    return _SPACE.sub(" ", text).strip().casefold()


def clean_quote(quote: str) -> str:
    """A quote without the wrapping quotation marks or ellipses models like to add."""
    return normalize(quote).strip(" \"'`.").strip()


def quote_in(quote: str, normalized_text: str) -> bool:
    """True when ``quote`` occurs in the text (already passed through ``normalize``)."""
    cleaned = clean_quote(quote)
    return bool(cleaned) and cleaned in normalized_text


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def is_atomic(span: str) -> bool:
    """Too short to decompose further: fewer than ``ATOMIC_WORDS`` words."""
    return len(words(span)) < ATOMIC_WORDS


def content_words(text: str) -> set[str]:
    return {w.casefold() for w in words(text) if w.casefold() not in STOPWORDS and len(w) > 2}


def jaccard(a: str, b: str) -> float:
    left, right = content_words(a), content_words(b)
    if not left or not right:
        return 0.0
    return len(left & right) / len(left | right)


def overlaps(a: str, b: str) -> bool:
    """One quote contains the other (after normalisation)."""
    left, right = clean_quote(a), clean_quote(b)
    return bool(left and right) and (left in right or right in left)
