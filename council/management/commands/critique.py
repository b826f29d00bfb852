"""``manage.py critique FILE [--user NAME]``: critique a text file with the Reasoning Council
and print it, as the council's original entry point does; with ``--user``, also save the
critique for that user (as the page does: result, trees, model calls)."""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from council.services.critique import LLMError, critique_create, critique_run, critique_text
from toulmini_site.text.documents import DocumentError, read_file_content


class Command(BaseCommand):
    help = (
        "Critique a text or Markdown file with the Reasoning Council and print the result; "
        "with --user, also save the critique for that user."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="Path to the document (UTF-8 text or Markdown).")
        parser.add_argument(
            "--user", help="Username that owns the critique; without it nothing is saved."
        )
        parser.add_argument("--depth", type=int, default=3, choices=range(1, 6), metavar="1-5")
        parser.add_argument(
            "--engine",
            choices=["offline", "llm"],
            help="Default: llm when LLM_MODEL is set, else the offline philosophers.",
        )

    def handle(
        self,
        *args: Any,
        file: str,
        user: str | None,
        depth: int,
        engine: str | None,
        **options: Any,
    ) -> None:
        try:
            if user is None:
                self.stdout.write(self._text(file, depth=depth, engine=engine))
                return
            text = read_file_content(file)
            owner = get_user_model().objects.filter(username=user).first()
            if owner is None:
                raise CommandError(f"No user called {user!r}.")
            critique = critique_create(
                owner=owner, title="", text=text, engine=engine, max_depth=depth, enqueue=False
            )
        except FileNotFoundError:
            raise CommandError(f"File not found: {file}") from None
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}") from None
        except DocumentError as exc:
            raise CommandError(f"{file}: {exc}") from None
        critique = critique_run(critique_id=critique.pk)
        if critique.status == critique.Status.FAILED and not critique.formatted:
            raise CommandError(f"{file}: {critique.error} (critique {critique.pk})")
        self.stdout.write(critique.formatted)
        self.stderr.write(f"Saved as critique {critique.pk}: {critique.get_absolute_url()}")

    def _text(self, file: str, *, depth: int, engine: str | None) -> str:
        try:
            return critique_text(path=file, engine=engine, max_depth=depth)
        except LLMError as exc:
            raise CommandError(str(exc)) from None
