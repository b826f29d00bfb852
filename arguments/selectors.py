"""Reads on argument chains, always scoped to who is asking."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from arguments.domain.language import reader_language, reading_in
from arguments.domain.located import locate
from arguments.domain.toulmin import COMPONENT_ORDER
from arguments.models import Chain
from arguments.offline import chain_evidence
from toulmini_site.users import User

LIST_FIELDS = (
    "id",
    "query",
    "engine",
    "status",
    "next_phase",
    "verdict_status",
    "review_status",
    "termination_reason",
    "created_at",
    "updated_at",
    "owner_id",
)


def chains_for(user: User) -> QuerySet[Chain]:
    """The user's own chains, newest first (list columns only)."""
    return Chain.objects.filter(owner=user).only(*LIST_FIELDS)


def chain_for(user: User, pk: int) -> Chain:
    """The user's own chain, or 404 (another user's chain does not exist for them)."""
    return get_object_or_404(Chain, pk=pk, owner=user)


def owned_chain(user: User, pk: int) -> Chain | None:
    """The user's own chain with that id, or None (another user's chain does not exist for
    them): for callers with no 404 to give, such as the MCP server."""
    return Chain.objects.filter(pk=pk, owner=user).first()


def chain_evidence_spans(chain: Chain) -> list[dict[str, Any]]:
    """The words each part of the chain rests on, as spans of its source text, in the parts'
    order: ``part``, ``item`` (which fact or exception), ``words`` (the part's own words),
    ``match`` ("reader": the offline reader's sentence; "exact" or "close": a model's words
    found as they are or said again by a sentence; "own_words": no sentence says them, so no
    span), ``start``/``end`` (offsets in the text, None without a span), ``sentence_index``,
    ``confidence`` (0-1, or None where nothing weighed it) and ``given`` (the owner's role).

    An offline chain's parts are the reader's sentences with its confidence in each; a chain
    its server model ran has its parts found in the text (``located.locate``), the claim with
    the reader's calibrated confidence in it; so does a chain the user's own AI runs. Empty
    for a chain with no text or no claim yet."""
    if not chain.source_text or not chain.claim:
        return []
    pinned = chain.pinned_roles()
    if chain.engine == Chain.Engine.OFFLINE:
        return [
            {
                "part": p.role,
                "item": 0,
                "words": p.sentence.text,
                "match": "reader",
                "start": p.sentence.start,
                "end": p.sentence.end,
                "sentence_index": p.sentence.index,
                "confidence": p.confidence,
                "given": p.given,
            }
            for p in chain_evidence(chain.query, chain.source_text, pinned)
        ]
    with reading_in(reader_language(f"{chain.source_text}\n{chain.query}")):
        found = locate(chain.source_text, {name: getattr(chain, name) for name in COMPONENT_ORDER})
    spans = []
    for f in found:
        given = f.sentence_index is not None and pinned.get(f.sentence_index) == f.part
        confidence = None
        if f.part == "claim" and f.match != "own_words" and not given:
            confidence = chain.claim_confidence
        spans.append(
            {
                "part": f.part,
                "item": f.item,
                "words": f.words,
                "match": f.match,
                "start": f.start,
                "end": f.end,
                "sentence_index": f.sentence_index,
                "confidence": 1.0 if given else confidence,
                "given": given,
            }
        )
    return spans
