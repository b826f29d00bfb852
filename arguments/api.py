"""REST API for argument chains and the stateless Toulmini tools (mounted at /api/v1/)."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from arguments import exports, selectors, services
from arguments.domain.aif import AIF_MAX_BYTES
from arguments.domain.fallacies import TAXONOMY, TEXT_MAX
from arguments.domain.sequence import TOOL_INPUTS, chain_state, run_tool
from arguments.domain.toulmin import (
    COMPONENT_MODELS,
    COMPONENT_ORDER,
    QUERY_MAX,
    QUERY_MIN,
    ToulminError,
    evaluate,
    parse_component,
)
from arguments.domain.wording import SENTENCES
from arguments.exports import EXPORT_FORMATS
from arguments.models import Chain, ChainCorrection
from arguments.serializers import ChainSerializer
from arguments.vocabulary import chain_shown, finding_shown, said_shown
from toulmini_site.api import ApiError, AuthedRequest, StrictCharField, authed_api_view, paginated
from toulmini_site.text.documents import DocumentError, read_capped

# -- serializers ----------------------------------------------------------------------------


class ChainListSerializer(serializers.ModelSerializer):
    class Meta:
        model = Chain
        fields = [
            "id",
            "query",
            "engine",
            "status",
            "next_phase",
            "verdict_status",
            "termination_reason",
            "review_status",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class ChainCreateSerializer(serializers.Serializer):
    query = serializers.CharField(min_length=QUERY_MIN, max_length=QUERY_MAX, trim_whitespace=True)
    source_text = serializers.CharField(
        required=False, allow_blank=True, max_length=services.SOURCE_TEXT_MAX, default=""
    )
    engine = serializers.ChoiceField(
        choices=Chain.Engine.choices, required=False, default=Chain.Engine.OFFLINE
    )


class ChainReviseSerializer(serializers.Serializer):
    """A revision's query, text and engine; each left out is the revised chain's own."""

    query = serializers.CharField(
        min_length=QUERY_MIN, max_length=QUERY_MAX, trim_whitespace=True, required=False
    )
    source_text = serializers.CharField(
        required=False, allow_blank=True, max_length=services.SOURCE_TEXT_MAX
    )
    engine = serializers.ChoiceField(choices=Chain.Engine.choices, required=False)


class RunSerializer(serializers.Serializer):
    until = serializers.ChoiceField(choices=["next", "end"], default="next")


def _chain_response(chain: Chain, code: int = status.HTTP_200_OK) -> Response:
    """The chain, the sentences the engines wrote in the request's language."""
    return Response(chain_shown(ChainSerializer(chain).data, chain.said), status=code)


# -- chains ---------------------------------------------------------------------------------


@extend_schema(
    methods=["GET"],
    responses=paginated(ChainListSerializer, "ChainPage"),
    operation_id="v1_chains_list",  # a page, not one record
    summary="List your chains",
)
@extend_schema(
    methods=["POST"],
    request=ChainCreateSerializer,
    responses={201: ChainSerializer},
    summary="Create a chain",
)
@authed_api_view(["GET", "POST"])
def chain_list(request: AuthedRequest) -> Response:
    if request.method == "GET":
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(selectors.chains_for(request.user), request)
        return paginator.get_paginated_response(ChainListSerializer(page, many=True).data)
    serializer = ChainCreateSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    chain = services.chain_create(owner=request.user, **serializer.validated_data)
    return _chain_response(chain, status.HTTP_201_CREATED)


