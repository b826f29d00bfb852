"""The classrooms API under /api/v1/: classes, members, assignments, submissions, feedback.

Members of a class who lack the role an endpoint needs get 403; everyone outside the class
gets 404, as if it did not exist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.settings import api_settings

from coach.models import CoachSession
from toulmini_site.api import ApiError, AuthedRequest, authed_api_view, paginated
from toulmini_site.classrooms import exports, kinds, selectors, services, signals
from toulmini_site.classrooms.domain.grading import PARTS, total_max
from toulmini_site.classrooms.models import (
    MAX_DAILY_MODEL_CALLS,
    Assignment,
    Classroom,
    Feedback,
    Submission,
    TutorHelp,
)
from toulmini_site.users import User

PARTS_SCHEMA = {"type": "object", "properties": {p: {"type": "string"} for p in PARTS}}
POINTS_SCHEMA = {"type": "object", "properties": {p: {"type": "integer"} for p in PARTS}}


def _teacher_only(classroom: Classroom) -> None:
    if not classroom.is_teacher:
        raise PermissionDenied(gettext("Only the class's teachers may do this."))


class ClassPagination(PageNumberPagination):
    """20 a page, as everywhere; ``?page_size=`` up to 500 lets a teacher see a whole class."""

    page_size = api_settings.PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = 500


def _paginated(
    request: AuthedRequest,
    rows: Any,
    serializer: type[serializers.Serializer],
    each: Callable[[Any], None] | None = None,
    **kw: Any,
) -> Response:
    paginator = ClassPagination()
    page: list[Any] = paginator.paginate_queryset(rows, request) or []  # a page size is set
    if each is not None:
        for row in page:
            each(row)
    return paginator.get_paginated_response(serializer(page, many=True, **kw).data)


# -- classes -------------------------------------------------------------------------------


def _version_in(whose: str) -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        min_value=0,
        help_text=f"The {whose} version this change is based on. When it has moved on, nothing "
        "is written: 409 STALE_VERSION with the current ``version`` and values (``current``).",
    )


class ClassIn(serializers.Serializer):
    name = serializers.CharField(max_length=services.NAME_MAX)
    daily_model_calls = serializers.IntegerField(
        min_value=0, max_value=MAX_DAILY_MODEL_CALLS, required=False
    )


class ClassUpdateIn(serializers.Serializer):
    name = serializers.CharField(max_length=services.NAME_MAX, required=False)
    joining_open = serializers.BooleanField(required=False)
    archived = serializers.BooleanField(required=False)
    daily_model_calls = serializers.IntegerField(
        min_value=0, max_value=MAX_DAILY_MODEL_CALLS, required=False
    )
    version = _version_in("settings'")


class ClassOut(serializers.ModelSerializer):
    role = serializers.SerializerMethodField()
    join_code = serializers.SerializerMethodField()

    class Meta:
        model = Classroom
        fields = [
            "id",
            "name",
            "role",
            "join_code",
            "joining_open",
            "archived",
            "daily_model_calls",
            "created_at",
            "version",
        ]

    @extend_schema_field(serializers.ChoiceField(choices=["teacher", "student"]))
    def get_role(self, classroom: Classroom) -> str:
        return selectors.role_of(classroom)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_join_code(self, classroom: Classroom) -> str | None:
        return classroom.join_code if classroom.is_teacher else None


def _class_out(user: User, pk: int) -> dict[str, Any]:
    return ClassOut(selectors.class_of(user, pk)).data


@extend_schema(
    methods=["POST"], request=ClassIn, responses={201: ClassOut}, summary="Create a class"
)
@extend_schema(
    methods=["GET"],
    responses=paginated(ClassOut, "ClassPage"),
    operation_id="v1_classes_list",  # a page, not one record
    summary="My classes",
)
@authed_api_view(["GET", "POST"])
def classes(request: AuthedRequest) -> Response:
    if request.method == "GET":
        return _paginated(request, selectors.classes_of(request.user), ClassOut)
    given = ClassIn(data=request.data)
    given.is_valid(raise_exception=True)
    made = services.class_create(teacher=request.user, **given.validated_data)
    return Response(_class_out(request.user, made.pk), status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses=ClassOut, summary="A class")
@extend_schema(
    methods=["PATCH"],
    request=ClassUpdateIn,
    responses=ClassOut,
    summary="Change a class's settings (teachers)",
)
@authed_api_view(["GET", "PATCH"])
def class_detail(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    if request.method == "PATCH":
        _teacher_only(classroom)
        given = ClassUpdateIn(data=request.data)
        given.is_valid(raise_exception=True)
        services.class_update(classroom=classroom, **given.validated_data)
    return Response(_class_out(request.user, pk))


class JoinIn(serializers.Serializer):
    code = serializers.CharField(max_length=40)


@extend_schema(request=JoinIn, responses=ClassOut, summary="Join a class with its code")
@authed_api_view(["POST"])
def class_join(request: AuthedRequest) -> Response:
    given = JoinIn(data=request.data)
    given.is_valid(raise_exception=True)
    classroom, _ = services.class_join(user=request.user, code=given.validated_data["code"])
    return Response(_class_out(request.user, classroom.pk))


@extend_schema(request=None, responses=ClassOut, summary="Make a new join code (teachers)")
@authed_api_view(["POST"])
def class_join_code(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    services.class_join_code_renew(classroom=classroom)
    return Response(_class_out(request.user, pk))


class TeacherIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class UserOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class InvitationOut(serializers.Serializer):
    """An invitation as its class's teachers see it: the same whether or not the name is a
    user's (the inviter learns nothing about which usernames exist)."""

    id = serializers.IntegerField()
    username = serializers.CharField()
    invited_by = serializers.CharField(source="invited_by.username", allow_null=True)
    expires_at = serializers.DateTimeField()


class ClassBriefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MyInvitationOut(serializers.Serializer):
    """An invitation as its invitee sees it."""

    id = serializers.IntegerField()
    classroom = ClassBriefOut()
    invited_by = serializers.CharField(source="invited_by.username", allow_null=True)
    expires_at = serializers.DateTimeField()


@extend_schema(
    request=TeacherIn,
    responses={202: InvitationOut},
    summary="Invite a co-teacher (they accept or decline; same answer for any username)",
)
@authed_api_view(["POST"])
def class_teachers(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    given = TeacherIn(data=request.data)
    given.is_valid(raise_exception=True)
    invitation = services.teacher_invite(
        classroom=classroom, invited_by=request.user, **given.validated_data
    )
    return Response(InvitationOut(invitation).data, status=status.HTTP_202_ACCEPTED)


@extend_schema(
    responses=paginated(InvitationOut, "InvitationPage"),
    summary="The class's invitations waiting for an answer (teachers)",
)
@authed_api_view(["GET"])
def class_invitations(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    return _paginated(request, selectors.class_invitations(classroom), InvitationOut)


@extend_schema(request=None, responses={204: None}, summary="Withdraw an invitation (teachers)")
@authed_api_view(["DELETE"])
def class_invitation(request: AuthedRequest, pk: int, invitation_pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    invitation = selectors.class_invitation(classroom, invitation_pk)
    services.teacher_invitation_withdraw(invitation=invitation)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    responses=paginated(MyInvitationOut, "MyInvitationPage"),
    summary="My open invitations to co-teach a class",
)
@authed_api_view(["GET"])
def invitations(request: AuthedRequest) -> Response:
    return _paginated(request, selectors.invitations_for(request.user), MyInvitationOut)


@extend_schema(request=None, responses={200: ClassOut}, summary="Accept an invitation to co-teach")
@authed_api_view(["POST"])
def invitation_accept(request: AuthedRequest, pk: int) -> Response:
    invitation = selectors.invitation_for(request.user, pk)
    classroom = services.teacher_invitation_accept(invitation=invitation, user=request.user)
    return Response(_class_out(request.user, classroom.pk))


@extend_schema(request=None, responses={204: None}, summary="Decline an invitation to co-teach")
@authed_api_view(["POST"])
def invitation_decline(request: AuthedRequest, pk: int) -> Response:
    services.teacher_invitation_decline(invitation=selectors.invitation_for(request.user, pk))
    return Response(status=status.HTTP_204_NO_CONTENT)


class StudentOut(serializers.Serializer):
    id = serializers.IntegerField(source="student.id")
    username = serializers.CharField(source="student.username")
    joined_at = serializers.DateTimeField()
    model_calls_today = serializers.SerializerMethodField()

    def get_model_calls_today(self, enrollment: Any) -> int:
        return self.context["usage"].get(enrollment.student_id, 0)


@extend_schema(
    responses=paginated(StudentOut, "StudentPage"),
    operation_id="v1_classes_students_list",
    summary="The roster (teachers)",
)
@authed_api_view(["GET"])
def class_students(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    grid = selectors.class_grid(classroom)
    return _paginated(
        request, selectors.roster(classroom), StudentOut, context={"usage": grid.usage}
    )


@extend_schema(
    request=None,
    responses={204: None},
    summary="Remove a student (teachers) or leave the class (the student)",
)
@authed_api_view(["DELETE"])
def class_student(request: AuthedRequest, pk: int, user_id: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    if not classroom.is_teacher and user_id != request.user.pk:
        raise PermissionDenied(gettext("Only the class's teachers may remove a student."))
    removed = services.enrollment_remove(classroom=classroom, student_id=user_id)
    if not removed:
        raise ApiError(gettext("No such student in this class."), code="NOT_FOUND", status_code=404)
    return Response(status=status.HTTP_204_NO_CONTENT)


# -- assignments ---------------------------------------------------------------------------


class AssignmentIn(serializers.Serializer):
    title = serializers.CharField(max_length=200)
    instructions = serializers.CharField(
        required=False, allow_blank=True, max_length=20_000, trim_whitespace=False
    )
    kind = serializers.ChoiceField(choices=kinds.choices())
    due_at = serializers.DateTimeField(required=False, allow_null=True)
    points_max = serializers.DictField(child=serializers.IntegerField(), required=False)
    published = serializers.BooleanField(default=True)
    topic = serializers.CharField(required=False, allow_blank=True, max_length=300)
    language = serializers.ChoiceField(choices=CoachSession.Language.choices, default="en")
    tutor_help = serializers.ChoiceField(choices=TutorHelp.choices, default=TutorHelp.FULL)
    query = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    source_text = serializers.CharField(required=False, allow_blank=True, max_length=50_000)
    engines = serializers.ListField(
        child=serializers.ChoiceField(choices=services.ENGINES), required=False
    )
    rubric_name = serializers.CharField(required=False, allow_blank=True, max_length=100)
    with_critique = serializers.BooleanField(default=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        kind = self.fields["kind"]
        assert isinstance(kind, serializers.ChoiceField)
        kind.choices = kinds.choices()  # every kind registered by now


class AssignmentOut(serializers.ModelSerializer):
    points_max = serializers.SerializerMethodField()

    class Meta:
        model = Assignment
        fields = [
            "id",
            "classroom",
            "title",
            "instructions",
            "kind",
            "due_at",
            "points_max",
            "published",
            "topic",
            "language",
            "tutor_help",
            "query",
            "source_text",
            "engines",
            "rubric_name",
            "with_critique",
            "created_at",
        ]

    @extend_schema_field(POINTS_SCHEMA)
    def get_points_max(self, assignment: Assignment) -> dict[str, int]:
        return assignment.maxima()


@extend_schema(
    methods=["POST"],
    request=AssignmentIn,
    responses={201: AssignmentOut},
    summary="Create an assignment (teachers)",
)
@extend_schema(
    methods=["GET"],
    responses=paginated(AssignmentOut, "AssignmentPage"),
    operation_id="v1_classes_assignments_list",
    summary="A class's assignments",
)
@authed_api_view(["GET", "POST"])
def class_assignments(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    if request.method == "GET":
        return _paginated(request, selectors.assignments_of(classroom), AssignmentOut)
    _teacher_only(classroom)
    given = AssignmentIn(data=request.data)
    given.is_valid(raise_exception=True)
    made = services.assignment_create(classroom=classroom, **given.validated_data)
    return Response(AssignmentOut(made).data, status=status.HTTP_201_CREATED)


@extend_schema(responses=AssignmentOut, summary="An assignment")
@authed_api_view(["GET"])
def assignment_detail(request: AuthedRequest, pk: int) -> Response:
    return Response(AssignmentOut(selectors.assignment_of(request.user, pk)).data)


@extend_schema(request=None, responses=AssignmentOut, summary="Publish a draft (teachers)")
@authed_api_view(["POST"])
def assignment_publish(request: AuthedRequest, pk: int) -> Response:
    assignment = selectors.assignment_of(request.user, pk)
    _teacher_only(assignment.classroom)
    services.assignment_publish(assignment=assignment)
    return Response(AssignmentOut(assignment).data)


# -- submissions ---------------------------------------------------------------------------


class FeedbackOut(serializers.ModelSerializer):
    comments = serializers.JSONField()
    points = serializers.JSONField()
    total = serializers.IntegerField()
    total_max = serializers.SerializerMethodField()

    class Meta:
        model = Feedback
        fields = ["comments", "overall", "points", "total", "total_max", "updated_at", "version"]

    def get_total_max(self, feedback: Feedback) -> int:
        return total_max(feedback.submission.assignment.maxima())


class WorkOut(serializers.Serializer):
    type = serializers.ChoiceField(choices=["coach_session", "chain", "essay"])
    id = serializers.IntegerField()
    url = serializers.CharField()


class SubmissionOut(serializers.ModelSerializer):
    student = UserOut()
    progress = serializers.SerializerMethodField()
    work = serializers.SerializerMethodField()
    feedback = serializers.SerializerMethodField()

    class Meta:
        model = Submission
        fields = [
            "id",
            "assignment",
            "student",
            "state",
            "late",
            "progress",
            "work",
            "feedback",
            "started_at",
            "turned_in_at",
            "returned_at",
            "essay_version",
        ]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_progress(self, submission: Submission) -> dict[str, Any]:
        return selectors.submission_progress(submission)

    @extend_schema_field(WorkOut(allow_null=True))
    def get_work(self, submission: Submission) -> dict[str, Any] | None:
        return selectors.work_of(submission)

    @extend_schema_field(FeedbackOut(allow_null=True))
    def get_feedback(self, submission: Submission) -> dict[str, Any] | None:
        shown = selectors.visible_feedback(
            submission, as_teacher=self.context.get("as_teacher", False)
        )
        return FeedbackOut(shown).data if shown else None


class SubmissionDetailOut(SubmissionOut):
    work_detail = serializers.SerializerMethodField()

    class Meta(SubmissionOut.Meta):
        fields = [*SubmissionOut.Meta.fields, "work_detail"]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_work_detail(self, submission: Submission) -> dict[str, Any] | None:
        return selectors.work_detail(submission)


def _submission_out(request: AuthedRequest, pk: int, code: int = 200) -> Response:
    submission = selectors.submission_of(request.user, pk)
    as_teacher = submission.assignment.classroom.is_teacher
    data = SubmissionDetailOut(submission, context={"as_teacher": as_teacher}).data
    return Response(data, status=code)


class StartIn(serializers.Serializer):
    engine = serializers.ChoiceField(choices=services.ENGINES, required=False)
    source_text = serializers.CharField(required=False, allow_blank=True, max_length=50_000)


@extend_schema(
    request=StartIn,
    responses={201: SubmissionDetailOut, 200: SubmissionDetailOut},
    summary="Start (or continue) my work on an assignment (students)",
)
@authed_api_view(["POST"])
def assignment_start(request: AuthedRequest, pk: int) -> Response:
    assignment = selectors.assignment_of(request.user, pk)
    if assignment.classroom.is_teacher:
        raise PermissionDenied(gettext("Teachers do not start assignments; students do."))
    submission = selectors.my_submission(request.user, assignment)
    if submission is None:
        raise ApiError(
            gettext("You have no submission for this assignment."),
            code="NOT_FOUND",
            status_code=404,
        )
    given = StartIn(data=request.data)
    given.is_valid(raise_exception=True)
    submission, started = services.submission_start(submission=submission, **given.validated_data)
    return _submission_out(request, submission.pk, 201 if started else 200)


@extend_schema(
    responses=paginated(SubmissionOut, "SubmissionPage"),
    operation_id="v1_assignments_submissions_list",
    summary="One submission per enrolled student (teachers)",
)
@authed_api_view(["GET"])
def assignment_submissions(request: AuthedRequest, pk: int) -> Response:
    assignment = selectors.assignment_of(request.user, pk)
    _teacher_only(assignment.classroom)
    return _paginated(
        request,
        selectors.assignment_submissions(assignment),
        SubmissionOut,
        each=lambda row: setattr(row, "assignment", assignment),
        context={"as_teacher": True},
    )


@extend_schema(responses=SubmissionDetailOut, summary="A submission (its student, the teachers)")
@authed_api_view(["GET"])
def submission_detail(request: AuthedRequest, pk: int) -> Response:
    response = _submission_out(request, pk)
    signals.work_opened(
        viewer=request.user, submission=selectors.submission_of(request.user, pk), channel="API"
    )
    return response


def _own(request: AuthedRequest, pk: int) -> Submission:
    submission = selectors.submission_of(request.user, pk)
    if submission.student_id != request.user.pk:
        raise PermissionDenied(gettext("Only the student whose work this is may do this."))
    return submission


def _act(request: AuthedRequest, pk: int, action: Any) -> Response:
    action(submission=_own(request, pk))
    return _submission_out(request, pk)


@extend_schema(request=None, responses=SubmissionDetailOut, summary="Turn in (the student)")
@authed_api_view(["POST"])
def submission_turn_in(request: AuthedRequest, pk: int) -> Response:
    return _act(request, pk, services.submission_turn_in)


@extend_schema(request=None, responses=SubmissionDetailOut, summary="Unsubmit (the student)")
@authed_api_view(["POST"])
def submission_unsubmit(request: AuthedRequest, pk: int) -> Response:
    return _act(request, pk, services.submission_unsubmit)


class EssayIn(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False, max_length=100_000)
    version = _version_in("essay's (``essay_version``)")


@extend_schema(
    request=EssayIn, responses=SubmissionDetailOut, summary="Save my essay (the student)"
)
@authed_api_view(["PUT"])
def submission_essay(request: AuthedRequest, pk: int) -> Response:
    submission = _own(request, pk)
    given = EssayIn(data=request.data)
    given.is_valid(raise_exception=True)
    services.submission_essay_save(
        submission=submission,
        text=given.validated_data["text"],
        version=given.validated_data.get("version"),
    )
    return _submission_out(request, pk)


class FeedbackIn(serializers.Serializer):
    comments = serializers.DictField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False), required=False
    )
    overall = serializers.CharField(allow_blank=True, required=False, trim_whitespace=False)
    points = serializers.DictField(child=serializers.IntegerField(), required=False)
    version = _version_in("feedback's (0 before any feedback)")


def _teaching(request: AuthedRequest, pk: int) -> Submission:
    submission = selectors.submission_of(request.user, pk)
    _teacher_only(submission.assignment.classroom)
    return submission


@extend_schema(
    request=FeedbackIn, responses=SubmissionDetailOut, summary="Save draft feedback (teachers)"
)
@authed_api_view(["PUT"])
def submission_feedback(request: AuthedRequest, pk: int) -> Response:
    submission = _teaching(request, pk)
    given = FeedbackIn(data=request.data)
    given.is_valid(raise_exception=True)
    data = given.validated_data
    services.feedback_save(
        submission=submission,
        author=request.user,
        comments=data.get("comments", {}),
        overall=data.get("overall", ""),
        points=data.get("points", {}),
        version=data.get("version"),
    )
    return _submission_out(request, pk)


@extend_schema(
    request=None, responses=SubmissionDetailOut, summary="Return to the student (teachers)"
)
@authed_api_view(["POST"])
def submission_return(request: AuthedRequest, pk: int) -> Response:
    submission = _teaching(request, pk)
    services.submission_return(submission=submission)
    return _submission_out(request, pk)


class BulkReturnIn(serializers.Serializer):
    submission_ids = serializers.ListField(child=serializers.IntegerField(), max_length=5000)


class BulkReturnOut(serializers.Serializer):
    returned = serializers.IntegerField()


@extend_schema(
    request=BulkReturnIn,
    responses=BulkReturnOut,
    summary="Return many submissions at once; those not turned in are skipped (teachers)",
)
@authed_api_view(["POST"])
def class_return(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    given = BulkReturnIn(data=request.data)
    given.is_valid(raise_exception=True)
    rows = Submission.objects.filter(
        assignment__classroom=classroom, pk__in=given.validated_data["submission_ids"]
    )
    returned = services.submissions_return(submissions=list(rows))
    return Response({"returned": returned})


@extend_schema(
    responses={(200, "text/csv"): OpenApiResponse(response=OpenApiTypes.STR)},
    summary="grades.csv (teachers)",
)
@authed_api_view(["GET"])
def class_grades(request: AuthedRequest, pk: int) -> HttpResponse:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    return exports.grades_csv_response(classroom)


@extend_schema(
    responses=OpenApiTypes.OBJECT, summary="The class's returned work as JSON (teachers)"
)
@authed_api_view(["GET"])
def class_returned_work(request: AuthedRequest, pk: int) -> Response:
    classroom = selectors.class_of(request.user, pk)
    _teacher_only(classroom)
    signals.work_exported(
        viewer=request.user,
        classroom=classroom,
        submissions=selectors.returned_work(classroom),
        channel="API export",
    )
    return Response(exports.returned_work(classroom))
