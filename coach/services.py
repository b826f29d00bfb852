"""Writes on coach sessions. Pages, the API, the admin and the benchmark all call these.

A tutor turn has two halves: ``turn_start`` (checks, saves the student's message, counts the
turn) runs before anything streams, and ``turn_events`` calls the model and yields the events
the client streams, saving the tutor's answer only once it has passed the contract's guards.
A failed model call changes nothing but the call log: the student's message stays, unanswered,
and ``turn_start(retry=True)`` answers it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from asgiref.sync import sync_to_async
from django.db import connection, transaction
from django.db.models import F
from django.utils.translation import gettext

from arguments.domain.toulmin import ToulminError
from arguments.models import Chain
from arguments.services import (
    ModelFailed,
    PhaseRejected,
    chain_create,
    chain_run,
    chain_submit_phase,
)
from coach.domain import conversion, events, provenance
from coach.domain.answer import AnswerReader, serve
from coach.domain.guards import CoachAIResult
from coach.domain.intent import Intent, classify, confirms_card, is_plain_no, rewrite_payload
from coach.domain.prompt import HISTORY_MESSAGES, turn_prompt
from coach.domain.steps import LANGUAGES, next_step
from coach.domain.turn import TurnInput, read_turn
from coach.domain.tutor import (
    completion_text,
    offline_turn,
    opening_text,
    set_aside_text,
    step_intro_text,
)
from coach.errors import (  # the refusals, raised here; callers name them services.X
    ChainNotReady,
    CoachError,
    DraftConflict,
    MessageTooLong,
    NoPendingProposal,
    NothingToRetry,
    ProposalStale,
    SessionCompleted,
    StepMismatch,
    TurnRateLimited,
)
from coach.models import (
    DRAFT_COLUMNS,
    CoachAutosave,
    CoachDraft,
    CoachMessage,
    CoachSession,
    CoachTurnAttempt,
)
from coach.selectors import pending_proposal
from toulmini_site.admission import slot
from toulmini_site.limits import now_datetime, quota_take
from toulmini_site.limits.rates import COACH_TURNS_PER_MINUTE, attempt_take
from toulmini_site.llm import LLMClient, LLMError
from toulmini_site.llm.providers import client_for, default_engine
from toulmini_site.llm.services import llm_calls_save
from toulmini_site.numbers import grouped
from toulmini_site.school import budget_release, work_guard
from toulmini_site.users import User
from toulmini_site.versions import StaleWrite, merge_fields

logger = logging.getLogger(__name__)

MESSAGE_MAX_CHARS = 5_000
TURNS_PER_MINUTE = COACH_TURNS_PER_MINUTE
TOPIC_MAX_CHARS = 300
PURPOSE = "coach.turn"
STEP_MESSAGES = 20  # the student's latest messages on the step, for the offline tutor


def now() -> datetime:
    """The current time, read on the limits' one clock; the one place tests replace it."""
    return now_datetime()


def engine() -> str:
    """The tutor engine: the configured language model, else the offline tutor."""
    return default_engine()


# -- sessions and drafts -------------------------------------------------------------------


@transaction.atomic
def session_create(*, owner: User, topic: str, language: str = "en") -> CoachSession:
    """A new session on the claim step, with an empty draft and the tutor's opening words."""
    topic = " ".join(topic.split())
    if not topic:
        raise CoachError(gettext("Give your argument a topic."))
    if len(topic) > TOPIC_MAX_CHARS:
        raise CoachError(
            gettext("The topic may be at most %(limit)s characters.") % {"limit": TOPIC_MAX_CHARS}
        )
    if language not in LANGUAGES:
        raise CoachError(gettext("The language must be 'en' or 'es'."))
    session = CoachSession.objects.create(owner=owner, topic=topic, language=language)
    CoachDraft.objects.create(session=session)
    CoachMessage.objects.create(
        session=session,
        role=CoachMessage.Role.ASSISTANT,
        text=opening_text(topic, language),
        step=session.current_step,
    )
    return session


