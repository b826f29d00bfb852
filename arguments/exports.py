"""A chain as a downloadable document, in each export format: one place for the API, the
pages and the MCP server. The sentences the offline engines wrote (the warrant they
reconstruct, the backing, the rationale, the verdict, a termination reason, a citation's
reference) are written in the active language from what the chain stores (``Chain.said``),
the words quoted from the text as written; the JSON format is the chain as stored."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, cast

from django.utils.translation import gettext

from arguments.domain.aif import chain_aif
from arguments.domain.argdown import chain_argdown
from arguments.domain.report import chain_markdown
from arguments.domain.toulmin import ChainState, ChainStatus, Evaluation
from arguments.domain.wording import SAID_FIELDS
from arguments.models import Chain
from arguments.serializers import ChainSerializer  # the API's shape
from arguments.vocabulary import chain_shown, said_shown

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
    text = f"\n## {gettext('Staff review')}\n\n**{chain.get_review_status_display()}**{when}\n"
    if chain.review_note.strip():
        text += "\n" + "\n".join(f"> {line}" for line in chain.review_note.strip().splitlines())
        text += "\n"
    return text


def _shown(chain: Chain) -> tuple[ChainState, Evaluation]:
    """The chain's state and where it stands, with what the engines wrote in the active
    language (copies: the components were validated when stored, and are not again)."""

    def one(text: str) -> str:
        return said_shown(text, chain.said)

    def cited(citations: list) -> list:
        return [
            c.model_copy(update={"source": one(c.source), "reference": one(c.reference)})
            for c in citations
        ]

    state = chain.state()
    for part, names in SAID_FIELDS.items():
        if (component := getattr(state, part)) is not None:
            update: dict[str, Any] = {name: one(getattr(component, name)) for name in names}
            if part == "backing":
                update["citations"] = cited(component.citations)
            setattr(state, part, component.model_copy(update=update))
    if state.data is not None:
        state.data = state.data.model_copy(update={"citations": cited(state.data.citations)})
    if state.rebuttal is not None:
        exceptions = [one(e) for e in state.rebuttal.exceptions]
        state.rebuttal = state.rebuttal.model_copy(update={"exceptions": exceptions})
    # Where the chain stands as stored: the analyzer may have stopped it before any phase.
    # The field's choices are the chain statuses (``Chain.Status``), which the stubs type as str.
    status = cast(ChainStatus, chain.status)
    warnings = tuple(one(str(w)) for w in chain.warnings)
    return state, Evaluation(status, chain.next_phase, one(chain.termination_reason), warnings)


def chain_export(chain: Chain, fmt: str) -> ChainExport:
    """``chain`` written in ``fmt`` (a key of ``EXPORT_FORMATS``; KeyError otherwise), what
    the engines wrote in the active language."""
    content_type, ending = EXPORT_FORMATS[fmt]
    state, evaluation = _shown(chain)
    if fmt == "markdown":
        body = chain_markdown(
            state,
            evaluation,
            source_text=chain.source_text,
            engine=chain.get_engine_display(),
            translate=gettext,
        )
        if chain.review_status != Chain.Review.PENDING:
            body += _review_markdown(chain)
    elif fmt == "argdown":
        body = chain_argdown(state, evaluation)
    elif fmt == "aif":
        document = chain_aif(state, evaluation, created_at=chain.created_at)
        body = json.dumps(document, ensure_ascii=False, indent=2)
    else:
        data = chain_shown(ChainSerializer(chain).data, chain.said)  # as the API answers
        body = json.dumps(data, ensure_ascii=False, indent=2)
    return ChainExport(body, content_type, f"toulmin-chain-{chain.pk}.{ending}")
