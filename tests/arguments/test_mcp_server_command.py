"""``manage.py mcp_server`` on the wire: stdout is read raw, byte for byte."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
TIMEOUT = 30


class Wire:
    """A server process spoken to in raw JSON-RPC lines; keeps every stdout line it read."""

    def __init__(self, tmp_path: Path) -> None:
        self.lines: list[bytes] = []
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "mcp_server"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={
                "PATH": "/usr/bin:/bin",
                "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
                # Never opened by the phase tools; set so no real database is near.
                "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
                # As chatty as it gets: every log line and warning must still go to stderr.
                "LOG_LEVEL": "DEBUG",
                "PYTHONWARNINGS": "always",
            },
        )

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], TIMEOUT)
        assert ready, "no answer from the server"
        line = self.process.stdout.readline()
        self.lines.append(line)
        return json.loads(line)

    def close(self) -> tuple[bytes, bytes]:
        """Close stdin (the client hanging up) and return the rest of stdout, and stderr."""
        out, err = self.process.communicate(timeout=TIMEOUT)
        self.lines += out.splitlines(keepends=True)
        return out, err


def request(id_: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}


@pytest.fixture
def wire(tmp_path):
    wire = Wire(tmp_path)
    yield wire
    if wire.process.poll() is None:
        wire.process.kill()
        wire.process.communicate()


def test_stdout_carries_only_protocol_messages_and_logs_go_to_stderr(wire):
    wire.send(
        request(
            1,
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw-test", "version": "0"},
            },
        )
    )
    initialized = wire.receive()
    wire.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    wire.send(
        request(
            2,
            "tools/call",
            {"name": "initiate_toulmin_sequence", "arguments": {"query": "Is tea healthy?"}},
        )
    )
    prompt = wire.receive()
    wire.send(request(3, "tools/call", {"name": "initiate_toulmin_sequence", "arguments": {}}))
    error = wire.receive()
    rest, stderr = wire.close()

    assert initialized["result"]["serverInfo"]["name"] == "toulmini"
    assert "Is tea healthy?" in prompt["result"]["content"][0]["text"]
    assert error["result"]["isError"] is True
    assert json.loads(error["result"]["content"][0]["text"])["code"] == "MISSING_INPUT"
    assert rest == b""
    assert wire.process.returncode == 0
    for line in wire.lines:
        assert line.endswith(b"\n")
        assert json.loads(line)["jsonrpc"] == "2.0"
    assert b"Toulmini MCP server ready on STDIO" in stderr
    assert b"TOULMINI_MCP_USER is not set" in stderr


def test_start_up_imports_neither_langgraph_nor_openai(tmp_path):
    """The MCP server must answer within 2 s of starting; each of these costs ~0.5-1 s to
    import and is needed only when an audit runs or a model is called. Any module that
    django.setup() loads (models, admin, app ready) importing them would slow every start."""
    probe = (
        "import sys, django; django.setup(); import arguments.mcp; "
        "print(','.join(m for m in ('langgraph', 'openai') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
        },
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_the_phase_tools_answer_before_django_is_set_up(tmp_path):
    """``manage.py mcp_server`` serves before ``django.setup()`` (half its start-up): a phase
    tool answers with no app loaded and no model imported; a tool that needs the database
    sets Django up itself, on its first call."""
    probe = (
        "import sys; from unittest import mock; from django.apps import apps; "
        "from arguments import mcp; "
        "mcp.build_server = lambda: mock.Mock(); mcp.serve(); "  # settings, logging, prompts
        "answer = mcp.initiate_toulmin_sequence('Should cities build bike lanes?'); "
        "print(apps.ready, 'django.db.models' in sys.modules, 'bike lanes' in answer); "
        "mcp.django_ready(); print(apps.ready)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
        },
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "True", "True"]
