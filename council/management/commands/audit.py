"""``python manage.py audit FILE [--case-id ID] [--court NAME] [--rubric NAME]``: print a report."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from council.domain.audit.rubrics import DEFAULT_RUBRIC
from council.services.audit import LLMError, RubricUnusable, audit_document_run, audit_engine
from toulmini_site.text.documents import DocumentError, read_document


class Command(BaseCommand):
    help = "Audit a plain-text document against a rubric and print the report (nothing is saved)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="A UTF-8 text file, or - for standard input.")
        parser.add_argument("--case-id", default="", help='Defaults to "Unknown".')
        parser.add_argument("--court", default="", help='Defaults to "Unknown".')
        parser.add_argument("--rubric", default=DEFAULT_RUBRIC, help="A rubric's name.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = _read(options["file"])
            state, criteria = audit_document_run(
                text=text,
                rubric_name=options["rubric"],
                case_id=options["case_id"],
                court_name=options["court"],
            )
        except (OSError, DocumentError, RubricUnusable, LLMError) as exc:
            raise CommandError(str(exc)) from None
        report = state.get("report")
        document = state["document"]
        self.stdout.write(
            f"Audit · rubric {options['rubric']} · case {document.case_id} · "
            f"court {document.court_name} · engine {audit_engine()}\n"
        )
        for criterion in criteria:
            self._criterion(criterion, state)
        if report is None:
            raise CommandError("No criterion could be scored.")
        if any(r.security_violation_found for r in report.criterion_results):
            self.stdout.write(self.style.ERROR("SECURITY VIOLATION: the score is capped."))
        self.stdout.write(self.style.SUCCESS(f"Global score: {report.global_score:.1f} / 5"))
        self.stdout.write(report.summary)

    def _criterion(self, criterion: Any, state: Mapping[str, Any]) -> None:
        result = state["criterion_results"].get(criterion.id)
        if result is None:
            failure = state.get("failures", {}).get(criterion.id, "not assessed")
            self.stdout.write(f"{criterion.name} (weight {criterion.weight:g}): FAILED {failure}")
            return
        bar = "#" * result.numeric_score + "." * (5 - result.numeric_score)
        flag = "  SECURITY VIOLATION" if result.security_violation_found else ""
        self.stdout.write(
            f"{criterion.name} (weight {criterion.weight:g}): [{bar}] "
            f"{result.numeric_score}/5{flag}\n  {result.reasoning}"
        )
        for evidence in state["evidences"].get(criterion.id, []):
            self.stdout.write(f'  - "{evidence.content}" ({evidence.source_ref})')
        self.stdout.write("")


def _read(name: str) -> str:
    if name == "-":
        return read_document(sys.stdin.buffer)
    with Path(name).open("rb") as handle:
        return read_document(handle)
