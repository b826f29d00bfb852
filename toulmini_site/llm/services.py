from collections.abc import Iterable
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from toulmini_site.llm.checks import Probe
from toulmini_site.llm.client import CallRecord
from toulmini_site.llm.models import LLMCall, ModelCheck


def llm_calls_save(*, records: Iterable[CallRecord], subject: models.Model | None) -> int:
    """Store the records of a client's calls against ``subject``; returns how many."""
    content_type = ContentType.objects.get_for_model(subject) if subject is not None else None
    rows = [
        LLMCall(
            content_type=content_type,
            object_id=subject.pk if subject is not None else None,
            purpose=r.purpose,
            provider=r.provider,
            model=r.model,
            prompt_chars=r.prompt_chars,
            tokens_in=r.tokens_in,
            tokens_out=r.tokens_out,
            latency_ms=r.latency_ms,
            outcome=r.outcome,
            error=r.error,
            raw_output=r.raw_output if r.outcome != "ok" else "",
        )
        for r in records
    ]
    LLMCall.objects.bulk_create(rows)
    return len(rows)


def model_check_save(
    *,
    model: str,
    base_url: str,
    structured: Probe,
    stream: Probe,
    quality: list[dict[str, Any]],
    report: str,
) -> ModelCheck:
    """Store one ``model_check`` run, for staff to see in the admin."""
    errors = [f"{name}: {p.error}" for name, p in (("structured", structured), ("stream", stream))]
    return ModelCheck.objects.create(
        model=model,
        base_url=base_url,
        reached=structured.reached or stream.reached,
        structured_ok=structured.ok,
        structured_ms=structured.ms,
        stream_ok=stream.ok,
        stream_first_ms=stream.first_ms,
        stream_ms=stream.ms,
        quality=quality,
        errors="\n".join(e for e, p in zip(errors, (structured, stream), strict=True) if p.error),
        report=report,
    )
