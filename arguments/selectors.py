"""Reads on argument chains, always scoped to who is asking."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from arguments.models import Chain

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


def chains_for(user: Any) -> QuerySet[Chain]:
    """The user's own chains, newest first (list columns only)."""
    return Chain.objects.filter(owner=user).only(*LIST_FIELDS)


def chain_for(user: Any, pk: int) -> Chain:
    """The user's own chain, or 404 (another user's chain does not exist for them)."""
    return get_object_or_404(Chain, pk=pk, owner=user)


def owned_chain(user: Any, pk: int) -> Chain | None:
    """The user's own chain with that id, or None (another user's chain does not exist for
    them): for callers with no 404 to give, such as the MCP server."""
    return Chain.objects.filter(pk=pk, owner=user).first()
