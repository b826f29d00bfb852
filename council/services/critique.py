"""Critique services: create a critique, run the council on it, and save what it found.

The council (``council.services.critique_council`` over the pure ``council.domain.critique``)
never touches the database: ``critique_run``
loads the document, runs the council with a client, and saves trees, result and model calls.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import OperationalError, transaction
from django.tasks import task
from django.utils import timezone

from council.domain.critique.agents import AGENT_NAMES
from council.domain.critique.council import initial_progress
from council.domain.critique.formatter import format_critique_output
from council.domain.critique.synthesis import DEFAULT_THRESHOLD
from council.domain.runs import RunNotRetryable
from council.domain.wording import ERRORS
from council.models import Critique
from council.said import critique_written
from council.services import offline, runs
from council.services.critique_council import critique_goal_document, run_critique_council
from toulmini_site.limits import quota_give_back, quota_take
from toulmini_site.llm.client import LLMClient, LLMError
from toulmini_site.llm.providers import client_for, default_engine
from toulmini_site.llm.services import llm_calls_save
from toulmini_site.text.documents import DocumentError, validate_document
from toulmini_site.users import User

logger = logging.getLogger(__name__)

__all__ = [
    "DocumentError",
    "LLMError",
    "critique_create",
    "critique_engine",
    "critique_retry",
    "critique_run",
    "critique_text",
]


def critique_text(*, path: str, engine: str | None = None, max_depth: int = 3) -> str:
    """The formatted critique of the file at ``path``, saving nothing (the council's original
    entry point, for the command line).

    Raises ``FileNotFoundError``/``OSError`` when the file cannot be read, ``DocumentError``
    when it is empty, binary or too long, and ``LLMError`` for ``"llm"`` with no model.
    """
    client = client_for(engine or critique_engine())
    return critique_goal_document(path, client=client, max_depth=max_depth)


def critique_engine() -> str:
    """``"llm"`` when a language model is configured, else the offline philosophers."""
    return default_engine()


def critique_create(
    *,
    owner: User,
    title: str,
    text: str,
    engine: str | None = None,
    max_depth: int = 3,
    threshold: float = DEFAULT_THRESHOLD,
    enqueue: bool = True,
    keep_unreadable: bool = False,
) -> Critique:
    """Store a queued critique of ``text`` and enqueue its run once the transaction commits
    (with ``enqueue=False`` the caller runs it: ``critique_run``).

    Raises ``DocumentError`` when the text is empty, binary or longer than the limit, or for
    the offline engine in a language it cannot read (unless ``keep_unreadable``: work handed
    in is kept, and its run fails with that message), and ``LimitExceeded`` over the daily
    quota (nothing saved or queued).
    """
    text = validate_document(text)
    engine = engine or critique_engine()
    if engine == Critique.Engine.OFFLINE and not keep_unreadable:
        offline.require_readable(text)
    quota_take(user=owner, work="critique", model=engine == Critique.Engine.LLM)
    with transaction.atomic():
        critique = Critique.objects.create(
            owner=owner,
            title=title.strip()[:200] or _title_from(text),
            document=text,
            engine=engine,
            max_depth=max_depth,
            threshold=threshold,
            progress=initial_progress(AGENT_NAMES, max_depth),
        )
        if enqueue:
            transaction.on_commit(lambda: critique_run_task.enqueue(critique_id=critique.pk))
    return critique


def critique_retry(*, critique: Critique) -> Critique:
    """Queue a failed or stalled critique again: same document, depth and threshold, a clean
    result. The reset is one conditional UPDATE, so two clicks queue one run; the calls of
    the earlier attempt stay recorded against the critique.

    A retry of a run that finished (failed) runs the council again, so it counts against the
    daily quota like a new critique (given back when the run turns out not to be
    retryable); a run that never finished (stalled, or given up by the reaper) was already
    paid for, so its retry is free. Raises ``RunNotRetryable`` when the critique is queued,
    running normally or finished well, ``LimitExceeded`` over quota.
    """
    model = critique.engine == Critique.Engine.LLM
    paid = not critique.never_finished
    if paid:
        quota_take(user=critique.owner, work="critique", model=model)
    try:
        _requeue(critique, critique_run_task)
    except RunNotRetryable:
        if paid:
            quota_give_back(user=critique.owner, work="critique", model=model)
        raise
    critique.refresh_from_db()
    return critique


def critique_reset(critique: Critique) -> dict[str, Any]:
    """The fields a critique queued again starts from (a retry, or the reaper's requeue)."""
    return {
        "progress": initial_progress(AGENT_NAMES, critique.max_depth),
        "trees": {},
        "adjustments": {},
        "result": {},
        "formatted": "",
        "said": {},
        "model_calls": 0,
        "tokens_in": 0,
        "tokens_out": 0,
    }


def _requeue(critique: Critique, critique_run_task: Any) -> None:
    runs.run_requeue(
        Critique.objects.filter(pk=critique.pk),
        reset=critique_reset(critique),
        enqueue=lambda: critique_run_task.enqueue(critique_id=critique.pk),
    )


def critique_run(*, critique_id: int, client: LLMClient | None = None) -> Critique:
    """Run the council for a queued critique and save the outcome.

    A critique that is not queued (it ran, or another worker is running it) is returned as
    it is. The status ends ``complete``, ``degraded`` (some agent, node or call failed, and the
    result says which) or ``failed`` (no agent produced anything, or the run broke).
    Every model call is saved against the critique, whatever the outcome.
    """
    claimed = runs.run_claim(Critique.objects.filter(pk=critique_id))
    critique = Critique.objects.get(pk=critique_id)
    if not claimed:
        return critique
    try:
        client = client or client_for(critique.engine)
    except LLMError as exc:
        return _fail(critique, str(exc))

    def on_progress(progress: dict[str, Any]) -> None:
        # Progress is for the page that polls; the result is saved at the end. A progress
        # write the database refuses for a moment (SQLite: "table is locked" while a poll
        # reads) is skipped, not allowed to fail the whole run; the next one carries it.
        try:
            Critique.objects.filter(pk=critique.pk).update(
                progress=progress, said=critique_written(progress=progress)
            )
        except OperationalError:
            logger.warning("Critique %s: a progress update was skipped", critique.pk)

    try:
        with runs.run_heartbeat(Critique.objects.filter(pk=critique.pk)):
            data = run_critique_council(
                critique.document,
                client=client,
                max_depth=critique.max_depth,
                threshold=critique.threshold,
                on_progress=on_progress,
            )
    except DocumentError as exc:  # a text the offline philosophers cannot read (queued before)
        _calls_save(critique, client)
        return _fail(critique, ERRORS.say("error.council", reason=exc))
    except Exception as exc:
        logger.exception("Critique %s failed", critique.pk)
        _calls_save(critique, client)
        message = str(exc) if isinstance(exc, LLMError) else ERRORS.say("error.internal")
        return _fail(critique, ERRORS.say("error.council", reason=message))
    return _result_save(critique, client, data)


@transaction.atomic
def _result_save(critique: Critique, client: LLMClient, data: dict[str, Any]) -> Critique:
    calls = _calls_save(critique, client)
    if len(data["agents_failed"]) == len(AGENT_NAMES):
        critique.status = Critique.Status.FAILED
        critique.error = ERRORS.say("error.every_agent")
    elif data["degraded"]:
        critique.status = Critique.Status.DEGRADED
    else:
        critique.status = Critique.Status.COMPLETE
    critique.trees = data["trees"]
    critique.adjustments = data["adjustments"]
    critique.progress = data["progress"]
    critique.result = {
        key: data[key]
        for key in ("final_assessment", "points", "no_findings", "degraded", "failures")
    }
    critique.model_calls = len(calls)
    critique.tokens_in = sum(c.tokens_in for c in calls)
    critique.tokens_out = sum(c.tokens_out for c in calls)
    critique.formatted = format_critique_output(data, usage=critique.usage)
    # the key and parameters of each sentence the council wrote, to show it in any language
    critique.said = critique_written(
        trees=critique.trees,
        adjustments=critique.adjustments,
        result=critique.result,
        progress=critique.progress,
        error=critique.error,
    )
    critique.finished_at = timezone.now()
    critique.save()
    return critique


def _calls_save(critique: Critique, client: LLMClient) -> list:
    records = client.drain_calls()
    llm_calls_save(records=records, subject=critique)
    return records


def _fail(critique: Critique, message: str) -> Critique:
    critique.status = Critique.Status.FAILED
    critique.error = message
    critique.said = {**critique.said, **critique_written(error=message)}
    critique.finished_at = timezone.now()
    critique.save(update_fields=["status", "error", "said", "finished_at"])
    return critique


def _title_from(text: str) -> str:
    first = " ".join(text.strip().split()[:8])
    return (first[:77] + "...") if len(first) > 80 else first


@task
def critique_run_task(*, critique_id: int) -> str:
    """Run the council for critique ``critique_id``; returns its final status."""
    return critique_run(critique_id=critique_id).status
