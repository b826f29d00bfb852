"""The user's data pages (export, who opened their work, deleting the account), the public
privacy page, and the API's ``/me/`` endpoints."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from toulmini_site.privacy import services
from toulmini_site.privacy.forms import DeleteAccountForm
from toulmini_site.users import AuthedHttpRequest

TABLES = ("submissions", "access_log")


@require_GET
def privacy(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "privacy/privacy.html",
        {
            "model_configured": bool(settings.LLM_MODEL),
            "retention_days": settings.DATA_RETENTION_DAYS,
        },
    )


@login_required
@require_GET
def my_data(request: AuthedHttpRequest) -> HttpResponse:
    """The data sections live on the account page."""
    return redirect(reverse("account") + "#data")


@login_required
@require_GET
def export_json(request: AuthedHttpRequest) -> JsonResponse:
    response = JsonResponse(
        services.user_export(user=request.user),
        encoder=DjangoJSONEncoder,
        json_dumps_params={"indent": 2},
    )
    response["Content-Disposition"] = 'attachment; filename="toulmini-my-data.json"'
    return response


@login_required
@require_GET
def export_csv(request: AuthedHttpRequest, table: str) -> HttpResponse:
    if table not in TABLES:
        raise Http404("No such table.")
    response = HttpResponse(
        services.export_csv(user=request.user, table=table), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="toulmini-{table}.csv"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def delete_account(request: AuthedHttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        services.account_delete(user=user)
        return redirect("privacy:deleted")
    return render(
        request,
        "privacy/delete.html",
        {"deletion_plan": services.deletion_plan(user=request.user), "delete_form": form},
        status=400 if request.method == "POST" else 200,
    )


@require_GET
def deleted(request: HttpRequest) -> HttpResponse:
    return render(request, "privacy/deleted.html")
