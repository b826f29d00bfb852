"""The coach's pages: the session list at /coach/ and one session's workspace.

Every form posts normally and redirects; with htmx the same POST answers with the workspace
fragment instead. The chat streams through the API (static/coach/coach.js) when JavaScript
runs, and through the plain ``turn`` form otherwise.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from coach import selectors, services
from coach.domain.steps import STEPS
from coach.forms import DraftForm, SessionForm, TurnForm
from coach.models import CoachSession, step_label
from toulmini_site.htmx import HtmxHttpRequest
from toulmini_site.school import WorkReadOnly, submission_of_work
from toulmini_site.users import AuthedHttpRequest
from toulmini_site.versions import StaleWrite

PAGE_SIZE = 20

STEP_HELP = {
    "claim": gettext_lazy("The position you want your reader to accept."),
    "grounds": gettext_lazy("The facts and evidence behind the claim."),
    "warrant": gettext_lazy("The general rule linking grounds to claim."),
    "groundsBacking": gettext_lazy("Who or what makes the grounds trustworthy."),
    "warrantBacking": gettext_lazy("What supports the general rule."),
    "qualifier": gettext_lazy("How strongly you hold the claim."),
    "rebuttal": gettext_lazy("When the claim would not hold."),
}


SOURCE_LABELS = {
    "student": gettext_lazy("written by you"),
    "tutor": gettext_lazy("accepted from the tutor"),
    "tutor_edited": gettext_lazy("accepted from the tutor, then edited by you"),
}


def _chain_url(session: CoachSession) -> str:
    if session.chain_id is None:
        return ""
    try:
        return reverse("arguments:chain_detail", kwargs={"pk": session.chain_id})
    except NoReverseMatch:
        return ""


def _workspace(
    session: CoachSession,
    *,
    typed: dict[str, str] | None = None,
    meanwhile: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The workspace's context; ``typed`` keeps text the student typed in refused fields,
    ``meanwhile`` the saved text of the fields that clashed with it (shown beside)."""
    draft = session.draft.as_dict()
    meanwhile = meanwhile or {}
    # Text typed and kept on the server (autosave) goes back in its boxes, on any device;
    # text just posted and refused goes over it.
    autosave = selectors.autosave_of(session)
    restored = autosave.restorable(session.draft) if autosave is not None else {}
    shown = {**draft, **restored, **(typed or {})}
    current = STEPS.index(session.current_step)
    sources = session.draft.sources()
    pending = selectors.pending_proposal(session)
    steps = [
        {
            "key": step,
            "number": index + 1,
            "label": step_label(step),
            "help": STEP_HELP[step],
            "value": shown[step],
            "source": sources.get(step, ""),
            "source_label": SOURCE_LABELS.get(sources.get(step, ""), ""),
            "is_current": index == current and not session.is_completed,
            "is_done": index < current or session.is_completed,
            "meanwhile": meanwhile.get(step),
            "unsaved": shown[step].strip() != draft[step].strip(),
        }
        for index, step in enumerate(STEPS)
    ]
    return {
        "session": session,
        "steps": steps,
        "draft_base": json.dumps(draft, ensure_ascii=False),
        "autosave_version": autosave.version if autosave is not None else 0,
        "autosave_restored": any(
            text.strip() != draft[step].strip() for step, text in restored.items()
        ),
        "by_step": {row["key"]: row for row in steps},
        "current_label": session.step_label,
        "chat": list(session.messages.all()),
        "pending": pending,
        "pending_stale": pending is not None and pending.proposal_is_stale(session.draft),
        "unanswered": selectors.unanswered_message(session),
        "turn_form": extra.pop("turn_form", None) or TurnForm(),
        "chain_url": _chain_url(session),
        # Classroom work links back to its submission, where it is turned in.
        "submission": submission_of_work(session),
        "error": "",
        **extra,
    }


def _after_post(
    request: AuthedHttpRequest, pk: int, error: str = "", *, status: int = 400, **extra: Any
) -> HttpResponse:
    """Success: the fresh workspace fragment (htmx) or a redirect (plain POST). Refusal: the
    workspace or the whole page again with the error, and the student's text still in place."""
    if not error and not request.htmx:
        return redirect("coach:detail", pk=pk)
    session = selectors.session_of(request.user, pk)
    context = _workspace(session, error=error, **extra)
    template = "coach/session.html#workspace" if request.htmx else "coach/session.html"
    # htmx swaps only 2xx answers by default, so a refusal it shows is sent as 200.
    return render(request, template, context, status=200 if request.htmx or not error else status)


