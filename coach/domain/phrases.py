"""What the student's message asks for: a confirmation, or a rewrite of their own text.

Matching is by whole words, ignoring case and accents, in every language pack's words: "SI"
and "sí" both confirm, but "yesterday" does not contain "yes" and "mejorar" is not "mejora".
"""

from __future__ import annotations

import functools
import re

from coach.domain import languages
from coach.domain.languages.base import fold as _fold

CONFIRMATIONS: tuple[str, ...] = languages.every("confirmations")
_INFORMAL_YES = frozenset(" ".join(_fold(y).split()) for y in languages.every("informal_yes"))
REWRITE_REQUESTS: tuple[str, ...] = languages.every("rewrite_requests")
# "¿Vale la pena madrugar tanto?", "make sure pupils sleep": the yes-word is part of an idiom
# about the topic, so it is taken out before looking for a yes.
_YES_IDIOMS = re.compile(
    r"\b(?:" + "|".join(re.escape(_fold(i)) for i in languages.every("yes_idioms")) + r")\b"
)

_WORD = re.compile(r"[a-z0-9]+")


# Every check folds the same few texts many times (a marker list, a sentence per step): pure
# functions of a string, so they are cached.
@functools.lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Lower case without accents: "Definitivamente ESTÁ bien" -> "definitivamente esta bien"."""
    return _fold(text)


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(fold(text)))


def words(text: str) -> list[str]:
    """The folded words of ``text`` (letters and digits only)."""
    return list(_words(text))


_NEGATIONS = languages.every_set("negations")


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


def _unstretched(text: str) -> str:
    """``text``'s words with a letter typed over and over once: "yesss" -> "yes", "siii" -> "si"."""
    return " ".join(re.sub(r"(.)\1+$", r"\1", word) for word in words(text))


def is_confirmation(text: str) -> bool:
    """The student accepts a suggestion ("yes", "that works", "me sirve"...); a whole message
    may say it informally ("ya", "dale", "yesss", "sii"); not a yes-word inside an idiom
    ("vale la pena", "make sure")."""
    text = _YES_IDIOMS.sub(" ", fold(text))
    if _matches(text, CONFIRMATIONS, unless_negated=True):
        return True
    plain = " ".join(words(text))
    if plain in _INFORMAL_YES or _unstretched(text) in _INFORMAL_YES:
        return True
    return len(words(text)) == 1 and _matches(_unstretched(text), CONFIRMATIONS)


def is_rewrite_request(text: str) -> bool:
    """The student asks for their text to be improved ("rephrase", "mejora"...)."""
    return _matches(text, REWRITE_REQUESTS)


def guess_language(text: str, default: str) -> str:
    """The code of the language pack whose common words ``text`` uses most (or whose own
    letters it writes, "¿ñ"); ``default`` when the text does not tell."""
    for pack in languages.packs():
        if pack.letters and any(ch in text for ch in pack.letters):
            return pack.code
    tokens = words(text)
    scores = {
        pack.code: sum(token in pack.markers for token in tokens) for pack in languages.packs()
    }
    best = max(scores.values(), default=0)
    leaders = [code for code, score in scores.items() if score == best]
    return leaders[0] if len(leaders) == 1 else default


# A message this short tells its language only by its own letters or by more of its words
# than the session's, a word the session's language also uses ("no") not counted: "no data",
# "nope no facts", "no idea man" are answered in an English session's English.
_SHORT_MAX_WORDS = 4


def reply_language(text: str, session: str) -> str:
    """The language to answer ``text`` in, in a session held in ``session``."""
    guess = guess_language(text, session)
    tokens = words(text)
    if guess == session or len(tokens) > _SHORT_MAX_WORDS:
        return guess
    other = languages.pack_for(guess)
    if other.letters and any(ch in text for ch in other.letters):
        return guess
    own = languages.pack_for(session)
    shared = own.exchange_words | own.grammar_words | own.fillers
    theirs = sum(t in other.markers and t not in shared for t in tokens)
    return guess if theirs > sum(t in own.markers for t in tokens) else session
