"""The platform's reaper: a run whose worker died is queued again once, then failed with a
reason; the API says ``stalled`` meanwhile; a retry of a run that never finished is free."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from council.domain.runs import STALLED_AFTER
from council.models import Audit, AuditCriterionResult, Critique
from council.services.audit import audit_create
from council.services.critique import critique_create, critique_retry
from tests.council.audit_builders import AUDIT_OPINION
from toulmini_site import limits
from toulmini_site.processes import leases

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued_critique(owner, critique_document, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        return critique_create(owner=owner, title="Remote work", text=critique_document)


def _worker_died(model, pk, *, seconds_ago: float = STALLED_AFTER.total_seconds() * 2):
    """The run was claimed and its worker stopped renewing the lease ``seconds_ago``."""
    at = timezone.now() - timedelta(seconds=seconds_ago)
    model.objects.filter(pk=pk).update(status="running", started_at=at, heartbeat_at=at)


def test_the_api_says_stalled_while_the_worker_is_gone(owner_api, queued_critique):
    _worker_died(Critique, queued_critique.pk)
    body = owner_api.get(f"/api/v1/critiques/{queued_critique.pk}/").json()
    assert body["status"] == "stalled"
    listed = owner_api.get("/api/v1/critiques/").json()
    statuses = [c["status"] for c in listed.get("results", listed)]
    assert statuses == ["stalled"]


def test_a_run_still_renewing_its_lease_is_running_and_left_alone(owner_api, queued_critique):
    _worker_died(Critique, queued_critique.pk, seconds_ago=5)
    assert owner_api.get(f"/api/v1/critiques/{queued_critique.pk}/").json()["status"] == "running"
    assert leases.reap() == {"requeued": 0, "failed": 0}


def test_the_reaper_queues_a_stalled_critique_once_and_it_finishes(
    queued_critique, django_capture_on_commit_callbacks
):
    _worker_died(Critique, queued_critique.pk)
    with django_capture_on_commit_callbacks(execute=True):  # the immediate backend runs it
        assert leases.reap() == {"requeued": 1, "failed": 0}
    critique = Critique.objects.get(pk=queued_critique.pk)
    assert critique.status == "complete" and critique.requeues == 1


def test_the_second_time_the_reaper_fails_it_with_a_reason(
    queued_critique, django_capture_on_commit_callbacks
):
    _worker_died(Critique, queued_critique.pk)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert leases.reap()["requeued"] == 1
    assert len(queued) == 1
    _worker_died(Critique, queued_critique.pk)  # its second worker died too
    assert leases.reap() == {"requeued": 0, "failed": 1}
    critique = Critique.objects.get(pk=queued_critique.pk)
    assert critique.status == "failed" and "stopped twice" in critique.error
    assert critique.finished_at is None  # it never finished
    assert leases.reap() == {"requeued": 0, "failed": 0}


def test_a_retry_of_a_run_that_never_finished_costs_no_quota(
    owner, queued_critique, settings, django_capture_on_commit_callbacks
):
    settings.QUOTAS_PER_DAY = {**settings.QUOTAS_PER_DAY, "offline": 1}  # used by the create
    _worker_died(Critique, queued_critique.pk)
    with django_capture_on_commit_callbacks(execute=True):
        critique_retry(critique=queued_critique)  # stalled: free
    _worker_died(Critique, queued_critique.pk)
    leases.reap()  # requeued...
    Critique.objects.filter(pk=queued_critique.pk).update(requeues=1)
    _worker_died(Critique, queued_critique.pk)
    leases.reap()  # ...and given up
    critique = Critique.objects.get(pk=queued_critique.pk)
    assert critique.status == "failed"
    with django_capture_on_commit_callbacks(execute=True):
        critique_retry(critique=critique)  # never finished: free
    assert Critique.objects.get(pk=critique.pk).status == "complete"
    # A run that finished (failed with a result) costs a quota unit again: none left.
    Critique.objects.filter(pk=critique.pk).update(status="failed", finished_at=timezone.now())
    with pytest.raises(limits.LimitExceeded):
        critique_retry(critique=Critique.objects.get(pk=critique.pk))


def test_the_reaper_fails_the_queue_row_the_dead_worker_held(queued_critique):
    from council.services.critique import critique_run_task

    def row(pk):
        return DBTaskResult.objects.create(
            status="RUNNING",
            args_kwargs={"args": [], "kwargs": {"critique_id": pk}},
            task_path=critique_run_task.module_path,
            backend_name="default",
            queue_name="default",
            run_after=timezone.now(),
            started_at=timezone.now(),
            exception_class_path="",
            traceback="",
        )

    held, other = row(queued_critique.pk), row(queued_critique.pk + 1000)
    _worker_died(Critique, queued_critique.pk)
    leases.reap()
    held.refresh_from_db()
    other.refresh_from_db()
    assert held.status == "FAILED" and "lease ran out" in held.traceback
    assert other.status == "RUNNING"  # another run's row is not touched


def test_the_reaper_requeues_a_stalled_audit_with_every_result_pending(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=AUDIT_OPINION)
    AuditCriterionResult.objects.filter(audit=audit).update(status="scored", numeric_score=3)
    _worker_died(Audit, audit.pk)
    with django_capture_on_commit_callbacks(execute=False) as queued:
        assert leases.reap()["requeued"] == 1
    assert len(queued) == 1
    audit.refresh_from_db()
    assert audit.status == "queued" and audit.requeues == 1
    assert set(audit.results.values_list("status", flat=True)) == {"pending"}


def test_periodic_jobs_run_once_per_period_across_callers():
    now = timezone.now()
    every = timedelta(minutes=15)
    assert leases.period_claim("job", every, now=now)
    assert not leases.period_claim("job", every, now=now)  # the other machine, same moment
    assert not leases.period_claim("job", every, now=now + timedelta(minutes=5))
    assert leases.period_claim("job", every, now=now + every)  # next period
    assert leases.period_claim("other", every, now=now)  # each job its own


def test_two_scheduled_grade_sweeps_run_once(monkeypatch):
    from toulmini_site.lti import tasks

    ran = []
    monkeypatch.setattr(tasks, "grade_sync_sweep", lambda: ran.append(1) or 0)
    tasks.grade_sync_sweep_task.call(repeat=True)  # machine A's chain
    tasks.grade_sync_sweep_task.call(repeat=True)  # machine B's chain, same period
    assert ran == [1]
    tasks.grade_sync_sweep_task.call()  # asked by hand: always runs
    assert ran == [1, 1]


def test_two_scheduled_retention_purges_run_once(monkeypatch):
    from toulmini_site.privacy import tasks

    ran = []
    monkeypatch.setattr(tasks, "retention_run", lambda: ran.append(1) or {})
    tasks.retention_task.call(repeat=True)
    tasks.retention_task.call(repeat=True)
    assert ran == [1]


def test_the_reaper_in_every_worker_reaps_once_per_period():
    now = timezone.now()
    assert leases.reap_once_per_period(now=now) is not None
    assert leases.reap_once_per_period(now=now) is None
