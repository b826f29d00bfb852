"""One sentence splitter, with offsets: every sentence is an exact slice of the text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Sentence:
    index: int
    start: int
    end: int
    text: str

    @property
    def lower(self) -> str:
        return self.text.lower()


# A sentence ends at . ! or ? (closing quotes and brackets included) before white space or the
# end, or at a line break — not inside "3.5", and not after an abbreviation or an initial.
_BOUNDARY = re.compile(r"[.!?]+[\"'”’)\]»]*(?=\s|$)|\n")
_ABBREVIATIONS = frozenset(
    "dr mr mrs ms prof st jr sr vs etc e.g i.e u.s u.k fig al approx inc ltd co".split()
    # Legal writing: "Art. 5", "No. 12", "Sec. 3", "para. 4", "pp. 10-12", "cf.", "JJ."
    + "nos art arts sec para paras pp cf jj".split()
    # Case names: "Brown v. Board of Education".
    + ["v"]
    # Spanish: "Sr.", "Sra.", "Dña.", "Ud.", "p. ej.", "pág.", "núm.", "EE. UU.", "aprox."
    + "sr sra srta sres dña ud uds vd vds dra ej pág págs núm nro avda aprox ee uu cía".split()
)
# "No. 12" is a number; "no." before anything else ends a sentence (Spanish "…que no. ¿Por
# qué?").
# "etc." closes a list, and often the sentence with it: before a capital it ends one
# ("... it is expensive, etc. Students always ...").
_CLOSING_ABBREVIATIONS = frozenset({"etc"})
_NUMBER_ABBREVIATIONS = frozenset({"no"})


_FOLLOWING = re.compile(r"\s*(\S)")
_SPACE = re.compile(r"\s*")


def _space_after(text: str, at: int) -> int:
    """How many white-space characters follow ``at``."""
    found = _SPACE.match(text, at)
    return found.end() - at if found else 0


def _word_before(text: str, start: int, end: int) -> str:
    """The run of non-space characters that ends at ``end`` (not before ``start``)."""
    begin = end
    while begin > start and not text[begin - 1].isspace():
        begin -= 1
    return text[begin:end]


def _boundaries(text: str, start: int = 0) -> Iterator[tuple[int, int, bool, bool]]:
    """Each boundary of ``text`` from ``start``: where a sentence would end (after its closing
    mark, or before its line break), where the next one may start, whether it ends one, and
    whether that is settled (a character after it decided it; at the end of a text still
    arriving, the next characters may change it).

    Linear in the text: each boundary looks only at the word before it and the character
    after it, never at a copy of the rest (a 20,000-character run of "Dr. " took minutes
    when streamed)."""
    for match in _BOUNDARY.finditer(text, start):
        if match.group() == "\n":
            yield match.start(), match.end(), True, True
            start = match.end()
            continue
        word = _word_before(text, start, match.start()).lower().rstrip(".")
        following = _FOLLOWING.match(text, match.end())
        # An initial is a capital ("J. Smith"); a lower-case letter before a capitalised
        # word ends the sentence ("... safer than a == b. According to ...").
        initial = len(word) == 1 and word.isalpha()
        if initial and word == text[match.start() - 1 : match.start()]:
            initial = not (following and following.group(1).isupper())
        numbered = word in _NUMBER_ABBREVIATIONS and bool(
            following and following.group(1).isdigit()
        )
        closing = word in _CLOSING_ABBREVIATIONS and bool(
            following and following.group(1).isupper()
        )
        abbreviation = (word in _ABBREVIATIONS and not closing) or numbered or initial
        cut = not abbreviation and not (following and following.group(1).islower())
        yield match.end(), match.end(), cut, following is not None
        if cut:
            start = match.end()


def _cuts(text: str) -> Iterator[tuple[int, int]]:
    """Each boundary that ends a sentence of ``text``: where the sentence ends and where the
    next one may start."""
    for end, after, cut, _settled in _boundaries(text):
        if cut:
            yield end, after


def sentences(text: str) -> list[Sentence]:
    """Sentences with their character offsets into ``text``.

    ``text[s.start:s.end] == s.text`` for every sentence; fragments with fewer than three
    letters ("1.", "--") are not sentences.
    """
    text = text or ""
    out: list[Sentence] = []

    def add(start: int, end: int) -> None:
        raw = text[start:end]
        stripped = raw.strip()
        if len(re.findall(r"[A-Za-zÀ-ÿ]", stripped)) < 3:
            return
        offset = start + (len(raw) - len(raw.lstrip()))
        out.append(Sentence(len(out), offset, offset + len(stripped), stripped))

    start = 0
    for end, after in _cuts(text):
        add(start, end)
        start = after
    add(start, len(text))
    return out


def complete_end(text: str, start: int = 0) -> int:
    """For a text still arriving (a streamed answer): the end of its last complete sentence
    after ``start``, the white space after it included; ``start`` when none is complete yet.

    A sentence is complete once a boundary closes it and white space follows: the next
    characters can no longer add to it ("Dr." and "3.5" close nothing, as in ``sentences``).
    """
    return Completion(start).advance(text)


class Completion:
    """``complete_end`` for one text as it grows, chunk by chunk: each call reads only what
    follows the last boundary already settled, so a long answer with no complete sentence
    (a run of "Dr. ") is read once, not once per chunk."""

    def __init__(self, start: int = 0) -> None:
        self.end = start
        self._scan = start  # every boundary before it is settled and taken into account

    def advance(self, text: str) -> int:
        """The end of the last complete sentence of ``text`` (the text so far)."""
        settled_so_far = True
        for end, after, cut, settled in _boundaries(text, self._scan):
            if cut and (gap := _space_after(text, end)):
                self.end = end + gap
            settled_so_far = settled_so_far and settled
            if settled_so_far:
                self._scan = after
        return self.end
