"""``manage.py mcp_config``: the MCP client configuration that launches this checkout's server.

Prints the JSON entry for Claude Desktop, Cursor or Claude Code (this interpreter, this
``manage.py``, the environment the server needs) or, with ``--write PATH``, merges it into
that client's config file, keeping every other server in it.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from arguments.mcp import SERVER_NAME, USER_ENV

CLIENTS = ("claude-desktop", "cursor", "claude-code")
USER_PLACEHOLDER = "<your-toulmini-username>"
# Passed on when set: where the data is, and the address printed in saved chains' links.
PASSED_ON = ("DATABASE_URL", "SITE_URL")
WHERE = {
    "claude-desktop": "Claude Desktop: Settings > Developer > Edit Config "
    "(macOS ~/Library/Application Support/Claude/claude_desktop_config.json, "
    "Windows %APPDATA%\\Claude\\claude_desktop_config.json), then restart Claude Desktop.",
    "cursor": "Cursor: ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (one project).",
    "claude-code": "Claude Code: --write .mcp.json (this project), or for all your projects:\n"
    "  claude mcp add-json --scope user {name} {entry}",
}


def where(client: str, name: str, entry: dict[str, Any]) -> str:
    """Where the entry goes for ``client`` (for Claude Code, the command that adds it)."""
    return WHERE[client].format(
        name=shlex.quote(name), entry=shlex.quote(json.dumps(entry, separators=(",", ":")))
    )


def server_entry(*, client: str, user: str) -> dict[str, Any]:
    """The ``mcpServers`` entry that starts ``manage.py mcp_server`` of this checkout."""
    env = {
        "DJANGO_SETTINGS_MODULE": os.environ.get(
            "DJANGO_SETTINGS_MODULE", "toulmini_site.settings"
        ),
        USER_ENV: user,
    }
    env |= {name: os.environ[name] for name in PASSED_ON if os.environ.get(name)}
    entry: dict[str, Any] = {
        # Not resolved: a venv's python is a symlink, and resolving it would leave the venv.
        "command": os.path.abspath(sys.executable),
        "args": [str(Path(settings.BASE_DIR, "manage.py").resolve()), "mcp_server"],
        "env": env,
    }
    if client == "claude-code":
        entry = {"type": "stdio", **entry}
    return entry


def merge_into(path: Path, name: str, entry: dict[str, Any]) -> bool:
    """Put ``entry`` under ``mcpServers[name]`` in the JSON file ``path``; keep the rest.

    Creates the file when absent. Refuses (``CommandError``, file untouched) when it is not
    a JSON object. Returns whether an entry of that name was replaced.
    """
    config: Any = {}
    if path.exists():
        text = path.read_text(encoding="utf-8")
        if text.strip():
            try:
                config = json.loads(text)
            except json.JSONDecodeError as exc:
                raise CommandError(
                    f"{path} is not valid JSON ({exc.msg}, line {exc.lineno} column "
                    f"{exc.colno}); fix it first: it was left unchanged."
                ) from None
    if not isinstance(config, dict):
        raise CommandError(f"{path} does not hold a JSON object; it was left unchanged.")
    servers = config.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise CommandError(f'"mcpServers" in {path} is not an object; it was left unchanged.')
    replaced = name in servers
    servers[name] = entry
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the target and renamed over it, so a failure never leaves half a file.
    with tempfile.NamedTemporaryFile(
        "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
    ) as tmp:
        json.dump(config, tmp, indent=2, ensure_ascii=False)
        tmp.write("\n")
    if path.exists():
        os.chmod(tmp.name, path.stat().st_mode & 0o777)
    os.replace(tmp.name, path)
    return replaced


class Command(BaseCommand):
    help = "Print (or --write) the MCP client configuration that runs this checkout's server."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--client", choices=CLIENTS, default="claude-desktop")
        parser.add_argument(
            "--user",
            default="",
            help=f"Toulmini username whose chains save_toulmin_chain stores ({USER_ENV}); "
            f"default: ${USER_ENV}, else a placeholder to edit.",
        )
        parser.add_argument("--name", default=SERVER_NAME, help="The server's name in the client.")
        parser.add_argument(
            "--write",
            metavar="PATH",
            type=Path,
            help="Merge the entry into this JSON config file (created if absent).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        user = options["user"] or os.environ.get(USER_ENV, "").strip() or USER_PLACEHOLDER
        name = options["name"]
        entry = server_entry(client=options["client"], user=user)
        if options["write"]:
            path = options["write"].expanduser()
            replaced = merge_into(path, name, entry)
            self.stdout.write(f"{'Replaced' if replaced else 'Added'} server {name!r} in {path}.")
        else:
            self.stdout.write(json.dumps({"mcpServers": {name: entry}}, indent=2))
        self.stderr.write(where(options["client"], name, entry))
        if sys.prefix == sys.base_prefix:
            self.stderr.write(
                f"{sys.executable} is not a virtualenv's interpreter; the client will run it, so "
                "it needs the project's dependencies (or run: .venv/bin/python manage.py "
                "mcp_config)."
            )
        if user == USER_PLACEHOLDER:
            self.stderr.write(
                f"Replace {USER_PLACEHOLDER} with your Toulmini username (or pass --user) "
                "before saving chains."
            )