def _bump_draft(
    session: CoachSession,
    expected_version: int | None,
    values: dict[str, str],
    provenance: dict[str, str] | None = None,
) -> None:
    """Write ``values`` (step -> text), and ``provenance`` when given, on the draft if it is
    still at ``expected_version``."""
    rows = CoachDraft.objects.filter(session=session)
    if expected_version is not None:
        rows = rows.filter(version=expected_version)
    columns: dict[str, Any] = {DRAFT_COLUMNS[step]: text for step, text in values.items()}
    if provenance is not None:
        columns["provenance"] = provenance
    updated = rows.update(**columns, version=F("version") + 1)
    if updated and values:
        _autosave_forget(session, set(values))  # the written parts' kept drafts go
    if not updated:
        current = CoachDraft.objects.get(session=session).version
        raise DraftConflict(
            gettext(
                "The draft changed in another tab or window (version %(current)s, yours "
                "%(yours)s). Reload to see the latest version."
            )
            % {"current": current, "yours": expected_version},
            draft_version=current,
        )


@transaction.atomic
def draft_update(
    *,
    session: CoachSession,
    values: dict[str, str],
    draft_version: int,
    base: dict[str, str] | None = None,
) -> CoachDraft:
    """Save fields edited by hand (step -> text); refused if the draft moved on meanwhile,
    unless ``base`` (the texts the page was loaded with) shows that no field was changed both
    here and there: then the two are merged field by field.

    Each part whose text changed is marked as the student's (``tutor_edited`` if it was an
    accepted tutor proposal); parts left unchanged keep their provenance.
    """
    unknown = sorted(set(values) - set(DRAFT_COLUMNS))
    if unknown:
        raise CoachError(
            gettext("Unknown draft fields: %(fields)s.") % {"fields": ", ".join(unknown)}
        )
    work_guard(work=session, model_backed=False)
    too_long = [step for step, text in values.items() if len(text) > MESSAGE_MAX_CHARS]
    if too_long:
        raise MessageTooLong(
            gettext("Each field may be at most %(limit)s characters (%(fields)s).")
            % {"limit": grouped(MESSAGE_MAX_CHARS), "fields": ", ".join(too_long)}
        )
    CoachSession.objects.select_for_update().get(pk=session.pk)
    current = CoachDraft.objects.get(session=session)
    cleaned = {step: text.strip() for step, text in values.items()}
    if base is not None and draft_version != current.version:
        saved = current.as_dict()
        merged = merge_fields(
            base={step: str(base.get(step, "")).strip() for step in cleaned},
            mine=cleaned,
            theirs={step: saved[step] for step in cleaned},
        )
        if merged.conflicts:
            raise DraftConflict(
                gettext(
                    "The draft changed in another tab or window, in the same parts you "
                    "edited. Nothing was saved: your text is in the boxes, the saved text "
                    "beside them."
                ),
                draft_version=current.version,
                current=saved,
                conflicts=list(merged.conflicts),
            )
        cleaned, draft_version = merged.values, current.version
    sources = provenance.after_hand_edit(
        current.provenance, before=current.as_dict(), after=cleaned
    )
    _bump_draft(session, draft_version, cleaned, sources)
    edited = now()
    CoachDraft.objects.filter(session=session).update(hand_edited_at=edited)
    CoachAutosave.objects.filter(session=session).delete()  # saved: the kept draft goes
    CoachSession.objects.filter(pk=session.pk).update(updated_at=edited)
    return CoachDraft.objects.get(session=session)


def _autosave_forget(session: CoachSession, steps: set[str]) -> None:
    """Drop ``steps`` from the session's kept draft (the whole draft once nothing is left)."""
    kept = CoachAutosave.objects.select_for_update().filter(session=session).first()
    if kept is None:
        return
    kept.values = {step: text for step, text in kept.values.items() if step not in steps}
    kept.bases = {step: text for step, text in kept.bases.items() if step in kept.values}
    if kept.values:
        kept.save(update_fields=["values", "bases"])
    else:
        kept.delete()