class EvidenceSpanSerializer(serializers.Serializer):
    part = serializers.ChoiceField(
        choices=["claim", "data", "warrant", "backing", "rebuttal", "restatement"]
    )
    item = serializers.IntegerField(help_text="Which of the part's facts or exceptions (0 first).")
    words = serializers.CharField(
        help_text="The part's words (the reader's sentence, the model's)."
    )
    match = serializers.ChoiceField(
        choices=["reader", "exact", "close", "own_words"],
        help_text=(
            "reader: the offline reader's sentence; exact: the model's words, found as they "
            "are; close: a sentence that says them again; own_words: no sentence says them "
            "closely enough, so there is no span."
        ),
    )
    start = serializers.IntegerField(allow_null=True, help_text="Offset in source_text.")
    end = serializers.IntegerField(allow_null=True)
    sentence_index = serializers.IntegerField(allow_null=True)
    confidence = serializers.FloatField(
        allow_null=True, help_text="How sure the reader is (0-1); null where nothing weighed it."
    )
    given = serializers.BooleanField(help_text="The owner gave the sentence this part.")


class ChainDetailSerializer(ChainSerializer):
    """The schema of one chain with the words its parts rest on (built in ``chain_detail``)."""

    evidence = EvidenceSpanSerializer(many=True, read_only=True)

    class Meta(ChainSerializer.Meta):
        fields = [*ChainSerializer.Meta.fields, "evidence"]
        read_only_fields = fields


@extend_schema(
    responses=ChainDetailSerializer,
    summary="One of your chains",
    description=(
        "With ``evidence``: the spans of the source text each part rests on, for a chain the "
        "server runs (the offline reader's sentences, or the words of its language model's "
        "parts found in the text; a model's part in its own words has no span)."
    ),
)
@authed_api_view(["GET"])
def chain_detail(request: AuthedRequest, pk: int) -> Response:
    chain = selectors.chain_for(request.user, pk)
    response = _chain_response(chain)
    response.data["evidence"] = selectors.chain_evidence_spans(chain)
    return response


@extend_schema(
    request=ChainReviseSerializer,
    responses={201: ChainSerializer},
    summary="Revise one of your chains and try again",
    description=(
        "A new chain started from this one (its query, text and engine unless given). When "
        "this chain is classroom work still in progress, the new chain becomes the "
        "assignment's work, if the assignment allows its engine."
    ),
)
@authed_api_view(["POST"])
def chain_revise(request: AuthedRequest, pk: int) -> Response:
    source = selectors.chain_for(request.user, pk)
    serializer = ChainReviseSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    fields = {**services.chain_revision_start(source), **serializer.validated_data}
    chain = services.chain_revise(owner=request.user, source=source, **fields)
    return _chain_response(chain, status.HTTP_201_CREATED)


@extend_schema(
    responses=inline_serializer(
        "PhasePrompt", {"phase": serializers.IntegerField(), "prompt": serializers.CharField()}
    ),
    summary="The prompt for the chain's next phase (run it on your own AI)",
)
@authed_api_view(["GET"])
def chain_prompt(request: AuthedRequest, pk: int) -> Response:
    chain = selectors.chain_for(request.user, pk)
    if chain.next_phase is None:
        code = "TERMINATED" if chain.status == Chain.Status.TERMINATED else "CHAIN_COMPLETE"
        reason = said_shown(chain.termination_reason, chain.said)
        message = (
            gettext(SENTENCES["chain.terminated"]) % {"reason": reason}
            if code == "TERMINATED"
            else "The chain is complete; no phase is left."
        )
        extra = {"termination_reason": reason} if code == "TERMINATED" else {}
        raise ToulminError(message, code=code, extra=extra)
    prompt = services.chain_prompt(chain)
    return Response({"phase": chain.next_phase, "prompt": prompt})


