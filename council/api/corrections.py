"""API for corrections to the council: dismiss a critique's finding (its owner or a teacher of
the class), overrule an audit's criterion (a teacher of the class)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from council import selectors
from council.models import FindingDismissal
from council.services.corrections import (
    REASON_MAX,
    audit_criterion_overrule,
    critique_point_dismiss,
)
from toulmini_site.api import AuthedRequest, authed_api_view


class DismissalInSerializer(serializers.Serializer):
    point = serializers.CharField(
        max_length=80, help_text="The point's first claim id (claim_ids[0] in the result)."
    )
    reason = serializers.CharField(max_length=REASON_MAX)


class DismissalSerializer(serializers.ModelSerializer):
    class Meta:
        model = FindingDismissal
        fields = ["point_key", "area", "finding", "evidence", "fallacy", "reason", "created_at"]
        read_only_fields = fields


class OverruleInSerializer(serializers.Serializer):
    score = serializers.IntegerField(min_value=1, max_value=5)
    reason = serializers.CharField(max_length=REASON_MAX)


class OverruleSerializer(serializers.Serializer):
    criterion_id = serializers.CharField()
    numeric_score = serializers.IntegerField(allow_null=True)
    overruled_score = serializers.IntegerField()
    overrule_reason = serializers.CharField()


@extend_schema(
    methods=["GET"],
    responses=DismissalSerializer(many=True),
    summary="The critique's dismissed findings",
)
@extend_schema(
    methods=["POST"],
    request=DismissalInSerializer,
    responses={201: DismissalSerializer},
    summary="Dismiss a critique's finding, with a reason (its owner or a teacher of the class)",
)
@authed_api_view(["GET", "POST"])
def critique_dismissals(request: AuthedRequest, pk: int) -> Response:
    critique = selectors.critique_to_correct(request.user, pk)
    if request.method == "GET":
        return Response(DismissalSerializer(critique.dismissals.all(), many=True).data)
    given = DismissalInSerializer(data=request.data)
    given.is_valid(raise_exception=True)
    dismissal = critique_point_dismiss(
        critique=critique,
        point_key=given.validated_data["point"],
        reason=given.validated_data["reason"],
        author=request.user,
    )
    return Response(DismissalSerializer(dismissal).data, status=status.HTTP_201_CREATED)


@extend_schema(
    request=OverruleInSerializer,
    responses={200: OverruleSerializer},
    summary="Overrule an audit criterion's score, with a reason (a teacher of the class)",
)
@authed_api_view(["POST"])
def audit_overrule(request: AuthedRequest, pk: int, criterion_id: str) -> Response:
    audit = selectors.audit_to_overrule(request.user, pk)
    given = OverruleInSerializer(data=request.data)
    given.is_valid(raise_exception=True)
    result = audit_criterion_overrule(
        audit=audit,
        criterion_id=criterion_id,
        score=given.validated_data["score"],
        reason=given.validated_data["reason"],
        author=request.user,
    )
    return Response(OverruleSerializer(result).data)
