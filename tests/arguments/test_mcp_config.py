"""``manage.py mcp_config``: the client configuration printed or merged into a file."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

MANAGE = str(Path(settings.BASE_DIR, "manage.py").resolve())


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("mcp_config", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    for name in ("TOULMINI_MCP_USER", "DATABASE_URL", "SITE_URL"):
        monkeypatch.delenv(name, raising=False)


def test_the_printed_entry_runs_this_checkouts_server_with_this_interpreter():
    entry = json.loads(run())["mcpServers"]["toulmini"]

    assert entry["command"] == sys.executable
    assert Path(entry["command"]).is_absolute()
    assert entry["args"] == [MANAGE, "mcp_server"]
    assert entry["env"] == {
        "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
        "TOULMINI_MCP_USER": "<your-toulmini-username>",
    }


def test_the_user_option_and_the_database_url_are_passed_on(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://toulmini@127.0.0.1:5432/toulmini")

    env = json.loads(run("--user", "ada"))["mcpServers"]["toulmini"]["env"]

    assert env["TOULMINI_MCP_USER"] == "ada"
    assert env["DATABASE_URL"] == "postgres://toulmini@127.0.0.1:5432/toulmini"


def test_the_user_defaults_to_the_environment(monkeypatch):
    monkeypatch.setenv("TOULMINI_MCP_USER", "grace")

    env = json.loads(run())["mcpServers"]["toulmini"]["env"]

    assert env["TOULMINI_MCP_USER"] == "grace"


def test_claude_code_gets_a_stdio_entry_and_cursor_the_plain_one():
    claude_code = json.loads(run("--client", "claude-code"))["mcpServers"]["toulmini"]
    cursor = json.loads(run("--client", "cursor"))["mcpServers"]["toulmini"]

    assert claude_code["type"] == "stdio"
    assert "type" not in cursor
    assert claude_code["args"] == cursor["args"] == [MANAGE, "mcp_server"]


def test_claude_code_is_also_told_the_command_that_adds_the_server_for_all_projects():
    err = io.StringIO()
    call_command(
        "mcp_config", "--client", "claude-code", "--user", "ada", stdout=io.StringIO(), stderr=err
    )

    command = next(line for line in err.getvalue().splitlines() if "claude mcp" in line)
    words = shlex.split(command)
    assert words[:6] == ["claude", "mcp", "add-json", "--scope", "user", "toulmini"]
    assert json.loads(words[6])["env"]["TOULMINI_MCP_USER"] == "ada"


def test_write_merges_the_entry_and_keeps_the_other_servers(tmp_path):
    path = tmp_path / "claude_desktop_config.json"
    other = {"command": "npx", "args": ["-y", "some-server"]}
    path.write_text(json.dumps({"mcpServers": {"other": other}, "theme": "dark"}))

    run("--write", str(path), "--user", "ada")

    config = json.loads(path.read_text())
    assert config["theme"] == "dark"
    assert config["mcpServers"]["other"] == other
    assert config["mcpServers"]["toulmini"]["env"]["TOULMINI_MCP_USER"] == "ada"


def test_write_replaces_its_own_entry_rather_than_adding_another(tmp_path):
    path = tmp_path / "mcp.json"
    run("--write", str(path), "--user", "ada")

    message = run("--write", str(path), "--user", "grace")

    config = json.loads(path.read_text())
    assert list(config["mcpServers"]) == ["toulmini"]
    assert config["mcpServers"]["toulmini"]["env"]["TOULMINI_MCP_USER"] == "grace"
    assert message.startswith("Replaced")


def test_write_creates_a_missing_file_and_its_folder(tmp_path):
    path = tmp_path / ".cursor" / "mcp.json"

    run("--write", str(path), "--client", "cursor")

    assert json.loads(path.read_text())["mcpServers"]["toulmini"]["args"][1] == "mcp_server"


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"mcpServers": []}'])
def test_write_refuses_a_file_it_cannot_merge_into_and_leaves_it_alone(tmp_path, content):
    path = tmp_path / "config.json"
    path.write_text(content)

    with pytest.raises(CommandError, match="left unchanged"):
        run("--write", str(path))

    assert path.read_text() == content
