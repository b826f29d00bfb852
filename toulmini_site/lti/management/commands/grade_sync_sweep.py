from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from toulmini_site.lti.grades import grade_sync_sweep
from toulmini_site.lti.tasks import grade_sync_sweep_task


class Command(BaseCommand):
    help = (
        "Queue again every grade send to a learning platform that should have happened and "
        "has not (its task lost). Run it every few minutes from cron, or --schedule it once "
        "on the database task backend."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--schedule",
            action="store_true",
            help="queue the sweep as a task that repeats every 15 minutes (TASKS_BACKEND=database)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["schedule"]:
            grade_sync_sweep_task.enqueue(repeat=True)
            self.stdout.write("Queued the grade sweep, repeating every 15 minutes.")
            return
        self.stdout.write(f"Queued {grade_sync_sweep()} grade send(s) again.")
