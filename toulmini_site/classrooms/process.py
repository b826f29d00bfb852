"""The process report of one submission (its student and its teachers read it): how each part
of the work came to be, read from what the work keeps (``domain.process``), in a few queries.
The caller has already checked who may read the submission (``selectors.submission_of``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from coach.domain.steps import STEPS
from coach.models import step_label
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
PHASE_LABELS = {
    "phase1": _("Data and claim"),
    "phase2": _("Warrant and backing"),
    "phase3": _("Rebuttal and qualifier"),
    "phase4": _("Verdict"),
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
    """The report by the work's kind; None before any work exists."""
    if (session := submission.coach_session) is not None:
        sources = session.draft.sources()
        texts = session.draft.as_dict()
        origins = {
            step: (sources.get(step) or "unknown") if texts.get(step) else "" for step in STEPS
        }
        messages = [
            process.Message(
                role="student" if m.role == "user" else "tutor",
                step=m.step,
                at=m.created_at,
                pressure=m.pressure,
                withheld=m.withheld,
                proposal_decision=m.proposal_decision or "",
            )
            for m in session.messages.order_by("created_at", "id")
        ]
        return process.coach_process(STEPS, messages, origins)
    if (chain := submission.chain) is not None:
        attempts = [
            process.Attempt(a.phase, a.source, a.accepted, a.created_at)
            for a in chain.attempts.order_by("created_at", "id")
        ]
        return process.chain_process(attempts)
    if submission.assignment.kind == "essay" and submission.state != "assigned":
        saves = [
            process.Save(s.at, s.characters, s.pasted, s.active_seconds)
            for s in submission.essay_saves.all()
        ]
        return process.essay_process(saves)
    return None


def lane_labels(report: process.ProcessReport) -> dict[str, str]:
    if report.kind == "coach":
        return {step: step_label(step) for step in STEPS}
    if report.kind == "chain":
        return {lane: str(label) for lane, label in PHASE_LABELS.items()}
    return {"essay": gettext("Essay")}


def page_context(report: process.ProcessReport | None) -> dict[str, Any]:
    """What the submission page draws: the timeline, the table of parts, the events."""
    if report is None:
        return {"process": None}
    labels = lane_labels(report)
    seen = []
    for event in report.events:
        if event.what not in seen:
            seen.append(event.what)
    return {
        "process": report,
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