def autosave_write(
    *, session: CoachSession, values: dict[str, Any], based_on: int, version: int
) -> CoachAutosave | None:
    """Keep the text typed into the draft boxes (step -> text) on the server, unsaved.
    ``based_on`` is the draft version the page shows, ``version`` the autosave version it
    last knew (0: none). Refused (``StaleWrite``, 409, nothing written) when the draft was
    saved or written meanwhile, or another tab autosaved since. Returns the autosave, or None
    when every box holds what is saved (nothing kept)."""
    typed = {step: text for step, text in values.items() if step in DRAFT_COLUMNS}
    typed = {step: text for step, text in typed.items() if isinstance(text, str)}
    too_long = [step for step, text in typed.items() if len(text) > MESSAGE_MAX_CHARS]
    if too_long:
        raise MessageTooLong(
            gettext("Each field may be at most %(limit)s characters (%(fields)s).")
            % {"limit": grouped(MESSAGE_MAX_CHARS), "fields": ", ".join(too_long)}
        )
    with transaction.atomic():
        work_guard(work=session, model_backed=False)
        CoachSession.objects.select_for_update().get(pk=session.pk)
        draft = CoachDraft.objects.get(session=session)
        current = CoachAutosave.objects.select_for_update().filter(session=session).first()
        if based_on != draft.version:
            raise StaleWrite(
                gettext(
                    "The draft was saved or changed from another tab or window since you "
                    "opened the page, so your text was not kept here. Save to keep it."
                ),
                version=draft.version,
                current=draft.as_dict(),
            )
        if (current.version if current else 0) != version:
            raise StaleWrite(
                gettext(
                    "Another tab or window keeps a newer draft of these parts, so this one "
                    "was not kept. Reload the page to see it, or save to keep yours."
                ),
                version=current.version if current else 0,
                current=current.values if current else {},
                code="STALE_DRAFT",
            )
        saved = draft.as_dict()
        changed = {s: t for s, t in typed.items() if t.strip() != saved[s].strip()}
        if not changed:
            if current is not None:
                current.delete()
            return None
        if current is None:
            current = CoachAutosave(session=session, version=0)
        current.values = changed
        current.bases = {step: saved[step] for step in changed}
        current.based_on = draft.version
        current.version += 1
        current.saved_at = now()
        current.save()
    return current


def _advance(session: CoachSession) -> None:
    """Move ``session`` (locked) past its current step, or complete it on the rebuttal."""
    following = next_step(session.current_step)
    if following is None:  # the rebuttal, the last step
        session.status = CoachSession.Status.COMPLETED
        text = completion_text(session.language)
    else:
        session.current_step = following
        text = step_intro_text(following, session.language)
    session.save(update_fields=["current_step", "status", "updated_at"])
    CoachMessage.objects.create(
        session=session, role=CoachMessage.Role.ASSISTANT, text=text, step=session.current_step
    )


def proposal_confirm(*, session: CoachSession, draft_version: int | None = None) -> CoachSession:
    """Save the pending proposal to the draft, advance the step and start the next one.

    Refused (``NoPendingProposal``) when another tab already confirmed or rejected it,
    (``ProposalStale``) when the draft changed since the proposal was made (a hand edit: the
    proposal would overwrite it), (``DraftConflict``) when ``draft_version`` is given and the
    draft has moved on, and
    (``StepMismatch``) when the proposal was for a step the session has left; that proposal
    is then set aside for good.
    """
    with transaction.atomic():
        locked = CoachSession.objects.select_for_update().get(pk=session.pk)
        if locked.is_completed:
            raise SessionCompleted(gettext("This session is already complete."))
        pending = pending_proposal(locked)
        proposal = pending.proposal if pending is not None else None
        if pending is None or proposal is None:
            raise NoPendingProposal(gettext("There is no proposal waiting for confirmation."))
        if pending.proposal_is_stale(CoachDraft.objects.get(session=locked)):
            raise ProposalStale(
                gettext(
                    "The draft changed after this proposal was made, so it is out of date and "
                    "was not saved. Your draft is unchanged; ask again or reject it."
                )
            )
        stale = proposal["field"] != locked.current_step
        if stale:
            pending.proposal_decision = CoachMessage.Decision.SUPERSEDED
            pending.save(update_fields=["proposal_decision"])
        else:
            step = locked.current_step
            current = CoachDraft.objects.get(session=locked)
            typed = locked.messages.filter(role=CoachMessage.Role.USER, step=step)
            sources = provenance.after_confirm(
                current.provenance,
                step=step,
                value=proposal["value"],
                own_texts=(current.value(step), *typed.values_list("text", flat=True)),
            )
            _bump_draft(locked, draft_version, {step: proposal["value"]}, sources)
            pending.proposal_decision = CoachMessage.Decision.CONFIRMED
            pending.save(update_fields=["proposal_decision"])
            _advance(locked)
    if stale:
        raise StepMismatch(gettext("That proposal was for another step; it has been set aside."))
    return locked


@transaction.atomic
def proposal_reject(*, session: CoachSession) -> CoachSession:
    """Set the pending proposal aside and say so; the conversation goes on.

    The button and a typed "no" end the same way: without the tutor's word the card's
    "Confirm it to save it" would stay the newest bubble once the card has gone.
    """
    locked = CoachSession.objects.select_for_update().get(pk=session.pk)
    pending = pending_proposal(locked)
    if pending is None:
        raise NoPendingProposal(gettext("There is no proposal waiting for confirmation."))
    pending.proposal_decision = CoachMessage.Decision.REJECTED
    pending.save(update_fields=["proposal_decision"])
    if (pending.proposal or {}).get("field") == locked.current_step and not locked.is_completed:
        CoachMessage.objects.create(
            session=locked,
            role=CoachMessage.Role.ASSISTANT,
            text=set_aside_text(locked.current_step, locked.language),
            step=locked.current_step,
        )
    return locked


# -- tutor turns ---------------------------------------------------------------------------


def _count_turn(user: User, at: datetime) -> None:
    """Record one turn for ``user``, refusing the 21st within a minute (counted in the
    database, so every worker counts together: ``toulmini_site.limits.rates``)."""
    wait = attempt_take(
        rows=CoachTurnAttempt, user=user, limit=TURNS_PER_MINUTE, window=timedelta(minutes=1), at=at
    )
    if wait:
        raise TurnRateLimited(
            gettext(
                "You have sent %(limit)s messages in the last minute. Wait %(wait)s "
                "seconds and send again; your text has not been lost."
            )
            % {"limit": TURNS_PER_MINUTE, "wait": wait},
            retry_after=wait,
        )
    # The daily quota (shared cache); a refusal rolls the attempt above back with the turn.
    quota_take(user=user, work="coach_turn", model=engine() == "llm")


@dataclass(frozen=True)
class TurnStart:
    """The student's message a turn answers, with what ``turn_start`` already read for the
    turn, so ``turn_inputs`` reads it once."""

    message: CoachMessage
    intent: Intent
    draft: CoachDraft
    help_level: str
    # A model-backed classroom turn holds one call of the class budget until it ends.
    holds_budget: bool = False


def turn_start(
    *, session: CoachSession, user: User, message: str = "", retry: bool = False
) -> TurnStart:
    """Check a turn may run and return the student's message it answers (saved first).

    With ``retry``, the session's last message must be a student message left unanswered by a
    failed turn; it is answered again. Raises ``MessageTooLong``, ``TurnRateLimited``,
    ``SessionCompleted`` or ``NothingToRetry``; none of them saves anything. Classroom work
    may be refused too (turned in, or the class's model budget spent); a model-backed
    classroom turn holds one call of the class budget until ``turn_events`` saves its calls.

    The message's intent is classified here, once for the whole turn: it is saved with the
    message (the pressure, for the teacher) and handed on, with the draft and the teacher's
    help level, to ``turn_inputs`` (the ``TurnStart`` returned).
    """
    model_backed = engine() == "llm"
    submission = work_guard(work=session, model_backed=model_backed)
    try:
        turn = _turn_start(
            session=session, user=user, message=message, retry=retry, submission=submission
        )
        return replace(turn, holds_budget=submission is not None and model_backed)
    except BaseException:
        if submission is not None and model_backed:  # the call work_guard held
            budget_release(work=session)
        raise


