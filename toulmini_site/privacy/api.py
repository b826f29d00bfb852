"""The API's ``/me/`` endpoints: the signed-in user's data export and account deletion."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from toulmini_site.api import AuthedRequest, authed_api_view, error_body
from toulmini_site.privacy import services
from toulmini_site.privacy.forms import DeleteAccountForm


class DeleteMeIn(serializers.Serializer):
    password = serializers.CharField(required=False, help_text="The account's password.")
    username = serializers.CharField(
        required=False, help_text="For an account with no password (made by a learning platform)."
    )


class DeleteMeOut(serializers.Serializer):
    deleted = serializers.BooleanField()
    grades_kept_anonymised = serializers.IntegerField()


@extend_schema(responses=OpenApiTypes.OBJECT, summary="Export all my data")
@authed_api_view(["GET"])
def export(request: AuthedRequest) -> Response:
    """All of the signed-in user's data (the same as the account page's JSON download)."""
    return Response(services.user_export(user=request.user))


class MeOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField(help_text="Empty when the account has none.")
    language = serializers.CharField(help_text="The pages' language chosen; empty: the browser's.")
    is_staff = serializers.BooleanField()
    classes_taught = serializers.IntegerField()
    classes_taken = serializers.IntegerField()


@extend_schema(methods=["GET"], responses=MeOut, summary="Who I am")
@extend_schema(
    methods=["DELETE"], request=DeleteMeIn, responses=DeleteMeOut, summary="Delete my account"
)
@authed_api_view(["GET", "DELETE"])
def me(request: AuthedRequest) -> Response:
    """GET: the signed-in account (to check a token, or show who is signed in). DELETE: delete
    the signed-in account and its work; returned grades stay, anonymised. The body confirms:
    ``{"password": ...}`` (or ``{"username": ...}`` for an account with no password, made by
    a learning platform)."""
    if request.method == "GET":
        return Response(MeOut(services.me(user=request.user)).data)
    body = request.data if isinstance(request.data, dict) else {}
    form = DeleteAccountForm(
        {"confirmation": body.get("password") or body.get("username") or ""},
        user=request.user,
    )
    if not form.is_valid():
        return Response(
            error_body(
                "Confirm with your password (or, with none, your username); nothing was deleted.",
                code="CONFIRMATION_REQUIRED",
                details=[{"loc": "password", "msg": "does not match"}],
            ),
            status=400,
        )
    plan = services.account_delete(user=request.user)
    return Response({"deleted": True, "grades_kept_anonymised": plan.grades_kept})
