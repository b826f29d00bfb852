"""A text cut into pieces at the edges of quoted spans, so a page can mark each span.

Spans may overlap or nest: every piece says which spans cover it and which of them end with
it, so a page can put a span's number after its last word.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Piece:
    text: str
    marks: tuple[int, ...]  # the numbers (1-based) of the spans that cover this piece
    ends: tuple[int, ...]  # the numbers of the spans whose last piece this is


def highlighted(text: str, spans: list[tuple[int, int]]) -> list[Piece]:
    """``text`` as consecutive pieces (joined, they give ``text`` back); span ``n`` (1-based,
    in the order given) covers ``text[start:end]``. Empty or out-of-range spans are ignored."""
    valid = {
        number: (start, end)
        for number, (start, end) in enumerate(spans, start=1)
        if 0 <= start < end <= len(text)
    }
    edges = sorted({0, len(text), *(edge for span in valid.values() for edge in span)})
    pieces = []
    for left, right in zip(edges, edges[1:], strict=False):
        marks = tuple(n for n, (start, end) in valid.items() if start <= left and right <= end)
        ends = tuple(n for n in marks if valid[n][1] == right)
        pieces.append(Piece(text[left:right], marks, ends))
    return pieces
