"""Audits: seed the rubrics, create an audit, run it (in a task), run one without saving."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.tasks import task
from django.utils import timezone
from django.utils.translation import gettext

from council.domain.audit import (
    UNKNOWN,
    AgentState,
    Criterion,
    CriterionResult,
    Evidence,
    JudicialOpinion,
    StateMergeError,
)
from council.domain.audit.rubrics import DEFAULT_RUBRIC, SEED_RUBRICS
from council.domain.runs import RunNotRetryable
from council.domain.wording import ERRORS, audit_written
from council.models import Audit, AuditCriterionResult, Rubric, RubricCriterion
from council.said import errors_written
from council.services import offline, runs
from council.services.audit_graph import audit_graph_run
from toulmini_site.limits import quota_give_back, quota_take
from toulmini_site.llm import LLMClient, LLMError
from toulmini_site.llm.providers import client_for, default_engine
from toulmini_site.llm.services import llm_calls_save
from toulmini_site.refusals import Refusal
from toulmini_site.text.documents import DocumentError, require_sentence, validate_document
from toulmini_site.users import User

logger = logging.getLogger(__name__)


class RubricUnusable(Refusal, ValueError):
    """The rubric does not exist or has no criteria; ``code`` is stable (``unknown_rubric``,
    ``empty_rubric``; upper case in the API body, as every code there)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message, code=code, details=[{"loc": "rubric", "msg": message}])

    @property
    def payload(self) -> dict[str, Any]:
        return {**super().payload, "code": self.code.upper()}


def rubrics_seed(*, rubric_model: Any = Rubric, criterion_model: Any = RubricCriterion) -> int:
    """Create the seeded rubrics that do not exist yet; returns how many were created.

    Idempotent, and never touches an existing rubric (the admin may have edited it). The model
    classes can be passed in so a data migration can use its historical models.
    """
    created = 0
    for seed in SEED_RUBRICS:
        rubric, made = rubric_model.objects.get_or_create(
            name=seed.name, defaults={"description": seed.description}
        )
        if not made:
            continue
        created += 1
        criterion_model.objects.bulk_create(
            criterion_model(
                rubric=rubric,
                key=c.id,
                name=c.name,
                description=c.description,
                weight=Decimal(str(c.weight)),
                is_security=c.is_security,
                analyzer=c.analyzer,
                position=position,
            )
            for position, c in enumerate(seed.criteria)
        )
    return created


def audit_engine() -> str:
    """The engine new audits use: the language model when one is configured, else offline."""
    return default_engine()


def rubric_get(*, name: str | None) -> Rubric:
    """The rubric called ``name`` (the default rubric when empty), with at least one criterion.

    Raises ``RubricUnusable`` (code ``unknown_rubric`` or ``empty_rubric``).
    """
    name = (name or "").strip() or DEFAULT_RUBRIC
    rubric = Rubric.objects.filter(name=name).first()
    if rubric is None:
        known = ", ".join(Rubric.objects.values_list("name", flat=True)) or "none"
        raise RubricUnusable(
            gettext("There is no rubric called %(name)s (known: %(known)s).")
            % {"name": repr(name), "known": known},
            code="unknown_rubric",
        )
    if not rubric.criteria.exists():
        raise RubricUnusable(
            gettext("The rubric %(name)s has no criteria.") % {"name": repr(name)},
            code="empty_rubric",
        )
    return rubric


def rubric_criteria(*, rubric: Rubric) -> list[Criterion]:
    """The rubric's criteria as the graph receives them, in order."""
    return [
        Criterion(
            id=c.key,
            name=c.name,
            description=c.description,
            weight=float(c.weight),
            is_security=c.is_security,
            analyzer=c.analyzer,
        )
        for c in rubric.criteria.all()
    ]


