"""``manage.py critique FILE``."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command


def test_the_command_prints_the_formatted_critique(tmp_path, capsys, critique_document):
    path = tmp_path / "goal.txt"
    path.write_text(critique_document, encoding="utf-8")

    call_command("critique", str(path), "--engine", "offline")

    out = capsys.readouterr().out
    assert "REASONING COUNCIL ASSESSMENT" in out
    assert "AGENTS:" in out


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="File not found: .*absent.txt"):
        call_command("critique", str(tmp_path / "absent.txt"))


def test_an_unreadable_path_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("critique", str(tmp_path))


def test_an_empty_file_is_a_clear_error(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")

    with pytest.raises(CommandError, match="The document is empty"):
        call_command("critique", str(path))


def test_a_missing_file_exits_with_status_one(tmp_path):
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "manage.py", "critique", str(tmp_path / "absent.txt")],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 1
    assert "File not found" in result.stderr
