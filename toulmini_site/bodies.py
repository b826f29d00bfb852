"""Request bodies: one cap on their size, applied before anything is read or spooled.

``REQUEST_MAX_BYTES`` bounds every request body. A body whose ``Content-Length`` says more is
refused unread (``BodySizeMiddleware``, 413); a body sent without one (chunked) is counted
by ``CappedUploadHandler`` as its files arrive and stopped at the cap, so no upload is ever
received whole before it is refused. Non-file form and JSON bodies are already bounded by
Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``. Each form then applies its own, smaller cap (a
document's 400,000 bytes, an AIF file's 2 MiB).

``bad_request`` is the project's 400 view: the answer to a ``SuspiciousOperation`` raised
outside the API's own handler (too many fields, a body too large) is our JSON error shape
under ``/api/`` and a page elsewhere, 413 for a body too large.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.core.files.uploadhandler import FileUploadHandler
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from toulmini_site.numbers import grouped

TOO_LARGE = "REQUEST_TOO_LARGE"
TOO_MANY_FIELDS = "TOO_MANY_FIELDS"


def too_large_message() -> str:
    return _("The request is over %(limit)s bytes, the limit.") % {
        "limit": grouped(settings.REQUEST_MAX_BYTES)
    }


def _refusal(request: HttpRequest, message: str, *, code: str, status: int) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"error": message, "code": code}, status=status)
    return render(request, "400.html", {"message": message}, status=status)


def _in_language(request: HttpRequest, refuse: Any) -> HttpResponse:
    """``refuse()`` in the visitor's language: this middleware runs before LocaleMiddleware."""
    with translation.override(translation.get_language_from_request(request)):
        return refuse()


class BodySizeMiddleware:
    """413 for a request whose ``Content-Length`` is over ``REQUEST_MAX_BYTES``, before any
    other middleware (CSRF reads the form) touches the body."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = request.META.get("CONTENT_LENGTH") or ""
        if declared.isdigit() and int(declared) > settings.REQUEST_MAX_BYTES:
            # (No "Connection: close": WSGI forbids hop-by-hop headers; the server decides.)
            return _in_language(
                request,
                lambda: _refusal(request, too_large_message(), code=TOO_LARGE, status=413),
            )
        return self.get_response(request)


class CappedUploadHandler(FileUploadHandler):
    """First of ``FILE_UPLOAD_HANDLERS``: counts the bytes of every file in the request and
    raises ``RequestDataTooBig`` at the first chunk past ``REQUEST_MAX_BYTES``, so the
    handlers after it (memory, then a temporary file) never hold more than the cap."""

    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > settings.REQUEST_MAX_BYTES:
            raise RequestDataTooBig(too_large_message())
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler builds the file


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler400``: a ``SuspiciousOperation`` from a body, as our error (JSON under /api/)."""
    if isinstance(exception, RequestDataTooBig):
        return _refusal(request, str(exception) or too_large_message(), code=TOO_LARGE, status=413)
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        return _refusal(
            request,
            _("The request has too many form fields or files."),
            code=TOO_MANY_FIELDS,
            status=400,
        )
    return _refusal(request, _("The request could not be read."), code="BAD_REQUEST", status=400)
