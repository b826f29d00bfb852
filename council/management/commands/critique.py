"""``manage.py critique FILE``: print the Reasoning Council's critique of a text file."""

from django.core.management.base import BaseCommand, CommandError, CommandParser

from council.domain.critique import DocumentError, critique_goal_document
from council.services.critique import critique_engine
from toulmini_site.llm.client import LLMError
from toulmini_site.llm.providers import client_for


class Command(BaseCommand):
    help = "Critique a text or Markdown file with the Reasoning Council and print the result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="Path to the document (UTF-8 text or Markdown).")
        parser.add_argument("--depth", type=int, default=3, choices=range(1, 6), metavar="1-5")
        parser.add_argument(
            "--engine",
            choices=["offline", "llm"],
            help="Default: llm when LLM_MODEL is set, else the offline philosophers.",
        )

    def handle(self, *args, file: str, depth: int, engine: str | None, **options) -> None:
        try:
            client = client_for(engine or critique_engine())
            output = critique_goal_document(file, client=client, max_depth=depth)
        except FileNotFoundError:
            raise CommandError(f"File not found: {file}") from None
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}") from None
        except (DocumentError, LLMError) as exc:
            raise CommandError(f"{file}: {exc}") from None
        self.stdout.write(output)