def audit_create(
    *,
    owner: User,
    text: str,
    rubric_name: str | None = None,
    case_id: str = "",
    court_name: str = "",
    filename: str = "",
    keep_unreadable: bool = False,
) -> Audit:
    """Save a queued audit of ``text`` (its rubric's criteria and weights copied as used) and
    enqueue its run once the transaction commits.

    Raises ``DocumentError`` for an unusable document (for the offline engine, also one in a
    language it cannot read, unless ``keep_unreadable``: work handed in is kept, and its run
    fails with that message), ``RubricUnusable``, and ``LimitExceeded`` over the daily quota
    (nothing saved).
    """
    document = require_sentence(validate_document(text))
    rubric = rubric_get(name=rubric_name)
    engine = audit_engine()
    if engine == "offline" and not keep_unreadable:
        offline.require_readable(document)
    quota_take(user=owner, work="audit", model=engine == "llm")
    with transaction.atomic():
        audit = Audit.objects.create(
            owner=owner,
            rubric=rubric,
            rubric_name=rubric.name,
            document=document,
            filename=filename[:255],
            case_id=case_id.strip()[:200] or UNKNOWN,
            court_name=court_name.strip()[:200] or UNKNOWN,
            engine=engine,
        )
        AuditCriterionResult.objects.bulk_create(
            AuditCriterionResult(
                audit=audit,
                criterion_id=c.key,
                name=c.name,
                description=c.description,
                weight=c.weight,
                is_security=c.is_security,
                analyzer=c.analyzer,
                position=position,
            )
            for position, c in enumerate(rubric.criteria.all())
        )
    transaction.on_commit(lambda: audit_run_task.enqueue(audit_id=audit.pk))
    return audit


def audit_retry(*, audit: Audit) -> Audit:
    """Queue a failed or stalled audit again with the same document and criteria as used,
    every result back to pending. The reset is one conditional UPDATE, so two clicks queue
    one run.

    A retry runs the audit again, so it counts against the daily quota like a new audit
    (given back when the audit turns out not to be retryable). Raises ``RunNotRetryable``
    when the audit is queued, running normally or done, ``LimitExceeded`` over quota.
    """
    model = audit.engine == "llm"
    paid = not audit.never_finished  # a stalled or reaped run was paid for already: free
    if paid:
        quota_take(user=audit.owner, work="audit", model=model)
    try:
        return _requeue(audit)
    except RunNotRetryable:
        if paid:
            quota_give_back(user=audit.owner, work="audit", model=model)
        raise


def audit_reset(audit: Audit) -> dict[str, Any]:  # noqa: ARG001
    """The fields an audit queued again starts from (a retry, or the reaper's requeue)."""
    return {"global_score": None, "summary": "", "security_violation": False, "report": None}


def audit_results_reset(audit: Audit) -> None:
    """Every criterion of an audit queued again back to pending."""
    audit.results.update(
        status=AuditCriterionResult.Status.PENDING,
        numeric_score=None,
        reasoning="",
        security_violation_found=False,
        relevance_confidence=None,
        evidence=[],
        said={},
        error="",
    )


def _requeue(audit: Audit) -> Audit:
    with transaction.atomic():
        runs.run_requeue(
            Audit.objects.filter(pk=audit.pk),
            reset=audit_reset(audit),
            enqueue=lambda: audit_run_task.enqueue(audit_id=audit.pk),
        )
        audit.results.update(
            status=AuditCriterionResult.Status.PENDING,
            numeric_score=None,
            reasoning="",
            security_violation_found=False,
            relevance_confidence=None,
            evidence=[],
            said={},
            error="",
        )
    audit.refresh_from_db()
    return audit


def _criteria_of(audit: Audit) -> list[Criterion]:
    return [
        Criterion(
            id=r.criterion_id,
            name=r.name,
            description=r.description,
            weight=float(r.weight),
            is_security=r.is_security,
            analyzer=r.analyzer,
        )
        for r in audit.results.all()
    ]


def _result_save(
    audit: Audit,
    criterion_id: str,
    result: CriterionResult | None,
    evidence: list[Evidence],
    error: str,
) -> None:
    """Record one finished criterion (called as the graph streams: the progress bar)."""
    row = AuditCriterionResult.objects.get(audit=audit, criterion_id=criterion_id)
    if result is None:
        logger.warning("Audit %s: criterion %s not assessed: %s", audit.pk, criterion_id, error)
        row.status, row.error = AuditCriterionResult.Status.FAILED, error
        row.said = errors_written(error)
    else:
        row.status = AuditCriterionResult.Status.DONE
        row.numeric_score = result.numeric_score
        row.reasoning = result.reasoning
        row.security_violation_found = result.security_violation_found
        row.relevance_confidence = result.relevance_confidence
        row.evidence = [e.model_dump() for e in evidence]
        # the key and parameters of each sentence the auditor wrote, to show it in any language
        row.said = {
            **errors_written(result.reasoning),  # a refusal of the text's language
            **audit_written(result.reasoning, [e.source_ref for e in evidence]),
        }
    row.save()


