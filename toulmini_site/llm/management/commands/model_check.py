"""``manage.py model_check``: after setting ``LLM_*``, check the configured model server.

Asks for structured output and for a stream, times both, then runs the bundled quality check
(``evaluations.model_check``) against the model and the offline engines, prints it all, and
stores the result (``ModelCheck``) for staff to see in the admin. Exits with status 1 when
structured output fails (the features need it), 2 when no model is configured.
"""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluations.model_check import quality_check
from toulmini_site.llm.checks import Probe, probe_stream, probe_structured
from toulmini_site.llm.client import LLMNotConfigured
from toulmini_site.llm.providers import client_for
from toulmini_site.llm.services import llm_calls_save, model_check_save


class Command(BaseCommand):
    help = (
        "Check the configured language model server: structured output, a stream, their "
        "timings, and a small quality check beside the offline engines. Exits 1 when "
        "structured output fails."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-quality", action="store_true", help="Only reach the server and time it."
        )
        parser.add_argument(
            "--no-save", action="store_true", help="Print only; store no result for the admin."
        )

    def handle(self, *args: Any, no_quality: bool, no_save: bool, **options: Any) -> None:
        try:
            client = client_for("llm")
        except LLMNotConfigured as exc:
            raise CommandError(str(exc), returncode=2) from exc
        out = io.StringIO()

        def say(line: str = "") -> None:
            out.write(line + "\n")
            self.stdout.write(line)

        limits = client.limits
        say(f"Model:    {settings.LLM_MODEL}")
        say(f"Server:   {settings.LLM_BASE_URL or 'https://api.openai.com/v1 (default)'}")
        say(
            f"Limits:   deadline {limits.deadline_seconds:g} s per call, "
            f"{limits.try_timeout_seconds:g} s per request, "
            f"{limits.max_tokens} tokens ({limits.token_limit_param})"
        )
        say()
        structured = probe_structured(client)
        say(_line("Structured output", structured))
        stream = probe_stream(client)
        say(_line("Stream", stream))
        quality: list[dict[str, Any]] = []
        if no_quality:
            say("\nQuality check: skipped (--no-quality).")
        elif not structured.ok:
            say("\nQuality check: skipped (structured output failed).")
        else:
            quality = self._quality(client, say)
        calls = client.drain_calls()
        say(f"\nModel calls: {len(calls)}, {sum(c.tokens_out for c in calls)} tokens out.")
        if not no_save:
            llm_calls_save(records=calls, subject=None)
            check = model_check_save(
                model=settings.LLM_MODEL,
                base_url=settings.LLM_BASE_URL,
                structured=structured,
                stream=stream,
                quality=quality,
                report=out.getvalue(),
            )
            self.stdout.write(f"Saved as model check #{check.pk} (admin: LLM > Model checks).")
        if not structured.ok:
            raise CommandError(
                "Structured output failed: the chain, fallacy, critique and audit features "
                "will not work with this server. See docs/deployment.md for its settings."
            )
        if not stream.ok:
            self.stderr.write("Warning: streaming failed; the coach's turns will fail.")

    def _quality(self, client: Any, say: Any) -> list[dict[str, Any]]:
        say("\nQuality check (bundled cases with known answers):")
        say(f"  {'kind':<10} {'cases':>5} {'model':>7} {'offline':>8} {'errors':>7}")
        results = quality_check(client)
        for r in results:
            say(f"  {r.kind:<10} {r.cases:>5} {r.model:>7} {r.offline:>8} {r.errors:>7}")
        total = sum(r.cases for r in results)
        model = sum(r.model for r in results)
        offline = sum(r.offline for r in results)
        say(f"  {'all':<10} {total:>5} {model:>7} {offline:>8}")
        return [r.as_dict() for r in results]


def _line(name: str, probe: Probe) -> str:
    if probe.ok:
        first = f", first words after {probe.first_ms} ms" if probe.first_ms is not None else ""
        return f"{name + ':':<19}ok in {probe.ms} ms{first}"
    code = f" [{probe.code}]" if probe.code else ""
    return f"{name + ':':<19}FAILED after {probe.ms} ms{code}: {probe.error}"
