"""Audit services, task and models: seeded rubrics, persistence, failures, model calls."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.tasks import TaskResultStatus

from council.audit_tasks import audit_run_task
from council.domain.audit import StateMergeError
from council.models import Audit, AuditCriterionResult, Rubric, RubricCriterion
from council.services import audit as audit_services
from council.services.audit import (
    RubricUnusable,
    audit_create,
    audit_run,
    rubric_criteria,
    rubric_get,
    rubrics_seed,
)
from tests.council.audit_builders import (
    AUDIT_LEAKY_OPINION,
    AUDIT_OPINION,
    audit_answer,
    audit_make,
)
from toulmini_site.llm import LLMUnavailable
from toulmini_site.llm.models import LLMCall
from toulmini_site.text.documents import DocumentError

pytestmark = pytest.mark.django_db


# -- seeded rubrics ------------------------------------------------------------------------
def test_the_judicial_opinion_rubric_is_seeded_with_a_security_criterion():
    rubric = Rubric.objects.get(name="Judicial opinion")
    keys = list(rubric.criteria.values_list("key", flat=True))
    assert keys == ["transparency", "evidence_precedent", "balance", "clarity", "security"]
    security = rubric.criteria.get(is_security=True)
    assert "minors' names" in security.description and "AI" in security.description


def test_the_student_argument_rubric_is_seeded_with_the_toulmin_parts():
    keys = set(Rubric.objects.get(name="Student argument").criteria.values_list("key", flat=True))
    assert {"claim", "grounds", "warrant", "backing", "qualifier", "rebuttal"} <= keys


def test_seeding_again_creates_nothing_and_keeps_admin_edits():
    RubricCriterion.objects.filter(key="clarity").update(weight=Decimal("4.5"))
    assert rubrics_seed() == 0
    assert RubricCriterion.objects.get(key="clarity").weight == Decimal("4.5")
    assert Rubric.objects.count() == 2


def test_seeding_recreates_a_deleted_rubric():
    Rubric.objects.filter(name="Student argument").delete()
    assert rubrics_seed() == 1
    assert Rubric.objects.get(name="Student argument").criteria.count() == 7


def test_rubric_criteria_carry_weights_and_the_security_flag():
    criteria = rubric_criteria(rubric=Rubric.objects.get(name="Judicial opinion"))
    assert [c.weight for c in criteria] == [3.0, 3.0, 2.0, 1.0, 1.0]
    assert [c.id for c in criteria if c.is_security] == ["security"]


@pytest.mark.parametrize(
    ("name", "code"), [("Horoscope", "unknown_rubric"), ("Empty", "empty_rubric")]
)
def test_an_unknown_or_empty_rubric_is_unusable(name, code):
    Rubric.objects.create(name="Empty")
    with pytest.raises(RubricUnusable) as excinfo:
        rubric_get(name=name)
    assert excinfo.value.code == code


def test_no_rubric_name_means_the_judicial_opinion_rubric():
    assert rubric_get(name="").name == "Judicial opinion"


# -- database constraints ------------------------------------------------------------------
def test_a_rubric_has_at_most_one_security_criterion():
    rubric = Rubric.objects.get(name="Judicial opinion")
    with pytest.raises(IntegrityError), transaction.atomic():
        RubricCriterion.objects.create(
            rubric=rubric, key="leaks", name="Leaks", is_security=True, analyzer="security"
        )


def test_a_criterion_weight_must_be_positive():
    rubric = Rubric.objects.get(name="Judicial opinion")
    with pytest.raises(IntegrityError), transaction.atomic():
        RubricCriterion.objects.create(
            rubric=rubric, key="zero", name="Zero", weight=0, analyzer="clarity"
        )


def test_the_database_refuses_a_score_outside_1_to_5(owner, django_capture_on_commit_callbacks):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    with pytest.raises(IntegrityError), transaction.atomic():
        Audit.objects.filter(pk=audit.pk).update(global_score=Decimal("5.1"))
    with pytest.raises(IntegrityError), transaction.atomic():
        AuditCriterionResult.objects.filter(audit=audit).update(numeric_score=6)


# -- creating and running ------------------------------------------------------------------
def test_creating_an_audit_queues_it_and_copies_the_rubric_as_used(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        audit = audit_create(owner=owner, text=AUDIT_OPINION, case_id=" C-9 ")
    assert audit.status == Audit.Status.QUEUED and len(callbacks) == 1
    assert (audit.case_id, audit.court_name, audit.engine) == ("C-9", "Unknown", "offline")
    weights = dict(audit.results.values_list("criterion_id", "weight"))
    assert weights["transparency"] == Decimal("3.00")
    assert set(audit.results.values_list("status", flat=True)) == {"pending"}


def test_an_offline_audit_runs_to_a_saved_report(owner, django_capture_on_commit_callbacks):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    assert audit.status == Audit.Status.DONE
    assert audit.global_score is not None and 1 <= audit.global_score <= 5
    assert audit.report["global_score"] == float(audit.global_score)
    assert audit.security_violation is False
    rows = list(audit.results.all())
    assert {r.status for r in rows} == {"done"}
    assert all(e["content"] in AUDIT_OPINION for r in rows for e in r.evidence)
    assert audit.started_at <= audit.finished_at


def test_each_criterion_makes_one_model_call_saved_against_the_audit(
    owner, django_capture_on_commit_callbacks
):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    calls = LLMCall.objects.filter(object_id=audit.pk, purpose="audit.criterion")
    assert calls.count() == 5
    assert set(calls.values_list("provider", flat=True)) == {"offline"}


def test_a_leaky_opinion_is_flagged_and_capped(owner, django_capture_on_commit_callbacks):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner, text=AUDIT_LEAKY_OPINION)
    assert audit.security_violation is True
    assert audit.global_score <= Decimal("3.0")
    security = audit.results.get(criterion_id="security")
    assert security.security_violation_found and security.numeric_score == 1


def test_later_rubric_edits_do_not_change_a_past_audit(owner, django_capture_on_commit_callbacks):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    RubricCriterion.objects.filter(key="transparency").update(weight=9)
    assert audit.results.get(criterion_id="transparency").weight == Decimal("3.00")


def test_with_a_model_configured_audits_use_it(owner, fake_llm, django_capture_on_commit_callbacks):
    client = fake_llm(lambda request: audit_answer(4))
    audit = audit_make(
        django_capture_on_commit_callbacks, owner=owner, rubric_name="Student argument"
    )
    assert audit.engine == "llm"
    assert len(client.requests) == 7
    assert audit.global_score == Decimal("4.0")
    assert LLMCall.objects.filter(object_id=audit.pk, provider="fake").count() == 7


def test_a_criterion_the_model_fails_is_left_out_and_shown(
    owner, fake_llm, django_capture_on_commit_callbacks
):
    def handler(request):
        if request.inputs["criterion_id"] == "clarity":
            return LLMUnavailable("The language model server answered 503.")
        return audit_answer(2)

    fake_llm(handler)
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    clarity = audit.results.get(criterion_id="clarity")
    assert (clarity.status, clarity.error) == ("failed", "The language model server answered 503.")
    assert audit.status == Audit.Status.DONE and audit.global_score == Decimal("2.0")
    assert "Not assessed" in audit.summary


def test_an_audit_nothing_could_score_fails_with_the_reasons(
    owner, fake_llm, django_capture_on_commit_callbacks
):
    fake_llm(lambda request: LLMUnavailable("down"))
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    assert audit.status == Audit.Status.FAILED
    assert (
        audit.error.startswith("No criterion could be scored.") and "clarity: down" in audit.error
    )
    assert audit.global_score is None


def test_an_llm_audit_fails_cleanly_once_the_model_is_unconfigured(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=AUDIT_OPINION)
    Audit.objects.filter(pk=audit.pk).update(engine="llm")
    audit = audit_run(audit_id=audit.pk)
    assert audit.status == Audit.Status.FAILED and "LLM_MODEL" in audit.error


def test_a_state_merge_error_fails_the_audit(
    owner, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(**kwargs):
        raise StateMergeError("evidences['a'] (update): expected a list, got str")

    monkeypatch.setattr(audit_services, "audit_graph_run", broken)
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    assert audit.status == Audit.Status.FAILED
    assert audit.error == "The audit stopped: evidences['a'] (update): expected a list, got str"


def test_running_a_finished_audit_again_changes_nothing(owner, django_capture_on_commit_callbacks):
    audit = audit_make(django_capture_on_commit_callbacks, owner=owner)
    calls = LLMCall.objects.count()
    again = audit_run(audit_id=audit.pk)
    assert again.finished_at == audit.finished_at and LLMCall.objects.count() == calls


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("  ", "DOCUMENT_EMPTY"),
        ("bin\x00ary", "DOCUMENT_BINARY"),
        ("x" * 100_001, "DOCUMENT_TOO_LONG"),
    ],
)
def test_unusable_documents_are_refused_before_anything_is_saved(owner, text, code):
    with pytest.raises(DocumentError) as excinfo:
        audit_create(owner=owner, text=text)
    assert excinfo.value.code == code
    assert Audit.objects.count() == 0


def test_the_task_runs_the_audit_and_returns_its_status(owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=AUDIT_OPINION)
    result = audit_run_task.enqueue(audit_id=audit.pk)
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert result.return_value == "done"


def test_an_audit_another_worker_claimed_is_not_run_twice(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        audit = audit_create(owner=owner, text=AUDIT_OPINION)
    Audit.objects.filter(pk=audit.pk).update(status=Audit.Status.RUNNING)
    assert audit_run(audit_id=audit.pk).status == Audit.Status.RUNNING
    assert LLMCall.objects.count() == 0
