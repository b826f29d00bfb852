"""Reading a document: from a file, from uploaded bytes, and the limits every input obeys."""

from __future__ import annotations

from pathlib import Path

MAX_DOCUMENT_CHARS = 100_000


class DocumentError(ValueError):
    """The document cannot be critiqued; ``str(error)`` is safe to show, ``code`` is stable."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def validate_document(text: str) -> str:
    """Return ``text`` when it can be critiqued, else raise ``DocumentError``.

    Refuses empty (or whitespace-only) text, text with NUL or other control characters that
    mark binary data, and text longer than ``MAX_DOCUMENT_CHARS``.
    """
    if not text or not text.strip():
        raise DocumentError("The document is empty.", code="DOCUMENT_EMPTY")
    if _looks_binary(text):
        raise DocumentError(
            "The document looks like binary data, not text; give plain text or Markdown.",
            code="DOCUMENT_BINARY",
        )
    if len(text) > MAX_DOCUMENT_CHARS:
        raise DocumentError(
            f"The document has {len(text):,} characters; the limit is {MAX_DOCUMENT_CHARS:,}.",
            code="DOCUMENT_TOO_LONG",
        )
    return text


def decode_document(data: bytes) -> str:
    """Uploaded or read bytes as validated text (UTF-8, with or without a BOM)."""
    if b"\x00" in data[:8192]:
        raise DocumentError(
            "The file looks like binary data, not text; give plain text or Markdown.",
            code="DOCUMENT_BINARY",
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentError(
            "The file is not UTF-8 text; give plain text or Markdown.", code="DOCUMENT_BINARY"
        ) from None
    return validate_document(text)


def read_file_content(file_path: str) -> str:
    """Read and return the content of a text file.

    Raises ``FileNotFoundError`` when there is no such file, ``OSError`` when it cannot be
    read (a directory, no permission), and ``DocumentError`` when it is empty, binary or too
    long.
    """
    path = Path(file_path)
    if not path.exists():
        raise FileNotFoundError(f"No such file: {file_path}")
    if path.is_dir():
        raise IsADirectoryError(f"{file_path} is a directory, not a file.")
    # Read one byte past the limit in UTF-8's worst case, so a huge file is refused cheaply.
    with path.open("rb") as handle:
        data = handle.read(MAX_DOCUMENT_CHARS * 4 + 1)
    return decode_document(data)


def _looks_binary(text: str) -> bool:
    sample = text[:8192]
    if "\x00" in sample:
        return True
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\r\t\f")
    return controls > max(8, len(sample) // 100)
