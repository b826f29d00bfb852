"""The essay kind: the student writes or uploads a text on the submission; turning it in
runs an audit with the assignment's rubric (and optionally a critique); its process report is
the saves; the analytics read it through its audit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, ngettext

from council.services.audit import audit_create, audit_engine
from council.services.critique import critique_create, critique_engine
from toulmini_site.classrooms import budgets, work
from toulmini_site.classrooms.domain import drafting, process
from toulmini_site.classrooms.kinds.base import Kind, Problems, register
from toulmini_site.classrooms.refusals import ClassroomError, InvalidState
from toulmini_site.toulmin import CRITERION_PART

if TYPE_CHECKING:
    from toulmini_site.classrooms.models import Submission


class Essay(Kind):
    name = "essay"
    order = 30
    label = gettext_lazy("Essay (audited)")
    detail_template = "classrooms/kinds/_essay.html"
    settings_template = "classrooms/kinds/_essay_settings.html"
    settings_fields: tuple[str, ...] = ("rubric_name", "with_critique")
    takes_text = True

    def settings(self, given: Mapping[str, Any]) -> tuple[dict[str, Any], Problems]:
        rubric = str(given.get("rubric_name") or "").strip() or "Student argument"
        return {"rubric_name": rubric, "with_critique": bool(given.get("with_critique"))}, []

    def turn_in(self, submission: Submission) -> None:
        """Run the essay's audit (and critique); model-backed runs count against the class
        budget."""

        assignment = submission.assignment
        if not submission.essay_text.strip():
            raise InvalidState(gettext("Write your essay before turning it in."))
        if audit_engine() == "llm" or (assignment.with_critique and critique_engine() == "llm"):
            budgets.budget_check(submission=submission)
        try:
            submission.audit = audit_create(
                owner=submission.student,
                text=submission.essay_text,
                rubric_name=assignment.rubric_name or None,
                case_id=f"{assignment.classroom.name}: {assignment.title}"[:200],
                keep_unreadable=True,  # an essay in another language is still handed in
            )
            if assignment.with_critique:
                submission.critique = critique_create(
                    owner=submission.student,
                    title=assignment.title[:200],
                    text=submission.essay_text,
                    keep_unreadable=True,
                )
        except ValueError as refused:  # DocumentError, RubricUnusable
            raise ClassroomError(
                str(refused), details=[{"loc": "text", "msg": str(refused)}]
            ) from None

    def progress(self, row: Mapping[str, Any]) -> dict[str, Any]:
        if row["audit_id"] is None:
            chars = row["essay_chars"] or 0
            started = row.get("state") not in (None, "assigned")
            return {
                "characters": chars,
                "label": ngettext("draft, %(n)s character", "draft, %(n)s characters", chars)
                % {"n": chars}
                if chars
                else (gettext_lazy("no text yet") if started else gettext_lazy("not started")),
            }
        score = row["audit__global_score"]
        score = float(score) if score is not None else None
        return {
            "audit_status": row["audit__status"],
            "score": score,
            "label": gettext("audit %(score)s/5") % {"score": number_format(score, 1)}
            if score is not None
            else gettext("audit %(status)s") % {"status": gettext(row["audit__status"])},
        }

    def work(self, submission: Submission) -> dict[str, Any] | None:
        if submission.state == "assigned":
            return None
        return {
            "type": "essay",
            "id": submission.pk,
            "url": submission.get_absolute_url(),
            "audit_id": submission.audit_id,
        }

    def detail(self, submission: Submission) -> dict[str, Any] | None:
        audit = submission.audit
        return {
            "type": "essay",
            "text": submission.essay_text,
            "audit": {
                "id": audit.pk,
                "status": audit.status,
                "global_score": float(audit.global_score)
                if audit.global_score is not None
                else None,
                "criteria": [
                    {"criterion": r.criterion_id, "name": r.name, "score": r.numeric_score}
                    for r in audit.results.all()
                ],
            }
            if audit is not None
            else None,
            "critique": {
                "id": critique.pk,
                "status": critique.status,
                "final_assessment": critique.result.get("final_assessment", ""),
                "points": work.critique_points(submission),
            }
            if (critique := submission.critique) is not None
            else None,
        }

    def process(self, submission: Submission) -> process.ProcessReport | None:
        if submission.state == "assigned":
            return None
        saves = [
            process.Save(s.at, s.characters, s.pasted, s.active_seconds)
            for s in submission.essay_saves.all()
        ]
        return process.essay_process(saves)

    def lanes(self) -> dict[str, str]:
        return {"essay": gettext("Essay")}

    def reading(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """Read through its audit: no parts expected of the text itself."""
        return {"last_activity": row["updated_at"]}

    def evidence(self, submission: Submission) -> dict[str, drafting.PartEvidence]:
        """The audit's score, reasoning and first quote for each criterion's part."""
        audit = submission.audit
        if audit is None:
            return {}
        rows = []
        for result in audit.results.all():
            part = CRITERION_PART.get(result.criterion_id)
            if part is None:
                continue
            evidence = result.evidence or []
            quote = evidence[0].get("content", "") if evidence else ""
            rows.append(
                (part, result.numeric_score, result.reasoning, quote, result.relevance_confidence)
            )
        return drafting.audit_evidence(rows)


KIND = register(Essay())
