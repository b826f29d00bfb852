"""The document under audit: what is accepted, how it is cut into sentences, how quotes are
found in it again for highlighting. Framework-free."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

MAX_DOCUMENT_CHARS = 100_000
MAX_UPLOAD_BYTES = 1_000_000

# Control characters other than tab, newline and carriage return mark a binary file.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class DocumentRejected(ValueError):
    """The document cannot be audited; ``code`` is stable, ``str()`` is safe to show."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def document_from_text(text: str) -> str:
    """The text to audit, with newlines normalised to ``\\n``.

    Refuses (``DocumentRejected``) an empty or blank text, one longer than
    ``MAX_DOCUMENT_CHARS``, or one with control characters (a binary file pasted as text).
    """
    if not isinstance(text, str):
        raise DocumentRejected("The document must be text.", code="document_invalid")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise DocumentRejected("The document is empty.", code="document_empty")
    if len(text) > MAX_DOCUMENT_CHARS:
        raise DocumentRejected(
            f"The document has {len(text):,} characters; the limit is {MAX_DOCUMENT_CHARS:,}.",
            code="document_too_long",
        )
    if _CONTROL.search(text):
        raise DocumentRejected(
            "The document contains binary data; send plain text.", code="document_binary"
        )
    return text


def document_from_bytes(data: bytes) -> str:
    """The text of an uploaded file: UTF-8 (a BOM is dropped), at most ``MAX_UPLOAD_BYTES``,
    then the checks of ``document_from_text``."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise DocumentRejected(
            f"The file has {len(data):,} bytes; the limit is {MAX_UPLOAD_BYTES:,}.",
            code="document_too_long",
        )
    if b"\x00" in data:
        raise DocumentRejected(
            "The file is binary; send a plain-text file.", code="document_binary"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentRejected(
            "The file is not UTF-8 text; send a plain-text file.", code="document_binary"
        ) from None
    return document_from_text(text)


@dataclass(frozen=True)
class Sentence:
    paragraph: int  # 1-based
    number: int  # 1-based within its paragraph
    start: int  # offset in the document
    text: str  # exactly ``document[start:start + len(text)]``

    @property
    def ref(self) -> str:
        return f"paragraph {self.paragraph}, sentence {self.number}"

    @property
    def words(self) -> int:
        return len(self.text.split())


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_SENTENCE_END = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
# A full stop after these does not end a sentence ("Smith v. Jones", "Art. 5", "No. 12").
_ABBREVIATIONS = {
    "v", "vs", "no", "nos", "art", "arts", "mr", "mrs", "ms", "dr", "st", "sec", "para",
    "paras", "p", "pp", "e.g", "i.e", "cf", "etc", "inc", "ltd", "co", "u.s", "j", "jj",
}  # fmt: skip


def sentences(text: str) -> list[Sentence]:
    """The document's sentences, each an exact slice of it, numbered within paragraphs."""
    found: list[Sentence] = []
    paragraph_start = 0
    paragraph = 0
    for piece in [*_PARAGRAPH_BREAK.finditer(text), None]:
        end = piece.start() if piece else len(text)
        block = text[paragraph_start:end]
        if block.strip():
            paragraph += 1
            found += _split_paragraph(block, paragraph_start, paragraph)
        if piece:
            paragraph_start = piece.end()
    return found


def _split_paragraph(block: str, offset: int, paragraph: int) -> list[Sentence]:
    cuts = [0]
    for match in _SENTENCE_END.finditer(block):
        token = re.findall(r"[\w.]+$", block[cuts[-1] : match.start()])
        if token and token[0].lower().rstrip(".") in _ABBREVIATIONS:
            continue
        if len(token) == 1 and len(token[0]) == 1 and token[0].isupper():
            continue  # an initial: "J. Smith"
        cuts.append(match.end())
    cuts.append(len(block))
    result: list[Sentence] = []
    for start, end in zip(cuts, cuts[1:], strict=False):
        raw = block[start:end]
        stripped = raw.strip()
        if stripped:
            lead = len(raw) - len(raw.lstrip())
            result.append(Sentence(paragraph, len(result) + 1, offset + start + lead, stripped))
    return result


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
