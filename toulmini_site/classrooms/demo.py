"""The demo class for `manage.py demo_data`: "Debate 101", taught by the demo teacher, with
the demo student and five more, one assignment of each kind and submissions in every state
(one turned in late, one returned with feedback). Safe to run again: nothing is made twice.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from arguments.demo import DEMO_CHAINS
from arguments.services import chain_run
from coach import services as coach_services
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Assignment, Classroom, Submission
from toulmini_site.users import User

CLASS_NAME = "Debate 101"
EXTRA_STUDENTS = ("student2", "student3", "student4", "student5", "student6")
STUDENT_PASSWORD = "toulmin-student"
SLEEP = DEMO_CHAINS[0]
ESSAY = (
    "Schools should ban phones during lessons. According to the London School of Economics, "
    "test scores rose by 6% in schools that banned phones. In general, fewer distractions "
    "help students concentrate. However, some teachers use phones for quizzes in class."
)


def demo_email(username: str) -> str:
    """A demo account's address: example.com is reserved, so no mail reaches anyone."""
    return f"{username}@example.com"


def _student(username: str) -> Any:
    User = get_user_model()
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(STUDENT_PASSWORD)
    if not user.email:
        user.email = demo_email(username)
    user.save()
    return user


def _assignments(classroom: Classroom) -> dict[str, Assignment]:
    wanted: dict[str, dict[str, Any]] = {
        "coach": {
            "title": "Build an argument with the coach",
            "instructions": "Work through all seven steps.\nTurn it in when the tutor is done.",
            "topic": "Should schools ban phones during lessons?",
        },
        "chain": {
            "title": "Analyse: later school start",
            "instructions": "Run the chain and read where it stops or what it concludes.",
            "query": SLEEP["query"],
            "source_text": SLEEP["source_text"],
            "engines": ["offline", "manual"],
        },
        "essay": {
            "title": "Short essay: phones in class",
            "instructions": "One paragraph: a claim, your evidence, and when it would not hold.",
            "due_at": timezone.now() - timedelta(days=1),
        },
    }
    made = {}
    for kind, fields in wanted.items():
        existing = classroom.assignments.filter(title=fields["title"]).first()
        made[kind] = existing or services.assignment_create(
            classroom=classroom, kind=kind, **fields
        )
    return made


def _sub(assignment: Assignment, user: User) -> Submission:
    return Submission.objects.get(assignment=assignment, student=user)


def _coach_claim(submission: Submission) -> None:
    """Start the coach work and get the claim confirmed (offline tutor)."""
    submission, _ = services.submission_start(submission=submission)
    session = submission.coach_session
    assert session is not None  # submission_start made the coach work
    # A passing first attempt is proposed at once; the student confirms the card.
    coach_services.turn_run(
        session=session, user=submission.student, message="Schools should ban phones in lessons"
    )
    coach_services.proposal_confirm(session=session)


def classrooms_demo_create(*, teacher: User, student: User) -> int:
    """Create the demo class and its work unless they exist; returns submissions moved."""
    classroom = Classroom.objects.filter(name=CLASS_NAME, created_by=teacher).first()
    if classroom is None:
        classroom = services.class_create(teacher=teacher, name=CLASS_NAME)
    others = [_student(name) for name in EXTRA_STUDENTS]
    for user in [student, *others]:
        services.class_join(user=user, code=classroom.join_code)
    tasks = _assignments(classroom)
    s2, s3, s4, s5, _s6 = others
    moved = 0
    # The demo student: an essay under way (coach and chain still to start).
    mine = _sub(tasks["essay"], student)
    if mine.state == Submission.State.ASSIGNED:
        services.submission_essay_save(submission=mine, text=ESSAY.split(". However")[0] + ".")
        moved += 1
    # student2: coach work returned with feedback.
    sub = _sub(tasks["coach"], s2)
    if sub.state == Submission.State.ASSIGNED:
        _coach_claim(sub)
        sub = services.submission_turn_in(submission=_sub(tasks["coach"], s2))
        services.feedback_save(
            submission=sub,
            author=teacher,
            comments={
                "claim": "A clear claim. Say who is affected: all ages?",
                "data": "No evidence yet: the coach's next step asks for it.",
            },
            overall="A good start; carry on to the grounds next time.",
            points={"claim": 4, "data": 0},
        )
        services.submission_return(submission=sub)
        moved += 1
    # student3: the chain turned in, run to the end with the offline analyzer.
    sub = _sub(tasks["chain"], s3)
    if sub.state == Submission.State.ASSIGNED:
        sub, _ = services.submission_start(submission=sub, engine="offline")
        assert sub.chain is not None  # submission_start made the chain
        chain_run(chain=sub.chain, until="end")
        services.submission_turn_in(submission=sub)
        moved += 1
    # student4: the essay turned in after the due date (late), audited.
    sub = _sub(tasks["essay"], s4)
    if sub.state == Submission.State.ASSIGNED:
        services.submission_essay_save(submission=sub, text=ESSAY)
        services.submission_turn_in(submission=_sub(tasks["essay"], s4))
        moved += 1
    # student5: the coach under way. student6 has started nothing.
    sub = _sub(tasks["coach"], s5)
    if sub.state == Submission.State.ASSIGNED:
        _coach_claim(sub)
        moved += 1
    return moved
