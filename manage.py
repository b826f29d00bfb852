#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
    if sys.argv[1:] == ["mcp_server"]:
        # Served before django.setup(): an AI client waits for the first answer, and the
        # phase tools need no app loaded (a tool that does sets Django up when first called).
        from arguments.mcp import serve

        serve()
        return
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
