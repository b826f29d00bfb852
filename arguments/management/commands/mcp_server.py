"""``manage.py mcp_server``: the Toulmini MCP server on STDIO, for an AI client to launch.

stdout carries the protocol and nothing else: logging goes to stderr (settings.LOGGING), and
while serving, the MCP SDK points file descriptor 1 at stderr, so even a stray ``print`` in
a tool cannot corrupt the stream.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Serve the Toulmin tools to an AI client over MCP (STDIO). Logs go to stderr."

    # System checks import every URLconf and view (about a second); the server needs none
    # of them to answer, and a check message must not reach stdout.
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        # Imported here, not at module level: the MCP SDK is most of the start-up time, and
        # other commands (``manage.py help``) should not pay for it. ``manage.py mcp_server``
        # with no option does not come here: it serves before Django is set up.
        from arguments.mcp import serve

        serve()
