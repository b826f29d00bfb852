"""What a submission's linked work holds, read for its pages, its API and its kind: the
coach conversation and where each draft part came from, the essay critique's points."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from toulmini_site.classrooms.models import Submission

SEVERITY_ORDER = {"critical": 0, "high": 1, "medium": 2, "low": 3}


def critique_points(submission: Submission) -> list[dict[str, Any]]:
    """The essay's critique points (area, severity, critique, evidence, ``key`` and the
    ``dismissal`` a teacher or the student made, if any), most severe first; none until the
    critique has finished."""
    critique = submission.critique
    if critique is None or not critique.result:
        return []
    dismissed = {d.point_key: d for d in critique.dismissals.select_related("author")}
    points = [
        {
            **p,
            "key": (key := (p.get("claim_ids") or [""])[0]),
            "dismissal": dismissed.get(key),
        }
        for p in critique.result.get("points", [])
    ]
    return sorted(
        points,
        key=lambda p: (
            SEVERITY_ORDER.get(str(p.get("severity", "")).lower(), 9),
            p.get("area", ""),
        ),
    )


def transcript(submission: Submission) -> list[Any]:
    """The whole coach conversation with every proposal and its decision (one query)."""
    if (session := submission.coach_session) is None:
        return []
    return list(session.messages.order_by("created_at", "id"))


PROVENANCE_LABELS = {
    "student": _("typed by the student"),
    "tutor": _("accepted tutor proposal"),
    "tutor_edited": _("tutor proposal, then edited"),
}


def draft_provenance(submission: Submission) -> dict[str, str]:
    """Where each written coach draft part came from, in words (``coach.domain.provenance``);
    a written part with no record (older sessions) reads "unknown", an empty one "".
    """
    if (session := submission.coach_session) is None:
        return {}
    draft = session.draft
    sources = draft.sources()
    return {
        step: str(PROVENANCE_LABELS.get(sources.get(step, ""), _("unknown"))) if text else ""
        for step, text in draft.as_dict().items()
    }
