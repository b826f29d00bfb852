"""Reads on critiques, audits and rubrics, always scoped to who is asking."""

from __future__ import annotations

import time

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from council.models import Audit, Critique, Rubric
from toulmini_site.school import teaches_work
from toulmini_site.users import User

CRITIQUE_LIST_FIELDS = ("id", "title", "status", "engine", "created_at")
AUDIT_LIST_FIELDS = (
    "id", "rubric_name", "case_id", "court_name", "status", "global_score",
    "security_violation", "created_at",
)  # fmt: skip


def critiques_for(user: User, *, list_fields: bool = False) -> QuerySet[Critique]:
    """The user's own critiques, newest first (only the list's columns with ``list_fields``)."""
    critiques = Critique.objects.filter(owner=user)
    return critiques.only(*CRITIQUE_LIST_FIELDS) if list_fields else critiques


def critique_for(user: User, pk: int) -> Critique:
    """The user's own critique, or 404 (another user's does not exist for them)."""
    return get_object_or_404(Critique, pk=pk, owner=user)


def critique_wait_for_change(
    critique: Critique, *, seen: int, timeout: float = 5.0, interval: float = 0.01
) -> None:
    """Wait until the critique's run moves on from progress ``seen`` (a new finding, a new
    stage, the end), or ``timeout`` seconds, polling one small row; then refresh it.

    The critique page asks again as soon as it has shown an answer, so a finding reaches the
    screen within ``interval`` of being saved, without the page asking every few
    milliseconds."""
    deadline = time.monotonic() + timeout
    rows = Critique.objects.filter(pk=critique.pk)
    while time.monotonic() < deadline:
        status, progress = rows.values_list("status", "progress").get()
        if status in Critique.FINISHED or (progress or {}).get("seq", 0) != seen:
            break
        time.sleep(interval)
    critique.refresh_from_db()


def audits_for(user: User, *, list_fields: bool = False) -> QuerySet[Audit]:
    """The user's own audits, newest first (only the list's columns with ``list_fields``)."""
    audits = Audit.objects.filter(owner=user)
    return audits.only(*AUDIT_LIST_FIELDS) if list_fields else audits


def audit_for(user: User, pk: int) -> Audit:
    """The user's own audit, or 404."""
    return get_object_or_404(Audit, pk=pk, owner=user)


def rubrics() -> QuerySet[Rubric]:
    """Every rubric, for a choice of one."""
    return Rubric.objects.all()


def critique_to_correct(user: User, pk: int) -> Critique:
    """A critique its owner or a teacher of the class it was handed in for may correct
    (dismiss a finding), else 404: it does not exist for anyone else."""
    critique = get_object_or_404(Critique, pk=pk)
    if critique.owner_id != getattr(user, "pk", None) and not teaches_work(user, critique):
        raise Http404("No such critique.")
    return critique


def audit_to_overrule(user: User, pk: int) -> Audit:
    """An audit a teacher of the class it was handed in for may overrule, else 404 (its owner
    sees it but may not overrule their own grade's evidence; 403 is for the owner)."""
    audit = get_object_or_404(Audit, pk=pk)
    if teaches_work(user, audit):
        return audit
    if audit.owner_id == getattr(user, "pk", None):
        raise PermissionDenied("Only a teacher of the class may overrule an audit criterion.")
    raise Http404("No such audit.")
