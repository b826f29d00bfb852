"""The tool's endpoints a learning platform calls (key set, login initiation, launch) and the
teacher's pages: placing an assignment in the course (deep linking) and the link's state."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.csp import CSP
from django.utils.translation import gettext as _
from django.views.decorators.csp import csp_override
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from lti_tool.models import Key
from lti_tool.utils import DjangoToolConfig
from pylti1p3.contrib.django import DjangoOIDCLogin
from pylti1p3.exception import LtiException, OIDCException

from toulmini_site.classrooms import services as classrooms
from toulmini_site.lti import connection, grades, selectors, services
from toulmini_site.lti.forms import NewAssignmentForm
from toulmini_site.lti.models import ClassLink
from toulmini_site.lti.tasks import roster_sync_task
from toulmini_site.users import AuthedHttpRequest

SESSION_LAUNCH = "lti_launch_id"


def _refused(request: HttpRequest, refusal: services.LaunchRefused) -> HttpResponse:
    return render(
        request,
        "lti/refused.html",
        {"code": refusal.code, "message": refusal.message},
        status=refusal.status,
    )


@require_GET
def jwks(request: HttpRequest) -> JsonResponse:
    """Our public keys: the platform checks our signatures (deep links, service tokens)."""
    services.key_ensure()
    return JsonResponse(Key.objects.as_jwks())


@csrf_exempt
@require_http_methods(["GET", "POST"])
def oidc_login(request: HttpRequest) -> HttpResponse:
    """Third-party login initiation: send the browser back to the platform to sign the launch."""
    services.key_ensure()
    login_request = DjangoOIDCLogin(
        request, DjangoToolConfig(), launch_data_storage=connection.launch_storage()
    )
    try:
        # Always our own launch address, whatever target the request names.
        response = login_request.redirect(request.build_absolute_uri(reverse("lti:launch")))
    except (LtiException, OIDCException) as error:
        refusal = services.refusal_for(error)
        refusal.status = 400
        return _refused(request, refusal)
    return _state_cookies_bounded(request, response)


STATE_COOKIE_PREFIX = "lti1p3-state-"
STATE_COOKIES_KEPT = 6


def _state_cookies_bounded(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Each login sets a state cookie (pylti1p3's, five minutes long) that a launch reads
    back; a browser launching often collected one per login until its Cookie header passed
    8 KB and every request got 431. Past ``STATE_COOKIES_KEPT`` the older ones are expired
    (a launch takes seconds: they belong to launches long finished or abandoned)."""
    old = [name for name in request.COOKIES if name.startswith(STATE_COOKIE_PREFIX)]
    if len(old) >= STATE_COOKIES_KEPT:
        secure = request.is_secure()
        for name in old:
            response.delete_cookie(name, path="/", samesite="None" if secure else None)
    return response


