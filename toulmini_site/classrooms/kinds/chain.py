"""The chain kind: a query, optionally a source text, and the engines the student may use;
starting runs nothing yet but creates the chain; progress is the phase, verdict or stop; its
process report is the outputs offered per phase; the analytics read the components written
and the phases passed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db.models import BooleanField, ExpressionWrapper, Q
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from arguments.domain.toulmin import COMPONENT_ORDER, ToulminError
from arguments.services import chain_create
from toulmini_site.classrooms.domain import drafting, process
from toulmini_site.classrooms.domain.grading import PARTS
from toulmini_site.classrooms.kinds.base import DONE, Kind, Problems, register
from toulmini_site.classrooms.refusals import ClassroomError
from toulmini_site.toulmin import PHASE_COMPONENTS

if TYPE_CHECKING:
    from toulmini_site.classrooms.models import Submission

ENGINES = ("offline", "manual", "llm")
# The chain's phases -> the components (grading parts) each writes; the verdict is no part.
PHASE_PARTS = {n: parts for n, parts in PHASE_COMPONENTS.items() if n < 4}
CHAIN_PARTS = tuple(part for parts in PHASE_PARTS.values() for part in parts)
PHASE_LABELS = {
    "phase1": gettext_lazy("Data and claim"),
    "phase2": gettext_lazy("Warrant and backing"),
    "phase3": gettext_lazy("Rebuttal and qualifier"),
    "phase4": gettext_lazy("Verdict"),
}


def shorten(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters, with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.–-") + "…"


class Chain(Kind):
    name = "chain"
    order = 20
    label = gettext_lazy("Toulmin chain")
    detail_template = "classrooms/kinds/_chain.html"
    settings_template = "classrooms/kinds/_chain_settings.html"
    start_template = "classrooms/kinds/_chain_start.html"
    revisions_label = gettext_lazy("Outputs offered")
    analytics_values: tuple[str, ...] = ("chain__status", "chain__next_phase")
    settings_fields: tuple[str, ...] = ("query", "source_text", "engines")

    def settings(self, given: Mapping[str, Any]) -> tuple[dict[str, Any], Problems]:
        problems: Problems = []
        query = str(given.get("query") or "").strip()
        engines = list(dict.fromkeys(given.get("engines") or ["offline", "manual"]))
        if not query:
            problems.append({"loc": "query", "msg": "a chain assignment needs a query"})
        if any(e not in ENGINES for e in engines):
            problems.append({"loc": "engines", "msg": f"each one of {', '.join(ENGINES)}"})
        source_text = str(given.get("source_text") or "").strip()
        return {"query": query, "source_text": source_text, "engines": engines}, problems

    def start(self, submission: Submission, *, engine: str | None, source_text: str) -> None:
        assignment = submission.assignment
        engine = engine or (assignment.engines or ["offline"])[0]
        if engine not in assignment.engines:
            raise ClassroomError(
                gettext("This assignment allows the engines %(engines)s.")
                % {"engines": ", ".join(assignment.engines)},
                details=[{"loc": "engine", "msg": "not allowed by the assignment"}],
            )
        if not (assignment.source_text or source_text).strip():
            # A chain run on no text stops at once, leaving dead work behind.
            raise ClassroomError(
                gettext(
                    "This assignment has no source text: paste the text your chain should analyse."
                ),
                details=[{"loc": "source_text", "msg": "required"}],
            )
        try:
            submission.chain = chain_create(
                owner=submission.student,
                query=assignment.query,
                source_text=assignment.source_text or source_text,
                engine=engine,
            )
        except ToulminError as refused:
            raise ClassroomError(
                getattr(refused, "message", str(refused)),
                details=[{"loc": "engine", "msg": str(refused)}],
            ) from refused

    def progress(self, row: Mapping[str, Any]) -> dict[str, Any]:
        if row["chain_id"] is None:
            return {"label": gettext_lazy("not started")}
        status, reason = row["chain__status"], row["chain__termination_reason"]
        overturned = row.get("chain__review_status") == "overturned"
        verdict = gettext(row["chain__verdict_status"]) if row["chain__verdict_status"] else ""
        if status == "complete" and overturned:
            label = gettext("verdict: overturned (was %(verdict)s)") % {"verdict": verdict}
        elif status == "complete":
            label = gettext("verdict: %(verdict)s") % {"verdict": verdict}
        elif status == "terminated":
            label = gettext("stopped: %(reason)s") % {"reason": shorten(reason, 80)}
        else:
            label = gettext("phase %(phase)s/4") % {"phase": row["chain__next_phase"]}
        return {
            "phase": row["chain__next_phase"],
            "status": status,
            "verdict": row["chain__verdict_status"] or None,
            "stop_reason": reason or None,
            "label": label,
            "title": gettext("stopped: %(reason)s") % {"reason": reason}
            if status == "terminated"
            else "",
        }

    def work(self, submission: Submission) -> dict[str, Any] | None:
        if not submission.chain_id:
            return None
        return {
            "type": "chain",
            "id": submission.chain_id,
            "url": reverse("arguments:chain_detail", args=[submission.chain_id]),
        }

    def detail(self, submission: Submission) -> dict[str, Any] | None:
        chain = submission.chain
        if chain is None:
            return None
        return {
            "type": "chain",
            "query": chain.query,
            "source_text": chain.source_text,
            "engine": chain.engine,
            "status": chain.status,
            "verdict_status": chain.verdict_status or None,
            "termination_reason": chain.termination_reason or None,
            "components": {name: getattr(chain, name) for name in COMPONENT_ORDER},
            "review": {"status": chain.review_status, "note": chain.review_note},
        }

    def process(self, submission: Submission) -> process.ProcessReport | None:
        chain = submission.chain
        if chain is None:
            return None
        attempts = [
            process.Attempt(a.phase, a.source, a.accepted, a.created_at)
            for a in chain.attempts.order_by("created_at", "id")
        ]
        return process.chain_process(attempts)

    def lanes(self) -> dict[str, str]:
        return {lane: str(label) for lane, label in PHASE_LABELS.items()}

    def analytics_columns(self) -> dict[str, Any]:
        """Which components the chain holds, without loading it."""
        return {
            f"chain_has_{part}": ExpressionWrapper(
                Q(**{f"chain__{part}__isnull": False}), output_field=BooleanField()
            )
            for part in CHAIN_PARTS
        }

    def reading(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """The components written, and those of the phases passed (all once done); a chain
        stopped by a circuit breaker reads stuck."""
        out = super().reading(row)
        out["finished"] = row["chain__status"] == "complete"
        out["stopped"] = row["chain__status"] == "terminated"
        if row["chain__status"] is None:
            return out
        out["present"] = frozenset(p for p in CHAIN_PARTS if row.get(f"chain_has_{p}"))
        if row["state"] in DONE or out["finished"]:
            out["expected"] = frozenset(CHAIN_PARTS)
        else:
            reached = (row["chain__next_phase"] or 1) - 1
            out["expected"] = frozenset(
                p for n, ps in PHASE_PARTS.items() if n <= reached for p in ps
            )
        return out

    def evidence(self, submission: Submission) -> dict[str, drafting.PartEvidence]:
        """The chain's components, and where a circuit breaker stopped it."""
        chain = submission.chain
        if chain is None:
            return {}
        components = {part: getattr(chain, part) for part in PARTS}
        stopped = ""
        if chain.status == "terminated":
            held = [part for part in PARTS if getattr(chain, part)]
            stopped = held[-1] if held else ""  # the last component it holds
        return drafting.chain_evidence(components, stopped)


KIND = register(Chain())
