"""Reads on coach sessions, always scoped to their owner."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from arguments.domain.aif import texts_aif
from coach.models import CoachAutosave, CoachMessage, CoachSession
from toulmini_site.users import User


def sessions_of(user: User) -> QuerySet[CoachSession]:
    return CoachSession.objects.filter(owner=user).select_related("draft")


def session_of(user: User, pk: int) -> CoachSession:
    """The user's session ``pk``; 404 for anyone else's, so its existence is not revealed."""
    return get_object_or_404(sessions_of(user), pk=pk)


def pending_proposal(session: CoachSession) -> CoachMessage | None:
    """The tutor message whose proposal waits for confirm or reject, if any."""
    return (
        session.messages.filter(proposal_decision=CoachMessage.Decision.PENDING)
        .order_by("-created_at", "-id")
        .first()
    )


def unanswered_message(session: CoachSession) -> CoachMessage | None:
    """The student's last message when a failed turn left it without an answer."""
    last = session.messages.order_by("-created_at", "-id").first()
    return last if last is not None and last.role == CoachMessage.Role.USER else None


def session_aif(session: CoachSession) -> dict[str, Any]:
    """A session's draft as an AIF document (the arguments app's Toulmin mapping)."""
    draft = session.draft.as_dict()
    return texts_aif(
        query=session.topic,
        claim=draft["claim"],
        grounds=[draft["grounds"]],
        warrant=draft["warrant"],
        grounds_backing=draft["groundsBacking"],
        warrant_backing=draft["warrantBacking"],
        qualifier=draft["qualifier"],
        rebuttal=draft["rebuttal"],
        created_at=session.created_at,
    )


def autosave_of(session: CoachSession) -> CoachAutosave | None:
    """The text typed into the session's draft boxes and kept on the server, unsaved."""
    return CoachAutosave.objects.filter(session=session).first()
