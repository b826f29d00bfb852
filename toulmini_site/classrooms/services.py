"""Writes on classes, assignments, submissions and feedback. Pages, the API, the admin and the
demo data all call these; each refusal is a ``ClassroomError`` with a stable ``code``."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext

from toulmini_site.classrooms import kinds, signals
from toulmini_site.classrooms.domain import submissions as states
from toulmini_site.classrooms.domain.grading import (
    PARTS,
    FeedbackInvalid,
    feedback_validate,
    points_max_validate,
)
from toulmini_site.classrooms.domain.join_code import join_code_new, join_code_normalize
from toulmini_site.classrooms.models import (
    Assignment,
    Classroom,
    Enrollment,
    EssaySave,
    Feedback,
    Submission,
    TeacherInvitation,
)
from toulmini_site.classrooms.refusals import (
    ClassArchived as ClassArchived,
)
from toulmini_site.classrooms.refusals import (
    ClassroomError as ClassroomError,
)
from toulmini_site.classrooms.refusals import (
    InvalidState as InvalidState,
)
from toulmini_site.classrooms.refusals import (
    JoinCodeInvalid as JoinCodeInvalid,
)
from toulmini_site.classrooms.refusals import (
    JoiningClosed as JoiningClosed,
)
from toulmini_site.classrooms.refusals import (
    NotEnrolled as NotEnrolled,
)
from toulmini_site.limits import now_datetime
from toulmini_site.numbers import grouped
from toulmini_site.users import User
from toulmini_site.versions import resolve

ENGINES = kinds.chain.ENGINES
NAME_MAX = 120
ESSAY_MAX_CHARS = 100_000
# The writing time one save may claim (the browser counts it; a day is far above any save).
ESSAY_ACTIVE_MAX_SECONDS = 86_400


def _enrolled(submission: Submission) -> None:
    if not Enrollment.objects.filter(
        classroom_id=submission.assignment.classroom_id, student_id=submission.student_id
    ).exists():
        raise NotEnrolled(
            gettext("You are no longer in this class; its work can no longer change.")
        )


def now() -> datetime:
    """The current time, read on the limits' one clock; the one place tests replace it."""
    return now_datetime()


def _writable(classroom: Classroom) -> None:
    if classroom.archived:
        raise ClassArchived(gettext("This class is archived and read-only."))


# -- classes and members -------------------------------------------------------------------


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise ClassroomError(
            gettext("Give the class a name."), details=[{"loc": "name", "msg": "empty"}]
        )
    if len(name) > NAME_MAX:
        raise ClassroomError(
            gettext("A class name may be at most %(limit)s characters.") % {"limit": NAME_MAX},
            details=[{"loc": "name", "msg": f"at most {NAME_MAX} characters"}],
        )
    return name


def _unique_code(exclude: int | None = None) -> str:
    for _ in range(20):
        code = join_code_new()
        taken = Classroom.objects.filter(join_code=code)
        if exclude is not None:
            taken = taken.exclude(pk=exclude)
        if not taken.exists():
            return code
    raise RuntimeError("could not draw a free join code")  # 32**8 codes: never in practice


@transaction.atomic
def class_create(*, teacher: User, name: str, daily_model_calls: int | None = None) -> Classroom:
    """A new class taught by ``teacher``, open for joining with a fresh code."""
    fields: dict[str, Any] = {"name": _clean_name(name), "created_by": teacher}
    if daily_model_calls is not None:
        fields["daily_model_calls"] = daily_model_calls
    classroom = Classroom.objects.create(join_code=_unique_code(), **fields)
    classroom.teachers.add(teacher)
    return classroom


