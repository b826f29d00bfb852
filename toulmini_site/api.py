"""Project-wide API infrastructure: the JSON error shape every endpoint answers with.

Errors are ``{"error": human text, "code": stable code, "missing": [...], "details": [...]}``
(``missing`` and ``details`` only where useful). Never an HTML page or a traceback.

And the request of a signed-in API user: ``authed_api_view`` is DRF's ``api_view`` for a view
behind ``IsAuthenticated``, whose request is an ``AuthedRequest`` (its ``user`` a ``User``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Concatenate, cast

from django.contrib.auth import authenticate
from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views.defaults import page_not_found
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from toulmini_site.authentication import ExpiringTokenAuthentication, token_expires_at
from toulmini_site.limits import RATE_LIMITED, now_datetime
from toulmini_site.outages import CODE as OUTAGE_CODE
from toulmini_site.outages import RETRY_AFTER_SECONDS, is_outage, outage_message
from toulmini_site.refusals import Refusal
from toulmini_site.throttles import AuthRateThrottle
from toulmini_site.users import User

if TYPE_CHECKING:
    from django.http.response import HttpResponseBase
    from rest_framework.views import AsView

logger = logging.getLogger(__name__)


class AuthedRequest(Request):
    """An API request that ``IsAuthenticated`` let through: its user is signed in."""

    user: User


def authed_api_view[**P, R: HttpResponseBase](
    http_method_names: Sequence[str],
) -> Callable[
    [Callable[Concatenate[AuthedRequest, P], R]], AsView[Callable[Concatenate[HttpRequest, P], R]]
]:
    """DRF's ``api_view`` for a view only a signed-in user reaches: ``IsAuthenticated`` (the
    project's default, set here unless the view names its own permissions), so the view
    takes an ``AuthedRequest``."""

    def decorate(
        view: Callable[Concatenate[AuthedRequest, P], R],
    ) -> AsView[Callable[Concatenate[HttpRequest, P], R]]:
        if not hasattr(view, "permission_classes"):
            view.permission_classes = [IsAuthenticated]  # type: ignore[attr-defined]
        return api_view(http_method_names)(cast(Callable[Concatenate[Request, P], R], view))

    return decorate


class StrictCharField(serializers.CharField):
    """A string, never a number or a boolean turned into one."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ApiError(Refusal):
    """A refusal an API view raises itself (``raise ApiError(...)``), for what no serializer
    or service checks: the same family as every service's, in DRF's ``status_code``
    spelling."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        missing: list[str] | None = None,
        details: list[dict[str, str]] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(
            message, code=code, status=status_code, missing=missing, details=details, extra=extra
        )

    @property
    def status_code(self) -> int:
        return self.status


def error_body(
    message: str,
    *,
    code: str,
    missing: list[str] | None = None,
    details: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"error": message, "code": code}
    if missing:
        body["missing"] = missing
    if details:
        body["details"] = details
    return body


def _flatten(detail: Any, prefix: str = "") -> list[dict[str, str]]:
    """DRF's nested error detail as ``[{"loc": "a.b", "msg": ...}]``."""
    if isinstance(detail, dict):
        out: list[dict[str, str]] = []
        for key, value in detail.items():
            loc = key if key != "non_field_errors" else ""
            out += _flatten(value, f"{prefix}.{loc}".strip(".") if loc else prefix)
        return out
    if isinstance(detail, list):
        out = []
        for index, item in enumerate(detail):
            if isinstance(item, dict | list) and not isinstance(item, str):
                out += _flatten(item, f"{prefix}.{index}".strip("."))
            else:
                out += _flatten(item, prefix)
        return out
    return [{"loc": prefix or "(root)", "msg": str(detail)}]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """The API's one translation of errors: a ``Refusal`` from any service or domain rule,
    DRF's own exceptions, and a body Django refused, all in the shared error shape."""
    if isinstance(exc, Refusal):
        headers = {} if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
        return Response(exc.payload, status=exc.status, headers=headers)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            error_body(str(exc), code="REQUEST_TOO_LARGE"),
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    if isinstance(exc, SuspiciousOperation):  # too many fields or files, a malformed body
        logger.warning("Refused a suspicious request: %s", exc)
        too_many = isinstance(exc, TooManyFieldsSent | TooManyFilesSent)
        return Response(
            error_body(
                gettext("The request has too many form fields or files.")
                if too_many
                else gettext("The request could not be read."),
                code="TOO_MANY_FIELDS" if too_many else "BAD_REQUEST",
            ),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if is_outage(exc):  # the database is down: 503 with Retry-After, not a 500
        return Response(
            error_body(outage_message(), code=OUTAGE_CODE),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"},
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        return Response(
            error_body(gettext("An unexpected error occurred on the server."), code="SERVER_ERROR"),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    if isinstance(exc, exceptions.ValidationError):
        details = _flatten(exc.detail)
        # By code, not by message: DRF's messages are in the request's language.
        codes = _flatten(exc.get_codes())
        missing = [c["loc"] for c in codes if c["msg"] == "required"]
        body = error_body(
            gettext("The request is invalid: %(problems)s")
            % {"problems": "; ".join(f"{d['loc']}: {d['msg']}" for d in details[:5])},
            code="INVALID_INPUT",
            missing=missing,
            details=details,
        )
    elif isinstance(exc, exceptions.Throttled):
        # DRF has set Retry-After; the code is the one every 429 of ours carries.
        body = error_body(str(exc.detail), code=RATE_LIMITED)
    else:
        code = getattr(exc, "default_code", "error")
        detail = getattr(exc, "detail", str(exc))
        body = error_body(str(detail), code=str(code).upper())
    response.data = body
    return response


def json_404(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:  # noqa: ARG001
    return JsonResponse(error_body(gettext("Not found."), code="NOT_FOUND"), status=404)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The project's 404: JSON under /api/ (a path no route matches, like /chains/x/), the
    usual page elsewhere."""
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return page_not_found(request, exception)


def paginated(serializer: type[serializers.Serializer], name: str) -> serializers.Serializer:
    """The schema of a page of ``serializer`` (our function views paginate by hand)."""
    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": serializer(many=True),
        },
    )


# Every operation may answer these, always in the error shape (documented once, here).
ERROR_STATUSES = {
    "400": "Invalid input (INVALID_INPUT, MISSING_INPUT, ...)",
    "401": "No or bad credentials (NOT_AUTHENTICATED)",
    "403": "Not allowed",
    "404": "No such record, or not yours (NOT_FOUND)",
    "405": "Method not allowed",
    "409": "The record cannot take that step",
    "415": "Unsupported media type",
    "429": "RATE_LIMITED or QUOTA_EXCEEDED, with Retry-After",
    "502": "The language model failed (MODEL_FAILED)",
}
ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "error": {"type": "string"},
        "code": {"type": "string"},
        "missing": {"type": "array", "items": {"type": "string"}},
        "details": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"loc": {"type": "string"}, "msg": {"type": "string"}},
            },
        },
    },
    "required": ["error", "code"],
    "additionalProperties": True,
}


def schema_with_errors(result: dict, generator: Any, request: Any, public: bool) -> dict:
    """drf-spectacular post-processing: the error responses on every operation."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    ref = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            for status_code, description in ERROR_STATUSES.items():
                responses.setdefault(status_code, {"description": description, "content": ref})
    return result


class TokensRevokedOnPasswordChange:
    """A password "validator" that validates nothing: Django calls ``password_changed`` after
    a user is saved with a new password, and the user's API token is deleted then, so a token
    taken with the old password (or stolen) stops working; a new one is asked for with the new
    password."""

    def validate(self, password: str, user: User | None = None) -> None:
        return None

    def password_changed(self, password: str, user: User | None = None) -> None:
        if user is not None and user.pk is not None:
            Token.objects.filter(user=user).delete()

    def get_help_text(self) -> str:
        # Said, not empty: Django lists every validator's help text, and an empty one showed
        # as a blank bullet under the new password.
        return gettext("Changing your password also signs out the apps that use your API token.")


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


@extend_schema(
    request=TokenRequestSerializer,
    responses=inline_serializer(
        "Token", {"token": serializers.CharField(), "expires_at": serializers.DateTimeField()}
    ),
    summary="Exchange a username and password for an API token",
    auth=[],
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([AllowAny])
@throttle_classes([AuthRateThrottle])
def token_obtain(request: Request) -> Response:
    serializer = TokenRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    user = authenticate(
        request=request._request,
        username=serializer.validated_data["username"],
        password=serializer.validated_data["password"],
    )
    if user is None or not user.is_active:
        raise ApiError(
            "Unable to log in with those credentials.",
            code="INVALID_CREDENTIALS",
            status_code=status.HTTP_400_BAD_REQUEST,
        )
    token, _ = Token.objects.get_or_create(user=user)
    if token_expires_at(token) <= now_datetime():  # an expired token is replaced, never handed out
        token.delete()
        token = Token.objects.create(user=user)
    expires_at = serializers.DateTimeField().to_representation(token_expires_at(token))
    return Response({"token": token.key, "expires_at": expires_at})


@extend_schema(
    request=None,
    responses={204: None},
    summary="Revoke the API token this request is made with (log the client out)",
)
@api_view(["POST"])
@authentication_classes([ExpiringTokenAuthentication])
def token_revoke(request: Request) -> Response:
    Token.objects.filter(key=getattr(request.auth, "key", None)).delete()
    return Response(status=status.HTTP_204_NO_CONTENT)
