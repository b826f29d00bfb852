"""What the critique and audit endpoints share: a document comes as `text` or as `file`."""

from __future__ import annotations

from rest_framework import serializers


class TextOrFileMixin:
    """For a serializer with optional `text` and `file` fields: exactly one must be sent."""

    def validate(self, attrs: dict) -> dict:
        if "text" in attrs and "file" in attrs:
            raise serializers.ValidationError("Send either `text` or `file`, not both.")
        if "text" not in attrs and "file" not in attrs:
            raise serializers.ValidationError({"text": "This field is required."})
        return attrs