def class_update(
    *,
    classroom: Classroom,
    name: str | None = None,
    joining_open: bool | None = None,
    archived: bool | None = None,
    daily_model_calls: int | None = None,
    time_zone: str | None = None,
    version: int | None = None,
    base: dict[str, Any] | None = None,
) -> Classroom:
    """Change the class's settings; an archived class can only be un-archived. ``time_zone``
    is an IANA name ("" for the site's); an unknown one is refused. With ``version`` (the one
    the form was loaded from) a stale save is merged with the settings saved meanwhile, field
    by field on ``base`` (the values loaded), or refused (``StaleWrite``)."""
    with transaction.atomic():
        locked = Classroom.objects.select_for_update().get(pk=classroom.pk)
        given = {
            "name": name,
            "joining_open": joining_open,
            "archived": archived,
            "daily_model_calls": daily_model_calls,
            "time_zone": time_zone,
        }
        mine = {field: value for field, value in given.items() if value is not None}
        theirs = class_settings(locked)
        values = resolve(
            expected=version,
            version=locked.version,
            mine=mine,
            theirs={field: theirs[field] for field in mine},
            base=None if base is None else {f: base.get(f, theirs[f]) for f in mine},
            message=gettext(
                "These settings were changed by someone else since you opened this page. "
                "Nothing was saved: the saved settings are shown beside yours."
            ),
        )
        updated = _class_update(locked, **values)
    classroom.__dict__.update({k: v for k, v in updated.__dict__.items() if k != "_state"})
    return classroom


def class_settings(classroom: Classroom) -> dict[str, Any]:
    """The settings a teacher edits, as the settings form's fields."""
    return {
        "name": classroom.name,
        "joining_open": classroom.joining_open,
        "archived": classroom.archived,
        "daily_model_calls": classroom.daily_model_calls,
        "time_zone": classroom.time_zone,
    }


def _class_update(
    classroom: Classroom,
    name: str | None = None,
    joining_open: bool | None = None,
    archived: bool | None = None,
    daily_model_calls: int | None = None,
    time_zone: str | None = None,
) -> Classroom:
    if classroom.archived and archived is not False:
        _writable(classroom)
    if time_zone is not None:
        time_zone = time_zone.strip()
        if time_zone and time_zone not in available_timezones():
            raise ClassroomError(
                gettext("Unknown time zone %(zone)s: use a name such as Europe/Madrid.")
                % {"zone": repr(time_zone)},
                details=[{"loc": "time_zone", "msg": "unknown time zone"}],
            )
        classroom.time_zone = time_zone
    if name is not None:
        classroom.name = _clean_name(name)
    if joining_open is not None:
        classroom.joining_open = joining_open
    if archived is not None:
        classroom.archived = archived
    if daily_model_calls is not None:
        classroom.daily_model_calls = daily_model_calls
    classroom.version += 1
    classroom.save()
    return classroom


def class_join_code_renew(*, classroom: Classroom) -> Classroom:
    """A new join code; the old one stops working."""
    _writable(classroom)
    classroom.join_code = _unique_code(exclude=classroom.pk)
    classroom.save(update_fields=["join_code"])
    return classroom


@transaction.atomic
def class_join(*, user: User, code: str) -> tuple[Classroom, bool]:
    """Enrol ``user`` in the class with join code ``code``; returns it and whether they were
    new. Joining twice changes nothing. Every published assignment gets their submission."""
    normalized = join_code_normalize(code)
    classroom = (
        Classroom.objects.filter(join_code=normalized).first() if normalized is not None else None
    )
    if classroom is None:
        raise JoinCodeInvalid(gettext("No class has that join code. Check it with your teacher."))
    if classroom.teachers.filter(pk=user.pk).exists():
        raise InvalidState(gettext("You teach this class; teachers do not join as students."))
    if Enrollment.objects.filter(classroom=classroom, student=user).exists():
        return classroom, False
    if not classroom.joining_open:
        raise JoiningClosed(gettext("Joining this class is switched off. Ask your teacher."))
    enrollment_add(classroom=classroom, student=user)
    return classroom, True


