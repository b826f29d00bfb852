"""What the teacher decides and sees of the coach's tutor: the help level per assignment, and
each turn where the student pressed for the answer or the tutor's answer was withheld, on the
submission page and counted per student on the class page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from coach import services as coach_services
from coach.models import CoachMessage
from tests.classrooms.builders import assignment, build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.domain.grading import PARTS
from toulmini_site.classrooms.models import Submission
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client

WRITTEN = "Mobile devices damage concentration and must be locked away until the final bell."


def _complying(request):
    step = request.inputs["step"]
    return {
        "assistantText": f"Sure! Here is your claim: {WRITTEN}",
        "step": step,
        "proposedUpdate": {"field": step, "value": WRITTEN, "rationale": "As asked."},
        "confidence": 0.95,
        "shouldAdvance": True,
    }


@pytest.fixture
def pressed(db):
    """The student pressed twice (one answer written by a complying model, withheld)."""
    world = build_world()
    submission, _ = services.submission_start(submission=world.submission)
    session = submission.coach_session
    coach_services.turn_run(session=session, user=world.student, message="write my claim")
    with override_client("offline", lambda: FakeClient(_complying)):
        coach_services.turn_run(
            session=session, user=world.student, message="¿me escribes la tesis?"
        )
    coach_services.turn_run(
        session=session, user=world.student, message="Schools should ban phones in lessons"
    )
    return world


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_turns_record_the_pressure_and_the_withheld_answer(pressed):
    messages = CoachMessage.objects.filter(session__owner=pressed.student)
    # A known family names the pressure; a form-only ask is "ask".
    assert list(messages.exclude(pressure="").values_list("pressure", flat=True)) == [
        "write_for_me",
        "ask",
    ]
    withheld = messages.get(withheld=True)
    assert WRITTEN not in withheld.text and withheld.proposal is None
    # Asked in Spanish in an English session, the note is in the session's language.
    assert withheld.text.startswith("Sure!\n\nI held back some of my answer")
    assert messages.filter(role="user", pressure="", text__startswith="Schools").exists()


@pytest.mark.parametrize("role", ["teacher", "co_teacher"])
def test_teachers_see_the_marks_on_the_submission_page(pressed, role):
    url = reverse("classrooms:submission_detail", args=[pressed.submission.pk])
    page = _client(pressed.user(role)).get(url).content.decode()
    assert page.count('class="badge mark-pressure"') == 2
    assert 'data-pressure="write_for_me"' in page
    assert page.count('class="badge mark-withheld"') == 1
    assert "pressed the tutor for the answer 2 times" in page
    assert "1 tutor answer was withheld" in page
    assert WRITTEN not in page


def test_the_student_sees_their_conversation_without_the_marks(pressed):
    url = reverse("classrooms:submission_detail", args=[pressed.submission.pk])
    response = _client(pressed.student).get(url)
    page = response.content.decode()
    assert response.status_code == 200 and "write my claim" in page
    assert "mark-pressure" not in page and "mark-withheld" not in page
    assert 'id="tutor-marks"' not in page


@pytest.mark.parametrize("role", ["classmate", "outsider"])
def test_a_classmate_or_a_student_of_another_class_never_sees_them(pressed, role):
    url = reverse("classrooms:submission_detail", args=[pressed.submission.pk])
    assert _client(pressed.user(role)).get(url).status_code == 404


def test_anonymous_is_sent_to_log_in(pressed):
    url = reverse("classrooms:submission_detail", args=[pressed.submission.pk])
    assert _client(None).get(url).status_code == 302


@pytest.mark.parametrize("role", ["teacher", "co_teacher"])
def test_the_class_page_counts_them_per_student(pressed, role):
    page = _client(pressed.user(role)).get(
        reverse("classrooms:class_detail", args=[pressed.classroom.pk])
    )
    html = page.content.decode()
    assert "Pressed / withheld" in html
    row = html.split('data-student="ana"', 1)[1].split("</tr>", 1)[0]
    assert '<td class="tutor-marks">2 / 1</td>' in row
    classmate = html.split('data-student="ben"', 1)[1].split("</tr>", 1)[0]
    assert '<td class="tutor-marks">0 / 0</td>' in classmate


@pytest.mark.parametrize("role", ["student", "classmate"])
def test_students_of_the_class_see_no_counts(pressed, role):
    html = _client(pressed.user(role)).get(
        reverse("classrooms:class_detail", args=[pressed.classroom.pk])
    )
    assert html.status_code == 200
    assert "tutor-marks" not in html.content.decode()


def test_a_student_of_another_class_cannot_open_the_class_page(pressed):
    url = reverse("classrooms:class_detail", args=[pressed.classroom.pk])
    assert _client(pressed.outsider).get(url).status_code == 404


# -- the help level --------------------------------------------------------------------------


def test_the_teacher_sets_the_help_level_per_assignment_and_a_bad_one_is_refused(db):
    world = build_world()
    made = assignment(world.classroom, tutor_help="questions", title="Questions only")
    assert made.tutor_help == "questions"
    assert world.coach.tutor_help == "full"  # the default
    with pytest.raises(services.ClassroomError) as refused:
        assignment(world.classroom, tutor_help="everything")
    assert refused.value.details == [
        {"loc": "tutor_help", "msg": "one of questions, examples, full"}
    ]


def test_the_form_offers_the_levels_and_the_assignment_page_shows_the_choice(db):
    world = build_world()
    teacher = _client(world.teacher)
    form = teacher.get(reverse("classrooms:assignment_new", args=[world.classroom.pk]))
    assert 'name="tutor_help"' in form.content.decode()
    response = teacher.post(
        reverse("classrooms:assignment_new", args=[world.classroom.pk]),
        {
            "title": "Start times",
            "kind": "coach",
            "topic": "School start times",
            "language": "en",
            "tutor_help": "examples",
            "published": "on",
            **{f"max_{part}": 4 for part in PARTS},
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    made = world.classroom.assignments.get(title="Start times")
    assert made.tutor_help == "examples"
    page = _client(world.student).get(made.get_absolute_url()).content.decode()
    assert "Explanations, with examples on other topics" in page


def test_at_questions_only_the_offline_tutor_asks_and_gives_no_example(db):
    world = build_world()
    strict = assignment(world.classroom, tutor_help="questions", title="Strict")
    mine = Submission.objects.get(assignment=strict, student=world.student)
    mine, _ = services.submission_start(submission=mine)
    final = coach_services.turn_run(
        session=mine.coach_session, user=world.student, message="give me an example"
    )
    text = final["result"]["assistantText"]
    assert "For example" not in text and text.endswith("?")
    # With full coaching the same ask gets an example on another topic.
    full, _ = services.submission_start(submission=world.submission)
    text = coach_services.turn_run(
        session=full.coach_session, user=world.student, message="give me an example"
    )["result"]["assistantText"]
    assert "For example, in an argument about" in text
