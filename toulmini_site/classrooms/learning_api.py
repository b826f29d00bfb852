"""The classrooms API for teachers' view of learning, under /api/v1/: where a class struggles by
Toulmin part, machine-drafted feedback a teacher signs, and how a submission was built.

Members of a class who lack the role an endpoint needs get 403; everyone outside the class
gets 404, as if it did not exist.
"""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response

from toulmini_site.api import ApiError, AuthedRequest, authed_api_view
from toulmini_site.classrooms import analytics, drafting, process, selectors, signals
from toulmini_site.classrooms.api import _teacher_only, _teaching
from toulmini_site.classrooms.models import FeedbackDraft


class PartReadingOut(serializers.Serializer):
    part = serializers.CharField(help_text="data, claim, warrant, backing, rebuttal or qualifier.")
    graded = serializers.IntegerField(help_text="Submissions whose teacher gave this part points.")
    bands = serializers.ListField(
        child=serializers.IntegerField(), help_text="Graded counts per band of `bands`."
    )
    mean_share = serializers.FloatField(
        allow_null=True, help_text="Mean points as a share (0-1) of the part's maximum."
    )
    missing = serializers.IntegerField(help_text="Started work lacking the part.")
    weak = serializers.IntegerField(help_text="Started work holding the part weakly.")
    started = serializers.IntegerField()


class StudentStateOut(serializers.Serializer):
    student = serializers.CharField(allow_null=True)
    assignment = serializers.IntegerField()
    reason = serializers.CharField(help_text="not_started, stuck_step or stopped.")
    step = serializers.CharField(allow_null=True)
    since = serializers.DateTimeField(allow_null=True)


class AnalyticsOut(serializers.Serializer):
    classroom = serializers.IntegerField()
    assignment = serializers.IntegerField(allow_null=True)
    submissions = serializers.IntegerField()
    started = serializers.IntegerField()
    bands = serializers.ListField(child=serializers.CharField())
    parts = PartReadingOut(many=True)
    hardest = serializers.ListField(
        child=serializers.CharField(),
        help_text="The parts most often missing or weak, worst first.",
    )
    not_started = StudentStateOut(many=True)
    stuck = StudentStateOut(many=True)


@extend_schema(
    parameters=[
        OpenApiParameter(
            "assignment",
            int,
            description="One published assignment of the class; the whole class without it.",
        )
    ],
    responses={200: AnalyticsOut},
    summary="Where the class struggles, by Toulmin part (teachers)",
)
@authed_api_view(["GET"])
def class_analytics(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    raw = request.query_params.get("assignment", "")
    chosen = None
    if raw:
        chosen = (
            classroom.assignments.filter(published=True, pk=int(raw)).first()
            if raw.isdigit() and len(raw) < 10
            else None
        )
        if chosen is None:
            raise ApiError(
                gettext("No published assignment of this class has that id."),
                code="INVALID_INPUT",
                details=[{"loc": "assignment", "msg": "unknown assignment"}],
            )
    return Response(analytics.as_json(analytics.class_analytics(classroom, assignment=chosen)))


class FeedbackDraftOut(serializers.ModelSerializer):
    part = serializers.CharField(help_text="data, claim, warrant, backing, rebuttal or qualifier.")
    state = serializers.CharField(help_text="pending, accepted, edited or discarded.")
    machine_written = serializers.SerializerMethodField()

    class Meta:
        model = FeedbackDraft
        fields = [
            "part",
            "comment",
            "points",
            "quote",
            "confidence",
            "judge",
            "state",
            "decided_at",
            "created_at",
            "machine_written",
        ]

    def get_machine_written(self, draft: FeedbackDraft) -> bool:
        return True


class FeedbackDraftIn(serializers.Serializer):
    action = serializers.ChoiceField(choices=drafting.ACTIONS)
    comment = serializers.CharField(
        required=False, allow_blank=True, max_length=5_000, help_text="For `edit`."
    )
    points = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=100, help_text="For `edit`."
    )


@extend_schema(
    methods=["GET"],
    responses=FeedbackDraftOut(many=True),
    summary="Machine-drafted feedback on each part (teachers; never shown to the student)",
)
@extend_schema(
    methods=["POST"],
    operation_id="v1_submissions_feedback_drafts_make",
    request=None,
    responses={201: FeedbackDraftOut(many=True)},
    summary="Draft feedback on each undecided part (teachers)",
)
@authed_api_view(["GET", "POST"])
def submission_feedback_drafts(request: AuthedRequest, pk: int) -> Response:
    submission = _teaching(request, pk)
    if request.method == "POST":
        drafting.feedback_drafts_make(submission=submission)
        return Response(
            FeedbackDraftOut(drafting.drafts_of(submission), many=True).data,
            status=status.HTTP_201_CREATED,
        )
    return Response(FeedbackDraftOut(drafting.drafts_of(submission), many=True).data)


@extend_schema(
    operation_id="v1_submissions_feedback_draft_decide",
    request=FeedbackDraftIn,
    responses=FeedbackDraftOut,
    summary="Accept, edit or discard one drafted part (teachers)",
)
@authed_api_view(["POST"])
def submission_feedback_draft(request: AuthedRequest, pk: int, part: str) -> Response:
    submission = _teaching(request, pk)
    draft = submission.feedback_drafts.filter(part=part).first()
    if draft is None:
        raise ApiError(gettext("No draft for that part."), code="NOT_FOUND", status_code=404)
    given = FeedbackDraftIn(data=request.data)
    given.is_valid(raise_exception=True)
    data = given.validated_data
    decided = drafting.feedback_draft_decide(
        draft=draft,
        teacher=request.user,
        action=data["action"],
        comment=data.get("comment"),
        points=data.get("points"),
    )
    return Response(FeedbackDraftOut(decided).data)


class ProcessPartOut(serializers.Serializer):
    part = serializers.CharField(help_text="A coach step, a chain phase (phase1-4) or essay.")
    origin = serializers.CharField(
        allow_null=True,
        help_text="student, tutor, tutor_edited, offline, llm, manual, mcp, unknown; null: empty.",
    )
    first_at = serializers.DateTimeField(allow_null=True)
    last_at = serializers.DateTimeField(allow_null=True)
    revisions = serializers.IntegerField(
        help_text="Student messages (coach), outputs offered (chain) or saves (essay)."
    )
    tutor_turns = serializers.IntegerField()
    pressed = serializers.IntegerField()
    withheld = serializers.IntegerField()


class ProcessEventOut(serializers.Serializer):
    at = serializers.DateTimeField()
    part = serializers.CharField()
    what = serializers.CharField()
    size = serializers.IntegerField()


class EssayProcessOut(serializers.Serializer):
    saves = serializers.IntegerField()
    characters = serializers.IntegerField()
    pasted = serializers.IntegerField()
    active_seconds = serializers.IntegerField()


class ProcessOut(serializers.Serializer):
    kind = serializers.CharField(
        allow_null=True, help_text="coach, chain, essay; null: no work yet."
    )
    parts = ProcessPartOut(many=True)
    events = ProcessEventOut(many=True)
    essay = EssayProcessOut(allow_null=True)


@extend_schema(
    responses=ProcessOut,
    summary="How the work was built, part by part (the student and the class's teachers)",
)
@authed_api_view(["GET"])
def submission_process(request: AuthedRequest, pk: int) -> Response:
    submission = selectors.submission_of(request.user, pk)
    signals.work_opened(viewer=request.user, submission=submission, channel="API")
    return Response(process.as_json(process.process_report(submission)))