@transaction.atomic
def enrollment_add(*, classroom: Classroom, student: User) -> bool:
    """Enrol ``student`` without a join code (their learning platform's roster says so);
    True if they were new. Every published assignment gets their submission."""
    if Enrollment.objects.filter(classroom=classroom, student=student).exists():
        return False
    _writable(classroom)
    Enrollment.objects.create(classroom=classroom, student=student)
    Submission.objects.bulk_create(
        [
            Submission(assignment=assignment, student=student)
            for assignment in classroom.assignments.filter(published=True)
        ],
        ignore_conflicts=True,
    )
    return True


def teacher_invite(*, classroom: Classroom, invited_by: User, username: str) -> TeacherInvitation:
    """Invite the user named ``username`` to co-teach; they accept or decline from their own
    classes page. The answer is the same whether or not such a user exists: an invitation to
    an unknown name is kept (and shown to the inviter) like any other and reaches no one.
    Inviting again renews the invitation's time."""
    _writable(classroom)
    name = username.strip()
    if not name:
        raise ClassroomError(
            gettext("Give the co-teacher's username."),
            details=[{"loc": "username", "msg": "empty"}],
        )
    # The inviter sees the class's teachers and students already: these say nothing new.
    if classroom.teachers.filter(username=name).exists():
        raise InvalidState(gettext("%(name)s already teaches this class.") % {"name": name})
    if Enrollment.objects.filter(classroom=classroom, student__username=name).exists():
        raise InvalidState(gettext("%(name)s is a student of this class.") % {"name": name})
    invitation, _ = TeacherInvitation.objects.update_or_create(
        classroom=classroom,
        username=name,
        defaults={
            "invitee": get_user_model().objects.filter(username=name).first(),
            "invited_by": invited_by,
            "expires_at": now() + timedelta(days=settings.TEACHER_INVITATION_DAYS),
        },
    )
    return invitation


@transaction.atomic
def teacher_invitation_accept(*, invitation: TeacherInvitation, user: User) -> Classroom:
    """``user``, the invitee, becomes a teacher of the class (not while they are a student
    of it: they leave it first); the invitation is used up."""
    if invitation.invitee_id != user.pk or invitation.expires_at <= now():
        raise InvalidState(gettext("This invitation is no longer open."))
    classroom = invitation.classroom
    _writable(classroom)
    if Enrollment.objects.filter(classroom=classroom, student=user).exists():
        raise InvalidState(
            gettext("You are a student of this class: leave it before you teach it.")
        )
    classroom.teachers.add(user)
    invitation.delete()
    return classroom


def teacher_invitation_decline(*, invitation: TeacherInvitation) -> None:
    """The invitee says no. The invitation no longer reaches them but stays, for the class,
    what it was until it expires or is withdrawn: a declined invitation looks like one to a
    name no one has, so declining tells the inviter nothing either. Inviting again reaches
    them again."""
    invitation.invitee = None
    invitation.save(update_fields=["invitee"])


def teacher_invitation_withdraw(*, invitation: TeacherInvitation) -> None:
    """A teacher of the class takes the invitation back before it is answered."""
    _writable(invitation.classroom)
    invitation.delete()


def enrollment_remove(*, classroom: Classroom, student_id: int) -> bool:
    """Take a student out of the class (removed by a teacher, or leaving). Their submissions
    are kept, out of sight, and come back if they join again. False if not enrolled."""
    _writable(classroom)
    deleted, _ = Enrollment.objects.filter(classroom=classroom, student_id=student_id).delete()
    return bool(deleted)


# -- assignments ---------------------------------------------------------------------------


