"""Classroom pages. Each view: fetch and authorize (selectors, then the role), call a
service, render. Plain POSTs redirect; htmx requests get the page's fragment."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from coach.models import step_label
from council.vocabulary import fallacy_label, reasoning_shown, shown
from toulmini_site.classrooms import (
    analytics,
    autosave,
    drafting,
    exports,
    kinds,
    process,
    selectors,
    services,
    signals,
)
from toulmini_site.classrooms.domain.grading import PART_LABELS, PARTS, total_max
from toulmini_site.classrooms.forms import (
    AssignmentForm,
    ClassForm,
    EssayForm,
    FeedbackForm,
    JoinForm,
    SettingsForm,
    StartForm,
    TeacherForm,
    engine_choices,
    part_label,
)
from toulmini_site.classrooms.models import Classroom, Submission
from toulmini_site.users import AuthedHttpRequest
from toulmini_site.versions import StaleWrite

STATE_FILTERS = [("", gettext_lazy("All"))] + list(Submission.State.choices)


def _teacher_only(classroom: Classroom) -> None:
    if not classroom.is_teacher:
        raise PermissionDenied("Only the class's teachers may do this.")


def _refused(request: HttpRequest, error: services.ClassroomError) -> None:
    messages.error(request, error.message)


@login_required
@require_http_methods(["GET", "POST"])
def class_list(request: AuthedHttpRequest) -> HttpResponse:
    form = ClassForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.class_create(teacher=request.user, **form.cleaned_data)
        except services.ClassroomError as error:
            form.add_error(None, error.message)
        else:
            return redirect(made)
    return _class_list_page(request, form=form, join_form=JoinForm())


def _class_list_page(
    request: AuthedHttpRequest, *, form: ClassForm, join_form: JoinForm, status: int = 200
) -> HttpResponse:
    """The classes page; a refused form comes back bound, with what was typed."""
    if form.is_bound and form.errors:
        status = 400
    classes = list(selectors.classes_of(request.user))
    context: dict[str, Any] = {
        "teaching": [c for c in classes if c.is_teacher],
        "learning": [c for c in classes if not c.is_teacher],
        "invitations": selectors.invitations_for(request.user),
        "form": form,
        "join_form": join_form,
    }
    return render(request, "classrooms/class_list.html", context, status=status)


@login_required
@require_POST
def class_join(request: AuthedHttpRequest) -> HttpResponse:
    form = JoinForm(request.POST)
    if form.is_valid():
        try:
            classroom, joined = services.class_join(
                user=request.user, code=form.cleaned_data["code"]
            )
        except services.ClassroomError as error:
            form.add_error("code", error.message)
        else:
            messages.success(
                request,
                (
                    _("You joined %(name)s: its assignments are listed below.")
                    if joined
                    else _("You are already in %(name)s.")
                )
                % {"name": classroom.name},
            )
            return redirect(classroom)
    # The code typed stays in the box, with what was wrong with it.
    return _class_list_page(request, form=ClassForm(), join_form=form, status=400)


@login_required
@require_safe
def class_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    if not classroom.is_teacher:
        return render(
            request,
            "classrooms/class_student.html",
            {
                "classroom": classroom,
                "rows": selectors.student_assignments(classroom, request.user),
            },
        )
    template = "classrooms/class_teacher.html"
    if request.htmx and request.htmx.target == "grid":
        template += "#grid"
    return render(request, template, _teacher_context(request, classroom))


def _teacher_context(request: HttpRequest, classroom: Classroom, **forms: Any) -> dict:
    """The teacher's class page; a refused settings or co-teacher form comes back bound."""
    state = request.GET.get("state", "")
    grid = selectors.class_grid(classroom, feedback=True)  # the cells show points
    saved = services.class_settings(classroom)
    settings_form = forms.get("settings_form") or SettingsForm(
        initial={**saved, **SettingsForm.loaded(classroom.version, saved)}
    )
    return {
        "classroom": classroom,
        "grid": grid,
        "rows": grid.rows(state if state in Submission.State.values else ""),
        "state": state,
        "state_filters": STATE_FILTERS,
        "settings_form": settings_form,
        "settings_saved_meanwhile": forms.get("settings_saved_meanwhile", []),
        "teacher_form": forms.get("teacher_form") or TeacherForm(),
        "teachers": classroom.teachers.order_by("username"),
        "invitations": selectors.class_invitations(classroom),
    }


