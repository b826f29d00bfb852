"""Where a part of a chain stands in its source text: the words a language model gave a part
(its claim, a datum, the warrant...) found again in the text, so the page can highlight them
as it highlights the offline reader's parts.

A model quotes the text, rewords it lightly, or says something in its own words. ``locate``
tries the words exactly (after folding case, quotes, dashes and spaces), then the sentence
that says them again closely (the share of their content words, figures included, that both
hold); when no sentence is close enough the part is in the model's own words and nothing is
highlighted: a wrong sentence highlighted is worse than none.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arguments.domain.reading import stems
from toulmini_site.text.sentences import Sentence, sentences

# The parts a model writes about the text, and where their words are in its JSON.
PART_WORDS: tuple[tuple[str, str, str], ...] = (
    ("claim", "claim", "statement"),
    ("data", "data", "facts"),
    ("warrant", "warrant", "principle"),
    ("backing", "backing", "authority"),
    ("rebuttal", "rebuttal", "exceptions"),
)

# An exact find needs this many characters, so a short phrase ("the council") found inside a
# sentence does not stand for a part.
EXACT_MIN = 15
# A sentence says a part again when at least this share of the part's content words (and
# figures) are in it, this share of the sentence's, and on average ``CLOSE_MEAN``: a light
# rewording keeps most of both; a part that joins two sentences, or makes another point with
# the same nouns, keeps fewer. Chosen on ``evaluations/trust/located_tuning.jsonl`` only
# (``evaluations.trust.located``: a shared-noun near miss there scores 0.62, the least
# rewording 0.67).
CLOSE_PART = 0.6
CLOSE_SENTENCE = 0.5
CLOSE_MEAN = 0.65

_FOLD = str.maketrans(
    {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "«": '"', "»": '"'}
)
_EDGES = " \t\n\"'.,;:!?¡¿()[]"


@dataclass(frozen=True)
class Located:
    """One part's words and where they are: ``match`` is "exact" (the words themselves),
    "close" (a sentence that says them again) or "own_words" (none: nothing to highlight)."""

    part: str
    item: int  # which of the part's facts or exceptions (0 for a part with one text)
    words: str
    match: str
    start: int | None = None
    end: int | None = None
    sentence_index: int | None = None
    score: float = 0.0


def part_words(components: Mapping[str, Any]) -> list[tuple[str, int, str]]:
    """(part, item, words) of each text a chain's components say about the source text."""
    found: list[tuple[str, int, str]] = []
    for part, key, field in PART_WORDS:
        value = (components.get(key) or {}).get(field)
        texts = value if isinstance(value, list) else [value]
        found.extend(
            (part, n, str(t).strip())
            for n, t in enumerate(texts)
            if isinstance(t, str) and t.strip()
        )
    return found


def _folded(text: str) -> tuple[str, list[int]]:
    """``text`` folded (case, quotes, dashes, runs of space) and, for each folded character,
    the offset of the character of ``text`` it comes from."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKC", ch).translate(_FOLD).casefold():
            if c.isspace():
                if out and out[-1] == " ":
                    continue
                c = " "
            out.append(c)
            where.append(i)
    return "".join(out), where


def _exact(words: str, text: str) -> tuple[int, int] | None:
    needle = _folded(words)[0].strip(_EDGES)
    if len(needle) < EXACT_MIN:
        return None
    hay, where = _folded(text)
    at = hay.find(needle)
    if at < 0:
        return None
    return where[at], where[at + len(needle) - 1] + 1


_FIGURE = re.compile(r"\d+(?:[.,]\d+)?")


def _terms(text: str) -> frozenset[str]:
    return stems(text) | frozenset(_FIGURE.findall(text))


def closeness(words: str, sentence: str) -> tuple[float, float]:
    """The share of ``words``' content words and figures that ``sentence`` holds, and the
    share of the sentence's that ``words`` holds."""
    mine, theirs = _terms(words), _terms(sentence)
    if not mine or not theirs:
        return 0.0, 0.0
    both = len(mine & theirs)
    return both / len(mine), both / len(theirs)


def locate_words(part: str, item: int, words: str, text: str, sents: list[Sentence]) -> Located:
    span = _exact(words, text)
    if span is not None:
        inside = next((s.index for s in sents if s.start <= span[0] < s.end), None)
        return Located(part, item, words, "exact", span[0], span[1], inside, 1.0)
    best: tuple[float, Sentence] | None = None
    for s in sents:
        of_part, of_sentence = closeness(words, s.text)
        score = (of_part + of_sentence) / 2
        close = of_part >= CLOSE_PART and of_sentence >= CLOSE_SENTENCE and score >= CLOSE_MEAN
        if close and (best is None or score > best[0]):
            best = (score, s)
    if best is None:
        return Located(part, item, words, "own_words")
    score, s = best
    return Located(part, item, words, "close", s.start, s.end, s.index, round(score, 2))


def locate(text: str, components: Mapping[str, Any]) -> list[Located]:
    """Each text of ``components`` (a chain's parts, as stored) found in ``text``, in the
    order of the parts. The caller reads the text in its language (``reading_in``)."""
    sents = sentences(text)
    return [locate_words(p, n, w, text, sents) for p, n, w in part_words(components)]
