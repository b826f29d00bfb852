"""Audit API: start an audit (202, runs in the background), then read its report."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from council import selectors
from council.api.documents import TextOrFileMixin, request_data
from council.domain.audit.rubrics import DEFAULT_RUBRIC
from council.models import Audit
from council.services.audit import audit_create, audit_retry
from council.vocabulary import audit_json_shown, audit_summary_shown, refusal_shown
from toulmini_site.api import ApiError, AuthedRequest, StrictCharField, authed_api_view, paginated
from toulmini_site.text.documents import (
    MAX_DOCUMENT_BYTES,
    MAX_DOCUMENT_CHARS,
    DocumentError,
    read_document,
)


class AuditCreateSerializer(TextOrFileMixin, serializers.Serializer):
    text = StrictCharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text=f"The document, up to {MAX_DOCUMENT_CHARS:,} characters (or send `file`).",
    )
    file = serializers.FileField(
        required=False, help_text=f"A UTF-8 text file, up to {MAX_DOCUMENT_BYTES:,} bytes."
    )
    case_id = StrictCharField(max_length=200, required=False, allow_blank=True)
    court_name = StrictCharField(max_length=200, required=False, allow_blank=True)
    rubric = StrictCharField(
        max_length=100, required=False, help_text=f'A rubric name (default "{DEFAULT_RUBRIC}").'
    )


class AuditCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    url = serializers.CharField()


class AuditSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(
        source="public_status",
        help_text="queued, running, stalled (its worker stopped: the reaper queues it again "
        "or fails it), done or failed",
    )
    rubric = serializers.CharField(source="rubric_name")
    engine = serializers.CharField()
    case_id = serializers.CharField()
    court_name = serializers.CharField()
    global_score = serializers.FloatField(allow_null=True)
    security_violation = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.SerializerMethodField()

    def get_url(self, audit: Audit) -> str:
        path = reverse("council_api:audit_detail_api", args=[audit.pk])
        return self.context["request"].build_absolute_uri(path)


class EvidenceSerializer(serializers.Serializer):
    source_ref = serializers.CharField()
    content = serializers.CharField()
    relevance_confidence = serializers.FloatField()


class AuditResultSerializer(serializers.Serializer):
    criterion_id = serializers.CharField()
    name = serializers.CharField()
    weight = serializers.FloatField()
    is_security = serializers.BooleanField()
    status = serializers.CharField()
    numeric_score = serializers.IntegerField(allow_null=True)
    reasoning = serializers.CharField()
    security_violation_found = serializers.BooleanField()
    relevance_confidence = serializers.FloatField(allow_null=True)
    evidence = EvidenceSerializer(many=True)
    error = serializers.CharField()


class AuditSerializer(AuditSummarySerializer):
    summary = serializers.CharField()
    error = serializers.CharField()
    results = AuditResultSerializer(many=True)


def _accepted(request: AuthedRequest, audit: Audit) -> Response:
    """202 with where to follow the audit (after a create or a retry)."""
    url = request.build_absolute_uri(reverse("council_api:audit_detail_api", args=[audit.pk]))
    return Response(
        {"id": audit.pk, "status": audit.status, "url": url}, status=status.HTTP_202_ACCEPTED
    )


@extend_schema(
    methods=["GET"],
    responses=paginated(AuditSummarySerializer, "AuditPage"),
    operation_id="v1_audits_list",  # a page, not one record
    summary="Your audits, newest first (paginated)",
)
@extend_schema(
    methods=["POST"],
    request={
        "application/json": AuditCreateSerializer,
        "multipart/form-data": AuditCreateSerializer,
    },
    responses={202: AuditCreatedSerializer},
    summary="Start an audit of a document against a rubric",
)
@authed_api_view(["GET", "POST"])
def audits_api(request: AuthedRequest) -> Response:
    if request.method == "GET":
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.audits_for(request.user), request)
        body = AuditSummarySerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(body)
    payload = AuditCreateSerializer(data=request_data(request))
    payload.is_valid(raise_exception=True)
    data = payload.validated_data
    upload = data.get("file")
    try:
        text = read_document(upload) if upload else data["text"]
        audit = audit_create(
            owner=request.user,
            text=text,
            rubric_name=data.get("rubric"),
            case_id=data.get("case_id", ""),
            court_name=data.get("court_name", ""),
            filename=upload.name if upload else "",
        )
    except DocumentError as exc:
        raise ApiError(
            refusal_shown(str(exc)),
            code=exc.code,
            details=[{"loc": "file" if upload else "text", "msg": refusal_shown(str(exc))}],
        ) from None
    return _accepted(request, audit)


@extend_schema(responses={200: AuditSerializer}, summary="An audit: status, scores, evidence")
@authed_api_view(["GET"])
def audit_detail_api(request: AuthedRequest, pk: int) -> Response:
    audit = selectors.audit_for(request.user, pk)
    body = AuditSerializer(audit, context={"request": request}).data
    # what the auditors wrote, in the request's language (the summary written again from the
    # results, as the page writes it)
    results = list(audit.results.all())
    body["summary"] = audit_summary_shown(audit, results) or audit.summary
    return Response(audit_json_shown(body, {r.criterion_id: r.said for r in results}, audit.said))


@extend_schema(
    request=None,
    responses={202: AuditCreatedSerializer},
    summary="Run a failed or stalled audit again (409 NOT_RETRYABLE otherwise)",
)
@authed_api_view(["POST"])
def audit_retry_api(request: AuthedRequest, pk: int) -> Response:
    audit = selectors.audit_for(request.user, pk)
    audit = audit_retry(audit=audit)
    return _accepted(request, audit)
