"""The MCP server fixtures, shared by the MCP test modules."""

from tests.arguments.mcp_server import database_url, server  # noqa: F401
