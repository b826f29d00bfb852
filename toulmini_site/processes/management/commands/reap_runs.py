from typing import Any

from django.core.management.base import BaseCommand

from toulmini_site.processes.leases import reap


class Command(BaseCommand):
    help = (
        "Queue again (once) each background run whose worker stopped renewing its lease, and "
        "fail those already queued again. Every task worker does this every 15 s on its own; "
        "this command is for a site without workers running, or to see it happen."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        counts = reap()
        self.stdout.write(f"Requeued {counts['requeued']}, failed {counts['failed']}.")
