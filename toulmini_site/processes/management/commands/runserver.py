"""``manage.py runserver`` with a listen backlog a class fits in.

Django's development server listens with a backlog of 10 connections. When a class's 20
coach turns and 20 chain runs arrive at once, the connections past it were reset
(``benchmarks/sqlite_dev.py``: 24 of 120 requests lost, 0 with this). Everything else is
whitenoise's ``runserver`` (static files through the middleware), itself Django's.
"""

from __future__ import annotations

from django.core.servers.basehttp import WSGIServer
from whitenoise.runserver_nostatic.management.commands.runserver import (  # type: ignore[import-untyped]
    Command as WhiteNoiseRunserver,
)


class DevServer(WSGIServer):
    request_queue_size = 128


class Command(WhiteNoiseRunserver):
    server_cls = DevServer