def _fail(audit: Audit, message: str) -> None:
    audit.status = Audit.Status.FAILED
    audit.error = message
    audit.said = errors_written(message)  # to show it in any language
    audit.finished_at = timezone.now()
    audit.save(update_fields=["status", "error", "said", "finished_at"])


def audit_run(*, audit_id: int, client: LLMClient | None = None) -> Audit:
    """Run a queued audit: every criterion in parallel, each saved as it finishes, then the
    report. A failed criterion is left out of the score; when none could be scored, the
    model or the state merge fails, or the offline engine cannot read the text's language,
    the audit is marked failed with the reason. An audit that
    is not queued is left as it is (a repeated task does nothing). Model calls are saved
    against the audit.
    """
    claimed = runs.run_claim(Audit.objects.filter(pk=audit_id))
    audit = Audit.objects.get(pk=audit_id)
    if not claimed:
        return audit
    try:
        client = client or client_for(audit.engine)
    except LLMError as exc:
        _fail(audit, str(exc))
        return audit
    document = JudicialOpinion(
        text=audit.document,
        case_id=audit.case_id or UNKNOWN,
        court_name=audit.court_name or UNKNOWN,
    )
    try:
        with runs.run_heartbeat(Audit.objects.filter(pk=audit.pk)):
            state = audit_graph_run(
                client=client,
                document=document,
                criteria=_criteria_of(audit),
                on_result=lambda *args: _result_save(audit, *args),
            )
    except (StateMergeError, LLMError) as exc:
        _fail(audit, ERRORS.say("error.audit", reason=exc))
        return audit
    except DocumentError as exc:  # a text the offline engine cannot read (queued before)
        _fail(audit, str(exc))
        return audit
    except Exception:
        logger.exception("Audit %s crashed", audit.pk)
        _fail(audit, ERRORS.say("error.audit_unexpected"))
        raise
    finally:
        llm_calls_save(records=client.drain_calls(), subject=audit)
    return _report_save(audit, state)


def _report_save(audit: Audit, state: AgentState) -> Audit:
    report = state.get("report")
    if report is None:
        failures = state.get("failures") or {}
        reasons = "; ".join(f"{k}: {v}" for k, v in sorted(failures.items()))
        if reasons:
            _fail(audit, ERRORS.say("error.no_criterion_because", reasons=reasons))
        else:
            _fail(audit, ERRORS.say("error.no_criterion"))
        return audit
    audit.status = Audit.Status.DONE
    audit.global_score = Decimal(str(report.global_score))
    audit.summary = report.summary
    audit.security_violation = any(r.security_violation_found for r in report.criterion_results)
    audit.report = report.model_dump(mode="json")
    audit.finished_at = timezone.now()
    audit.save()
    return audit


def audit_document_run(
    *,
    text: str,
    rubric_name: str | None = None,
    case_id: str = "",
    court_name: str = "",
) -> tuple[AgentState, list[Criterion]]:
    """Audit ``text`` without saving an audit (the ``audit`` command): the final state and the
    criteria used. Model calls are still recorded, against no subject.

    Raises ``DocumentError``, ``RubricUnusable``, ``LLMError`` and ``StateMergeError``.
    """
    document = JudicialOpinion(
        text=validate_document(text),
        case_id=case_id.strip() or UNKNOWN,
        court_name=court_name.strip() or UNKNOWN,
    )
    criteria = rubric_criteria(rubric=rubric_get(name=rubric_name))
    client = client_for(audit_engine())
    try:
        state = audit_graph_run(client=client, document=document, criteria=criteria)
    finally:
        llm_calls_save(records=client.drain_calls(), subject=None)
    return state, criteria


@task
def audit_run_task(*, audit_id: int) -> str:
    """Run the audit ``audit_id``; returns its final status."""
    return audit_run(audit_id=audit_id).status