def _turn_start(
    *, session: CoachSession, user: User, message: str, retry: bool, submission: Any
) -> TurnStart:
    # Practice outside a class gets full coaching; a class's assignment says how much.
    help_level = submission.assignment.tutor_help if submission is not None else "full"
    if len(message) > MESSAGE_MAX_CHARS:
        raise MessageTooLong(
            gettext(
                "Your message is %(length)s characters long; the limit is %(limit)s. "
                "Shorten it and send again."
            )
            % {"length": grouped(len(message)), "limit": grouped(MESSAGE_MAX_CHARS)}
        )
    with transaction.atomic():
        locked = (
            CoachSession.objects.select_for_update(of=("self",))
            .select_related("draft")
            .get(pk=session.pk)
        )
        if locked.is_completed:
            raise SessionCompleted(
                gettext("This session is complete; start a new one to keep practising.")
            )
        if retry:
            last = locked.messages.order_by("-created_at", "-id").first()
            if last is None or last.role != CoachMessage.Role.USER:
                raise NothingToRetry(gettext("There is no unanswered message to retry."))
            _count_turn(user, now())
            saved = last
        else:
            if not message.strip():
                raise CoachError(gettext("Write a message first."))
            _count_turn(user, now())
            intent = classify(message, topic=locked.topic)
            saved = CoachMessage.objects.create(
                session=locked,
                role=CoachMessage.Role.USER,
                text=message.strip(),
                step=locked.current_step,
                pressure=intent.pressure if intent.kind == "help" else "",
            )
    intent = classify(saved.text, topic=locked.topic) if retry else intent
    return TurnStart(message=saved, intent=intent, draft=locked.draft, help_level=help_level)


def turn_inputs(*, session: CoachSession, turn: TurnStart) -> dict[str, Any]:
    """What the tutor needs to answer the turn's message: read once, before the model call
    (one query for the conversation: ``turn_start`` handed on the rest)."""
    user_message, draft_row = turn.message, turn.draft
    intent, help_level = turn.intent, turn.help_level
    draft = draft_row.as_dict()
    step = user_message.step
    # One bounded read: the prompt's recent history and the student's latest messages on this
    # step (each with a tutor answer after it, so twice as many cover them).
    window = max(HISTORY_MESSAGES, 2 * STEP_MESSAGES)
    before = list(
        session.messages.filter(id__lt=user_message.id)
        .order_by("-id")
        .values(
            "role", "text", "step", "created_at", "proposal", "proposal_decision", "draft_version"
        )[:window]
    )[::-1]
    earlier = before[-HISTORY_MESSAGES:]
    on_step = [m for m in before if m["role"] == CoachMessage.Role.USER and m["step"] == step]
    step_messages = [m["text"] for m in on_step][-STEP_MESSAGES:]
    # A hand edit after the student's last attempt in the chat is their latest own text.
    edited = draft_row.hand_edited_at
    since_edit = [m["text"] for m in on_step if edited and m["created_at"] > edited]
    draft_is_latest = bool(edited) and not any(
        classify(text, topic=session.topic).is_attempt
        or (classify(text).kind == "rewrite" and rewrite_payload(text))
        for text in since_edit
    )
    # The card showing for this step, if any (still current: the draft has not moved on).
    cards = [
        (m["proposal"] or {}).get("value", "")
        for m in before
        if m["proposal_decision"] == CoachMessage.Decision.PENDING
        and (m["proposal"] or {}).get("field") == step
        and m["draft_version"] in (None, draft_row.version)
    ]
    return {
        "step": step,
        "language": session.language,
        "topic": session.topic,
        "card": cards[-1] if cards else "",
        # Whether a card may wait to be superseded (one in the window, or older than it).
        "may_have_pending": len(before) == window
        or any(m["proposal_decision"] == CoachMessage.Decision.PENDING for m in before),
        "draft": draft,
        "draft_value": draft[step],
        "draft_is_latest": draft_is_latest,
        "draft_version": draft_row.version,
        "user_message": user_message.text,
        "is_first_turn": not step_messages,
        "rewrite_requested": intent.kind == "rewrite",
        "intent": intent.kind,
        "pressure": intent.pressure,
        "step_messages": step_messages,
        "history": [{"role": m["role"], "text": m["text"]} for m in earlier],
        "help_level": help_level,
    }


def _error(code: str, message: str) -> dict[str, Any]:
    return events.error(code, message)


