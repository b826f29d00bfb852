"""A user's data duties: everything they made, exported; their account deleted with their work,
the grades a school must keep anonymised; old model logs and transcripts purged on schedule."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Model, QuerySet
from django.utils import timezone
from django.utils.translation import gettext
from lti_tool.models import LtiUser

from arguments.models import Chain, PhaseAttempt
from coach.models import CoachAutosave, CoachMessage, CoachSession
from council.models import Audit, Critique
from toulmini_site.classrooms.models import (
    Autosave,
    Classroom,
    Enrollment,
    EssaySave,
    Submission,
    TeacherInvitation,
)
from toulmini_site.llm.models import LLMCall
from toulmini_site.lti.models import UsedNonce
from toulmini_site.privacy.models import AccessLogEntry
from toulmini_site.spreadsheets import csv_text
from toulmini_site.users import User

RETURNED = Submission.State.RETURNED


def _rows(queryset: QuerySet[Any], exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in exclude} for row in queryset.values()]


def _model_calls(objects: list[Model]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for model in {type(obj) for obj in objects}:
        ids = [obj.pk for obj in objects if type(obj) is model]
        kind = ContentType.objects.get_for_model(model)
        rows += _rows(LLMCall.objects.filter(content_type=kind, object_id__in=ids))
    return rows


def user_export(*, user: User) -> dict[str, Any]:
    """Everything stored about ``user`` and made by them, as JSON-ready data: account,
    chains (with each phase attempt), coach sessions (draft and whole transcript), critiques,
    audits (with each criterion), submissions (with feedback once returned), classes, the
    learning platform accounts linked to them, model calls on their work, and who opened
    their work."""
    chains = list(Chain.objects.filter(owner=user))
    sessions = list(CoachSession.objects.filter(owner=user).select_related("draft"))
    critiques = list(Critique.objects.filter(owner=user))
    audits = list(Audit.objects.filter(owner=user))
    submissions = Submission.objects.filter(student=user).select_related(
        "assignment__classroom", "feedback"
    )
    return {
        "format": "toulmini-user-export/1",
        "exported_at": timezone.now(),
        "account": {
            "username": user.username,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "date_joined": user.date_joined,
            "last_login": user.last_login,
        },
        "chains": [
            {**row, "attempts": _rows(PhaseAttempt.objects.filter(chain_id=row["id"]))}
            for row in _rows(Chain.objects.filter(owner=user), exclude=("owner_id",))
        ],
        "coach_sessions": [
            {
                **row,
                "draft": _rows(type(s.draft).objects.filter(pk=s.draft.pk))[0]
                if hasattr(s, "draft")
                else None,
                "transcript": _rows(CoachMessage.objects.filter(session_id=s.pk)),
                # Text typed into the draft boxes and kept on the server, not saved yet.
                "autosave": _rows(CoachAutosave.objects.filter(session_id=s.pk)),
            }
            for s, row in zip(
                sessions,
                [_rows(CoachSession.objects.filter(pk=s.pk), ("owner_id",))[0] for s in sessions],
                strict=True,
            )
        ],
        "critiques": _rows(Critique.objects.filter(owner=user), exclude=("owner_id",)),
        "audits": [
            {**row, "results": _rows(Audit.objects.get(pk=row["id"]).results.all())}
            for row in _rows(Audit.objects.filter(owner=user), exclude=("owner_id",))
        ],
        "submissions": [
            {
                "id": s.pk,
                "class": s.assignment.classroom.name,
                "assignment": s.assignment.title,
                "kind": s.assignment.kind,
                "state": s.state,
                "late": s.late,
                "essay_text": s.essay_text,
                "chain_id": s.chain_id,
                "coach_session_id": s.coach_session_id,
                "audit_id": s.audit_id,
                "critique_id": s.critique_id,
                "started_at": s.started_at,
                "turned_in_at": s.turned_in_at,
                "returned_at": s.returned_at,
                "feedback": _feedback(s),
                "essay_saves": list(
                    s.essay_saves.values("at", "characters", "pasted", "active_seconds", "source")
                ),
            }
            for s in submissions
        ],
        "drafts_kept": list(
            Autosave.objects.filter(owner=user).values(
                "submission_id", "form", "values", "saved_at"
            )
        ),
        "classes_joined": [
            {"class": e.classroom.name, "joined_at": e.joined_at}
            for e in Enrollment.objects.filter(student=user).select_related("classroom")
        ],
        "classes_taught": list(user.classes_taught.values("id", "name", "created_at")),
        "invitations_to_teach": [
            {
                "class": i.classroom.name,
                "invited_by": i.invited_by.username if i.invited_by else None,
                "expires_at": i.expires_at,
            }
            for i in TeacherInvitation.objects.filter(invitee=user).select_related(
                "classroom", "invited_by"
            )
        ],
        "learning_platform_accounts": [
            {
                "platform": u.registration.name,
                "issuer": u.registration.issuer,
                "subject": u.sub,
                "name": u.name,
                "email": u.email,
            }
            for u in LtiUser.objects.filter(auth_user=user).select_related("registration")
        ],
        "model_calls": _model_calls([*chains, *sessions, *critiques, *audits]),
        "access_log": access_log(user=user),
    }


def _feedback(submission: Submission) -> dict[str, Any] | None:
    feedback = getattr(submission, "feedback", None)
    if feedback is None or submission.state != RETURNED:
        return None  # a draft is the teacher's until it is returned
    return {
        "overall": feedback.overall,
        "comments": feedback.comments,
        "points": feedback.points,
        "total": feedback.total,
    }


def me(*, user: User) -> dict[str, Any]:
    """The signed-in account, as ``GET /api/v1/me/`` shows it."""
    settings_row = getattr(user, "account_settings", None)
    return {
        "id": user.pk,
        "username": user.get_username(),
        "email": user.email,
        "language": settings_row.language if settings_row else "",
        "is_staff": user.is_staff,
        "classes_taught": user.classes_taught.count(),
        "classes_taken": Enrollment.objects.filter(student=user).count(),
    }


def access_log(*, user: User) -> list[dict[str, Any]]:
    return [
        {"at": e.at, "viewer": e.viewer_name, "what": e.what, "class": e.class_name}
        for e in AccessLogEntry.objects.filter(student=user)
    ]


# How ``public.work_opened`` words an entry: "<title>[, with the tutor transcript] (<channel>)".
_WHAT = re.compile(
    r"^(?P<title>.*?)(?P<transcript>, with the tutor transcript)?"
    r" \((?P<channel>page|API|export|API export)\)$",
    re.S,
)


def access_log_shown(*, user: User) -> list[dict[str, Any]]:
    """``access_log`` for the account page: each entry's words in the reader's language (the
    log keeps them as written, in English, for the export and the admin)."""
    rows = access_log(user=user)
    for row in rows:
        m = _WHAT.match(row["what"])
        if m is None:
            continue
        values = {
            "title": m["title"],
            "channel": {
                "page": gettext("page"),
                "export": gettext("export"),
                "API export": gettext("API export"),
            }.get(m["channel"], m["channel"]),
        }
        row["what"] = (
            gettext("%(title)s, with the tutor transcript (%(channel)s)") % values
            if m["transcript"]
            else gettext("%(title)s (%(channel)s)") % values
        )
    return rows


def export_csv(*, user: User, table: str) -> str:
    """The tabular parts of the export as CSV: ``submissions`` or ``access_log``."""
    data = user_export(user=user)
    if table == "submissions":
        return csv_text(
            ["class", "assignment", "kind", "state", "late", "returned_at", "points"],
            (
                [
                    s["class"],
                    s["assignment"],
                    s["kind"],
                    s["state"],
                    s["late"],
                    s["returned_at"] or "",
                    s["feedback"]["total"] if s["feedback"] else "",
                ]
                for s in data["submissions"]
            ),
        )
    if table == "access_log":
        return csv_text(
            ["at", "viewer", "what", "class"],
            ([e["at"].isoformat(), e["viewer"], e["what"], e["class"]] for e in data["access_log"]),
        )
    raise ValueError(f"no table {table!r}")


# -- deletion ------------------------------------------------------------------------------


@dataclass
class DeletionPlan:
    """What deleting an account removes and what it keeps, counted beforehand."""

    chains: int
    coach_sessions: int
    critiques: int
    audits: int
    submissions_deleted: int
    grades_kept: int
    classes_handed_over: list[str] = field(default_factory=list)
    classes_archived: list[str] = field(default_factory=list)


def deletion_plan(*, user: User) -> DeletionPlan:
    plan = DeletionPlan(
        chains=Chain.objects.filter(owner=user).count(),
        coach_sessions=CoachSession.objects.filter(owner=user).count(),
        critiques=Critique.objects.filter(owner=user).count(),
        audits=Audit.objects.filter(owner=user).count(),
        submissions_deleted=Submission.objects.filter(student=user).exclude(state=RETURNED).count(),
        grades_kept=Submission.objects.filter(student=user, state=RETURNED).count(),
    )
    for classroom in Classroom.objects.filter(created_by=user):
        if classroom.teachers.exclude(pk=user.pk).exists():
            plan.classes_handed_over.append(classroom.name)
        else:
            plan.classes_archived.append(classroom.name)
    return plan


def _placeholder() -> Any:
    user = get_user_model().objects.create_user(
        username=f"deleted-{secrets.token_hex(5)}", is_active=False
    )
    return user


@transaction.atomic
def account_delete(*, user: User) -> DeletionPlan:
    """Delete ``user`` and their work: chains, coach sessions and transcripts, critiques,
    audits, work in progress, their model-call logs, learning platform links, and the log of
    who opened their work. Returned grades (points and the teacher's feedback) stay with the
    school under an anonymous placeholder with none of the work. A class they created goes
    to a co-teacher, or, with none, to the placeholder, archived, so its students keep it."""
    plan = deletion_plan(user=user)
    placeholder = None
    if plan.grades_kept or plan.classes_archived:
        placeholder = _placeholder()
    owned: list[Model] = [
        *Chain.objects.filter(owner=user),
        *CoachSession.objects.filter(owner=user),
        *Critique.objects.filter(owner=user),
        *Audit.objects.filter(owner=user),
    ]
    for model in {type(obj) for obj in owned}:
        LLMCall.objects.filter(
            content_type=ContentType.objects.get_for_model(model),
            object_id__in=[obj.pk for obj in owned if type(obj) is model],
        ).delete()
    # How the work was written is the student's: it goes with them (the returned work stays).
    EssaySave.objects.filter(submission__student=user).delete()
    Submission.objects.filter(student=user, state=RETURNED).update(
        student=placeholder,
        essay_text="",
        chain=None,
        coach_session=None,
        audit=None,
        critique=None,
    )
    Submission.objects.filter(student=user).delete()
    for obj_model in (Chain, CoachSession, Critique, Audit):
        obj_model.objects.filter(owner=user).delete()
    for classroom in Classroom.objects.filter(created_by=user):
        other = classroom.teachers.exclude(pk=user.pk).first()
        classroom.created_by = other or placeholder  # type: ignore[assignment]
        classroom.archived = classroom.archived or other is None
        classroom.save(update_fields=["created_by", "archived"])
    AccessLogEntry.objects.filter(viewer=user).update(viewer_name="a deleted account")
    LtiUser.objects.filter(auth_user=user).delete()
    user.delete()
    return plan


# -- retention -----------------------------------------------------------------------------


def retention_run(*, now: Any = None) -> dict[str, int]:
    """With ``DATA_RETENTION_DAYS`` set (0, the default, keeps everything): delete model-call
    logs and coach transcript messages older than that, and clear the raw model output kept
    on chain phase attempts. Spent launch nonces older than a day always go."""
    now = now or timezone.now()
    counts = {
        "used_nonces": UsedNonce.objects.filter(used_at__lt=now - timedelta(days=1)).delete()[0]
    }
    days = settings.DATA_RETENTION_DAYS
    if not days:
        return counts
    cutoff = now - timedelta(days=days)
    counts["model_calls"] = LLMCall.objects.filter(created_at__lt=cutoff).delete()[0]
    counts["coach_messages"] = CoachMessage.objects.filter(created_at__lt=cutoff).delete()[0]
    counts["phase_outputs"] = (
        PhaseAttempt.objects.filter(created_at__lt=cutoff)
        .exclude(raw_output="")
        .update(raw_output="")
    )
    return counts
