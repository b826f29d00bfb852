"""Corrections people make to what the council said: a critique's finding dismissed by its
owner or a teacher, an audit's criterion overruled by a teacher. Both keep the judge's own
words beside the correction, so staff see them in the admin and the team can evaluate the
judges on them (``manage.py corrections_export``). The caller checks who may correct
(``council.selectors.critique_to_correct`` and ``audit_to_overrule``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from council.models import Audit, AuditCriterionResult, Critique, FindingDismissal
from toulmini_site.refusals import Refusal
from toulmini_site.users import User

REASON_MAX = 2000


class CorrectionRefused(Refusal):
    """A correction that names no point or criterion of the run, or gives no reason."""


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason or len(reason) > REASON_MAX:
        raise CorrectionRefused(
            gettext("Say why, in at most %(n)s characters.") % {"n": REASON_MAX},
            code="INVALID_INPUT",
        )
    return reason


def critique_point_dismiss(
    *, critique: Critique, point_key: str, reason: str, author: User
) -> FindingDismissal:
    """Dismiss the critique's point whose first claim id is ``point_key``, with ``reason``;
    dismissing it again replaces the reason."""
    reason = _reason(reason)
    point = next(
        (
            p
            for p in critique.result.get("points", [])
            if (p.get("claim_ids") or [""])[0] == point_key
        ),
        None,
    )
    if point is None:
        raise CorrectionRefused(
            gettext("The critique has no such point."), code="NOT_FOUND", status=404
        )
    dismissal, _created = FindingDismissal.objects.update_or_create(
        critique=critique,
        point_key=point_key,
        defaults={
            "area": point.get("area", "")[:120],
            "finding": point.get("critique", ""),
            "evidence": point.get("evidence", ""),
            "fallacy": point.get("fallacy", "") or "",
            "reason": reason,
            "author": author,
        },
    )
    return dismissal


def critique_point_restore(*, critique: Critique, point_key: str) -> None:
    """Take a dismissal back: the point counts again."""
    FindingDismissal.objects.filter(critique=critique, point_key=point_key).delete()


def audit_criterion_overrule(
    *, audit: Audit, criterion_id: str, score: int, reason: str, author: User
) -> AuditCriterionResult:
    """Give ``criterion_id`` of ``audit`` the score ``score`` (1-5) instead of the auditor's,
    with ``reason``; the grading suggestion follows it. Overruling again replaces both."""
    reason = _reason(reason)
    if not 1 <= int(score) <= 5:
        raise CorrectionRefused(gettext("A score is from 1 to 5."), code="INVALID_INPUT")
    with transaction.atomic():
        result = (
            AuditCriterionResult.objects.select_for_update()
            .filter(audit=audit, criterion_id=criterion_id)
            .first()
        )
        if result is None:
            raise CorrectionRefused(
                gettext("The audit has no such criterion."), code="NOT_FOUND", status=404
            )
        result.overruled_score = int(score)
        result.overrule_reason = reason
        result.overruled_by = author
        result.overruled_at = timezone.now()
        result.save(
            update_fields=["overruled_score", "overrule_reason", "overruled_by", "overruled_at"]
        )
    return result