def typed_decision(*, session: CoachSession, turn: TurnStart) -> dict[str, Any] | None:
    """A plain "yes" ("ok", "vale", "sí"...) typed while a card shows confirms that card as
    its button does (``proposal_confirm``: same checks, same provenance) and ends the turn
    with the next step's opening; a plain "no" sets it aside as the reject button does. None
    when there is no such card or it cannot be decided (stale, another step): the tutor
    answers the message then."""
    saying_no = is_plain_no(turn.message.text)
    saying_yes = turn.intent.kind == "confirmation" or confirms_card(turn.message.text)
    if not saying_yes and not saying_no:
        return None
    pending = pending_proposal(session)
    if pending is None or (pending.proposal or {}).get("field") != turn.message.step:
        return None
    # An attempt written after the card (answered without a new one) is what a yes accepts.
    since = session.messages.filter(
        role=CoachMessage.Role.USER, id__gt=pending.pk, id__lt=turn.message.pk
    ).values_list("text", flat=True)
    if any(classify(text, topic=session.topic).is_attempt for text in since):
        return None
    try:
        if saying_no:
            locked = proposal_reject(session=session)
        else:
            locked = proposal_confirm(session=session)
    except CoachError:
        return None
    said = locked.messages.filter(role=CoachMessage.Role.ASSISTANT).order_by("-id").first()
    state = {
        "current_step": locked.current_step,
        "status": locked.status,
        "draft_version": CoachDraft.objects.get(session=locked).version,
    }
    return events.final(
        result={"assistantText": said.text if said else "", "step": locked.current_step},
        message_id=said.pk if said else 0,
        status="rejected" if saying_no else "confirmed",
        withheld=False,
        session=state,
    )


def turn_events(*, session: CoachSession, turn: TurnStart) -> Iterator[dict[str, Any]]:
    """Run the tutor on the turn's message (from ``turn_start``): yields ``partial`` events
    (the tutor's words, one checked sentence at a time), then one ``final`` event with the
    judged result, or one ``error`` event.

    Every answer takes ``coach.domain.answer.serve``: streamed text is released only after
    the structural check passed it, and the answer is saved only after the whole of it was
    judged; a withheld answer is saved as withheld. A failure saves nothing but the call
    log, so the student can retry.
    """
    try:
        confirmed = typed_decision(session=session, turn=turn)
    except BaseException:
        if turn.holds_budget:
            budget_release(work=session)
        raise
    if confirmed is not None:
        if turn.holds_budget:
            budget_release(work=session)
        yield confirmed
        return
    inputs = turn_inputs(session=session, turn=turn)
    read = read_turn(inputs)  # once: the tutor and every check of its answer read it
    client = client_for(engine())
    outcome: dict[str, Any] = {}
    try:
        try:
            chunks = tutor_chunks(client, inputs, read)
            for event in serve(chunks, read):
                if event["type"] == "partial":
                    yield event
                else:
                    outcome = event  # judged or invalid
        except LLMError as exc:
            yield _error("coach_stream_failed", exc.shown())
            return
        yield _finish(session=session, inputs=inputs, outcome=outcome)
    finally:
        records = client.drain_calls()
        if records:
            llm_calls_save(records=records, subject=session)
        if turn.holds_budget:
            budget_release(work=session)


async def aturn_events(*, session: CoachSession, turn: TurnStart) -> AsyncIterator[dict[str, Any]]:
    """``turn_events`` for an ASGI server: the wait on the model is a coroutine, not a
    thread (``toulmini_site.llm.streaming.astream``), bounded by the call's deadline; the
    database work before and after (the turn's inputs, the answer saved) runs in a thread,
    its connection handed back before the wait. If the student goes away the stream is
    cancelled: the model's connection is closed, the call log saved, the budget hold freed.
    """
    client: LLMClient | None = None
    closed = False
    try:
        # No slot (toulmini_site.admission) for this trip: the connection the turn's start
        # took is still this thread's; waiting here for a slot would keep it from the pool.
        confirmed = await sync_to_async(typed_decision)(session=session, turn=turn)
        if confirmed is not None:  # the budget hold is freed below (not ``closed``)
            yield confirmed
            return
        inputs = await sync_to_async(_inputs_then_close)(session=session, turn=turn)
        # Made in a thread: never on the event loop every other stream shares.
        client = await sync_to_async(client_for, thread_sensitive=False)(engine())
        read = read_turn(inputs)  # once: the tutor and every check of its answer read it
        reader = AnswerReader(read)
        outcome: dict[str, Any] = {}
        try:
            async for chunk in _atutor_chunks(client, inputs, read):
                for event in reader.feed(chunk):
                    yield event
            outcome = reader.end()[-1]
        except LLMError as exc:
            yield _error("coach_stream_failed", exc.shown())
            return
        # One trip to a thread and one connection for the answer, the call log and the hold:
        # 120 turns ending together each waited for two before. It takes a slot of this
        # process, like the turn's start: a class's turns end together too (a stream
        # cancelled while it waits for one still frees its hold, in the finally below).
        async with slot():
            closed = True  # by the trip below, whatever happens in it
            final = await sync_to_async(_finish_then_close)(
                session=session, inputs=inputs, outcome=outcome, turn=turn, client=client
            )
        yield final
    finally:
        if not closed:
            # Shielded: a stream cancelled because the student left still saves its call log.
            closing = sync_to_async(_turn_close)(session=session, turn=turn, client=client)
            await asyncio.shield(closing)


