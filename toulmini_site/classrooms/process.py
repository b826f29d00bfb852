"""The process report of one submission (its student and its teachers read it): how each part
of the work came to be, read from what the work keeps (``domain.process``), in a few queries.
The caller has already checked who may read the submission (``selectors.submission_of``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from toulmini_site.classrooms import kinds
from toulmini_site.classrooms.domain import process
from toulmini_site.classrooms.models import Submission

ORIGIN_LABELS = {
    "student": _("typed by the student"),
    "tutor": _("a tutor proposal of the student's own words, confirmed"),
    "tutor_edited": _("a tutor proposal, then edited by hand"),
    "offline": _("the offline analyzer"),
    "llm": _("the language model"),
    "manual": _("the student's own AI (pasted)"),
    "mcp": _("an AI client over MCP"),
    "unknown": _("not recorded"),
    "": _("empty"),
}
EVENT_LABELS = {
    "student": _("student message"),
    "pressed": _("student pressed for the answer"),
    "tutor": _("tutor turn"),
    "withheld": _("tutor answer withheld"),
    "proposal": _("tutor proposal"),
    "attempt": _("output rejected"),
    "accepted": _("output accepted"),
    "save": _("saved"),
    "paste": _("pasted text"),
}


def process_report(submission: Submission) -> process.ProcessReport | None:
    """The report as the work's kind reads it; None before any work exists."""
    return kinds.kind_of(submission.assignment.kind).process(submission)


def page_context(report: process.ProcessReport | None) -> dict[str, Any]:
    """What the submission page draws: the timeline, the table of parts, the events."""
    if report is None:
        return {"process": None}
    kind = kinds.kind_of(report.kind)
    labels = kind.lanes()
    seen = []
    for event in report.events:
        if event.what not in seen:
            seen.append(event.what)
    return {
        "process": report,
        "process_revisions_label": kind.revisions_label,
        "process_tutor_columns": kind.tutor_columns,
        "process_minutes": round(report.essay.active_seconds / 60) if report.essay else 0,
        "process_legend": [(what, EVENT_LABELS[what]) for what in seen],
        "process_timeline": process.timeline(report, labels),
        "process_parts": [
            {
                "label": labels.get(p.lane, p.lane),
                "origin": ORIGIN_LABELS.get(p.origin, p.origin),
                "part": p,
            }
            for p in report.parts
        ],
        "process_events": [
            {"at": e.at, "lane": labels.get(e.lane, e.lane), "what": EVENT_LABELS[e.what], "e": e}
            for e in report.events
        ],
    }


def as_json(report: process.ProcessReport | None) -> dict[str, Any]:
    if report is None:
        return {"kind": None, "parts": [], "events": [], "essay": None}

    def at(value: Any) -> str | None:
        return value.isoformat() if value else None

    return {
        "kind": report.kind,
        "parts": [
            {
                "part": p.lane,
                "origin": p.origin or None,
                "first_at": at(p.first_at),
                "last_at": at(p.last_at),
                "revisions": p.revisions,
                "tutor_turns": p.tutor_turns,
                "pressed": p.pressed,
                "withheld": p.withheld,
            }
            for p in report.parts
        ],
        "events": [
            {"at": at(e.at), "part": e.lane, "what": e.what, "size": e.size} for e in report.events
        ],
        "essay": {
            "saves": report.essay.saves,
            "characters": report.essay.characters,
            "pasted": report.essay.pasted,
            "active_seconds": report.essay.active_seconds,
        }
        if report.essay
        else None,
    }
