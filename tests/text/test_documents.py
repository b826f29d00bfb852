import io
import tracemalloc

import pytest

from toulmini_site.text.documents import (
    MAX_DOCUMENT_BYTES,
    MAX_DOCUMENT_CHARS,
    DocumentError,
    decode_document,
    read_capped,
    read_document,
    read_file_content,
    validate_document,
)


def code(call, *args):
    with pytest.raises(DocumentError) as caught:
        call(*args)
    return caught.value.code


@pytest.mark.parametrize("text", ["", "   \n\t "])
def test_empty_or_blank_text_is_refused(text):
    assert code(validate_document, text) == "DOCUMENT_EMPTY"


@pytest.mark.parametrize("control", ["\x00", "\x0c", "\x1b", "\x7f", "\x08"])
def test_any_control_character_marks_binary_text(control):
    assert code(validate_document, f"Plain words {control} here.") == "DOCUMENT_BINARY"
    assert code(decode_document, f"Plain words {control} here.".encode()) == "DOCUMENT_BINARY"


def test_tabs_and_newlines_are_text_and_newlines_are_normalised():
    assert validate_document("a\tb\r\nc\rd") == "a\tb\nc\nd"


def test_the_character_limit_is_inclusive():
    assert validate_document("a" * MAX_DOCUMENT_CHARS)
    assert code(validate_document, "a" * (MAX_DOCUMENT_CHARS + 1)) == "DOCUMENT_TOO_LONG"


def test_bytes_are_utf8_with_or_without_a_bom():
    assert decode_document("\ufeffcafé au lait".encode()) == "café au lait"
    assert code(decode_document, b"\xff\xfe\xfa not utf-8") == "DOCUMENT_BINARY"


def test_bytes_past_the_byte_cap_are_too_long():
    assert code(decode_document, b"a" * (MAX_DOCUMENT_BYTES + 1)) == "DOCUMENT_TOO_LONG"


class CountingStream(io.RawIOBase):
    """An endless stream of ``a`` that counts what was read from it."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def read(self, size: int = -1) -> bytes:
        assert size > 0, "the reader must never ask for the whole stream"
        self.read_bytes += size
        return b"a" * size


def test_a_huge_stream_is_refused_after_reading_at_most_the_cap_plus_one_byte():
    stream = CountingStream()
    assert code(read_capped, stream) == "DOCUMENT_TOO_LONG"
    assert stream.read_bytes == MAX_DOCUMENT_BYTES + 1


def test_reading_a_100_mb_upload_grows_memory_by_less_than_10_mb(tmp_path):
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(100 * 1024 * 1024)  # sparse: 100 MB of NUL bytes
    tracemalloc.start()
    try:
        with path.open("rb") as handle:
            assert code(read_document, handle) == "DOCUMENT_TOO_LONG"
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 1024 * 1024


def test_a_small_stream_is_read_whole():
    assert read_document(io.BytesIO(b"A short text.")) == "A short text."


def test_read_file_content_names_what_is_wrong(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_file_content(str(tmp_path / "missing.txt"))
    with pytest.raises(IsADirectoryError):
        read_file_content(str(tmp_path))
    (tmp_path / "ok.md").write_text("# Title\n\nSome text.", encoding="utf-8")
    assert read_file_content(str(tmp_path / "ok.md")) == "# Title\n\nSome text."


def test_the_byte_cap_is_inclusive_for_text_that_fits_in_characters():
    at_cap = "😀" * MAX_DOCUMENT_CHARS  # four bytes a character: exactly MAX_DOCUMENT_BYTES
    assert len(at_cap.encode()) == MAX_DOCUMENT_BYTES
    assert decode_document(at_cap.encode()) == at_cap
    with pytest.raises(DocumentError) as caught:
        decode_document(at_cap.encode() + b"a")
    assert str(caught.value) == "The document has 400,001 bytes; the limit is 400,000 bytes."


def test_binary_and_non_utf8_files_say_why():
    with pytest.raises(DocumentError) as nul:
        decode_document(b"text\x00more")
    assert str(nul.value) == (
        "The file looks like binary data, not text; give plain text or Markdown."
    )
    with pytest.raises(DocumentError) as latin:
        decode_document(b"caf\xe9")
    assert str(latin.value) == "The file is not UTF-8 text; give plain text or Markdown."


def test_a_stream_of_exactly_the_cap_is_read_whole_across_chunks():
    data = bytes(range(97, 123)) * 10_000  # 260,000 bytes: several chunks
    assert read_capped(io.BytesIO(data), max_bytes=len(data)) == data
    with pytest.raises(DocumentError) as caught:
        read_capped(io.BytesIO(data + b"z"), max_bytes=len(data))
    assert caught.value.code == "DOCUMENT_TOO_LONG"
    assert str(caught.value) == "The file is over 260,000 bytes, the limit."


@pytest.mark.parametrize(
    ("value", "code", "message"),
    [
        (b"bytes", "DOCUMENT_BINARY", "The document must be text."),
        (" \n", "DOCUMENT_EMPTY", "The document is empty."),
        (
            "a\x1bb",
            "DOCUMENT_BINARY",
            "The document looks like binary data, not text; give plain text or Markdown.",
        ),
        ("a" * 100_001, "DOCUMENT_TOO_LONG", "The document has 100,001 characters; the limit "
         "is 100,000 characters."),
    ],
)  # fmt: skip
def test_each_refusal_has_its_code_and_message(value, code, message):
    with pytest.raises(DocumentError) as caught:
        validate_document(value)
    assert (caught.value.code, str(caught.value)) == (code, message)
