"""What the offline rules read: sentences with offsets, content-word stems, and shared cues."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from arguments.domain.fallacies.explanations import Explanation
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import Sentence, sentences


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str  # lower-cased, straight apostrophes


def normal(text: str) -> str:
    return text.lower().replace("’", "'").replace("‘", "'")


def as_span(sentence: Sentence) -> Span:
    """A sentence as the rules read it: its offsets, its text lower-cased."""
    return Span(sentence.start, sentence.end, normal(sentence.text))


def spans(text: str) -> list[Span]:
    """The sentences of ``text`` with their offsets (the toolkit's splitter), lower-cased."""
    return [as_span(s) for s in sentences(text)]


STOP = frozenset(
    """a an the and or but so if then than that this these those it its it's is are was were
    be been being am do does did doing have has had having i me my we our us you your he him
    his she her they them their there here of to in on at by for with from as into about
    not no n't can could will would shall should may might must just very too also only
    what which who whom whose when where why how all any some every each more most much
    such own same other again once still even ever because since while until after before
    therefore thus hence know say says said get gets got make makes""".split()
)
WORD = re.compile(r"[a-z][a-z'-]*")


def stem(word: str) -> str:
    word = word.removesuffix("'s").strip("'-")
    for suffix in ("ingly", "edly", "ness", "ing", "ly", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:6]


def terms(text: str) -> set[str]:
    """Content-word stems of ``text``."""
    return {stem(w) for w in WORD.findall(text) if w not in STOP and len(w) > 1}


def first_terms(text: str) -> list[str]:
    return [stem(w) for w in WORD.findall(text) if w not in STOP and len(w) > 1]


def overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def has(pattern: re.Pattern[str], text: str) -> bool:
    return pattern.search(text) is not None


def count(patterns: tuple[re.Pattern[str], ...], text: str) -> int:
    return sum(1 for p in patterns if p.search(text))


# A rule looks at the lower-cased text of a window of sentences and returns a score (fires at
# 2.0 or more, the confidence grows with it) and its explanation (``explanations.explain``), or
# None. A rule may add a third item, the (start, end) of the clause it is about within that text.
Rule = Callable[
    [str], tuple[float, Explanation] | tuple[float, Explanation, tuple[int, int]] | None
]

_CLAUSE_BREAK = re.compile(r"[;:]|, (?:and|but|so|which|while)\b|\b(?:so|but)\b(?= \w)")


def clause_around(text: str, position: int) -> tuple[int, int]:
    """The clause of ``text`` holding ``position``, without its trailing punctuation."""
    start, end = 0, len(text)
    for match in _CLAUSE_BREAK.finditer(text):
        if match.end() <= position:
            start = match.end()
        elif match.start() > position:
            end = match.start()
            break
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


CONCLUDE = _words("so", "therefore", "thus", "hence", "which proves", "that proves", "clearly")

# A conceded point followed by a demand for more: moving goalposts (and so no red herring).
# "Not enough to" weighs an effect ("distracting, but not enough to stop me"): no demand.
ESCALATE = re.compile(
    r"\bnow (?:prove|show|i need|i want)\b|\bnot enough\b(?! to\b)|\bdoesn'?t count\b|\bdoes not "
    r"count\b|\bshow me\b|\buntil it\b|\bevery single\b|\bbefore i accept\b|\bstill won'?t\b"
)
