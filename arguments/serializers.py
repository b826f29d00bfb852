"""The chain as JSON: one serializer for the API and the page's JSON export."""

from __future__ import annotations

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
            "review_status",
            "review_note",
            "reviewed_at",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields
