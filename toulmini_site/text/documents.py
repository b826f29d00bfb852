"""One document reader and validator: the limits every pasted, uploaded or read text obeys.

An upload is read in chunks and never past the cap: a 100 MB file costs at most
``MAX_DOCUMENT_BYTES + 1`` bytes of memory before it is refused.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import BinaryIO

from toulmini_site.refusals import Refusal
from toulmini_site.text.sentences import sentences

MAX_DOCUMENT_CHARS = 100_000
# UTF-8 needs at most 4 bytes a character: a file over this many bytes is too long.
MAX_DOCUMENT_BYTES = MAX_DOCUMENT_CHARS * 4
READ_CHUNK_BYTES = 64 * 1024

DOCUMENT_EMPTY = "DOCUMENT_EMPTY"
DOCUMENT_BINARY = "DOCUMENT_BINARY"
DOCUMENT_TOO_LONG = "DOCUMENT_TOO_LONG"
DOCUMENT_NO_SENTENCE = "DOCUMENT_NO_SENTENCE"

# Control characters other than tab, newline and carriage return mark binary data.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class DocumentError(Refusal, ValueError):
    """The document is refused (400); ``str(error)`` is safe to show, ``code`` is stable."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message, code=code)


def too_long(length: int, limit: int, unit: str = "characters") -> DocumentError:
    return DocumentError(
        f"The document has {length:,} {unit}; the limit is {limit:,} {unit}.",
        code=DOCUMENT_TOO_LONG,
    )


def validate_document(text: str) -> str:
    """``text`` with its newlines normalised to ``\\n``, when it can be used.

    Raises ``DocumentError``: ``DOCUMENT_EMPTY`` for empty or blank text,
    ``DOCUMENT_TOO_LONG`` past ``MAX_DOCUMENT_CHARS``, ``DOCUMENT_BINARY`` for any control
    character other than tab, newline and carriage return (a binary file pasted as text).
    """
    if not isinstance(text, str):
        raise DocumentError("The document must be text.", code=DOCUMENT_BINARY)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise DocumentError("The document is empty.", code=DOCUMENT_EMPTY)
    if len(text) > MAX_DOCUMENT_CHARS:
        raise too_long(len(text), MAX_DOCUMENT_CHARS)
    if _CONTROL.search(text):
        raise DocumentError(
            "The document looks like binary data, not text; give plain text or Markdown.",
            code=DOCUMENT_BINARY,
        )
    return text


def require_sentence(text: str) -> str:
    """``text`` when it holds at least one sentence (three letters or more before a full
    stop or a line break, as ``sentences`` reads it); ``DOCUMENT_NO_SENTENCE`` otherwise, so
    work that reads sentences (an audit) is refused at once instead of failing later."""
    if not sentences(text):
        raise DocumentError(
            "The document has no sentence to read: write at least one sentence of words.",
            code=DOCUMENT_NO_SENTENCE,
        )
    return text


def decode_document(data: bytes) -> str:
    """Bytes as validated text: UTF-8 (a BOM is dropped), then ``validate_document``."""
    if len(data) > MAX_DOCUMENT_BYTES:
        raise too_long(len(data), MAX_DOCUMENT_BYTES, "bytes")
    if b"\x00" in data:
        raise DocumentError(
            "The file looks like binary data, not text; give plain text or Markdown.",
            code=DOCUMENT_BINARY,
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentError(
            "The file is not UTF-8 text; give plain text or Markdown.", code=DOCUMENT_BINARY
        ) from None
    return validate_document(text)


def read_capped(stream: BinaryIO, *, max_bytes: int = MAX_DOCUMENT_BYTES) -> bytes:
    """At most ``max_bytes`` bytes of ``stream``, read in chunks; ``DOCUMENT_TOO_LONG`` as
    soon as there is one byte more (so no more than ``max_bytes + 1`` bytes are ever read)."""
    chunks: list[bytes] = []
    total = 0
    while True:
        chunk = stream.read(min(READ_CHUNK_BYTES, max_bytes + 1 - total))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise DocumentError(
                f"The file is over {max_bytes:,} bytes, the limit.", code=DOCUMENT_TOO_LONG
            )


def read_document(stream: BinaryIO) -> str:
    """An uploaded or opened file's text, read under the cap, then decoded and validated."""
    return decode_document(read_capped(stream))


def read_file_content(file_path: str) -> str:
    """Read and return the content of a text file.

    Raises ``FileNotFoundError`` when there is no such file, ``IsADirectoryError`` (an
    ``OSError``) for a directory, ``OSError`` when it cannot be read, and ``DocumentError``
    when it is empty, binary or too long.
    """
    path = Path(file_path)
    if not path.exists():
        raise FileNotFoundError(f"No such file: {file_path}")
    if path.is_dir():
        raise IsADirectoryError(f"{file_path} is a directory, not a file.")
    with path.open("rb") as handle:
        return read_document(handle)
