"""Two workers running the same grade's send at once post it once: the send locks the
sync's own row (``FOR UPDATE OF``) and the second finds it sent. PostgreSQL only: SQLite
has no row locks (the development server serialises writers with BEGIN IMMEDIATE instead,
which the test database does not use)."""

from __future__ import annotations

import os
import threading

import pytest
from django.db import connection as db_connection

from council.services.audit import rubrics_seed
from tests.lti.builders import returned_work
from toulmini_site.classrooms import services as classrooms
from toulmini_site.lti import grades
from toulmini_site.lti.models import GradeSync

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="row locks need PostgreSQL (DATABASE_URL=postgres://...)",
    ),
]


def test_two_workers_sending_the_same_grade_at_once_post_it_once(platform):
    rubrics_seed()  # an earlier transactional test may have flushed the migration's seed
    _, _, submission = returned_work(platform, points={"claim": 3})
    classrooms.submission_return(submission=submission)  # sent at once: no transaction open
    assert GradeSync.objects.get().state == "sent" and len(platform.scores) == 1
    GradeSync.objects.update(state=GradeSync.State.PENDING, attempts=0)  # asked again
    platform.delay = 0.5  # each call takes a while: the two runs overlap
    start = threading.Barrier(2)
    states: list[str] = []

    def worker() -> None:
        try:
            start.wait()
            sync = grades.grade_sync_run(submission_id=submission.pk)
            states.append(sync.state if sync else "none")
        finally:
            db_connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert states == ["sent", "sent"]
    assert len(platform.scores) == 2  # the first return's, and one more: not two more
    assert GradeSync.objects.get().attempts == 1