@extend_schema(
    request=OpenApiTypes.OBJECT,
    responses={200: ChainSerializer},
    summary="Submit a phase's output",
    description=(
        'The phase output exactly as the model produces it: phase 1 {"data", "claim"}, '
        '2 {"warrant", "backing"}, 3 {"rebuttal", "qualifier"}, 4 {"verdict"}. '
        "400 with field paths when invalid, 409 when out of order or the chain has ended. "
        "When the offline reader doubts the claim of a phase 1 (below 0.5), the chain is "
        "left at phase 1 with claim_candidates (your AI's first) for you to pick one through "
        "corrections; the sentences you gave a role are kept in the answers, and phase 3's "
        "qualifier is held to claim_confidence."
    ),
)
@authed_api_view(["POST"])
def chain_phase(request: AuthedRequest, pk: int, phase: int) -> Response:
    chain = selectors.chain_for(request.user, pk)
    chain = services.chain_submit_phase(
        chain=chain, phase=phase, payload=request.data, source=Chain.Engine.MANUAL
    )
    return _chain_response(chain)


@extend_schema(
    request=RunSerializer,
    responses={200: ChainSerializer},
    summary="Run the chain's engine for the next phase or to the end",
)
@authed_api_view(["POST"])
def chain_run(request: AuthedRequest, pk: int) -> Response:
    chain = selectors.chain_for(request.user, pk)
    serializer = RunSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    chain = services.chain_run(chain=chain, until=serializer.validated_data["until"])
    return _chain_response(chain)