def _inputs_then_close(*, session: CoachSession, turn: TurnStart) -> dict[str, Any]:
    try:
        return turn_inputs(session=session, turn=turn)
    finally:
        connection.close()  # not held (nor a pool's slot) while the model answers


def _finish_then_close(
    *,
    session: CoachSession,
    inputs: dict[str, Any],
    outcome: dict[str, Any],
    turn: TurnStart,
    client: LLMClient,
) -> dict[str, Any]:
    try:
        return _finish(session=session, inputs=inputs, outcome=outcome)
    finally:
        _turn_close(session=session, turn=turn, client=client)


def _turn_close(*, session: CoachSession, turn: TurnStart, client: LLMClient | None) -> None:
    """Save the turn's call log (none without a ``client`` yet) and free the budget hold it
    took, if any."""
    try:
        records = client.drain_calls() if client is not None else []
        if records:
            llm_calls_save(records=records, subject=session)
        if turn.holds_budget:
            budget_release(work=session)
    finally:
        connection.close()


def _atutor_chunks(
    client: LLMClient, inputs: dict[str, Any], read: TurnInput | None = None
) -> AsyncIterator[str]:
    """``tutor_chunks`` awaited: a model's wait is a coroutine; the offline tutor computes
    its answer in a thread (it reads only the inputs)."""
    return client.astream_answer(
        PURPOSE,
        offline=lambda: offline_turn(read or inputs),
        messages=lambda: turn_prompt(inputs),
        inputs=inputs,
        schema=CoachAIResult,
    )


def tutor_chunks(
    client: LLMClient, inputs: dict[str, Any], read: TurnInput | None = None
) -> Iterator[str]:
    """The tutor's answer as it streams: the offline tutor is called directly (it reads the
    turn's inputs, or ``read``, the ``TurnInput`` the turn already read from them); a model
    gets the turn's prompt, and the schema asks the server for the answer's JSON where it
    can (the answer is judged whole by ``serve`` all the same)."""
    return client.answer_stream(
        PURPOSE,
        offline=lambda: offline_turn(read or inputs),
        messages=lambda: turn_prompt(inputs),
        inputs=inputs,
        schema=CoachAIResult,
    )


def _finish(
    *, session: CoachSession, inputs: dict[str, Any], outcome: dict[str, Any]
) -> dict[str, Any]:
    """Save a judged answer and, if it stands, apply an advance; or say why there is none."""
    if outcome.get("type") != "judged":
        if outcome.get("empty") or outcome.get("error") == "coach_empty_response":
            return _error("coach_empty_response", gettext("The tutor gave no answer. Try again."))
        if outcome.get("error"):
            return _error(
                "coach_validation_failed",
                gettext("The tutor's answer did not follow the expected format. Try again."),
            )
        return _error("coach_validation_failed", gettext("The tutor's answer was not readable."))
    result, status, withheld = outcome["result"], outcome["status"], outcome["withheld"]
    step = inputs["step"]
    with transaction.atomic():
        # One statement checks the session is still on this step (another tab may have moved
        # it on while the tutor answered), marks it active and locks its row to the end.
        still_here = CoachSession.objects.filter(
            pk=session.pk, current_step=step, status=CoachSession.Status.ACTIVE
        ).update(updated_at=now())
        if not still_here:
            return _error(
                "coach_step_mismatch",
                "The session moved on (another tab?) while the tutor was answering. Reload.",
            )
        proposal = result.proposedUpdate.model_dump() if result.proposedUpdate else None
        if proposal is not None and inputs.get("may_have_pending", True):
            CoachMessage.objects.filter(
                session_id=session.pk, proposal_decision=CoachMessage.Decision.PENDING
            ).update(proposal_decision=CoachMessage.Decision.SUPERSEDED)
        saved = CoachMessage.objects.create(
            session_id=session.pk,
            role=CoachMessage.Role.ASSISTANT,
            text=result.assistantText,
            step=step,
            proposal=proposal,
            proposal_status=status,
            proposal_decision=(
                CoachMessage.Decision.PENDING if proposal else CoachMessage.Decision.NONE
            ),
            confidence=result.confidence,
            draft_version=inputs["draft_version"] if proposal else None,
            result=result.model_dump(mode="json", exclude_none=True),
            withheld=withheld,
        )
        state = {
            "current_step": step,
            "status": CoachSession.Status.ACTIVE,
            "draft_version": inputs["draft_version"],
        }
        # With nothing to confirm, an advance the guards allowed happens now.
        if proposal is None and (result.shouldAdvance or result.isComplete):
            locked = CoachSession.objects.get(pk=session.pk)
            _bump_draft(locked, None, {})
            _advance(locked)
            state = {
                "current_step": locked.current_step,
                "status": locked.status,
                "draft_version": CoachDraft.objects.get(session=locked).version,
            }
    return events.final(
        result=result.model_dump(mode="json", exclude_none=True),
        message_id=saved.pk,
        status=status,
        withheld=withheld,
        session=state,
    )


