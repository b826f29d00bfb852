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


def _cuts(text: str) -> Iterator[tuple[int, int]]:
    """Each boundary that ends a sentence of ``text``: where the sentence ends (after its
    closing mark, or before its line break) and where the next one may start."""
    start = 0
    for match in _BOUNDARY.finditer(text):
        if match.group() != "\n":
            before = re.search(r"(\S+)$", text[start : match.start()])
            word = before.group(1).lower().rstrip(".") if before else ""
            following = re.match(r"\s*(\S)", text[match.end() :])
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
            if (word in _ABBREVIATIONS and not closing) or numbered or initial:
                continue
            if following and following.group(1).islower():
                continue
            yield match.end(), match.end()
        else:
            yield match.start(), match.end()
        start = match.end()


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
    end = start
    rest = text[start:]
    for cut, _after in _cuts(rest):
        tail = rest[cut:]
        if gap := len(tail) - len(tail.lstrip()):
            end = start + cut + gap
    return end
