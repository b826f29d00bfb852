from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from toulmini_site.privacy.services import retention_run
from toulmini_site.privacy.tasks import retention_task


class Command(BaseCommand):
    help = (
        "Delete model-call logs and coach transcripts older than DATA_RETENTION_DAYS (off when "
        "0). Run daily from cron, or --schedule it once on the database task backend."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--schedule",
            action="store_true",
            help="queue the purge as a task that repeats daily (TASKS_BACKEND=database)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["schedule"]:
            retention_task.enqueue(repeat=True)
            self.stdout.write("Queued the daily retention task.")
            return
        counts = retention_run()
        self.stdout.write(", ".join(f"{k}: {v}" for k, v in counts.items()))
