"""Reading a document: files, uploads and the limits every input obeys."""

from __future__ import annotations

import pytest

from toulmini_site.text.documents import (
    MAX_DOCUMENT_CHARS,
    DocumentError,
    decode_document,
    read_file_content,
    validate_document,
)


def test_read_file_content_returns_the_text(tmp_path):
    path = tmp_path / "goal.md"
    path.write_text("# Goal\nWe will ship on Friday.\n", encoding="utf-8")

    assert read_file_content(str(path)) == "# Goal\nWe will ship on Friday.\n"


def test_read_file_content_drops_a_utf8_bom(tmp_path):
    path = tmp_path / "goal.txt"
    path.write_bytes(b"\xef\xbb\xbfPlan A.")

    assert read_file_content(str(path)) == "Plan A."


def test_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError, match="No such file"):
        read_file_content(str(tmp_path / "absent.txt"))


def test_directory_raises_an_os_error(tmp_path):
    with pytest.raises(OSError, match="is a directory"):
        read_file_content(str(tmp_path))


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "DOCUMENT_EMPTY"),
        (b"  \n\t ", "DOCUMENT_EMPTY"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "DOCUMENT_BINARY"),
        (b"caf\xe9 au lait", "DOCUMENT_BINARY"),  # Latin-1, not UTF-8
        (("x" * (MAX_DOCUMENT_CHARS + 1)).encode(), "DOCUMENT_TOO_LONG"),
    ],
)
def test_unusable_input_is_refused_with_a_stable_code(data, code):
    with pytest.raises(DocumentError) as caught:
        decode_document(data)
    assert caught.value.code == code


def test_a_document_at_the_limit_is_accepted():
    assert len(validate_document("y" * MAX_DOCUMENT_CHARS)) == MAX_DOCUMENT_CHARS


def test_text_full_of_control_characters_is_refused_as_binary():
    with pytest.raises(DocumentError, match="binary"):
        validate_document("\x01\x02\x03\x04" * 20)
