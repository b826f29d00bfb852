import pytest
from django.core.management import call_command

from arguments.models import Chain

pytestmark = pytest.mark.django_db


def test_demo_data_reaches_every_end_and_is_idempotent():
    call_command("demo_data")
    first = Chain.objects.count()
    call_command("demo_data")
    # The demo class adds another student's chain; the demo student has six.
    assert Chain.objects.count() == first
    assert Chain.objects.filter(owner__username="student").count() == 6
    statuses = set(Chain.objects.values_list("verdict_status", flat=True))
    assert {"sustained", "overruled", "remanded"} <= statuses
    assert Chain.objects.filter(status="terminated").count() == 2
    assert Chain.objects.filter(engine="manual", status="in_progress").count() == 1


def test_demo_data_gives_the_student_a_coach_session_a_critique_and_an_audit(
    django_capture_on_commit_callbacks,
):
    from coach.models import CoachSession
    from council.models import Audit, Critique

    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_data")

    session = CoachSession.objects.get(owner__username="student")
    assert session.messages.filter(role="assistant").count() >= 2  # greeting and an answer
    critique = Critique.objects.get(owner__username="student")
    assert critique.status == "complete" and critique.result["points"]
    audit = Audit.objects.get(owner__username="student")
    assert audit.status == "done" and audit.security_violation
    assert float(audit.global_score) <= 3.0


def test_demo_data_gives_the_teacher_debate_101_with_work_in_every_state():
    from toulmini_site.classrooms.models import Classroom, Submission

    call_command("demo_data")
    call_command("demo_data")
    classroom = Classroom.objects.get(name="Debate 101", created_by__username="teacher")
    assert classroom.enrollments.count() == 6
    assert sorted(classroom.assignments.values_list("kind", flat=True)) == [
        "chain",
        "coach",
        "essay",
    ]
    subs = Submission.objects.filter(assignment__classroom=classroom)
    assert subs.count() == 18
    assert set(subs.values_list("state", flat=True)) == {
        "assigned",
        "in_progress",
        "turned_in",
        "returned",
    }
    assert subs.filter(late=True, state="turned_in").count() == 1
    returned = subs.get(state="returned")
    assert returned.feedback.comments["claim"] and returned.feedback.total == 4