def assignment_create(
    *,
    classroom: Classroom,
    title: str,
    kind: str,
    instructions: str = "",
    due_at: datetime | None = None,
    points_max: dict[str, Any] | None = None,
    published: bool = True,
    topic: str = "",
    language: str = "en",
    tutor_help: str = "",
    query: str = "",
    source_text: str = "",
    engines: list[str] | None = None,
    rubric_name: str = "",
    with_critique: bool = False,
) -> Assignment:
    """A new assignment; ``published`` gives every enrolled student a submission at once."""
    _writable(classroom)
    details: list[dict[str, str]] = []
    title = " ".join(title.split())
    if not title:
        details.append({"loc": "title", "msg": "required"})
    try:
        plugin = kinds.kind_of(kind)
    except LookupError:
        details.append({"loc": "kind", "msg": f"one of {', '.join(kinds.names())}"})
        columns: dict[str, Any] = {}
    else:
        columns, problems = plugin.settings(
            {
                "topic": topic,
                "language": language,
                "tutor_help": tutor_help,
                "query": query,
                "source_text": source_text,
                "engines": engines,
                "rubric_name": rubric_name,
                "with_critique": with_critique,
            }
        )
        details += problems
    try:
        maxima = points_max_validate(points_max or {})
    except FeedbackInvalid as invalid:
        details += invalid.details
        maxima = {}
    if details:
        raise ClassroomError(
            gettext("The assignment is invalid: %(problems)s")
            % {"problems": "; ".join(f"{d['loc']}: {d['msg']}" for d in details)},
            details=details,
        )
    with transaction.atomic():
        assignment = Assignment.objects.create(
            classroom=classroom,
            title=title,
            kind=kind,
            instructions=instructions.strip(),
            due_at=due_at,
            points_max=maxima,
            published=False,
            # The kind's own settings over the blank ones of the others.
            **{**kinds.base.BLANK_SETTINGS, **columns},
        )
        if published:
            assignment_publish(assignment=assignment)
    return assignment


@transaction.atomic
def assignment_publish(*, assignment: Assignment) -> Assignment:
    """Publish: every enrolled student gets a submission in state ``assigned``."""
    _writable(assignment.classroom)
    assignment.published = True
    assignment.save(update_fields=["published"])
    students = Enrollment.objects.filter(classroom=assignment.classroom).values_list(
        "student_id", flat=True
    )
    Submission.objects.bulk_create(
        [Submission(assignment=assignment, student_id=s) for s in students],
        ignore_conflicts=True,
    )
    return assignment


# -- submissions ---------------------------------------------------------------------------


def _locked(submission: Submission) -> Submission:
    return (
        Submission.objects.select_for_update()
        .select_related("assignment__classroom")
        .get(pk=submission.pk)
    )


def _move(submission: Submission, action: states.Action) -> str:
    try:
        return states.transition(submission.state, action)
    except states.InvalidTransition as refused:
        # The domain's reason is the catalogue's msgid (the domain imports no framework).
        raise InvalidState(
            gettext("%(reason)s (state: %(state)s)")
            % {"reason": gettext(refused.reason), "state": refused.state}
        ) from refused


def submission_start(
    *, submission: Submission, engine: str | None = None, source_text: str = ""
) -> tuple[Submission, bool]:
    """Start the work (a coach session, a chain, or an essay to write) and return the
    submission and whether this call started it. Starting again returns the same work."""

    with transaction.atomic():
        locked = _locked(submission)
        assignment = locked.assignment
        _writable(assignment.classroom)
        _enrolled(locked)
        if locked.state != states.ASSIGNED:
            return locked, False
        locked.state = _move(locked, "start")
        kinds.kind_of(assignment.kind).start(locked, engine=engine, source_text=source_text)
        locked.started_at = now()
        locked.save()
    return locked, True


