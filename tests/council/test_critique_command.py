"""``manage.py critique FILE --user NAME``: saved like the page's critique, then printed."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from council.models import Critique
from toulmini_site.llm.models import LLMCall


def test_the_command_saves_the_critique_with_its_calls_and_prints_it(
    tmp_path, capsys, critique_document, owner
):
    path = tmp_path / "goal.txt"
    path.write_text(critique_document, encoding="utf-8")

    call_command("critique", str(path), "--engine", "offline", "--user", owner.username)

    out = capsys.readouterr().out
    assert "REASONING COUNCIL ASSESSMENT" in out
    assert "AGENTS:" in out
    critique = Critique.objects.get()
    assert critique.owner == owner
    assert critique.status == Critique.Status.COMPLETE
    assert critique.formatted.strip() == out.strip()
    assert critique.model_calls > 0
    assert LLMCall.objects.filter(object_id=critique.pk).count() == critique.model_calls


def test_an_unknown_user_is_a_clear_error_and_nothing_is_saved(tmp_path, critique_document, db):
    path = tmp_path / "goal.txt"
    path.write_text(critique_document, encoding="utf-8")

    with pytest.raises(CommandError, match="No user called 'ghost'"):
        call_command("critique", str(path), "--user", "ghost")
    assert not Critique.objects.exists()


def test_a_missing_file_is_a_clear_error(tmp_path, owner):
    with pytest.raises(CommandError, match="File not found: .*absent.txt"):
        call_command("critique", str(tmp_path / "absent.txt"), "--user", owner.username)


def test_an_unreadable_path_is_a_clear_error(tmp_path, owner):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("critique", str(tmp_path), "--user", owner.username)


def test_an_empty_file_is_a_clear_error(tmp_path, owner):
    path = tmp_path / "empty.txt"
    path.write_text("")

    with pytest.raises(CommandError, match="The document is empty"):
        call_command("critique", str(path), "--user", owner.username)
    assert not Critique.objects.exists()


def test_a_missing_file_exits_with_status_one(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "critique", str(tmp_path / "absent.txt"), "--user", "x"],
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode == 1
    assert "File not found" in result.stderr


def test_without_a_user_the_command_prints_the_critique_and_saves_nothing(
    tmp_path, capsys, critique_document, db
):
    path = tmp_path / "goal.txt"
    path.write_text(critique_document, encoding="utf-8")

    call_command("critique", str(path), "--engine", "offline", "--depth", "2")

    out = capsys.readouterr().out
    assert "REASONING COUNCIL ASSESSMENT" in out
    assert "AGENTS:" in out
    assert "offline: no model tokens" in out
    assert not Critique.objects.exists()
    assert not LLMCall.objects.exists()


def test_without_a_user_a_missing_file_is_the_same_clear_error(tmp_path, db):
    with pytest.raises(CommandError, match="File not found: .*absent.txt"):
        call_command("critique", str(tmp_path / "absent.txt"))


def test_without_a_user_the_model_engine_needs_a_model(tmp_path, critique_document, db, settings):
    settings.LLM_MODEL = ""
    path = tmp_path / "goal.txt"
    path.write_text(critique_document, encoding="utf-8")

    with pytest.raises(CommandError, match="No language model is configured"):
        call_command("critique", str(path), "--engine", "llm")
