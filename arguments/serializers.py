"""The chain as JSON: one serializer for the API and the page's JSON export."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from arguments.domain.toulmin import COMPONENT_ORDER
from arguments.models import Chain


class ChainSerializer(serializers.ModelSerializer):
    class Meta:
        model = Chain
        fields = [
            "id",
            "query",
            "source_text",
            "engine",
            "status",
            "next_phase",
            *COMPONENT_ORDER,
            "termination_reason",
            "warnings",
            "claim_candidates",
            "claim_confidence",
            "review_status",
            "review_note",
            "reviewed_at",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def to_representation(self, instance: Chain) -> dict[str, Any]:
        """The same JSON DRF's generated fields give, built directly: building those fields
        anew for every response took most of a chain-detail request's time. A subclass that
        adds fields gets DRF's way."""
        if type(self) is not ChainSerializer:
            return super().to_representation(instance)
        data = {name: getattr(instance, name) for name in _PLAIN_FIELDS}
        for name in _TIME_FIELDS:
            value = getattr(instance, name)
            data[name] = None if value is None else _TIME.to_representation(value)
        return data


# Every field but the three times is read and written as it is stored (text, numbers, JSON).
_TIME_FIELDS = ("reviewed_at", "created_at", "updated_at")
_PLAIN_FIELDS = tuple(f for f in ChainSerializer.Meta.fields if f not in _TIME_FIELDS)
_TIME = serializers.DateTimeField()
