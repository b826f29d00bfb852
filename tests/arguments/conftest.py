"""The MCP server fixtures of test_mcp.py, shared with the other MCP test modules."""

from tests.arguments.test_mcp import database_url, server  # noqa: F401
