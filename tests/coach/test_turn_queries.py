"""What one tutor turn costs the database, measured through the API as the student sends it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.coach import statements as turn_statements
from tests.classrooms.builders import build_world
from tests.coach.builders import ndjson
from toulmini_site.classrooms import services as classrooms

MAX_STATEMENTS = 12
# "yes" typed while a card shows is the confirm button's work (it locks, saves the draft with
# its provenance, advances and opens the next step) after a turn's start.
MAX_TYPED_CONFIRM_STATEMENTS = 21


def _statements(captured) -> list[str]:
    # Reads and writes only: transaction control (savepoints here, BEGIN/COMMIT in
    # production) is not counted, as in benchmarks/coach.py.
    return turn_statements(captured)


def _turns(api, session) -> list[list[str]]:
    path = reverse("coach_api:turn", kwargs={"pk": session.pk})
    counts = []
    for message in ("Schools should ban phones during lessons", "yes", "write my claim"):
        with CaptureQueriesContext(connection) as captured:
            lines = ndjson(api.post(path, {"message": message}, format="json"))
        assert lines[-1]["type"] == "final"
        counts.append(_statements(captured))
    return counts


def test_a_turn_through_the_api_takes_at_most_twelve_statements(owner_api, session):
    attempt, typed_yes, request = _turns(owner_api, session)
    for statements in (attempt, request):
        assert len(statements) <= MAX_STATEMENTS, "\n".join(s[:120] for s in statements)
    assert any("UPDATE" in s and "coach_coachdraft" in s for s in typed_yes)  # it confirmed
    assert len(typed_yes) <= MAX_TYPED_CONFIRM_STATEMENTS, "\n".join(s[:120] for s in typed_yes)


@pytest.mark.django_db
def test_a_classroom_turn_reads_the_help_level_without_a_query_of_its_own():
    from rest_framework.test import APIClient

    world = build_world()
    submission, _ = classrooms.submission_start(submission=world.submission)
    api = APIClient()
    api.force_authenticate(world.student)
    for statements, most in zip(
        _turns(api, submission.coach_session),
        (MAX_STATEMENTS, MAX_TYPED_CONFIRM_STATEMENTS, MAX_STATEMENTS),
        strict=True,
    ):
        assert len(statements) <= most, "\n".join(s[:120] for s in statements)
        assert not any('AS "assignment__tutor_help"' in s for s in statements)


def test_a_turn_classifies_the_students_message_once(owner_api, session, monkeypatch):
    from coach.domain import intent

    read = []
    original = intent._help_pressure
    monkeypatch.setattr(intent, "_help_pressure", lambda norm: read.append(norm) or original(norm))
    path = reverse("coach_api:turn", kwargs={"pk": session.pk})
    for message in ("finish this sentence: phones in class are", "yes"):
        read.clear()
        lines = ndjson(owner_api.post(path, {"message": message}, format="json"))
        assert lines[-1]["type"] == "final"
        assert read.count(intent.normalize(message)) == 1
