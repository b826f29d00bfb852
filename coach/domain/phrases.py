"""What the student's message asks for: a confirmation, or a rewrite of their own text.

Matching is by whole words, ignoring case and accents, in English and Spanish: "SI" and "sí"
both confirm, but "yesterday" does not contain "yes" and "mejorar" is not "mejora".
"""

from __future__ import annotations

import functools
import re
import unicodedata

CONFIRMATIONS: tuple[str, ...] = (
    # English
    "yes",
    "yeah",
    "yep",
    "ok",
    "okay",
    "sure",
    "that works",
    "use that",
    "looks good",
    "sounds good",
    "go ahead",
    "confirm",
    # Spanish
    "sí",
    "vale",
    "de acuerdo",
    "me sirve",
    "está bien",
    "definitivamente está bien",
    "úsalo",
    "perfecto",
    "adelante",
)

REWRITE_REQUESTS: tuple[str, ...] = (
    # English
    "rewrite",
    "improve",
    "rephrase",
    "fix",
    "help me word",
    "reword",
    "polish",
    # Spanish
    "reescribe",
    "reescribelo",
    "reescribir",
    "mejora",
    "mejoralo",
    "mejorar",
    "arregla",
    "arreglalo",
    "arreglar",
    "redacta",
)

_WORD = re.compile(r"[a-z0-9]+")


# Every check folds the same few texts many times (a marker list, a sentence per step): pure
# functions of a string, so they are cached.
@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lower case without accents: "Definitivamente ESTÁ bien" -> "definitivamente esta bien"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(fold(text)))


def words(text: str) -> list[str]:
    """The folded words of ``text`` (letters and digits only)."""
    return list(_words(text))


_NEGATIONS = frozenset({"no", "not", "never", "nunca", "tampoco"})


def contains_phrase(text: str, phrase: str, *, unless_negated: bool = False) -> bool:
    """True when ``phrase`` occurs in ``text`` as whole consecutive words.

    With ``unless_negated``, an occurrence right after "no"/"not" does not count
    ("no está bien" is not a confirmation).
    """
    needle = words(phrase)
    haystack = words(text)
    if not needle:
        return False
    size = len(needle)
    for i in range(len(haystack) - size + 1):
        if haystack[i : i + size] != needle:
            continue
        if unless_negated and i > 0 and haystack[i - 1] in _NEGATIONS:
            continue
        return True
    return False


def _matches(text: str, phrases: tuple[str, ...], *, unless_negated: bool = False) -> bool:
    return any(contains_phrase(text, p, unless_negated=unless_negated) for p in phrases)


def is_confirmation(text: str) -> bool:
    """The student accepts a suggestion ("yes", "that works", "me sirve"...)."""
    return _matches(text, CONFIRMATIONS, unless_negated=True)


def is_rewrite_request(text: str) -> bool:
    """The student asks for their text to be improved ("rephrase", "mejora"...)."""
    return _matches(text, REWRITE_REQUESTS)


_SPANISH_MARKERS = frozenset(
    "el la los las un una que de del es son por para con como pero porque segun si no "
    "mas muy esto esta este estos estas lo al se su sus tesis datos hay ser y sirve vale "
    "acuerdo mejoralo mejora reescribe arregla arreglalo claro".split()
)
_ENGLISH_MARKERS = frozenset(
    "the a an of to is are be for with as but because according if not more very this that "
    "these those it its their and there by should will".split()
)


def guess_language(text: str, default: str) -> str:
    """ "es" or "en" by counting common words; ``default`` when the text does not tell."""
    if any(ch in text for ch in "¿¡ñÑ"):
        return "es"
    tokens = words(text)
    spanish = sum(token in _SPANISH_MARKERS for token in tokens)
    english = sum(token in _ENGLISH_MARKERS for token in tokens)
    if spanish > english:
        return "es"
    if english > spanish:
        return "en"
    return default