@extend_schema(
    parameters=[
        OpenApiParameter(
            "format",
            str,
            enum=list(EXPORT_FORMATS),
            default="json",
            description="json (this API's shape), markdown, aif (AIF JSON: nodes, edges, "
            "locutions) or argdown (Argdown text).",
        )
    ],
    # Each format in its own media type, as the download is sent (the schema said JSON for all).
    responses={
        (200, "application/json"): OpenApiResponse(
            response=OpenApiTypes.OBJECT, description="format=json (this API's shape) or aif"
        ),
        (200, "text/markdown"): OpenApiResponse(
            response=OpenApiTypes.STR, description="format=markdown"
        ),
        (200, "text/plain"): OpenApiResponse(
            response=OpenApiTypes.STR, description="format=argdown"
        ),
    },
    summary="Export a chain as JSON, Markdown, AIF or Argdown (a download)",
)
@authed_api_view(["GET"])
def chain_export(request: AuthedRequest, pk: int) -> HttpResponse:
    chain = selectors.chain_for(request.user, pk)
    fmt = request.query_params.get("format", "json")
    if fmt not in EXPORT_FORMATS:
        names = ", ".join(EXPORT_FORMATS)
        raise ApiError(
            f"format must be one of {names}",
            code="INVALID_INPUT",
            details=[{"loc": "format", "msg": f"must be one of {names}"}],
        )
    export = exports.chain_export(chain, fmt)
    response = HttpResponse(export.body, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


class AifFileSerializer(serializers.Serializer):
    file = serializers.FileField(help_text=f"An AIF JSON file, up to {AIF_MAX_BYTES:,} bytes.")


class ImportNoteSerializer(serializers.Serializer):
    node = serializers.CharField()
    msg = serializers.CharField()


class ChainImportedSerializer(ChainSerializer):
    notes = ImportNoteSerializer(many=True, read_only=True)

    class Meta(ChainSerializer.Meta):
        fields = [*ChainSerializer.Meta.fields, "notes"]
        read_only_fields = fields


def _too_large(loc: str) -> ApiError:
    return ApiError(
        f"The AIF document is over {AIF_MAX_BYTES:,} bytes, the limit.",
        code="AIF_TOO_LARGE",
        details=[{"loc": loc, "msg": f"at most {AIF_MAX_BYTES} bytes"}],
    )


def _aif_document(request: AuthedRequest) -> bytes:
    """The uploaded file's or the body's bytes, refused unread when over the limit."""
    declared = request.META.get("CONTENT_LENGTH") or "0"
    # A multipart body carries a little more than its file: allow for the envelope.
    if declared.isdigit() and int(declared) > AIF_MAX_BYTES + 64 * 1024:
        raise _too_large("(root)")
    if not request.content_type.startswith("multipart/form-data"):
        try:
            return request.body
        except RequestDataTooBig:
            raise _too_large("(root)") from None
    upload = request.FILES.get("file")
    if upload is None:
        raise ApiError(
            "Send the AIF document as the JSON body or as the multipart field `file`.",
            code="MISSING_INPUT",
            missing=["file"],
        )
    try:
        return read_capped(upload, max_bytes=AIF_MAX_BYTES)
    except DocumentError:
        raise _too_large("file") from None


@extend_schema(
    request={
        "application/json": OpenApiTypes.OBJECT,
        "multipart/form-data": AifFileSerializer,
    },
    responses={201: ChainImportedSerializer},
    summary="Import an AIF argument graph as a chain (manual engine)",
    description=(
        "The body is an AIF JSON document ({nodes, edges, locutions}) or a multipart `file`. "
        "The claim is the I-node an RA-node concludes (or the node marked toulmin.role = "
        "claim); its RA premises are the data, a premise marked as the warrant takes its own "
        "support as the backing, and CA attackers of the claim are the rebuttal. Phases are "
        "filled while the graph allows; `notes` names by node id what was assumed or left "
        "out. 400 (nothing saved): AIF_TOO_LARGE (over 2 MB), INVALID_JSON, INVALID_AIF "
        "(wrong types, duplicate or unknown node ids, circular support), AIF_NO_CLAIM, "
        "INVALID_INPUT (data or claim breaking the chain's rules, with the node ids)."
    ),
)
@authed_api_view(["POST"])
def chain_import(request: AuthedRequest) -> Response:
    document = _aif_document(request)
    chain, notes = services.chain_import_aif(owner=request.user, document=document)
    # The shape ChainImportedSerializer documents: the chain, then the import's notes.
    body = {**ChainSerializer(chain).data, "notes": ImportNoteSerializer(notes, many=True).data}
    return Response(body, status=status.HTTP_201_CREATED)


# -- stateless tools ------------------------------------------------------------------------


def _tool_view(tool: str) -> Callable[..., Response]:
    names = TOOL_INPUTS[tool]

    @extend_schema(
        operation_id=f"toulmin_{tool}",
        request=inline_serializer(
            f"{tool}_input",
            {
                "query": serializers.CharField(),
                **{n: serializers.CharField(help_text=f"the {n[:-5]} as JSON") for n in names},
            },
        ),
        responses=inline_serializer(f"{tool}_output", {"prompt": serializers.CharField()}),
        summary=f"{tool}: validate the inputs, return the prompt",
    )
    @authed_api_view(["POST"])
    def view(request: AuthedRequest) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        inputs = {name: data.get(name) for name in names}
        prompt = run_tool(tool, data.get("query"), inputs)
        return Response({"prompt": prompt})

    view.__name__ = tool  # type: ignore[attr-defined]  # the stubs' AsView has no __name__
    return view


TOOL_VIEWS = {tool: _tool_view(tool) for tool in TOOL_INPUTS}


@extend_schema(
    request=OpenApiTypes.OBJECT,
    responses=OpenApiTypes.OBJECT,
    summary="Validate one component or a whole chain",
    description=(
        '{"component": "warrant", "value": {...}} or {"chain": {"query": ..., "data": ..., '
        '"claim": ...}}. A chain answers with its status, next_phase, termination_reason and '
        "warnings."
    ),
)
@authed_api_view(["POST"])
def validate(request: AuthedRequest) -> Response:
    data = request.data if isinstance(request.data, dict) else {}
    if "component" in data:
        name = data.get("component")
        if name not in COMPONENT_MODELS:
            raise ToulminError(
                f"component must be one of {', '.join(COMPONENT_ORDER)}",
                code="INVALID_INPUT",
                details=[{"loc": "component", "msg": "unknown"}],
            )
        if data.get("value") is None:
            raise ToulminError("value is required", code="MISSING_INPUT", missing=["value"])
        parse_component(name, data["value"])
        return Response({"valid": True, "component": name})
    if isinstance(data.get("chain"), dict):
        body = data["chain"]
        state = chain_state(body.get("query"), body)
        evaluation = evaluate(state)
        return Response(
            {
                "valid": True,
                "status": evaluation.status,
                "next_phase": evaluation.next_phase,
                "termination_reason": evaluation.termination_reason,
                "warnings": list(evaluation.warnings),
            }
        )
    raise ToulminError(
        'Send {"component", "value"} or {"chain"}.',
        code="MISSING_INPUT",
        missing=["component", "chain"],
    )


# -- fallacies ------------------------------------------------------------------------------


class FallacyCheckSerializer(serializers.Serializer):
    text = StrictCharField(max_length=TEXT_MAX, trim_whitespace=True)
    engine = serializers.ChoiceField(
        choices=services.FALLACY_ENGINES,
        required=False,
        help_text="offline (the rules) or llm (the server's model); by default the model when "
        "one is configured, the rules otherwise",
    )


class FallacyFindingSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=list(TAXONOMY))
    # A declared field (DRF's metaclass takes it off the class); the stubs see Field.label.
    label = serializers.CharField()  # type: ignore[assignment]
    quote = serializers.CharField(help_text="exactly text[start:end]")
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    explanation = serializers.CharField()
    confidence = serializers.FloatField(min_value=0, max_value=1)


