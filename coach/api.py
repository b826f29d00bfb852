"""The coach's JSON API under /api/v1/coach/: sessions, streamed tutor turns, proposals."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.decorators import renderer_classes
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from coach import selectors, services
from coach.domain import events as turn_events
from coach.domain.provenance import SOURCES
from coach.domain.steps import LANGUAGES, STEPS
from coach.models import CoachMessage, CoachSession
from toulmini_site.admission import gated
from toulmini_site.api import ApiError, AuthedRequest, authed_api_view, paginated

logger = logging.getLogger(__name__)

NDJSON = "application/x-ndjson"


class NDJSONRenderer(JSONRenderer):
    """Lets clients ask for ``application/x-ndjson``; a refusal is then one JSON line."""

    media_type = NDJSON
    format = "ndjson"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        return super().render(data, accepted_media_type, renderer_context) + b"\n"


class SessionIn(serializers.Serializer):
    topic = serializers.CharField(max_length=services.TOPIC_MAX_CHARS)
    language = serializers.ChoiceField(choices=LANGUAGES, default="en")


class MessageOut(serializers.ModelSerializer):
    class Meta:
        model = CoachMessage
        fields = [
            "id",
            "role",
            "text",
            "step",
            "proposal",
            "proposal_status",
            "proposal_decision",
            "confidence",
            "draft_version",
            "created_at",
        ]


class PendingProposalOut(MessageOut):
    stale = serializers.SerializerMethodField(
        help_text="True when the draft changed since the proposal was made: confirming it "
        "answers 409 COACH_PROPOSAL_STALE."
    )

    class Meta(MessageOut.Meta):
        fields = [*MessageOut.Meta.fields, "stale"]

    def get_stale(self, message: CoachMessage) -> bool:
        return message.proposal_is_stale(message.session.draft)


class SessionOut(serializers.ModelSerializer):
    draft = serializers.SerializerMethodField()
    draft_version = serializers.IntegerField(source="draft.version")
    provenance = serializers.SerializerMethodField()

    class Meta:
        model = CoachSession
        fields = [
            "id",
            "topic",
            "language",
            "current_step",
            "status",
            "draft",
            "draft_version",
            "provenance",
            "chain_id",
            "created_at",
            "updated_at",
        ]

    @extend_schema_field({"type": "object", "properties": {s: {"type": "string"} for s in STEPS}})
    def get_draft(self, session: CoachSession) -> dict[str, str]:
        return session.draft.as_dict()

    @extend_schema_field(
        {
            "type": "object",
            "description": "Where each non-empty draft part came from.",
            "properties": {s: {"type": "string", "enum": list(SOURCES)} for s in STEPS},
        }
    )
    def get_provenance(self, session: CoachSession) -> dict[str, str]:
        return session.draft.sources()


class SessionDetailOut(SessionOut):
    messages = MessageOut(many=True, read_only=True)
    pending_proposal = serializers.SerializerMethodField()

    class Meta(SessionOut.Meta):
        fields = [*SessionOut.Meta.fields, "messages", "pending_proposal"]

    @extend_schema_field(PendingProposalOut(allow_null=True))
    def get_pending_proposal(self, session: CoachSession) -> dict[str, Any] | None:
        pending = selectors.pending_proposal(session)
        return PendingProposalOut(pending).data if pending else None


class TurnIn(serializers.Serializer):
    # No max_length here: the service refuses long messages with its own clear error.
    message = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    retry = serializers.BooleanField(default=False)


class ConfirmIn(serializers.Serializer):
    draft_version = serializers.IntegerField(required=False, min_value=1)


class DraftIn(serializers.Serializer):
    draft_version = serializers.IntegerField(min_value=1)
    draft = serializers.DictField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False)
    )

    def validate_draft(self, value: dict[str, str]) -> dict[str, str]:
        unknown = sorted(set(value) - set(STEPS))
        if unknown:
            raise serializers.ValidationError(f"unknown fields: {', '.join(unknown)}")
        return value


def _detail(session: CoachSession) -> dict[str, Any]:
    session = selectors.session_of(session.owner, session.pk)
    return SessionDetailOut(session).data


@extend_schema(
    methods=["POST"],
    request=SessionIn,
    responses={201: SessionOut},
    summary="Start a coach session",
)
@extend_schema(
    methods=["GET"],
    responses=paginated(SessionOut, "CoachSessionPage"),
    operation_id="v1_coach_sessions_list",  # a page, not one record
    summary="List my sessions",
)
@authed_api_view(["GET", "POST"])
def sessions(request: AuthedRequest) -> Response:
    if request.method == "GET":
        rows = selectors.sessions_of(request.user)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(rows, request)
        return paginator.get_paginated_response(SessionOut(page, many=True).data)
    given = SessionIn(data=request.data)
    given.is_valid(raise_exception=True)
    session = services.session_create(owner=request.user, **given.validated_data)
    return Response(SessionOut(session).data, status=status.HTTP_201_CREATED)


@extend_schema(responses=SessionDetailOut, summary="A session with its draft and messages")
@authed_api_view(["GET"])
def session_detail(request: AuthedRequest, pk: int) -> Response:
    session = selectors.session_of(request.user, pk)
    return Response(SessionDetailOut(session).data)


def _ndjson(events: Iterator[dict[str, Any]]) -> Iterator[bytes]:
    for event in events:
        yield (json.dumps(event, ensure_ascii=False) + "\n").encode()


async def _andjson(events: AsyncIterator[dict[str, Any]]) -> AsyncIterator[bytes]:
    async for event in events:
        yield (json.dumps(event, ensure_ascii=False) + "\n").encode()


# A class's turns arrive together: their starts take a few slots per process, so pages and
# the rest of the API are not queued behind them (toulmini_site.admission).
@gated
@extend_schema(
    request=TurnIn,
    responses={
        (200, NDJSON): OpenApiResponse(
            description='NDJSON lines: {"type": "start"}, {"type": "partial", "text"}..., then '
            '{"type": "final", "result", "message_id", "proposal_status", "withheld", '
            '"session"} or {"type": "error", "error": "coach_stream_failed" | '
            '"coach_validation_failed" | "coach_empty_response" | "coach_step_mismatch" | '
            '"coach_server_error", "message", "retry"} (coach.domain.events). The stream always '
            "ends with a final or an error line."
        )
    },
    summary="Send a message (or retry the last) and stream the tutor's answer",
)
@authed_api_view(["POST"])
@renderer_classes([JSONRenderer, NDJSONRenderer])
def turn(request: AuthedRequest, pk: int) -> StreamingHttpResponse:
    session = selectors.session_of(request.user, pk)
    given = TurnIn(data=request.data)
    given.is_valid(raise_exception=True)
    turn = services.turn_start(session=session, user=request.user, **given.validated_data)
    user_message = turn.message
    # The stream is read after the view has returned: its messages keep the request's language.
    language = translation.get_language()

    def events() -> Iterator[dict[str, Any]]:
        with translation.override(language):
            yield turn_events.start(user_message_id=user_message.pk, step=user_message.step)
            ended = False
            try:
                for event in services.turn_events(session=session, turn=turn):
                    ended = event["type"] in ("final", "error")
                    yield event
            except Exception:  # a database error mid-stream: the 200 is sent, say so in-band
                logger.exception("Coach turn %s broke off", user_message.pk)
                if not ended:
                    yield turn_events.error(
                        "coach_server_error",
                        gettext("The tutor's answer could not be saved. Try again."),
                    )

    async def aevents() -> AsyncIterator[dict[str, Any]]:
        with translation.override(language):
            yield turn_events.start(user_message_id=user_message.pk, step=user_message.step)
            ended = False
            try:
                async for event in services.aturn_events(session=session, turn=turn):
                    ended = event["type"] in ("final", "error")
                    yield event
            except Exception:  # a database error mid-stream: the 200 is sent, say so in-band
                logger.exception("Coach turn %s broke off", user_message.pk)
                if not ended:
                    yield turn_events.error(
                        "coach_server_error",
                        gettext("The tutor's answer could not be saved. Try again."),
                    )

    # The body must match the server: under ASGI (make serve) an async generator, whose wait
    # on the model is a coroutine; under WSGI (make run's runserver, tests) a sync one —
    # each server would otherwise buffer the other's whole answer before sending it.
    if isinstance(request._request, ASGIRequest):
        content: Any = _andjson(aevents())
    else:
        content = _ndjson(events())
    response = StreamingHttpResponse(content, content_type=NDJSON)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # let nginx pass lines through as they come
    return response


@extend_schema(request=ConfirmIn, responses=SessionDetailOut, summary="Confirm the proposal")
@authed_api_view(["POST"])
def proposal_confirm(request: AuthedRequest, pk: int) -> Response:
    session = selectors.session_of(request.user, pk)
    given = ConfirmIn(data=request.data)
    given.is_valid(raise_exception=True)
    session = services.proposal_confirm(session=session, **given.validated_data)
    return Response(_detail(session))


@extend_schema(request=None, responses=SessionDetailOut, summary="Reject the proposal")
@authed_api_view(["POST"])
def proposal_reject(request: AuthedRequest, pk: int) -> Response:
    session = selectors.session_of(request.user, pk)
    session = services.proposal_reject(session=session)
    return Response(_detail(session))


@extend_schema(request=DraftIn, responses=SessionDetailOut, summary="Edit draft fields by hand")
@authed_api_view(["PATCH"])
def draft(request: AuthedRequest, pk: int) -> Response:
    session = selectors.session_of(request.user, pk)
    given = DraftIn(data=request.data)
    given.is_valid(raise_exception=True)
    services.draft_update(
        session=session,
        values=given.validated_data["draft"],
        draft_version=given.validated_data["draft_version"],
    )
    return Response(_detail(session))


class ChainOut(serializers.Serializer):
    chain_id = serializers.IntegerField()
    url = serializers.CharField(allow_blank=True)
    phase_one_error = serializers.CharField(allow_blank=True)


@extend_schema(request=None, responses={201: ChainOut}, summary="Make a Toulmin chain")
@authed_api_view(["POST"])
def chain(request: AuthedRequest, pk: int) -> Response:
    session = selectors.session_of(request.user, pk)
    made, problem = services.session_chain_create(session=session)
    try:
        url = reverse("arguments:chain_detail", kwargs={"pk": made.pk})
    except NoReverseMatch:
        url = ""
    body = {"chain_id": made.pk, "url": url, "phase_one_error": problem}
    return Response(ChainOut(body).data, status=status.HTTP_201_CREATED)


@extend_schema(
    parameters=[OpenApiParameter("format", str, enum=["aif"], default="aif")],
    responses={200: OpenApiTypes.OBJECT},
    summary="A completed session's argument as AIF JSON (a download)",
)
@authed_api_view(["GET"])
def export(request: AuthedRequest, pk: int) -> HttpResponse:
    session = selectors.session_of(request.user, pk)
    if request.query_params.get("format", "aif") != "aif":
        raise ApiError(
            "format must be aif",
            code="INVALID_INPUT",
            details=[{"loc": "format", "msg": "must be aif"}],
        )
    if not session.is_completed:
        raise services.ChainNotReady(gettext("Finish all seven steps before exporting."))
    body = json.dumps(selectors.session_aif(session), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="coach-session-{pk}.aif.json"'
    return response