def _teacher_page_refused(request: HttpRequest, classroom: Classroom, **forms: Any) -> HttpResponse:
    context = _teacher_context(request, classroom, **forms)
    return render(request, "classrooms/class_teacher.html", context, status=400)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value) if value not in (None, "") else "–"


@login_required
@require_POST
def class_settings(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    if "renew_code" in request.POST:
        try:
            services.class_join_code_renew(classroom=classroom)
        except services.ClassroomError as error:
            _refused(request, error)
        else:
            messages.success(
                request, _("A new join code is in place; the old one no longer works.")
            )
        return redirect(classroom)
    form = SettingsForm(request.POST)
    meanwhile: list[tuple[Any, str]] = []
    if form.is_valid():
        values = {k: v for k, v in form.cleaned_data.items() if k not in ("version", "base")}
        try:
            services.class_update(classroom=classroom, **values, **form.versioning())
        except StaleWrite as error:
            # The teacher's settings stay in the fields, the saved ones are listed above them.
            form.rebased(error.version, error.current)
            form.add_error(None, error.message)
            meanwhile = [(form.fields[f].label, _shown(error.current[f])) for f in error.conflicts]
        except services.ClassroomError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Settings saved."))
            return redirect(classroom)
    # Nothing saved; the settings come back as typed, each error beside its field.
    return _teacher_page_refused(
        request, classroom, settings_form=form, settings_saved_meanwhile=meanwhile
    )


@login_required
@require_POST
def class_teacher_add(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """Invite a co-teacher. The answer never says whether the username exists."""
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    form = TeacherForm(request.POST)
    if form.is_valid():
        try:
            invitation = services.teacher_invite(
                classroom=classroom, invited_by=request.user, **form.cleaned_data
            )
        except services.ClassroomError as error:
            form.add_error("username", error.message)
        else:
            messages.success(
                request,
                _(
                    "Invitation to %(name)s sent. If an account has that name, its owner can "
                    "accept or decline it on their Classes page until %(date)s."
                )
                % {
                    "name": invitation.username,
                    "date": date_format(localtime(invitation.expires_at)),
                },
            )
            return redirect(classroom)
    return _teacher_page_refused(request, classroom, teacher_form=form)


@login_required
@require_POST
def invitation_withdraw(request: AuthedHttpRequest, pk: int, invitation_pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    invitation = selectors.class_invitation(classroom, invitation_pk)
    try:
        services.teacher_invitation_withdraw(invitation=invitation)
    except services.ClassroomError as error:
        _refused(request, error)
    else:
        messages.success(
            request, _("Invitation to %(name)s withdrawn.") % {"name": invitation.username}
        )
    return redirect(classroom)


@login_required
@require_POST
def invitation_answer(request: AuthedHttpRequest, pk: int, answer: str) -> HttpResponse:
    """The invitee accepts or declines an invitation to co-teach, from their classes page."""
    if answer not in ("accept", "decline"):
        raise Http404("No such answer.")
    invitation = selectors.invitation_for(request.user, pk)
    if answer == "decline":
        services.teacher_invitation_decline(invitation=invitation)
        messages.info(
            request,
            _("You declined to teach %(name)s.") % {"name": invitation.classroom.name},
        )
        return redirect("classrooms:class_list")
    try:
        classroom = services.teacher_invitation_accept(invitation=invitation, user=request.user)
    except services.ClassroomError as error:
        _refused(request, error)
        return redirect("classrooms:class_list")
    messages.success(request, _("You now teach %(name)s.") % {"name": classroom.name})
    return redirect(classroom)


@login_required
@require_POST
def class_student_remove(request: AuthedHttpRequest, pk: int, user_id: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    leaving = user_id == request.user.pk and not classroom.is_teacher
    if not leaving:
        _teacher_only(classroom)
    if not request.POST.get("confirmed"):
        # Nothing happens until confirmed: a plain form that says what it means.
        student = get_object_or_404(
            selectors.roster(classroom).select_related("student"), student_id=user_id
        ).student
        context = {"classroom": classroom, "student": student, "leaving": leaving}
        return render(request, "classrooms/remove_confirm.html", context)
    try:
        services.enrollment_remove(classroom=classroom, student_id=user_id)
    except services.ClassroomError as error:
        _refused(request, error)
        return redirect(classroom)
    if leaving:
        messages.success(request, _("You left %(name)s.") % {"name": classroom.name})
        return redirect("classrooms:class_list")
    return redirect(classroom)


@login_required
@require_POST
def class_return(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    ids = [int(i) for i in request.POST.getlist("submission") if i.isdigit()]
    rows = list(
        Submission.objects.filter(
            assignment__classroom=classroom, pk__in=ids, state=Submission.State.TURNED_IN
        ).select_related("student", "assignment", "feedback")
    )
    if not rows:
        messages.error(request, _("Select the turned-in work to return first."))
        return redirect(classroom)
    if not request.POST.get("confirmed"):
        # Returning cannot be undone: a confirm step (a plain form, no JavaScript needed)
        # that says which work has no feedback written and which has parts without points,
        # as returning one piece of work asks.
        context: dict[str, Any] = {
            "classroom": classroom,
            "rows": rows,
            "without_feedback": [r for r in rows if not hasattr(r, "feedback")],
            "without_points": [(r, _ungraded(r)) for r in rows if _ungraded(r)],
        }
        return render(request, "classrooms/return_confirm.html", context)
    try:
        returned = services.submissions_return(submissions=rows)
    except services.ClassroomError as error:
        _refused(request, error)
    else:
        messages.success(
            request,
            ngettext("%(n)s submission returned.", "%(n)s submissions returned.", returned)
            % {"n": returned},
        )
    return redirect(classroom)


def _ungraded(submission: Submission) -> list[str]:
    """The names of the parts its saved feedback gives no points (none without feedback)."""
    if not hasattr(submission, "feedback"):
        return []
    points, kind = submission.feedback.points, submission.assignment.kind
    return [part_label(p, kind=kind) for p in PARTS if points.get(p) is None]


@login_required
@require_safe
def class_grades(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    return exports.grades_csv_response(classroom)


@login_required
@require_safe
def class_analytics(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """Where the class (or one assignment) struggles, by Toulmin part: charts and tables."""
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    reading = analytics.class_analytics(
        classroom, assignment=_analytics_assignment(request, classroom)
    )
    if request.GET.get("format") == "csv":
        return exports.analytics_csv_response(reading)
    return render(request, "classrooms/class_analytics.html", analytics.page_context(reading))


def _analytics_assignment(request: HttpRequest, classroom: Classroom) -> Any:
    """The published assignment asked for by ``?assignment=``, None for the whole class; one
    not of this class (or not a number) is a 404."""
    raw = request.GET.get("assignment", "")
    if not raw:
        return None
    if not raw.isdigit():
        raise Http404
    return get_object_or_404(classroom.assignments.filter(published=True), pk=int(raw))


@login_required
@require_safe
def class_returned_work(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    signals.work_exported(
        viewer=request.user,
        classroom=classroom,
        submissions=selectors.returned_work(classroom),
        channel="export",
    )
    response = JsonResponse(exports.returned_work(classroom), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="class-{pk}-returned.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def assignment_new(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    form = AssignmentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.assignment_create(classroom=classroom, **form.service_kwargs())
        except services.ClassroomError as error:
            form.add_error(None, error.message)
        else:
            return redirect(made)
    return render(request, "classrooms/assignment_new.html", {"classroom": classroom, "form": form})


@login_required
@require_safe
def assignment_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    assignment = selectors.assignment_of(request.user, pk)
    context: dict[str, Any] = {
        "assignment": assignment,
        "assignment_kind": kinds.kind_of(assignment.kind),  # its settings and start fragments
        "classroom": assignment.classroom,
    }
    if assignment.classroom.is_teacher:
        rows = list(selectors.assignment_submissions(assignment))
        for row in rows:
            row.assignment = assignment
        context["submissions"] = [
            (row, selectors.submission_progress(row)["label"]) for row in rows
        ]
    else:
        mine = selectors.my_submission(request.user, assignment)
        if mine is not None:
            mine.assignment = assignment
        context["mine"] = mine
        context["engine_options"] = _engine_options(assignment)
        context["start_form"] = StartForm(
            initial={"engine": (context["engine_options"] or [("", "")])[0][0]}
        )
    return render(request, "classrooms/assignment_detail.html", context)


def _engine_options(assignment: Any) -> list[tuple[str, str]]:
    """The assignment's engines that work on this server, in plain words."""
    working = dict(engine_choices())
    return [(e, working[e]) for e in assignment.engines if e in working]


@login_required
@require_POST
def assignment_start(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    assignment = selectors.assignment_of(request.user, pk)
    if assignment.classroom.is_teacher:
        raise PermissionDenied("Teachers do not start assignments.")
    mine = selectors.my_submission(request.user, assignment)
    form = StartForm(request.POST)
    if mine is None or not form.is_valid():
        return redirect(assignment)
    try:
        mine, _ = services.submission_start(
            submission=mine,
            engine=form.cleaned_data["engine"] or None,
            source_text=form.cleaned_data["source_text"],
        )
    except services.ClassroomError as error:
        if not any(d.get("loc") == "source_text" for d in error.details or []):
            _refused(request, error)
            return redirect(assignment)
        # The form again with its message and the student's input kept.
        form.add_error("source_text", error.message)
        mine.assignment = assignment
        context: dict[str, Any] = {
            "assignment": assignment,
            "assignment_kind": kinds.kind_of(assignment.kind),
            "classroom": assignment.classroom,
            "mine": mine,
            "start_form": form,
            "engine_options": _engine_options(assignment),
        }
        return render(request, "classrooms/assignment_detail.html", context, status=400)
    mine.assignment = assignment
    work = selectors.work_of(mine)
    return redirect(work["url"] if work else assignment.get_absolute_url())


@login_required
@require_POST
def assignment_publish(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    assignment = selectors.assignment_of(request.user, pk)
    _teacher_only(assignment.classroom)
    try:
        services.assignment_publish(assignment=assignment)
    except services.ClassroomError as error:
        _refused(request, error)
    return redirect(assignment)


def _submission_context(request: AuthedHttpRequest, submission: Submission, **extra: Any) -> dict:
    as_teacher = submission.assignment.classroom.is_teacher
    feedback = selectors.visible_feedback(submission, as_teacher=as_teacher)
    maxima = submission.assignment.maxima()
    context: dict[str, Any] = {
        "submission": submission,
        "assignment": submission.assignment,
        "classroom": submission.assignment.classroom,
        "as_teacher": as_teacher,
        "is_mine": submission.student_id == request.user.pk,
        "progress": selectors.submission_progress(submission),
        "work": selectors.work_of(submission),
        "feedback": feedback,
        "feedback_parts": [
            (
                part_label(p, kind=submission.assignment.kind),
                feedback.comments.get(p, ""),
                feedback.points.get(p),
                maxima[p],
            )
            for p in PARTS
        ]
        if feedback
        else [],
        "total_max": total_max(maxima),
        "messages_log": (log := _labelled(selectors.transcript(submission))),
        "pressed_count": sum(1 for m in log if m.pressure),
        "withheld_count": sum(1 for m in log if m.withheld),
        "chain": submission.chain,
        "audit_results": _audit_results(submission),
        "critique_points": _critique_points(submission),
        "critique_said": _critique_said(submission),
        # The work block is the kind's own fragment; only a kind that takes a text has a box.
        "kind_template": (kind := kinds.kind_of(submission.assignment.kind)).detail_template,
        "kind_takes_text": kind.takes_text,
    }
    if (session := submission.coach_session) is not None:
        origins = selectors.draft_provenance(submission)
        context["draft_rows"] = [
            (step, step_label(step), text, origins[step])
            for step, text in session.draft.as_dict().items()
        ]
    context.update(process.page_context(process.process_report(submission)))
    if as_teacher:
        draft = context["feedback_autosave"] = autosave.autosave_of(
            owner=request.user, submission=submission, form="feedback"
        )
        initial = FeedbackForm.initial_from(feedback)
        if draft is not None and not draft.stale:
            initial.update(draft.values)  # the teacher's unsaved text, back in its boxes
        initial["draft_version"] = draft.version if draft is not None else 0
        form = extra.pop("feedback_form", None) or FeedbackForm(maxima=maxima, initial=initial)
        context["feedback_form"] = form
        context["feedback_rows"] = form.parts(
            selectors.audit_suggestions(context["audit_results"], maxima),
            saved=extra.get("stale") or {},
            kind=submission.assignment.kind,
        )
        context["points_total"] = form.points_total()
        context["can_draft"] = submission.state in drafting.DRAFTABLE
        context["feedback_drafts"] = _drafts_shown(submission, maxima)
        context["can_return"] = submission.state in (
            Submission.State.TURNED_IN,
            Submission.State.RETURNED,
        )
    elif context["is_mine"]:
        draft = context["essay_autosave"] = autosave.autosave_of(
            owner=request.user, submission=submission, form="essay"
        )
        kept = draft.values.get("text", "") if draft is not None and not draft.stale else None
        context["essay_form"] = extra.pop("essay_form", None) or EssayForm(
            initial={
                # The draft kept on the server goes back in the box; the form's base stays
                # the saved text, so saving it is checked against what is saved.
                "text": submission.essay_text if kept is None else kept,
                "draft_version": draft.version if draft is not None else 0,
                **EssayForm.loaded(submission.essay_version, {"text": submission.essay_text}),
            }
        )
    context.update(extra)
    return context


@login_required
@require_safe
def submission_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    submission = selectors.submission_of(request.user, pk)
    signals.work_opened(viewer=request.user, submission=submission, channel="page")
    return render(
        request, "classrooms/submission_detail.html", _submission_context(request, submission)
    )


def _labelled(messages_log: Any) -> list[Any]:
    """The transcript's messages, each with ``pressure_label``: the pressure's name."""
    rows = list(messages_log)
    for message in rows:
        message.pressure_label = selectors.PRESSURE_LABELS.get(message.pressure, "")
    return rows


STUDENT_ACTIONS = {
    "turn-in": services.submission_turn_in,
    "unsubmit": services.submission_unsubmit,
}


@login_required
@require_POST
def submission_act(request: AuthedHttpRequest, pk: int, action: str) -> HttpResponse:
    submission = selectors.submission_of(request.user, pk)
    as_teacher = submission.assignment.classroom.is_teacher
    mine = submission.student_id == request.user.pk
    try:
        if action in STUDENT_ACTIONS and mine:
            STUDENT_ACTIONS[action](submission=submission)
        elif action == "essay" and mine:
            return _essay(request, submission)
        elif action == "feedback" and as_teacher:
            return _feedback(request, submission)
        elif action == "return" and as_teacher:
            if FeedbackForm.is_in(request.POST):
                # The Return button sends the feedback form: what is typed is saved first.
                return _feedback(request, submission, then_return=True)
            _return(request, submission)
        else:
            raise PermissionDenied("You may not do that with this submission.")
    except services.ClassroomError as error:
        _refused(request, error)
    return redirect(submission)


def _essay(request: AuthedHttpRequest, submission: Submission) -> HttpResponse:
    form = EssayForm(request.POST, request.FILES)
    essay_meanwhile = None
    if form.is_valid():
        text = form.cleaned_data["text"]
        upload = form.cleaned_data["file"]
        if upload is not None:
            try:
                text = upload.read(services.ESSAY_MAX_CHARS * 4 + 1).decode("utf-8")
            except UnicodeDecodeError:
                form.add_error("file", "The file is not UTF-8 text.")
        if not form.errors:
            try:
                versioning = form.versioning()
                base = (versioning["base"] or {}).get("text")
                saved = services.submission_essay_save(
                    submission=submission,
                    text=text,
                    version=versioning["version"],
                    base=base if isinstance(base, str) else None,
                    source="upload" if upload is not None else "page",
                    pasted=_counted(request, "process_pasted"),
                    active_seconds=_counted(request, "process_active"),
                )
                if request.POST.get("turn_in"):
                    # "Turn in" sends the essay form: the text typed is saved, then turned in.
                    services.submission_turn_in(submission=saved)
            except StaleWrite as error:
                # The student's text stays in the box, the saved text is shown beside it.
                form.rebased(error.version, error.current)
                form.add_error(None, error.message)
                essay_meanwhile = error.current["text"]
            except services.ClassroomError as error:
                form.add_error(None, error.message)
            else:
                turned_in = bool(request.POST.get("turn_in"))
                messages.success(request, _("Essay turned in.") if turned_in else _("Essay saved."))
                return redirect(submission)
    context = _submission_context(
        request, submission, essay_form=form, essay_meanwhile=essay_meanwhile
    )
    status = 409 if essay_meanwhile is not None else 400
    return render(request, "classrooms/submission_detail.html", context, status=status)


@login_required
@require_POST
def submission_autosave(request: AuthedHttpRequest, pk: int, form: str) -> HttpResponse:
    """Keep the text typed into the essay or feedback form on the server, unsaved: the page's
    script sends it as it is typed (JSON back), and without JavaScript the form's "Keep as a
    draft" button posts here (the page again, with the draft in the box)."""
    submission = selectors.submission_of(request.user, pk)
    if form not in autosave.FIELDS:
        raise Http404("No such form.")
    as_json = "application/json" in request.headers.get("Accept", "")
    try:
        kept = autosave.autosave_write(
            owner=request.user,
            submission=submission,
            form=form,
            values={name: request.POST.get(name) for name in autosave.FIELDS[form]},
            based_on=_counted(request, "version"),
            version=_counted(request, "draft_version"),
        )
    except (services.ClassroomError, StaleWrite) as error:
        if as_json:
            return JsonResponse(error.payload, status=error.status)
        return _autosave_refused(request, submission, form, error)
    if kept is None:
        said = _("Nothing to keep: the text is what is saved.")
    else:
        said = _("Draft kept on the server at %(time)s, not saved yet.") % {
            "time": date_format(localtime(kept.saved_at), "TIME_FORMAT")
        }
    if as_json:
        return JsonResponse({"draft_version": kept.version if kept else 0, "status": said})
    messages.success(request, said)
    return redirect(f"{submission.get_absolute_url()}#{form}-form")


def _autosave_refused(
    request: AuthedHttpRequest, submission: Submission, form: str, error: Exception
) -> HttpResponse:
    """The page again with what was typed still in the form and why it was not kept."""
    message = getattr(error, "message", str(error))
    if form == "essay":
        essay = EssayForm(request.POST)
        essay.is_valid()
        if isinstance(error, StaleWrite):
            if error.code == "STALE_DRAFT":
                essay.redrafted(error.version)
            else:
                essay.rebased(error.version, error.current)
        essay.add_error(None, message)
        extra: dict[str, Any] = {"essay_form": essay}
    else:
        feedback = FeedbackForm(request.POST, maxima=submission.assignment.maxima())
        feedback.is_valid()
        feedback.add_error(None, message)
        extra = {"feedback_form": feedback}
    context = _submission_context(request, submission, **extra)
    status = getattr(error, "status", 400)
    return render(request, "classrooms/submission_detail.html", context, status=status)


def _return(request: HttpRequest, submission: Submission) -> None:
    returned = services.submission_return(submission=submission)
    if hasattr(returned, "feedback"):
        messages.success(request, _("Returned: the student now sees your feedback."))
    else:
        messages.success(request, _("Returned without feedback: the student is told so."))


def _feedback(
    request: AuthedHttpRequest, submission: Submission, *, then_return: bool = False
) -> HttpResponse:
    """Save the feedback form (and, from the Return button, return the work); on any error
    the form comes back with everything typed and nothing is returned."""
    form = FeedbackForm(request.POST, maxima=submission.assignment.maxima())
    saved = False
    stale: dict[str, Any] = {}
    ungraded: list[str] = []
    if form.is_valid():
        try:
            written = services.feedback_save(
                submission=submission, author=request.user, **form.service_kwargs()
            )
            ungraded = [
                part_label(p, kind=submission.assignment.kind)
                for p in PARTS
                if then_return and form.cleaned_data[f"points_{p}"] is None
            ]
            if ungraded and request.POST.get("ungraded_ok") != "1":
                # Some points empty: saved, and the teacher is asked before returning.
                saved, then_return = True, False
            else:
                ungraded = []
            if then_return:
                _return(request, submission)
        except StaleWrite as error:
            # Nothing lost: the teacher's text stays in the fields, the saved text beside it.
            form.rebased(error.version, error.current)
            form.add_error(None, error.message)
            stale = {f: error.current[f] for f in error.conflicts}
        except services.ClassroomError as error:
            form.add_error(None, error.message)
        else:
            saved = True
            # The form shown again edits what is saved now (and no draft is kept any more).
            form.rebased(written.version, services.feedback_fields(written), draft=0)
            if then_return and request.htmx:
                return HttpResponseClientRedirect(submission.get_absolute_url())
            if not request.htmx and not ungraded:
                if not then_return:
                    messages.success(request, _("Feedback saved as a draft."))
                return redirect(submission)
    submission = selectors.submission_of(request.user, submission.pk)
    context = _submission_context(
        request, submission, feedback_form=form, saved=saved, stale=stale, ungraded=ungraded
    )
    template = "classrooms/submission_detail.html"
    if request.htmx:
        # htmx swaps only 2xx answers (and the DEBUG error script would replace the whole
        # page with a 400 fragment), so the form with its errors comes back as 200.
        return render(request, template + "#feedback-form", context)
    return render(request, template, context, status=200 if saved else 400)


JUDGE_LABELS = {
    "audit": gettext_lazy("the essay's audit"),
    "chain": gettext_lazy("the chain's reading"),
    "coach": gettext_lazy("the coach's step checks"),
}


def _audit_results(submission: Submission) -> list[Any]:
    """The audit's results, each with what the offline auditor wrote in the reader's language
    (``reasoning_shown``)."""
    results = list(submission.audit.results.all()) if submission.audit else []
    for result in results:
        result.reasoning_shown = reasoning_shown(result.reasoning, result.said)  # type: ignore[attr-defined]
    return results


def _critique_points(submission: Submission) -> list[dict[str, Any]]:
    """The critique's points with what the offline council wrote in the reader's language,
    from what the critique stores, and each named fallacy's label."""
    said = submission.critique.said if submission.critique else {}
    return [
        {
            **point,
            "critique": shown(str(point.get("critique", "")), said),
            "fallacy_label": fallacy_label(point["fallacy"]) if point.get("fallacy") else "",
        }
        for point in selectors.critique_points(submission)
    ]


def _critique_said(submission: Submission) -> dict[str, str]:
    """The critique's assessment and error in the reader's language."""
    critique = submission.critique
    if critique is None:
        return {}
    assessment = str((critique.result or {}).get("final_assessment", ""))
    return {
        "assessment": shown(assessment, critique.said),
        "error": shown(critique.error, critique.said),
    }


def _drafts_shown(submission: Submission, maxima: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {
            "draft": draft,
            "part_label": _(PART_LABELS[draft.part]),
            "judge_label": JUDGE_LABELS.get(draft.judge, draft.judge),
            "percent": round(draft.confidence * 100),
            "max": maxima[draft.part],
        }
        for draft in drafting.drafts_of(submission)
    ]


@login_required
@require_POST
def feedback_drafts_make(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """Ask the judges to draft feedback on each part (teachers; never shown to the student)."""
    submission = selectors.submission_of(request.user, pk)
    _teacher_only(submission.assignment.classroom)
    try:
        drafting.feedback_drafts_make(submission=submission)
    except services.ClassroomError as error:
        _refused(request, error)
    return redirect(f"{submission.get_absolute_url()}#feedback-drafts")


@login_required
@require_POST
def feedback_draft_decide(request: AuthedHttpRequest, pk: int, part: str) -> HttpResponse:
    """Accept, edit or discard one drafted part; only a saved comment reaches the student."""
    submission = selectors.submission_of(request.user, pk)
    _teacher_only(submission.assignment.classroom)
    draft = get_object_or_404(submission.feedback_drafts, part=part)
    raw = request.POST.get("points", "").strip()
    try:
        drafting.feedback_draft_decide(
            draft=draft,
            teacher=request.user,
            action=request.POST.get("action", ""),
            comment=request.POST.get("comment", ""),
            points=int(raw) if raw.isdigit() and len(raw) < 4 else None,
        )
    except services.ClassroomError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Saved."))
    return redirect(f"{submission.get_absolute_url()}#feedback-drafts")


def _counted(request: HttpRequest, name: str) -> int:
    """A count the page's script sent (pasted characters, writing seconds); 0 when absent or
    not a small whole number (the service also bounds it)."""
    raw = request.POST.get(name, "")
    return int(raw) if raw.isdigit() and len(raw) <= 9 else 0
