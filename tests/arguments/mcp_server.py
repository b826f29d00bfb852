"""The MCP server as the tests drive it: one ``manage.py mcp_server`` process per module, on a
test database it can open (fixtures ``database_url`` and ``server``, shared through
``tests/arguments/conftest.py``), or the server in this process (``call_in_process``)."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import anyio
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from django.conf import settings
from django.db import connections
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from arguments import mcp as toulmini_mcp

ROOT = Path(settings.BASE_DIR)
SITE = "https://toulmini.example"


# -- the server process -------------------------------------------------------------------


def _database_url(connection: Any) -> str:
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}"))


@pytest.fixture(scope="module")
def database_url(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[str]:
    """A URL of the test database that a server process can open."""
    connection = connections["default"]
    if not (connection.vendor == "sqlite" and connection.is_in_memory_db()):
        yield _database_url(connection)
        return
    path = tmp_path_factory.mktemp("mcp") / "db.sqlite3"
    name = connection.settings_dict["NAME"]
    with django_db_blocker.unblock():
        connection.ensure_connection()
        memory = connection.connection
        disk = sqlite3.connect(path)
        memory.backup(disk)
        disk.close()
        # Closing an in-memory SQLite database would destroy it: set it aside instead.
        connection.connection = None
        connection.settings_dict["NAME"] = str(path)
    try:
        yield _database_url(connection)
    finally:
        with django_db_blocker.unblock():
            connection.close()
            connection.settings_dict["NAME"] = name
            connection.connection = memory


@dataclass
class Server:
    portal: BlockingPortal
    client: Client

    def call(self, tool: str, **arguments: Any) -> CallToolResult:
        return self.portal.call(self.client.call_tool, tool, arguments)

    def text(self, tool: str, **arguments: Any) -> str:
        result = self.call(tool, **arguments)
        assert not result.is_error, result.content[0].text
        return result.content[0].text

    def error(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(tool, **arguments)
        assert result.is_error, result.content[0].text[:200]
        return json.loads(result.content[0].text)


def server_parameters(database_url: str, **env: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=[str(ROOT / "manage.py"), "mcp_server"],
        env={
            "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
            "DATABASE_URL": database_url,
            "SITE_URL": SITE,
            "LOG_LEVEL": "WARNING",
            **env,
        },
        cwd=str(ROOT),
    )


@pytest.fixture(scope="module")
def server(database_url) -> Iterator[Server]:
    params = server_parameters(database_url, TOULMINI_MCP_USER="owner")
    # The client runs on an event loop in another thread, so the tests stay synchronous and
    # may use the ORM and the API client while the server is up.
    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(Client(params, read_timeout_seconds=30)) as client,
    ):
        yield Server(portal, client)


def call_in_process(tool: str, arguments: dict[str, Any]) -> CallToolResult:
    async def call() -> CallToolResult:
        async with Client(toulmini_mcp.build_server()) as client:
            return await client.call_tool(tool, arguments)

    return anyio.run(call)
