"""The coach kind: a topic and a language; starting creates a coach session; progress is the
step reached; its one graded Backing covers the coach's two backings; its process report is
the conversation per step; the analytics read the draft's parts and the steps passed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db.models.functions import Length
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from coach.domain.heuristics import step_check
from coach.domain.steps import STEPS
from coach.models import DRAFT_COLUMNS, step_label
from coach.services import CoachError, session_create
from toulmini_site.classrooms import work
from toulmini_site.classrooms.domain import drafting, process
from toulmini_site.classrooms.kinds.base import DONE, Kind, Problems, register
from toulmini_site.classrooms.refusals import ClassroomError
from toulmini_site.toulmin import STEP_PART

if TYPE_CHECKING:
    from toulmini_site.classrooms.models import Submission


class Coach(Kind):
    name = "coach"
    order = 10
    label = gettext_lazy("Coach session")
    detail_template = "classrooms/kinds/_coach.html"
    settings_template = "classrooms/kinds/_coach_settings.html"
    revisions_label = gettext_lazy("Student messages")
    tutor_columns = True
    analytics_values: tuple[str, ...] = (
        "coach_session__current_step",
        "coach_session__status",
        "coach_session__updated_at",
    )
    settings_fields: tuple[str, ...] = ("topic", "language", "tutor_help")

    def settings(self, given: Mapping[str, Any]) -> tuple[dict[str, Any], Problems]:
        from toulmini_site.classrooms.models import TutorHelp

        problems: Problems = []
        topic = str(given.get("topic") or "").strip()
        language = given.get("language") or "en"
        tutor_help = given.get("tutor_help") or TutorHelp.FULL
        if not topic:
            problems.append({"loc": "topic", "msg": "a coach assignment needs a topic"})
        if language not in ("en", "es"):
            problems.append({"loc": "language", "msg": "en or es"})
        if tutor_help not in TutorHelp.values:
            problems.append({"loc": "tutor_help", "msg": "one of questions, examples, full"})
        return {"topic": topic, "language": language, "tutor_help": tutor_help}, problems

    def start(self, submission: Submission, *, engine: str | None, source_text: str) -> None:
        assignment = submission.assignment
        try:
            submission.coach_session = session_create(
                owner=submission.student, topic=assignment.topic, language=assignment.language
            )
        except CoachError as refused:
            raise ClassroomError(
                refused.message, details=[{"loc": "engine", "msg": str(refused)}]
            ) from refused

    def progress(self, row: Mapping[str, Any]) -> dict[str, Any]:
        if row["coach_session_id"] is None:
            return {"label": gettext_lazy("not started")}
        done = row["coach_session__status"] == "completed"
        step = len(STEPS) if done else STEPS.index(row["coach_session__current_step"]) + 1
        return {
            "step": step,
            "of": len(STEPS),
            "completed": done,
            "label": gettext_lazy("complete 7/7")
            if done
            else gettext("step %(step)s/%(of)s") % {"step": step, "of": len(STEPS)},
        }

    def work(self, submission: Submission) -> dict[str, Any] | None:
        if not submission.coach_session_id:
            return None
        return {
            "type": "coach_session",
            "id": submission.coach_session_id,
            "url": reverse("coach:detail", args=[submission.coach_session_id]),
        }

    def detail(self, submission: Submission) -> dict[str, Any] | None:
        session = submission.coach_session
        if session is None:
            return None
        return {
            "type": "coach_session",
            "topic": session.topic,
            "current_step": session.current_step,
            "status": session.status,
            "draft": session.draft.as_dict(),
            "provenance": work.draft_provenance(submission),
            "messages": [
                {
                    "role": m.role,
                    "text": m.text,
                    "step": m.step,
                    "proposal": m.proposal,
                    "proposal_decision": m.proposal_decision or None,
                    "created_at": m.created_at.isoformat(),
                }
                for m in work.transcript(submission)
            ],
        }

    def part_label(self, part: str) -> str:
        if part == "backing":
            return gettext("Backing (both: the grounds' and the warrant's)")
        return super().part_label(part)

    def process(self, submission: Submission) -> process.ProcessReport | None:
        session = submission.coach_session
        if session is None:
            return None
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

    def lanes(self) -> dict[str, str]:
        return {step: step_label(step) for step in STEPS}

    def analytics_columns(self) -> dict[str, Any]:
        """How long each draft part is, without loading the drafts."""
        return {
            f"draft_{step}": Length(f"coach_session__draft__{column}")
            for step, column in DRAFT_COLUMNS.items()
        }

    def reading(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """The draft's parts, and the parts of the steps passed (all once done); a session on
        a step can read stuck."""
        out = super().reading(row)
        out["coach_step"] = row["coach_session__current_step"]
        out["finished"] = row["coach_session__status"] == "completed"
        out["last_activity"] = row["coach_session__updated_at"] or row["updated_at"]
        if row["coach_session__status"] is None:
            return out
        if row["state"] in DONE or out["finished"]:
            passed = STEPS
        elif row["coach_session__current_step"] in STEPS:
            passed = STEPS[: STEPS.index(row["coach_session__current_step"])]
        else:
            passed = ()
        out["present"] = frozenset(STEP_PART[s] for s in STEPS if row.get(f"draft_{s}"))
        out["expected"] = frozenset(STEP_PART[s] for s in passed)
        return out

    def evidence(self, submission: Submission) -> dict[str, drafting.PartEvidence]:
        """The coach's step checks of the draft."""
        session = submission.coach_session
        if session is None:
            return {}
        steps = session.draft.as_dict()
        claim = steps.get("claim", "")
        problems = {
            step: step_check(step, text, claim=claim).problem or "" for step, text in steps.items()
        }
        return drafting.coach_evidence(steps, problems)


KIND = register(Coach())
