"""Cutting a text at the edges of quoted spans (pure domain, no database)."""

from __future__ import annotations

from arguments.domain.highlight import Piece, highlighted

TEXT = "Ever since the lights went up, results rose. So the lights did it."


def test_the_pieces_join_back_into_the_text_and_mark_the_span():
    start = TEXT.index("So the")
    pieces = highlighted(TEXT, [(start, len(TEXT))])
    assert "".join(p.text for p in pieces) == TEXT
    assert pieces == [Piece(TEXT[:start], (), ()), Piece(TEXT[start:], (1,), (1,))]


def test_overlapping_spans_each_end_once_and_share_the_middle():
    pieces = highlighted("abcdef", [(0, 4), (2, 6)])
    assert [(p.text, p.marks, p.ends) for p in pieces] == [
        ("ab", (1,), ()),
        ("cd", (1, 2), (1,)),
        ("ef", (2,), (2,)),
    ]


def test_a_nested_span_and_an_impossible_one():
    pieces = highlighted("abcdef", [(0, 6), (2, 3), (4, 99), (3, 3)])
    assert [(p.text, p.marks, p.ends) for p in pieces] == [
        ("ab", (1,), ()),
        ("c", (1, 2), (2,)),
        ("def", (1,), (1,)),
    ]


def test_no_span_gives_the_whole_text_unmarked():
    assert highlighted("plain", []) == [Piece("plain", (), ())]
    assert highlighted("", []) == []
