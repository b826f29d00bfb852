"""What the critique and audit endpoints share: a document comes as `text` or as `file`."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext
from rest_framework import serializers

from toulmini_site.api import ApiError, AuthedRequest
from toulmini_site.text.documents import DOCUMENT_TOO_LONG, MAX_DOCUMENT_CHARS


class TextOrFileMixin:
    """For a serializer with optional `text` and `file` fields: exactly one must be sent."""

    def validate(self, attrs: dict) -> dict:
        if "text" in attrs and "file" in attrs:
            raise serializers.ValidationError("Send either `text` or `file`, not both.")
        if "text" not in attrs and "file" not in attrs:
            # DRF's own message (in its catalogue) and code: ``missing`` is found by the code.
            raise serializers.ValidationError(
                {"text": gettext("This field is required.")}, code="required"
            )
        return attrs


def request_data(request: AuthedRequest) -> Any:
    """``request.data``, refusing a body past ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (a JSON document
    far over the limit) with ``DOCUMENT_TOO_LONG`` before it is read. Uploaded files stream to
    Django's upload handlers and are capped by ``read_document``."""
    try:
        return request.data
    except RequestDataTooBig:
        raise ApiError(
            "The request is too large for a document: send at most "
            f"{MAX_DOCUMENT_CHARS:,} characters.",
            code=DOCUMENT_TOO_LONG,
            details=[{"loc": "text", "msg": "too long"}],
        ) from None
