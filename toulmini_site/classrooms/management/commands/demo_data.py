"""Create the demo users and their work: the student's chains, coach session, critique and
audit, and the demo class with its students. Safe to run again: nothing is made twice.

It lives in classrooms, the one app that uses all the others."""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from arguments.demo import DEMO_CHAINS
from arguments.models import Chain
from arguments.services import chain_create, chain_run
from coach.demo import coach_demo_create
from council.demo import council_demo_create
from toulmini_site.classrooms.demo import EXTRA_STUDENTS, classrooms_demo_create, demo_email

DEMO_USERS = (
    # username, password, staff
    ("teacher", "toulmin-teacher", True),
    ("student", "toulmin-student", False),
)


class Command(BaseCommand):
    help = (
        "Create demo users (teacher = staff, student) and the student's demo chains, coach "
        "session, critique and audit; idempotent."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        with transaction.atomic():
            for username, password, staff in DEMO_USERS:
                user, created = User.objects.get_or_create(
                    username=username, defaults={"is_staff": staff, "is_superuser": staff}
                )
                if created:
                    user.set_password(password)
                if not user.email:  # so a password reset can be tried (example.com: no one's)
                    user.email = demo_email(username)
                user.save()
        student = User.objects.get(username="student")
        made = 0
        for demo in DEMO_CHAINS:
            if Chain.objects.filter(owner=student, query=demo["query"]).exists():
                continue
            chain = chain_create(
                owner=student, query=demo["query"], source_text=demo["source_text"]
            )
            chain_run(chain=chain, until="end")
            made += 1
        manual_query = "Should voting be compulsory?"
        if not Chain.objects.filter(owner=student, query=manual_query).exists():
            chain_create(owner=student, query=manual_query, engine=Chain.Engine.MANUAL)
            made += 1
        coached = coach_demo_create(owner=student)
        council = council_demo_create(owner=student)
        teacher = User.objects.get(username="teacher")
        classroom = classrooms_demo_create(teacher=teacher, student=student)
        self.stdout.write(
            f"Demo data ready ({made} new chain(s), {coached} coach session(s), "
            f"{council} critique(s) and audit(s), {classroom} classroom submission(s) moved on)."
        )
        for username, password, staff in DEMO_USERS:
            role = "teacher, staff: can use /admin/" if staff else "student"
            self.stdout.write(
                f"  log in as {username} / {password}  ({role}; e-mail {demo_email(username)})"
            )
        self.stdout.write(
            f"  class Debate 101: teacher teaches it; student and {', '.join(EXTRA_STUDENTS)} "
            "(same password as student) take it"
        )
