"""The document under audit: its sentences by paragraph, and how quotes are found in it again
for highlighting. What is accepted is the text toolkit's rule (``toulmini_site.text.documents``).
Framework-free."""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass

from council.domain.wording import AUDIT
from toulmini_site.text.sentences import sentences as split_sentences


@dataclass(frozen=True)
class Sentence:
    paragraph: int  # 1-based
    number: int  # 1-based within its paragraph
    start: int  # offset in the document
    text: str  # exactly ``document[start:start + len(text)]``

    @property
    def ref(self) -> str:
        return AUDIT.say("ref", paragraph=self.paragraph, number=self.number)

    @property
    def words(self) -> int:
        return len(self.text.split())


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def sentences(text: str) -> list[Sentence]:
    """The document's sentences (the one splitter, ``toulmini_site.text.sentences``), each an
    exact slice of it, numbered within paragraphs. Split once per document: an audit's
    criteria each ask for them (seven times for the student rubric, at once on several
    threads), and get the same."""
    with _split_lock:
        return list(_split(text))


_split_lock = threading.Lock()


@functools.lru_cache(maxsize=16)
def _split(text: str) -> tuple[Sentence, ...]:
    found: list[Sentence] = []
    paragraph_start = 0
    paragraph = 0
    for piece in [*_PARAGRAPH_BREAK.finditer(text), None]:
        end = piece.start() if piece else len(text)
        block = text[paragraph_start:end]
        if block.strip():
            paragraph += 1
            found += [
                Sentence(paragraph, number, paragraph_start + s.start, s.text)
                for number, s in enumerate(split_sentences(block), start=1)
            ]
        if piece:
            paragraph_start = piece.end()
    return tuple(found)


@dataclass(frozen=True)
class Segment:
    """A run of the document; ``labels`` name the criteria whose evidence quotes it."""

    text: str
    labels: tuple[str, ...] = ()

    @property
    def marked(self) -> bool:
        return bool(self.labels)


def highlight_segments(text: str, quotes: list[tuple[str, str]]) -> list[Segment]:
    """The document cut into runs, marking every occurrence of each ``(quote, label)``.

    Overlapping quotes are marked as one run carrying every label involved. A quote that does
    not occur in the text (a model may paraphrase) marks nothing. Linear in the number of
    quote boundaries, not in the document's length (it runs on every progress poll).
    """
    changes: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for quote, label in dict.fromkeys(quotes):
        if not quote:
            continue
        start = text.find(quote)
        while start != -1:
            changes[start].append((label, 1))
            changes[start + len(quote)].append((label, -1))
            start = text.find(quote, start + 1)
    active: Counter[str] = Counter()
    cuts = sorted({0, len(text), *changes})
    segments: list[Segment] = []
    for start, end in zip(cuts, cuts[1:], strict=False):
        for label, delta in changes.get(start, ()):
            active[label] += delta
        labels = tuple(sorted(label for label, count in active.items() if count > 0))
        if segments and segments[-1].labels == labels:
            segments[-1] = Segment(segments[-1].text + text[start:end], labels)
        else:
            segments.append(Segment(text[start:end], labels))
    return segments


def quote_found(text: str, quote: str) -> bool:
    return bool(quote) and quote in text