def _state_cookie_spent(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A finished launch's state cookie is spent: expire it."""
    name = "lti1p3-" + request.POST.get("state", "")
    if name in request.COOKIES:
        secure = request.is_secure()
        response.delete_cookie(name, path="/", samesite="None" if secure else None)
    return response


@csrf_exempt
@require_POST
def launch(request: HttpRequest) -> HttpResponse:
    """The signed launch: checked, then the person is signed in and sent to their class or
    the assignment the link points at (or, for deep linking, to pick one). Its state cookie
    is spent either way."""
    return _state_cookie_spent(request, _launch(request))


def _launch(request: HttpRequest) -> HttpResponse:
    try:
        lti_launch = connection.launch_from_request(request)
        services.launch_check(lti_launch=lti_launch)
        landing = services.launch_accept(lti_launch=lti_launch)
    except LtiException as error:
        return _refused(request, services.refusal_for(error))
    except services.LaunchRefused as refusal:
        return _refused(request, refusal)
    if lti_launch.is_deep_link_launch and landing.role != "teacher":
        return _refused(
            request,
            services.LaunchRefused("role", _("Only a teacher can place Toulmini in a course.")),
        )
    login(request, landing.user)
    request.session[SESSION_LAUNCH] = lti_launch.get_launch_id()
    if landing.classroom is None:
        return redirect("home")
    if landing.role == "teacher":
        link = landing.classroom.lti_link
        # robust: a roster that cannot be read (or queued) never fails the launch itself.
        transaction.on_commit(lambda: roster_sync_task.enqueue(link_id=link.pk), robust=True)
    if lti_launch.is_deep_link_launch:
        return redirect("lti:deep_link")
    if landing.assignment is not None:
        return redirect(landing.assignment)
    return redirect(landing.classroom)


def _deep_link_launch(request: HttpRequest) -> tuple[object, ClassLink] | None:
    launch_id = request.session.get(SESSION_LAUNCH)
    if not launch_id:
        return None
    try:
        lti_launch = connection.launch_from_request(request, launch_id)
    except LtiException:
        return None
    if not lti_launch.is_deep_link_launch:
        return None
    link = ClassLink.objects.filter(
        context=lti_launch.context, classroom__teachers=request.user.pk
    ).first()
    return (lti_launch, link) if link else None


@login_required
@require_http_methods(["GET", "POST"])
def deep_link(request: AuthedHttpRequest) -> HttpResponse:
    """The teacher picks one of the class's assignments, or makes one, to place in the course."""
    found = _deep_link_launch(request)
    if found is None:
        return _refused(
            request,
            services.LaunchRefused(
                "expired",
                _("There is no course waiting for an assignment. Start again from your course."),
            ),
        )
    lti_launch, link = found
    classroom = link.classroom
    form = NewAssignmentForm(request.POST if "title" in request.POST else None)
    if request.method == "POST":
        assignment = None
        if "assignment" in request.POST:
            wanted = request.POST["assignment"]
            assignment = (
                classroom.assignments.filter(pk=int(wanted)).first()
                if services.is_id(wanted)
                else None
            )
            if assignment is None:
                messages.error(request, _("Pick one of this class's assignments."))
        elif form.is_valid():
            try:
                assignment = classrooms.assignment_create(classroom=classroom, **form.cleaned_data)
            except classrooms.ClassroomError as error:
                form.add_error(None, error.message)
        if assignment is not None:
            token, return_url = services.deep_link_jwt(
                lti_launch=lti_launch,
                assignment=assignment,
                launch_url=request.build_absolute_uri(reverse("lti:launch")),
            )
            request.session.pop(SESSION_LAUNCH, None)
            return _deep_link_return(request, token, return_url, assignment)
    return render(
        request,
        "lti/deep_link.html",
        {"classroom": classroom, "assignments": classroom.assignments.all(), "form": form},
        status=400 if request.method == "POST" else 200,
    )


def _deep_link_return(
    request: HttpRequest, token: str, return_url: str, assignment: object
) -> HttpResponse:
    """The signed response, posted to the platform: our CSP lets this one form go there."""
    policy: dict[str, Any] = {**settings.SECURE_CSP, "form-action": [CSP.SELF, return_url]}
    view = csp_override(policy)(
        lambda r: render(
            r,
            "lti/deep_link_return.html",
            {"jwt": token, "return_url": return_url, "assignment": assignment},
        )
    )
    return view(request)


@login_required
@require_GET
def class_platform(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """The class's link to its platform course: roster sync and each grade sent back."""
    link = selectors.class_link_taught_by(request.user, pk)
    return render(
        request,
        "lti/class_platform.html",
        {"link": link, "classroom": link.classroom, "syncs": selectors.grade_syncs(link)},
    )


@login_required
@require_POST
def roster_sync(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    link = selectors.class_link_taught_by(request.user, pk)
    link = services.roster_sync(link=link)
    if link.roster_error:
        messages.error(
            request,
            _("The platform's roster could not be read: %(error)s") % {"error": link.roster_error},
        )
    else:
        messages.success(
            request,
            _("Roster synced: %(added)d added, %(removed)d removed.")
            % {"added": link.roster_added, "removed": link.roster_removed},
        )
    return redirect("lti:class_platform", pk=pk)


@login_required
@require_POST
def grade_retry(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    sync = selectors.grade_sync_taught_by(request.user, pk)
    grades.grade_sync_retry(sync=sync)
    return redirect("lti:class_platform", pk=sync.submission.assignment.classroom_id)