def submission_essay_save(
    *,
    submission: Submission,
    text: str,
    version: int | None = None,
    base: str | None = None,
    source: str = EssaySave.Source.API,
    pasted: int = 0,
    active_seconds: int = 0,
) -> Submission:
    """Save the essay text of a started essay submission (not once turned in). With
    ``version`` (the one the page was loaded from) a save based on an older text is refused
    (``StaleWrite``) unless the text saved meanwhile is still ``base``, the text loaded.

    Each save is noted for the process report (``EssaySave``): its length, and the characters
    pasted and writing time since the last save that the page's browser counted."""
    with transaction.atomic():
        locked = _locked(submission)
        resolve(
            expected=version,
            version=locked.essay_version,
            mine={"text": text.strip()},
            theirs={"text": locked.essay_text},
            base=None if base is None else {"text": base.strip()},
            message=gettext(
                "Your essay was saved from another tab or window since you opened this page. "
                "Nothing was saved: the saved text is shown beside yours."
            ),
        )
        _writable(locked.assignment.classroom)
        _enrolled(locked)
        if not kinds.kind_of(locked.assignment.kind).takes_text:
            raise InvalidState(gettext("Only an essay assignment takes a text."))
        if locked.state == states.ASSIGNED:
            locked.state = _move(locked, "start")
            locked.started_at = now()
        if not states.is_editable_by_student(locked.state):
            raise InvalidState(gettext("Turned-in work is read-only; unsubmit it first."))
        if len(text) > ESSAY_MAX_CHARS:
            raise ClassroomError(
                gettext("The essay may be at most %(limit)s characters.")
                % {"limit": grouped(ESSAY_MAX_CHARS)},
                details=[{"loc": "text", "msg": f"at most {ESSAY_MAX_CHARS} characters"}],
            )
        locked.essay_text = text.strip()
        locked.essay_version += 1
        locked.save(
            update_fields=["state", "started_at", "essay_text", "essay_version", "updated_at"]
        )
        locked.autosaves.filter(form="essay").delete()  # the draft is saved: nothing to keep
        chars = len(locked.essay_text)
        EssaySave.objects.create(
            submission=locked,
            characters=chars,
            pasted=max(0, min(pasted, chars)),
            active_seconds=max(0, min(active_seconds, ESSAY_ACTIVE_MAX_SECONDS)),
            source=source,
        )
    return locked


def submission_turn_in(*, submission: Submission) -> Submission:
    """Turn the work in (``late`` past the due date); it becomes read-only to the student.
    An essay is audited now with the assignment's rubric."""
    with transaction.atomic():
        locked = _locked(submission)
        _enrolled(locked)
        _writable(locked.assignment.classroom)
        locked.state = _move(locked, "turn_in")
        kinds.kind_of(locked.assignment.kind).turn_in(locked)  # the essay's audit
        locked.turned_in_at = now()
        locked.late = states.is_late(locked.turned_in_at, locked.assignment.due_at)
        locked.save()
    return locked


def submission_unsubmit(*, submission: Submission) -> Submission:
    """Take turned-in work back to in progress (not once it is returned)."""
    with transaction.atomic():
        locked = _locked(submission)
        _enrolled(locked)
        _writable(locked.assignment.classroom)
        locked.state = _move(locked, "unsubmit")
        locked.turned_in_at = None
        locked.late = False
        locked.save(update_fields=["state", "turned_in_at", "late", "updated_at"])
    return locked


