"""``manage.py corrections_export [--output FILE]``: the corrections people made to what the
app's judges said, as JSON lines of evaluation cases, written to a file or standard output and
sent nowhere. One line per case:

- ``chain_role``: a sentence of a chain's source text, the role its owner gave it and the role
  the reader had given it (with the query and the whole text, to read it again);
- ``finding_dismissed``: a critique's point its owner or a teacher dismissed, with the reason;
- ``criterion_overruled``: an audit criterion a teacher overruled, both scores and the reason.

No user names or ids are written: a case is the text and the judgement, not who made it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from arguments.models import ChainCorrection
from council.models import AuditCriterionResult, FindingDismissal


def cases() -> Iterator[dict[str, Any]]:
    """Every correction kept, oldest first within each kind."""
    for c in ChainCorrection.objects.select_related("chain").order_by("created_at", "id"):
        yield {
            "kind": "chain_role",
            "query": c.chain.query,
            "text": c.chain.source_text,
            "sentence_index": c.sentence_index,
            "sentence": c.sentence,
            "role": c.role,
            "reader_role": c.reader_role,
            "at": c.created_at.isoformat(),
        }
    for d in FindingDismissal.objects.select_related("critique").order_by("created_at", "id"):
        yield {
            "kind": "finding_dismissed",
            "engine": d.critique.engine,
            "document": d.critique.document,
            "area": d.area,
            "finding": d.finding,
            "evidence": d.evidence,
            "fallacy": d.fallacy,
            "reason": d.reason,
            "at": d.created_at.isoformat(),
        }
    overruled = AuditCriterionResult.objects.select_related("audit").filter(
        overruled_score__isnull=False
    )
    for r in overruled.order_by("overruled_at", "id"):
        yield {
            "kind": "criterion_overruled",
            "engine": r.audit.engine,
            "document": r.audit.document,
            "criterion": r.criterion_id,
            "analyzer": r.analyzer,
            "score": r.numeric_score,
            "overruled_score": r.overruled_score,
            "reasoning": r.reasoning,
            "reason": r.overrule_reason,
            "at": r.overruled_at.isoformat() if r.overruled_at else "",
        }


class Command(BaseCommand):
    help = "Write the corrections people made to the judges as JSON lines of evaluation cases."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", help="A file to write (default: standard output).")

    def handle(self, *args: Any, output: str | None = None, **options: Any) -> None:
        count = 0
        if output:
            with open(output, "w", encoding="utf-8") as stream:
                for case in cases():
                    stream.write(json.dumps(case, ensure_ascii=False) + "\n")
                    count += 1
        else:
            for case in cases():
                self.stdout.write(json.dumps(case, ensure_ascii=False))
                count += 1
        self.stderr.write(f"{count} case(s) written.")
