"""``manage.py worker``: django-tasks-db's ``db_worker`` that rides out a database outage.

``db_worker`` exits on the first database error outside a task (a restart of PostgreSQL, a
dropped connection), and nothing brought it back. This one logs the error, drops its
connections, waits (1 s, doubling up to 30 s while the outage lasts) and carries on, so the
queue is served again as soon as the database answers. A task that was running when the
database went away stays ``running`` for django-tasks-db; the run's own lease (a critique's
or an audit's heartbeat) makes it stalled within a minute, and the reaper each worker runs
beside its loop (``toulmini_site.processes.leases``: every 15 s, once per period across all
workers on all machines) queues it again, or fails it the second time. Crashes of the process itself
(``kill -9``, out of memory) are the supervisor's business (``make serve``).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from django.db import DatabaseError, connections
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands.db_worker import Command as DbWorkerCommand
from django_tasks_db.management.commands.db_worker import Worker

from toulmini_site.processes import leases

logger = logging.getLogger("toulmini_site.processes")

BACKOFF_FIRST = 1.0
BACKOFF_MAX = 30.0
BACKOFF_RESET_AFTER = 60.0  # a worker that ran this long since its last failure starts over


def close_connections() -> None:
    """Drop every database connection of this thread, whatever state the outage left it in."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except DatabaseError:
            connection.connection = None  # unusable: forget it, the next query reconnects


class ResilientWorker(Worker):
    """django-tasks-db's worker loop, resumed with back-off after a database error."""

    sleep = staticmethod(time.sleep)  # tests replace it

    def run(self) -> None:
        delay = BACKOFF_FIRST
        while self.running:
            started = time.monotonic()
            try:
                super().run()
                return
            except DatabaseError as error:
                if time.monotonic() - started > BACKOFF_RESET_AFTER:
                    delay = BACKOFF_FIRST
                logger.error(
                    "The database failed (%s: %s); the worker tries again in %.0f s.",
                    type(error).__name__,
                    str(error).strip(),
                    delay,
                )
                close_connections()
                self.sleep(delay)
                delay = min(delay * 2, BACKOFF_MAX)


class Command(DbWorkerCommand):
    help = "Run the database task worker, riding out database outages, with the run reaper."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--no-reaper",
            dest="reaper",
            action="store_false",
            help="do not reap runs whose worker died (another process does it)",
        )

    def handle(self, **options: Any) -> None:
        self.configure_logging(options["verbosity"])
        batch, reload = options["batch"], options["reload"]
        if reload and batch:
            reload = False
        queue_names = options["queue_name"].split(",")
        excluded = options["exclude_queues"].split(",") if options["exclude_queues"] else []
        worker = ResilientWorker(
            queue_names=queue_names,
            interval=options["interval"],
            batch=batch,
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=options["worker_id"],
            excluded_queue_names=excluded,
        )
        if reload:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            stop = threading.Event()
            if options.get("reaper", True):
                leases.reaper_thread(stop=stop)
            try:
                worker.run()
            finally:
                stop.set()
