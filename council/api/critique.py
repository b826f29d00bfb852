"""Critique API: ask the council for a critique (202, runs in the background), then read it."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from council import selectors
from council.api.documents import TextOrFileMixin, request_data
from council.models import Critique
from council.services.critique import critique_create, critique_retry
from council.vocabulary import (
    critique_formatted_shown,
    critique_json_shown,
    critique_usage_shown,
    refusal_shown,
)
from toulmini_site.api import ApiError, AuthedRequest, authed_api_view, paginated
from toulmini_site.text.documents import (
    MAX_DOCUMENT_CHARS,
    DocumentError,
    read_document,
    validate_document,
)


class CritiqueCreateSerializer(TextOrFileMixin, serializers.Serializer):
    title = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    text = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text=f"The document, up to {MAX_DOCUMENT_CHARS:,} characters (or send `file`).",
    )
    file = serializers.FileField(required=False, help_text="A UTF-8 text or Markdown file.")
    max_depth = serializers.IntegerField(
        min_value=1, max_value=5, default=3, help_text="How deep each critique tree may go."
    )


class CritiqueSummarySerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()
    status = serializers.CharField(
        source="public_status",
        help_text="queued, running, stalled (its worker stopped: the reaper queues it again "
        "or fails it), complete, degraded or failed",
    )

    class Meta:
        model = Critique
        fields = ["id", "title", "status", "engine", "created_at", "finished_at", "url"]

    def get_url(self, critique: Critique) -> str:
        path = reverse("council_api:critique_detail", args=[critique.pk])
        return self.context["request"].build_absolute_uri(path)


class CritiqueSerializer(CritiqueSummarySerializer):
    progress = serializers.SerializerMethodField()

    class Meta(CritiqueSummarySerializer.Meta):
        fields = [
            *CritiqueSummarySerializer.Meta.fields,
            "max_depth",
            "threshold",
            "progress",
            "result",
            "trees",
            "adjustments",
            "formatted",
            "error",
            "model_calls",
            "tokens_in",
            "tokens_out",
            "usage",
            "started_at",
        ]

    usage = serializers.SerializerMethodField()

    def get_usage(self, critique: Critique) -> str:
        """What the run cost, in the request's language ("sin conexión: sin tokens de modelo")."""
        return critique_usage_shown(critique).rstrip(".")

    def get_progress(self, critique: Critique) -> dict:
        """Per philosopher: state (queued, running, critiqued, self_critique, done, failed)."""
        return critique.progress.get("agents", {})


@extend_schema(
    methods=["POST"],
    request={
        "application/json": CritiqueCreateSerializer,
        "multipart/form-data": CritiqueCreateSerializer,
    },
    responses={202: CritiqueSummarySerializer},
    summary="Ask the Reasoning Council to critique a document (runs in the background)",
)
@extend_schema(
    methods=["GET"],
    responses=paginated(CritiqueSummarySerializer, "CritiquePage"),
    operation_id="v1_critiques_list",  # a page, not one record
    summary="Your critiques, newest first (paginated)",
)
@authed_api_view(["GET", "POST"])
def critiques(request: AuthedRequest) -> Response:
    if request.method == "GET":
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.critiques_for(request.user), request)
        body = CritiqueSummarySerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(body)
    serializer = CritiqueCreateSerializer(data=request_data(request))
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    upload = data.get("file")
    try:
        text = read_document(upload) if upload else validate_document(data["text"])
        critique = critique_create(
            owner=request.user, title=data["title"], text=text, max_depth=data["max_depth"]
        )
    except DocumentError as exc:
        raise ApiError(
            refusal_shown(str(exc)),
            code=exc.code,
            details=[{"loc": "file" if upload else "text", "msg": refusal_shown(str(exc))}],
        ) from None
    body = CritiqueSummarySerializer(critique, context={"request": request}).data
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


@extend_schema(responses=CritiqueSerializer, summary="A critique: status, progress and result")
@authed_api_view(["GET"])
def critique_detail(request: AuthedRequest, pk: int) -> Response:
    critique = selectors.critique_for(request.user, pk)
    body = CritiqueSerializer(critique, context={"request": request}).data
    body["formatted"] = critique_formatted_shown(critique)
    # what the council wrote, in the request's language, from what the critique stores
    return Response(critique_json_shown(body, critique.said))


@extend_schema(
    request=None,
    responses={202: CritiqueSummarySerializer},
    summary="Run a failed or stalled critique again (409 NOT_RETRYABLE otherwise)",
)
@authed_api_view(["POST"])
def critique_retry_api(request: AuthedRequest, pk: int) -> Response:
    critique = selectors.critique_for(request.user, pk)
    critique = critique_retry(critique=critique)
    body = CritiqueSummarySerializer(critique, context={"request": request}).data
    return Response(body, status=status.HTTP_202_ACCEPTED)