@require_safe
@login_required
def index(request: AuthedHttpRequest) -> HttpResponse:
    page = Paginator(selectors.sessions_of(request.user), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {"page": page, "form": SessionForm()}
    return render(request, "coach/index.html", context)


@require_POST
@login_required
def create(request: AuthedHttpRequest) -> HttpResponse:
    form = SessionForm(request.POST)
    if form.is_valid():
        try:
            session = services.session_create(owner=request.user, **form.cleaned_data)
        except services.CoachError as error:
            form.add_error(None, error.message)
        else:
            return redirect("coach:detail", pk=session.pk)
    # The form comes back with the topic typed, above the list of sessions as on the index.
    page = Paginator(selectors.sessions_of(request.user), PAGE_SIZE).get_page(1)
    return render(request, "coach/index.html", {"page": page, "form": form}, status=400)


@require_safe
@login_required
def detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    template = "coach/session.html#workspace" if request.htmx else "coach/session.html"
    return render(request, template, _workspace(session))


@require_POST
@login_required
def turn(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    form = TurnForm(request.POST)
    if not form.is_valid():
        return _after_post(
            request, pk, " ".join(str(m) for m in form.errors.get("message", [])), turn_form=form
        )
    try:
        event = services.turn_run(session=session, user=request.user, **form.cleaned_data)
    except (services.CoachError, WorkReadOnly) as error:
        return _after_post(request, pk, error.message, status=error.status, turn_form=form)
    if "error" in event:
        return _after_post(request, pk, event["message"], status=502)
    if not request.htmx:
        # The anchor brings the newest message into view, with or without JavaScript.
        return redirect(reverse("coach:detail", kwargs={"pk": pk}) + "#newest")
    return _after_post(request, pk)


@require_POST
@login_required
def confirm(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    version = request.POST.get("draft_version", "")
    try:
        services.proposal_confirm(
            session=session, draft_version=int(version) if version.isdigit() else None
        )
    except (services.CoachError, WorkReadOnly) as error:
        return _after_post(request, pk, error.message, status=error.status)
    return _after_post(request, pk)


@require_POST
@login_required
def reject(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    try:
        services.proposal_reject(session=session)
    except (services.CoachError, WorkReadOnly) as error:
        return _after_post(request, pk, error.message)
    return _after_post(request, pk)


def _typed(request: HtmxHttpRequest) -> dict[str, str]:
    return {step: request.POST[step] for step in STEPS if step in request.POST}


@require_POST
@login_required
def draft(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    form = DraftForm(request.POST)
    if not form.is_valid():
        problems = [
            f"{field}: {' '.join(map(str, errors))}" for field, errors in form.errors.items()
        ]
        return _after_post(request, pk, " ".join(problems), typed=_typed(request))
    try:
        services.draft_update(
            session=session,
            values=form.draft_values(),
            draft_version=form.cleaned_data["draft_version"],
            base=form.draft_base(),
        )
    except services.DraftConflict as error:
        current = error.extra.get("current") or {}
        meanwhile = {step: current.get(step, "") for step in error.extra.get("conflicts", [])}
        kept = (
            ""
            if meanwhile
            else " " + _("Your edits are still in the fields: save again to keep them.")
        )
        return _after_post(
            request,
            pk,
            error.message + kept,
            status=error.status,
            typed=_typed(request),
            meanwhile=meanwhile,
        )
    except (services.CoachError, WorkReadOnly) as error:
        kept = (
            _("Your edits were not saved.")
            if isinstance(error, WorkReadOnly)
            else _("Your edits are still in the fields: save again to keep them.")
        )
        return _after_post(
            request, pk, f"{error.message} {kept}", status=error.status, typed=_typed(request)
        )
    if not request.htmx:
        messages.success(request, _("Draft saved."))
    return _after_post(request, pk)


@require_POST
@login_required
def autosave(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """Keep the text typed into the draft boxes on the server, unsaved (JSON back); the page's
    script sends it a few seconds after typing stops. A stale page is refused with 409."""
    session = selectors.session_of(request.user, pk)
    try:
        kept = services.autosave_write(
            session=session,
            values=_typed(request),
            based_on=_counted(request, "draft_version"),
            version=_counted(request, "autosave_version"),
        )
    except (services.CoachError, WorkReadOnly, StaleWrite) as error:
        return JsonResponse(error.payload, status=error.status)
    if kept is None:
        said = _("Nothing to keep: the text is what is saved.")
    else:
        said = _("Draft kept on the server at %(time)s, not saved yet.") % {
            "time": date_format(localtime(kept.saved_at), "TIME_FORMAT")
        }
    return JsonResponse({"autosave_version": kept.version if kept else 0, "status": said})


def _counted(request: HtmxHttpRequest, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isdigit() else -1


@require_POST
@login_required
def chain(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    try:
        made, problem = services.session_chain_create(session=session)
    except services.CoachError as error:
        messages.error(request, error.message)
        return redirect("coach:detail", pk=pk)
    if problem:
        messages.warning(request, _("Phase 1 needs your attention: %s") % problem)
    try:
        return redirect("arguments:chain_detail", pk=made.pk)
    except NoReverseMatch:
        messages.success(request, _("Chain %d created.") % made.pk)
        return redirect("coach:detail", pk=pk)


@require_safe
@login_required
def export_aif(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    if not session.is_completed:
        messages.error(request, _("Finish all seven steps before exporting."))
        return redirect("coach:detail", pk=pk)
    body = json.dumps(selectors.session_aif(session), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="coach-session-{pk}.aif.json"'
    return response