def feedback_save(
    *,
    submission: Submission,
    author: User,
    comments: dict[str, Any],
    overall: str = "",
    points: dict[str, Any],
    version: int | None = None,
    base: dict[str, Any] | None = None,
) -> Feedback:
    """Save the teacher's draft feedback (replacing the last draft); the student sees it only
    once the submission is returned. Refuses unknown parts and points out of range.

    With ``version`` (the one the form was loaded from; 0 before any feedback) a save based on
    an older version is merged field by field with what was saved meanwhile, using ``base``
    (the values loaded, as ``feedback_fields``); a field changed on both sides, or any change
    without ``base``, refuses the save (``StaleWrite``, with the saved values)."""
    _writable(submission.assignment.classroom)
    comments, points = _feedback_valid(submission, comments, points, overall)
    with transaction.atomic():
        _locked(submission)
        saved = Feedback.objects.filter(submission=submission).first()
        theirs = feedback_fields(saved)
        mine = feedback_fields_of(comments=comments, points=points, overall=overall)
        values = resolve(
            expected=version,
            version=saved.version if saved else 0,
            mine=mine,
            theirs=theirs,
            base=None if base is None else {**feedback_fields(None), **base},
            message=gettext(
                "This feedback was saved from another page since you opened this one, and "
                "some fields differ. Nothing was saved: the saved text is shown beside yours."
            ),
        )
        comments, points, overall = _feedback_parts(values)
        # The author's autosaved draft is saved now; other teachers' drafts stay, and their
        # pages show them beside the newer feedback.
        submission.autosaves.filter(form="feedback", owner=author).delete()
        return _feedback_write(submission, author, comments, points, overall, saved)


def _feedback_valid(
    submission: Submission, comments: dict[str, Any], points: dict[str, Any], overall: str
) -> tuple[dict[str, str], dict[str, int]]:
    try:
        return feedback_validate(
            comments=comments,
            points=points,
            overall=overall,
            maxima=submission.assignment.maxima(),
        )
    except FeedbackInvalid as invalid:
        raise ClassroomError(
            gettext("The feedback is invalid: %(problems)s") % {"problems": invalid},
            details=invalid.details,
        ) from None


def feedback_fields(feedback: Feedback | None) -> dict[str, Any]:
    """Saved feedback as the feedback form's flat fields (``overall``, ``comment_<part>``,
    ``points_<part>``); every field, empty when nothing is saved."""
    if feedback is None:
        return feedback_fields_of(comments={}, points={}, overall="")
    return feedback_fields_of(
        comments=feedback.comments, points=feedback.points, overall=feedback.overall
    )


def feedback_fields_of(
    *, comments: dict[str, Any], points: dict[str, Any], overall: str
) -> dict[str, Any]:
    fields: dict[str, Any] = {"overall": (overall or "").strip()}
    for part in PARTS:
        fields[f"comment_{part}"] = str(comments.get(part) or "").strip()
        value = points.get(part)
        fields[f"points_{part}"] = None if value is None or value == "" else value
    return fields


def _feedback_parts(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], str]:
    comments = {p: values[f"comment_{p}"] for p in PARTS if values.get(f"comment_{p}")}
    points = {p: values[f"points_{p}"] for p in PARTS if values.get(f"points_{p}") is not None}
    return comments, points, values.get("overall") or ""


def _feedback_write(
    submission: Submission,
    author: User,
    comments: dict[str, Any],
    points: dict[str, Any],
    overall: str,
    saved: Feedback | None,
) -> Feedback:
    clean_comments, clean_points = _feedback_valid(submission, comments, points, overall)
    feedback, _ = Feedback.objects.update_or_create(
        submission=submission,
        defaults={
            "comments": clean_comments,
            "points": clean_points,
            "overall": overall.strip(),
            "author": author,
            "version": (saved.version if saved else 0) + 1,
        },
    )
    return feedback


def submission_return(*, submission: Submission) -> Submission:
    """Return turned-in work: its feedback becomes visible to the student, and, in a class
    linked to a learning platform course, its score goes to the platform's gradebook."""
    with transaction.atomic():
        locked = _locked(submission)
        _writable(locked.assignment.classroom)
        locked.state = _move(locked, "return")
        locked.returned_at = now()
        locked.save(update_fields=["state", "returned_at", "updated_at"])
        signals.submission_returned.send(sender=Submission, submission_id=locked.pk)
    return locked


def submissions_return(*, submissions: list[Submission]) -> int:
    """Bulk return: returns those turned in, skips the others; how many were returned."""
    returned = 0
    for submission in submissions:
        try:
            submission_return(submission=submission)
        except InvalidState:
            continue
        returned += 1
    return returned
