"""Running a failed or stalled critique or audit again, as the owner, another user and anonymous."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from council.domain.runs import STALLED_AFTER, RunNotRetryable, is_stalled
from council.models import Audit, AuditCriterionResult, Critique
from council.services.audit import audit_create, audit_retry
from council.services.critique import critique_create, critique_retry
from tests.council.audit_builders import AUDIT_OPINION

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


# The rule, without a database.


def test_a_run_is_stalled_only_when_running_past_the_limit():
    just_over = NOW - STALLED_AFTER - timedelta(seconds=1)
    assert is_stalled("running", just_over, now=NOW)
    assert not is_stalled("running", NOW - STALLED_AFTER, now=NOW)
    assert not is_stalled("running", None, now=NOW)
    assert not is_stalled("queued", just_over, now=NOW)
    assert not is_stalled("failed", just_over, now=NOW)


# Critiques.


@pytest.fixture
def queued_critique(owner, critique_document, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        return critique_create(owner=owner, title="Remote work", text=critique_document)


def _set(model, pk, **fields):
    model.objects.filter(pk=pk).update(**fields)


def _stall(model, pk):
    _set(model, pk, status="running", started_at=timezone.now() - STALLED_AFTER * 2)


def test_a_failed_critique_runs_again_from_a_clean_slate(
    queued_critique, django_capture_on_commit_callbacks
):
    _set(
        Critique,
        queued_critique.pk,
        status="failed",
        error="The model timed out.",
        trees={"kant": [{"id": "KANT-1"}]},
        model_calls=4,
        progress={"stage": "critique", "agents": {"kant": {"state": "failed"}}},
    )
    queued_critique.refresh_from_db()
    assert queued_critique.retryable

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        retried = critique_retry(critique=queued_critique)

    assert (retried.status, retried.error, retried.result, retried.trees) == ("queued", "", {}, {})
    assert retried.model_calls == 0
    assert {a["state"] for a in retried.progress["agents"].values()} == {"queued"}
    assert len(callbacks) == 1  # one run enqueued
    queued_critique.refresh_from_db()
    assert queued_critique.status == "complete"  # the immediate backend ran it
    assert queued_critique.result["final_assessment"]


def test_a_stalled_critique_runs_again(queued_critique, django_capture_on_commit_callbacks):
    _stall(Critique, queued_critique.pk)
    queued_critique.refresh_from_db()
    assert queued_critique.stalled and queued_critique.retryable

    with django_capture_on_commit_callbacks(execute=True):
        critique_retry(critique=queued_critique)

    queued_critique.refresh_from_db()
    assert queued_critique.status == "complete"


@pytest.mark.parametrize(
    ("status", "started_minutes_ago"),
    [("queued", None), ("running", 5), ("complete", 5), ("degraded", 5)],
)
def test_a_critique_that_did_not_fail_or_stall_is_not_run_again(
    queued_critique, status, started_minutes_ago, django_capture_on_commit_callbacks
):
    started = timezone.now() - timedelta(minutes=started_minutes_ago or 0)
    # A run five minutes long whose worker still renews its lease is running normally.
    _set(
        Critique, queued_critique.pk, status=status, started_at=started, heartbeat_at=timezone.now()
    )
    queued_critique.refresh_from_db()
    assert not queued_critique.retryable

    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RunNotRetryable),
    ):
        critique_retry(critique=queued_critique)

    assert callbacks == []
    assert Critique.objects.get(pk=queued_critique.pk).status == status


def test_two_clicks_queue_one_run(queued_critique, django_capture_on_commit_callbacks):
    _set(Critique, queued_critique.pk, status="failed")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        critique_retry(critique=queued_critique)
        with pytest.raises(RunNotRetryable):
            critique_retry(critique=queued_critique)
    assert len(callbacks) == 1


def test_the_page_offers_run_again_for_a_failed_critique(owner_client, queued_critique):
    _set(Critique, queued_critique.pk, status="failed", error="The model timed out.")
    page = owner_client.get(queued_critique.get_absolute_url()).content.decode()
    assert reverse("council:critique_retry", args=[queued_critique.pk]) in page
    assert "The model timed out." in page


def test_a_stalled_critique_page_says_so_and_stops_polling(owner_client, queued_critique):
    _stall(Critique, queued_critique.pk)
    page = owner_client.get(queued_critique.get_absolute_url()).content.decode()
    assert "background worker has most likely stopped" in page
    assert "hx-trigger" not in page
    assert reverse("council:critique_retry", args=[queued_critique.pk]) in page


def test_a_running_critique_page_polls_and_offers_no_retry(owner_client, queued_critique):
    _set(Critique, queued_critique.pk, status="running", started_at=timezone.now())
    page = owner_client.get(queued_critique.get_absolute_url()).content.decode()
    assert 'hx-trigger="load delay:50ms"' in page
    assert reverse("council:critique_retry", args=[queued_critique.pk]) not in page


def test_retrying_from_the_page_redirects_to_the_critique(
    owner_client, queued_critique, django_capture_on_commit_callbacks
):
    _set(Critique, queued_critique.pk, status="failed")
    url = reverse("council:critique_retry", args=[queued_critique.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(url)
    assert response.status_code == 302 and response.url == queued_critique.get_absolute_url()
    assert Critique.objects.get(pk=queued_critique.pk).status == "complete"


def test_a_refused_retry_from_the_page_says_why(owner_client, queued_critique):
    url = reverse("council:critique_retry", args=[queued_critique.pk])
    response = owner_client.post(url, follow=True)
    assert "can be run again" in response.content.decode()
    assert Critique.objects.get(pk=queued_critique.pk).status == "queued"


def test_only_the_owner_may_retry_a_critique(other_client, client, queued_critique):
    _set(Critique, queued_critique.pk, status="failed")
    url = reverse("council:critique_retry", args=[queued_critique.pk])
    assert other_client.post(url).status_code == 404
    client.logout()
    assert client.post(url)["Location"].startswith(reverse("login"))
    assert client.get(url).status_code == 405
    assert Critique.objects.get(pk=queued_critique.pk).status == "failed"


def test_the_api_retries_a_failed_critique_with_202(
    owner_api, queued_critique, django_capture_on_commit_callbacks
):
    _set(Critique, queued_critique.pk, status="failed")
    url = f"/api/v1/critiques/{queued_critique.pk}/retry/"
    with django_capture_on_commit_callbacks(execute=False):
        response = owner_api.post(url)
    assert response.status_code == 202
    assert (response.json()["id"], response.json()["status"]) == (queued_critique.pk, "queued")

    again = owner_api.post(url)
    assert (again.status_code, again.json()["code"]) == (409, "NOT_RETRYABLE")


def test_the_api_hides_other_users_critiques_and_needs_a_login(
    other_api, api_client, queued_critique
):
    _set(Critique, queued_critique.pk, status="failed")
    url = f"/api/v1/critiques/{queued_critique.pk}/retry/"
    assert other_api.post(url).status_code == 404
    assert api_client.post(url).status_code == 401
    assert Critique.objects.get(pk=queued_critique.pk).status == "failed"


# Audits.


@pytest.fixture
def queued_audit(owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        return audit_create(owner=owner, text=AUDIT_OPINION, case_id="C-1")


def test_a_failed_audit_runs_again_with_every_result_pending_first(
    queued_audit, django_capture_on_commit_callbacks
):
    _set(Audit, queued_audit.pk, status="failed", error="No criterion could be scored.")
    queued_audit.results.update(status="failed", error="timed out")

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        retried = audit_retry(audit=queued_audit)
    assert (retried.status, retried.error) == ("queued", "")
    assert set(queued_audit.results.values_list("status", "error")) == {("pending", "")}

    callbacks[0]()  # the worker's turn
    queued_audit.refresh_from_db()
    assert queued_audit.status == "done" and queued_audit.global_score is not None
    assert not queued_audit.results.exclude(status=AuditCriterionResult.Status.DONE).exists()


def test_a_stalled_audit_page_says_so_and_a_done_audit_is_not_run_again(owner_client, queued_audit):
    _stall(Audit, queued_audit.pk)
    page = owner_client.get(queued_audit.get_absolute_url()).content.decode()
    assert "background worker has most likely stopped" in page
    assert "hx-trigger" not in page
    assert reverse("council:audit_retry", args=[queued_audit.pk]) in page

    _set(Audit, queued_audit.pk, status="done")
    queued_audit.refresh_from_db()
    with pytest.raises(RunNotRetryable):
        audit_retry(audit=queued_audit)


def test_only_the_owner_may_retry_an_audit(other_client, other_api, api_client, queued_audit):
    _set(Audit, queued_audit.pk, status="failed")
    assert (
        other_client.post(reverse("council:audit_retry", args=[queued_audit.pk])).status_code == 404
    )
    assert other_api.post(f"/api/v1/audits/{queued_audit.pk}/retry/").status_code == 404
    assert api_client.post(f"/api/v1/audits/{queued_audit.pk}/retry/").status_code == 401
    assert Audit.objects.get(pk=queued_audit.pk).status == "failed"


def test_the_owner_retries_an_audit_from_its_page_and_anonymous_is_sent_to_log_in(
    owner_client, client, queued_audit, django_capture_on_commit_callbacks
):
    _set(Audit, queued_audit.pk, status="failed", error="The model timed out.")
    url = reverse("council:audit_retry", args=[queued_audit.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(url)
    assert response.status_code == 302 and response.url == queued_audit.get_absolute_url()
    assert Audit.objects.get(pk=queued_audit.pk).status == "done"

    refused = owner_client.post(url, follow=True)  # done now: nothing to retry
    assert "can be run again" in refused.content.decode()

    client.logout()
    assert client.post(url)["Location"].startswith(reverse("login"))


def test_the_api_retries_a_failed_audit_and_refuses_a_queued_one(
    owner_api, queued_audit, django_capture_on_commit_callbacks
):
    url = f"/api/v1/audits/{queued_audit.pk}/retry/"
    refused = owner_api.post(url)
    assert (refused.status_code, refused.json()["code"]) == (409, "NOT_RETRYABLE")

    _set(Audit, queued_audit.pk, status="failed")
    with django_capture_on_commit_callbacks(execute=False):
        response = owner_api.post(url)
    assert response.status_code == 202
    assert response.json()["url"].endswith(f"/api/v1/audits/{queued_audit.pk}/")


# The admin.


def test_staff_run_failed_critiques_again_from_the_admin_and_others_are_skipped(
    client,
    staff_user,
    queued_critique,
    owner,
    critique_document,
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=False):
        done = critique_create(owner=owner, title="Done already", text=critique_document)
    _set(Critique, queued_critique.pk, status="failed")
    _set(Critique, done.pk, status="complete")
    client.force_login(staff_user)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(
            reverse("admin:council_critique_changelist"),
            {"action": "run_again", "_selected_action": [queued_critique.pk, done.pk]},
            follow=True,
        )

    assert "1 queued again; 1 skipped" in response.content.decode()
    assert len(callbacks) == 1
    assert Critique.objects.get(pk=queued_critique.pk).status == "queued"
    assert Critique.objects.get(pk=done.pk).status == "complete"


def test_staff_run_a_stalled_audit_again_from_the_admin(
    client, staff_user, queued_audit, django_capture_on_commit_callbacks
):
    _stall(Audit, queued_audit.pk)
    client.force_login(staff_user)
    with django_capture_on_commit_callbacks(execute=False):
        response = client.post(
            reverse("admin:council_audit_changelist"),
            {"action": "run_again", "_selected_action": [queued_audit.pk]},
            follow=True,
        )
    assert "1 queued again; 0 skipped" in response.content.decode()
    assert Audit.objects.get(pk=queued_audit.pk).status == "queued"


def test_a_run_whose_heartbeat_stopped_is_stalled_within_a_minute(queued_critique):
    """The worker died 50 s ago (its last renewal); the run started long before."""
    now = timezone.now()
    _set(
        Critique,
        queued_critique.pk,
        status="running",
        started_at=now - timedelta(minutes=10),
        heartbeat_at=now - STALLED_AFTER - timedelta(seconds=5),
    )
    queued_critique.refresh_from_db()
    assert timedelta(minutes=1) > STALLED_AFTER
    assert queued_critique.stalled and queued_critique.retryable
    critique_retry(critique=queued_critique)
    assert Critique.objects.get(pk=queued_critique.pk).status == "queued"


@pytest.mark.django_db(transaction=True)  # the heartbeat writes from its own thread
def test_the_heartbeat_renews_the_lease_while_the_run_goes_on(queued_critique):
    from council.services.runs import run_heartbeat

    old = timezone.now() - timedelta(minutes=5)
    _set(Critique, queued_critique.pk, status="running", started_at=old, heartbeat_at=old)
    with run_heartbeat(Critique.objects.filter(pk=queued_critique.pk), every=0.05):
        deadline = time.monotonic() + 5
        while Critique.objects.get(pk=queued_critique.pk).heartbeat_at == old:
            assert time.monotonic() < deadline, "no heartbeat in 5 s"
            time.sleep(0.05)
    queued_critique.refresh_from_db()
    assert timezone.now() - queued_critique.heartbeat_at < timedelta(seconds=5)
    assert not queued_critique.stalled


def test_a_progress_update_the_database_refuses_does_not_fail_the_run(queued_critique, monkeypatch):
    # SQLite refuses a write for a moment while a poll reads ("table is locked"); the page's
    # progress may skip a step, the critique must still finish and keep its result.
    from django.db import OperationalError
    from django.db.models.query import QuerySet

    from council.services.critique import critique_run

    update = QuerySet.update
    refused = []

    def flaky(self, **fields):
        if "progress" in fields and len(refused) < 3:
            refused.append(fields)
            raise OperationalError("database table is locked: council_critique")
        return update(self, **fields)

    monkeypatch.setattr(QuerySet, "update", flaky)
    critique = critique_run(critique_id=queued_critique.pk)
    assert len(refused) == 3
    assert critique.status == Critique.Status.COMPLETE
    assert critique.result["points"]
    assert Critique.objects.get(pk=critique.pk).progress == critique.progress