@extend_schema(
    request=FallacyCheckSerializer,
    responses=inline_serializer("FallacyCheck", {"fallacies": FallacyFindingSerializer(many=True)}),
    summary="Name the fallacies in a short text",
    description=(
        "Up to 5,000 characters. The fallacies found, most confident first (an empty list "
        "when none): each with its type (one of the taxonomy's ids), label, the quoted span "
        "and its offsets, a one-line explanation and a confidence. Nothing is saved."
    ),
)
@authed_api_view(["POST"])
def fallacies(request: AuthedRequest) -> Response:
    serializer = FallacyCheckSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    found = services.fallacies_detect(**serializer.validated_data, user=request.user)
    return Response({"fallacies": [finding_shown(f) for f in found]})


# -- corrections ----------------------------------------------------------------------------


class CorrectionSerializer(serializers.Serializer):
    sentence = serializers.IntegerField(
        min_value=0, help_text="The sentence's index in the source text (0 is the first)."
    )
    role = serializers.ChoiceField(choices=ChainCorrection.Role.choices)


class CorrectionOutSerializer(serializers.ModelSerializer):
    class Meta:
        model = ChainCorrection
        fields = ["sentence_index", "sentence", "role", "reader_role", "created_at"]
        read_only_fields = fields


@extend_schema(
    methods=["GET"],
    responses=CorrectionOutSerializer(many=True),
    summary="The roles you gave sentences of a chain's source text",
)
@extend_schema(
    methods=["POST"],
    request=CorrectionSerializer,
    responses={200: ChainSerializer},
    summary="Say what a sentence is (claim, data, warrant, rebuttal) and run the chain again",
    description=(
        "The chain starts again from phase 1 with the sentence pinned to the role. A chain the "
        "server runs (the offline analyzer, or its language model, which is told the sentences "
        "and whose answers keep them) runs to the end; a chain your own AI runs waits for "
        "phase 1, whose prompt now tells your AI the sentences, and the answers you submit "
        "keep them."
    ),
)
@authed_api_view(["GET", "POST"])
def chain_corrections(request: AuthedRequest, pk: int) -> Response:
    chain = selectors.chain_for(request.user, pk)
    if request.method == "GET":
        return Response(CorrectionOutSerializer(chain.corrections.all(), many=True).data)
    serializer = CorrectionSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    chain = services.chain_correct(
        chain=chain,
        author=request.user,
        sentence_index=serializer.validated_data["sentence"],
        role=serializer.validated_data["role"],
    )
    return _chain_response(chain)