def turn_run(
    *, session: CoachSession, user: User, message: str = "", retry: bool = False
) -> dict[str, Any]:
    """A whole turn without streaming (pages without JavaScript): the last event."""
    turn = turn_start(session=session, user=user, message=message, retry=retry)
    last: dict[str, Any] = {}
    for event in turn_events(session=session, turn=turn):
        last = event
    return last


# -- the Toulmin chain ---------------------------------------------------------------------


def session_chain_create(*, session: CoachSession) -> tuple[Any, str]:
    """Turn a completed session into a Toulmin chain (arguments app) that keeps the student's
    parts: phases 1-3 are the draft's parts verbatim (``coach.domain.conversion``), with only
    their strengths and the confidence judged, and the verdict is run by the chain's engine.

    Returns the chain and, when the arguments app refused a phase, its reason (the chain then
    waits at that phase for the student). A weak warrant or backing stops the chain as in any
    chain. Calling it again returns the same chain.
    """
    with transaction.atomic():
        locked = CoachSession.objects.select_for_update().get(pk=session.pk)
        if not locked.is_completed:
            raise ChainNotReady(gettext("Finish all seven steps before making a chain."))
        if locked.chain_id is not None:
            existing = Chain.objects.filter(pk=locked.chain_id, owner=locked.owner).first()
            if existing is not None:
                return existing, ""
        draft = CoachDraft.objects.get(session=locked).as_dict()
        try:
            chain = chain_create(
                owner=locked.owner,
                query=draft["claim"] or locked.topic,
                source_text=conversion.source_text(draft),
                engine="offline",
            )
        except ToulminError as error:
            raise CoachError(
                gettext("The chain could not be made: %(reason)s") % {"reason": error.message}
            ) from error
        Chain.objects.filter(pk=chain.pk).update(coach_session_id=locked.pk)
        locked.chain_id = chain.pk
        locked.save(update_fields=["chain_id", "updated_at"])
    # Stored with the chain's citations: in the language of the page that made it.
    reference = gettext("Coach session %(number)s") % {"number": locked.pk}
    try:
        chain = chain_submit_phase(
            chain=chain,
            phase=1,
            payload=conversion.phase_one_payload(draft, reference=reference),
            source="coach",
        )
        chain = chain_submit_phase(
            chain=chain,
            phase=2,
            payload=conversion.phase_two_payload(draft, reference=reference),
            source="coach",
        )
        if chain.status != Chain.Status.IN_PROGRESS:
            return chain, ""
        components = chain.state().as_json()
        chain = chain_submit_phase(
            chain=chain,
            phase=3,
            payload=conversion.phase_three_payload(draft, components, reference=reference),
            source="coach",
        )
    except PhaseRejected as rejected:
        return rejected.chain, rejected.error.message
    try:
        chain = chain_run(chain=chain, until="end")
    except (ToulminError, ModelFailed) as failure:
        chain.refresh_from_db()
        return chain, failure.message
    return chain, ""
