"""A chain as a downloadable document, in each export format: one place for the API, the
pages and the MCP server."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import cast

from arguments.domain.aif import chain_aif
from arguments.domain.argdown import chain_argdown
from arguments.domain.report import chain_markdown
from arguments.domain.toulmin import ChainStatus, Evaluation
from arguments.models import Chain
from arguments.serializers import ChainSerializer  # the API's shape

# format -> (content type, file name ending)
EXPORT_FORMATS: dict[str, tuple[str, str]] = {
    "json": ("application/json", "json"),
    "markdown": ("text/markdown; charset=utf-8", "md"),
    "aif": ("application/json", "aif.json"),
    "argdown": ("text/plain; charset=utf-8", "argdown"),
}


@dataclass(frozen=True)
class ChainExport:
    body: str
    content_type: str
    filename: str


def _review_markdown(chain: Chain) -> str:
    when = f" ({chain.reviewed_at:%Y-%m-%d})" if chain.reviewed_at else ""
    text = f"\n## Staff review\n\n**{chain.get_review_status_display()}**{when}\n"
    if chain.review_note.strip():
        text += "\n" + "\n".join(f"> {line}" for line in chain.review_note.strip().splitlines())
        text += "\n"
    return text


def chain_export(chain: Chain, fmt: str) -> ChainExport:
    """``chain`` written in ``fmt`` (a key of ``EXPORT_FORMATS``; KeyError otherwise)."""
    content_type, ending = EXPORT_FORMATS[fmt]
    state = chain.state()
    # Where the chain stands as stored: the analyzer may have stopped it before any phase.
    # The field's choices are the chain statuses (``Chain.Status``), which the stubs type as str.
    status = cast(ChainStatus, chain.status)
    evaluation = Evaluation(
        status, chain.next_phase, chain.termination_reason, tuple(chain.warnings)
    )
    if fmt == "markdown":
        body = chain_markdown(
            state, evaluation, source_text=chain.source_text, engine=chain.get_engine_display()
        )
        if chain.review_status != Chain.Review.PENDING:
            body += _review_markdown(chain)
    elif fmt == "argdown":
        body = chain_argdown(state, evaluation)
    elif fmt == "aif":
        document = chain_aif(state, evaluation, created_at=chain.created_at)
        body = json.dumps(document, ensure_ascii=False, indent=2)
    else:
        body = json.dumps(ChainSerializer(chain).data, ensure_ascii=False, indent=2)
    return ChainExport(body, content_type, f"toulmin-chain-{chain.pk}.{ending}")
