"""Writes on argument chains. Views, the API, the admin, commands and MCP all call these."""

from __future__ import annotations

import copy
import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any, Literal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from pydantic import BaseModel

from arguments.domain.aif import aif_import
from arguments.domain.analyzer import NotInText
from arguments.domain.confidence import CLAIM_SURE, claim_unsure
from arguments.domain.corrections import owner_roles_kept, qualifier_held
from arguments.domain.document import DocumentReading
from arguments.domain.fallacies import (
    TEXT_MAX,
    FallacyFinding,
    ModelFallacies,
    findings_from_model,
)
from arguments.domain.language import unreadable
from arguments.domain.prompts import fallacy_messages, phase_messages, phase_prompt
from arguments.domain.reading import PINNABLE, ClaimCandidate
from arguments.domain.sequence import chain_state
from arguments.domain.toulmin import (
    COMPONENT_ORDER,
    PHASES,
    ChainState,
    ToulminError,
    apply_phase,
    clean_query,
    evaluate,
)
from arguments.domain.wording import shown, written
from arguments.models import Chain, ChainCorrection, PhaseAttempt
from arguments.offline import (
    analyzer_phase,
    check_fallacies,
    document_reading,
    model_claim_meant,
    model_claim_reading,
    sentence_reading,
)
from arguments.vocabulary import said_shown
from toulmini_site.limits import cache as limits_cache
from toulmini_site.limits import quota_take, run_lock_release, run_lock_take
from toulmini_site.llm import LLMClient, LLMError
from toulmini_site.llm.providers import client_for, default_engine, llm_configured
from toulmini_site.llm.services import llm_calls_save
from toulmini_site.refusals import Refusal
from toulmini_site.school import budget_release, submission_chain_revise, work_guard
from toulmini_site.text.sentences import sentences
from toulmini_site.users import User

SOURCE_TEXT_MAX = 50_000
# Longer than any run (four phases on a slow model with retries); a crashed run's lock ends.
CHAIN_RUN_LOCK_SECONDS = 600
FALLACY_CACHE_SECONDS = 86_400


class PhaseRejected(Refusal):
    """A phase output was refused; ``error`` says why (the attempt is kept), ``chain`` is the
    chain as it stands (a terminated chain's reason is in the API body)."""

    def __init__(self, error: ToulminError, *, chain: Chain) -> None:
        extra = dict(error.extra)
        if error.code == "TERMINATED":
            extra["termination_reason"] = chain.termination_reason
        super().__init__(
            error.message,
            code=error.code,
            status=error.status,
            missing=error.missing,
            details=error.details,
            extra=extra,
        )
        self.error = error
        self.chain = chain


class ModelFailed(Refusal):
    """The language model failed (502); earlier phases are kept and the run can be retried."""

    status = 502

    def __init__(self, message: str, *, chain: Chain, code: str = "MODEL_FAILED") -> None:
        super().__init__(message, code=code)
        self.chain = chain


def _store(chain: Chain, state: ChainState) -> None:
    """Copy ``state`` and its evaluation onto ``chain`` (not saved)."""
    for name, value in state.as_json().items():
        setattr(chain, name, value)
    evaluation = evaluate(state)
    chain.status = evaluation.status
    chain.next_phase = evaluation.next_phase
    chain.termination_reason = evaluation.termination_reason
    chain.warnings = list(evaluation.warnings)
    chain.verdict_status = state.verdict.status if state.verdict else ""
    # the key and parameters of each sentence the engines wrote, to show it in any language
    chain.said = written(
        {
            **state.as_json(),
            "termination_reason": chain.termination_reason,
            "warnings": chain.warnings,
        }
    )


def chain_llm_available() -> bool:
    """Whether chains may use the server's language model (``LLM_MODEL`` is set)."""
    return llm_configured()


def chain_create(
    *, owner: User, query: str, source_text: str = "", engine: str = Chain.Engine.OFFLINE
) -> Chain:
    """A new chain at phase 1. Raises ``ToulminError`` for a bad query, text or engine."""
    query = clean_query(query)
    source_text = (source_text or "").strip()
    if len(source_text) > SOURCE_TEXT_MAX:
        raise ToulminError(
            f"source_text may be at most {SOURCE_TEXT_MAX:,} characters, got {len(source_text):,}",
            code="INVALID_INPUT",
            details=[{"loc": "source_text", "msg": f"at most {SOURCE_TEXT_MAX} characters"}],
        )
    if engine not in Chain.Engine.values:
        raise ToulminError(
            f"engine must be one of {', '.join(Chain.Engine.values)}",
            code="INVALID_INPUT",
            details=[{"loc": "engine", "msg": "unknown engine"}],
        )
    if engine == Chain.Engine.LLM and not llm_configured():
        raise ToulminError(
            gettext(
                "No language model is configured on this server; choose the offline analyzer "
                "or your own AI."
            ),
            code="MODEL_NOT_CONFIGURED",
            details=[{"loc": "engine", "msg": "no language model configured"}],
        )
    return Chain.objects.create(owner=owner, query=query, source_text=source_text, engine=engine)


def chain_revision_start(source: Chain) -> dict[str, str]:
    """What a revision of ``source`` starts from: its query and text, and its engine when
    the server runs it (a chain built by hand, or over MCP, is revised by hand)."""
    return {
        "query": source.query,
        "source_text": source.source_text,
        "engine": source.engine if source.is_running_engine else Chain.Engine.MANUAL,
    }


def chain_revise(
    *,
    owner: User,
    source: Chain,
    query: str,
    source_text: str = "",
    engine: str = Chain.Engine.OFFLINE,
) -> Chain:
    """ "Revise and try again": a new chain for ``owner`` started from ``source`` (one of
    their own chains). When ``source`` is classroom work the school allows to change, the new
    chain becomes the submission's work (the school port decides: same student, work in
    progress, class not archived, an engine the assignment allows). One transaction: the new
    chain and the submission's link are saved together or not at all. ``ToulminError`` for a
    bad query, text or engine; a 404 refusal for a ``source`` that is not ``owner``'s (another
    user's chain does not exist for them)."""
    if source.owner_id != getattr(owner, "pk", None):
        raise Refusal(gettext("Not found."), code="NOT_FOUND", status=404)
    with transaction.atomic():
        chain = chain_create(owner=owner, query=query, source_text=source_text, engine=engine)
        submission_chain_revise(old=source, new=chain)
    return chain


def chain_import(
    *,
    owner: User,
    query: str,
    components: dict[str, Any],
    engine: str = Chain.Engine.MCP,
    source_text: str = "",
) -> Chain:
    """Store a chain whose components were produced elsewhere (an MCP client, the coach).

    ``components`` maps component names to dicts or JSON strings, given phase by phase, and
    are validated as the stateless tools validate them (``ToulminError`` otherwise), except
    that a weak warrant or backing is stored as a terminated chain rather than refused.
    """
    state = chain_state(query, components)
    chain = chain_create(owner=owner, query=query, source_text=source_text, engine=engine)
    _store(chain, state)
    chain.save()
    return chain


def chain_import_aif(*, owner: User, document: Any) -> tuple[Chain, list[dict[str, str]]]:
    """A ``manual`` chain from an AIF document, filled as far as its graph allows.

    Returns the chain and the notes naming, by node id, what was assumed or left out. Raises
    ``ToulminError`` (nothing saved) when the document is not an argument graph the chain
    can be read from (see ``arguments.domain.aif.aif_import``).
    """
    imported = aif_import(document)
    with transaction.atomic():
        chain = chain_import(
            owner=owner,
            query=imported.query,
            components=imported.components,
            engine=Chain.Engine.MANUAL,
        )
    return chain, imported.notes


def chain_submit_phase(*, chain: Chain, phase: int, payload: Any, source: str = "manual") -> Chain:
    """Validate and record ``payload`` as phase ``phase``'s output; return the updated chain.

    The attempt is kept either way (raw text, accepted or not, the errors). Raises
    ``PhaseRejected`` when the chain has ended, the phase is out of order, or the payload is
    invalid; the chain is then unchanged.

    A chain the user's own AI runs is weighed as a server model's is (``_own_ai_answer``): it
    asks which sentence is the claim when the reader doubts the AI's, keeps the sentences the
    owner gave a role, and holds the qualifier to how sure the reader is of the claim.
    """
    work_guard(work=chain, model_backed=False)  # turned-in classroom work is read-only
    if chain.engine in OWN_AI:
        held = _own_ai_answer(chain, phase, payload, source)
        if held is None:
            chain.refresh_from_db()
            return chain  # the owner picks the claim first (chain_correct)
        payload = held
    locked, rejection = _record_phases(chain, [(phase, payload)], source=source)
    if rejection is not None:
        raise PhaseRejected(rejection, chain=locked)
    return locked


# The engines whose phases the user's own AI writes (copied prompts, an MCP client).
OWN_AI = (Chain.Engine.MANUAL, Chain.Engine.MCP)


def _own_ai_answer(chain: Chain, phase: int, payload: Any, source: str) -> Any | None:
    """``payload``, the user's own AI's answer for ``phase``, as the chain should take it: with
    the sentences the owner gave a role kept in it (``owner_roles_kept``) and, in phase 3, its
    qualifier no surer than the reader is of the claim (``qualifier_held``). None when it is a
    valid phase 1 whose claim the offline reader doubts (``_model_claim_unsure``, no model
    call): the answer is kept as an attempt and the chain waits for the owner's pick. An
    answer that is not JSON, or not for the chain's next phase, is returned as it is (the
    chain refuses it as usual)."""
    answer = payload
    if isinstance(payload, str):
        try:
            answer = json.loads(payload)
        except ValueError:
            return payload
    if not isinstance(answer, dict) or chain.status != Chain.Status.IN_PROGRESS:
        return payload
    if phase != chain.next_phase:
        return payload
    answer = owner_roles_kept(phase, answer, _given_sentences(chain))
    if phase == 3:
        return qualifier_held(answer, chain.claim_confidence)
    if phase != 1:
        return answer
    try:
        apply_phase(chain.state(), 1, answer)
    except ToulminError:
        return answer  # refused, with its reasons, by _record_phases
    claim_given = "claim" in chain.pinned_roles().values()
    if not _model_claim_unsure(chain, copy.copy(chain), answer, claim_given):
        return answer
    PhaseAttempt.objects.create(
        chain=chain,
        phase=1,
        source=source,
        raw_output=json.dumps(answer, ensure_ascii=False)[:100_000],
        accepted=False,
        error_code="CLAIM_UNSURE",
    )
    return None


def _record_phases(
    chain: Chain, outputs: list[tuple[int, Any]], *, source: str
) -> tuple[Chain, ToulminError | None]:
    """Apply ``outputs`` (phase, payload) in order to the chain, locked, in one transaction;
    keep every attempt (raw text, accepted or not, the errors). Stops at the first refused
    output and returns it with the chain as saved (the phases before it are kept)."""
    rejection: ToulminError | None = None
    attempts = []
    with transaction.atomic():
        locked = Chain.objects.select_for_update().get(pk=chain.pk)
        state, applied = locked.state(), False
        for phase, payload in outputs:
            raw = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
            try:
                state = apply_phase(state, phase, payload)
            except ToulminError as error:
                rejection = error
            else:
                applied = True
            attempts.append(
                PhaseAttempt(
                    chain=locked,
                    phase=phase if 1 <= phase <= 4 else 1,
                    source=source,
                    raw_output=raw[:100_000],
                    accepted=rejection is None,
                    error_code=rejection.code if rejection else "",
                    errors=rejection.as_dict().get("details", []) if rejection else [],
                )
            )
            if rejection is not None:
                break
        if applied:
            _store(locked, state)
            locked.save()
        PhaseAttempt.objects.bulk_create(attempts)
    return locked, rejection


def chain_terminate(*, chain: Chain, reason: str) -> Chain:
    """End an in-progress chain with ``reason`` (the analyzer found a part missing)."""
    Chain.objects.filter(pk=chain.pk, status=Chain.Status.IN_PROGRESS).update(
        status=Chain.Status.TERMINATED,
        next_phase=None,
        termination_reason=reason,
        said={**chain.said, **written({"termination_reason": reason})},
        updated_at=timezone.now(),
    )
    chain.refresh_from_db()
    return chain


def chain_run(
    *,
    chain: Chain,
    until: Literal["next", "end"] = "next",
    client: LLMClient | None = None,
) -> Chain:
    """Run the chain's engine (offline analyzer or server model) for one phase or to the end.

    The phases are checked as they pass and saved together, in one transaction, when the run
    ends: when the model fails (``ModelFailed``) the phases before are saved all the same,
    and a retry carries on from the first missing one. Raises ``ToulminError``
    (``MANUAL_ENGINE``, ``TERMINATED``, ``CHAIN_COMPLETE``) when there is nothing the server
    can run, and ``CHAIN_RUNNING`` while another run of it goes on (two at once raced each
    other for the same phase).
    """
    if not chain.is_running_engine:
        raise ToulminError(
            gettext(
                "This chain runs on your own AI: fetch the phase prompt and submit its output."
            ),
            code="MANUAL_ENGINE",
        )
    if chain.status == Chain.Status.TERMINATED:
        reason_shown = said_shown(chain.termination_reason, chain.said)
        raise ToulminError(
            gettext("The chain was terminated: %(reason)s") % {"reason": reason_shown},
            code="TERMINATED",
            extra={"termination_reason": reason_shown},
        )
    if chain.status == Chain.Status.COMPLETE:
        raise ToulminError(
            gettext("The chain is complete; no phase is left."), code="CHAIN_COMPLETE"
        )
    if not run_lock_take(name=f"chain:{chain.pk}", seconds=CHAIN_RUN_LOCK_SECONDS):
        raise ToulminError(
            gettext(
                "This chain is already running (another tab or request); wait for it to finish."
            ),
            code="CHAIN_RUNNING",
        )
    try:
        model_backed = chain.engine == Chain.Engine.LLM
        in_class = work_guard(work=chain, model_backed=model_backed)
        try:
            return _chain_run_held(chain, until, client)
        finally:
            if in_class is not None and model_backed:  # the call work_guard held
                budget_release(work=chain)
    finally:
        run_lock_release(name=f"chain:{chain.pk}")


def _chain_run_held(chain: Chain, until: str, client: LLMClient | None) -> Chain:
    try:
        client = client or client_for(chain.engine)
    except LLMError as error:
        raise ModelFailed(error.shown(), chain=chain, code="MODEL_NOT_CONFIGURED") from error
    quota_take(user=chain.owner, work="chain_run", model=chain.engine == Chain.Engine.LLM)
    work = copy.copy(chain)  # advanced phase by phase in memory, saved once at the end
    outputs: list[tuple[int, Any]] = []
    # One reading of the source text for the run's phases (made when the offline analyzer
    # first reads it: a model-backed run never does).
    reading = functools.cache(
        lambda: document_reading(
            work.source_text, query=work.query, pinned=work.pinned_roles(), validate=False
        )
    )
    claim_given = "claim" in chain.pinned_roles().values()
    if chain.next_phase == 1 and chain.engine == Chain.Engine.OFFLINE:
        if _claim_unsure(chain, reading()):
            return chain  # the owner picks the claim first (chain_correct)
        work.claim_candidates, work.claim_confidence = [], chain.claim_confidence
    elif chain.next_phase == 1 and chain.awaiting_claim and not claim_given:
        return chain  # a model-run chain waits for the pick it asked for (no second call)
    try:
        while work.status == Chain.Status.IN_PROGRESS:
            phase = work.next_phase
            assert phase is not None
            payload = _phase_output(work, phase, client, reading)
            if isinstance(payload, NotInText):  # the analyzer found a part missing
                return chain_terminate(chain=_save_run(chain, outputs), reason=str(payload))
            if chain.engine == Chain.Engine.LLM:
                payload = owner_roles_kept(phase, payload, _given_sentences(work))
                if phase == 1 and _model_claim_unsure(chain, work, payload, claim_given):
                    return chain  # the owner picks between the model's claim and the others
                if phase == 3:
                    payload = qualifier_held(payload, work.claim_confidence)
            outputs.append((phase, payload))
            try:
                _store(work, apply_phase(work.state(), phase, payload))
            except ToulminError:  # saved below with the phases before it, refused there
                break
            if until == "next":
                break
        return _save_run(chain, outputs)
    except ModelFailed as failed:
        failed.chain = _save_run(chain, outputs)
        raise
    finally:
        llm_calls_save(records=client.drain_calls(), subject=chain)


def _claim_unsure(chain: Chain, reading: DocumentReading) -> bool:
    """Read how sure the offline reader is of the chain's claim (the calibrated confidence of
    the run's one reading) and keep it on the chain; True when it is unsure (``claim_unsure``)
    and the owner has not picked the claim: the chain then waits, showing the best
    candidates, instead of running to a verdict on a guess."""
    if "claim" in chain.pinned_roles().values():
        chain.claim_candidates, chain.claim_confidence = [], None  # the owner's word: sure
    else:
        found = reading.reading
        chain.claim_confidence = found.claim_confidence
        # sure enough: nothing to ask
        chain.claim_candidates = _candidates_json(found.candidates) if claim_unsure(found) else []
    chain.save(update_fields=["claim_candidates", "claim_confidence", "updated_at"])
    return bool(chain.claim_candidates)


def _candidates_json(found: list[ClaimCandidate], *, model_first: bool = False) -> list[dict]:
    return [
        {
            "index": c.sentence.index,
            "sentence": c.sentence.text,
            "confidence": c.confidence,
            "percent": round(100 * c.confidence),
            "level": c.level,
            **({"model": True} if model_first and n == 0 else {}),
        }
        for n, c in enumerate(found)
    ]


def _given_sentences(chain: Chain) -> dict[str, list[str]]:
    """The sentences the owner gave each role (a correction), by role, in text order."""
    found = sentences(chain.source_text)
    given: dict[str, list[str]] = {}
    for index, role in sorted(chain.pinned_roles().items()):
        if 0 <= index < len(found):
            given.setdefault(role, []).append(found[index].text)
    return given


def _model_claim_unsure(
    chain: Chain, work: Chain, payload: dict[str, Any], claim_given: bool
) -> bool:
    """How sure the offline reader is of the claim a model read (its calibrated confidence
    that the sentence the model's claim says again is the claim, ``picked_claim_candidates``);
    True, keeping the candidates on the chain with the model's first, when it is below
    ``CLAIM_SURE``: the chain waits for the owner's pick as an offline chain does. A claim the
    owner gave is not doubted. One the model words itself (no sentence of the text says it)
    is not asked about, but in English it is weighed by meaning against the reader's
    candidates (``model_claim_meant``) and the verdict is held to that."""
    found: list[ClaimCandidate] = []
    meant = None
    if not claim_given:
        statement = str((payload.get("claim") or {}).get("statement", ""))
        found = model_claim_reading(work.query, work.source_text, statement)
        if not found:  # its own words: weighed by meaning, to cap the verdict (no asking)
            meant = model_claim_meant(work.query, work.source_text, statement)
    unsure = bool(found) and found[0].confidence < CLAIM_SURE
    chain.claim_confidence = work.claim_confidence = found[0].confidence if found else meant
    chain.claim_candidates = _candidates_json(found, model_first=True) if unsure else []
    work.claim_candidates = []
    chain.save(update_fields=["claim_candidates", "claim_confidence", "updated_at"])
    return unsure


class CorrectionRefused(ToulminError):
    """A correction the chain cannot take (an engine it does not re-run, a sentence it lacks)."""


def chain_correct(
    *,
    chain: Chain,
    author: User,
    sentence_index: int,
    role: str,
    client: LLMClient | None = None,
) -> Chain:
    """Record that sentence ``sentence_index`` of the chain's source text plays ``role``
    (claim, data, warrant or rebuttal) and run the chain again from phase 1 with it pinned,
    to the end: the offline analyzer reads around the pinned sentences; a language model is
    told them and its answers keep them (``corrections.owner_roles_kept``). A chain your own
    AI runs (copied prompts, MCP) is not run by the server: it goes back to phase 1, whose
    prompt tells the AI the sentences (``chain_prompt``), and the answers pasted back keep
    them. The caller checks that ``author`` owns the chain. ``client``: the model's client
    (tests)."""
    found = sentences(chain.source_text)
    if role not in PINNABLE or not 0 <= sentence_index < len(found):
        raise CorrectionRefused(
            gettext(
                "Choose a sentence of the source text and a role: claim, data, warrant or rebuttal."
            ),
            code="INVALID_INPUT",
        )
    work_guard(work=chain, model_backed=False)
    sentence = found[sentence_index].text
    with transaction.atomic():
        ChainCorrection.objects.create(
            chain=chain,
            sentence_index=sentence_index,
            sentence=sentence,
            role=role,
            reader_role=sentence_reading(chain.source_text, chain.query).get(sentence, ""),
            author=author,
        )
        for name in COMPONENT_ORDER:
            setattr(chain, name, None)
        chain.status, chain.next_phase = Chain.Status.IN_PROGRESS, 1
        chain.verdict_status, chain.termination_reason, chain.warnings = "", "", []
        chain.claim_candidates, chain.said = [], {}
        chain.save()
    if not chain.is_running_engine:
        return chain  # the user's own AI runs it again, told the owner's roles in its prompt
    return chain_run(chain=chain, until="end", client=client)


def chain_prompt(chain: Chain) -> str:
    """The prompt of the chain's next phase for the user's own AI, telling it the sentences
    the owner gave a role (a correction); empty when no phase is left."""
    if not chain.next_phase:
        return ""
    given = _given_sentences(chain)
    return phase_prompt(chain.next_phase, chain.state(), source_text=chain.source_text, given=given)


def _save_run(chain: Chain, outputs: list[tuple[int, Any]]) -> Chain:
    """Save the phases a run produced; a refused one fails the run (``ModelFailed``)."""
    if not outputs:
        return chain
    saved, rejection = _record_phases(chain, outputs, source=chain.engine)
    if rejection is None:
        return saved
    if rejection.code == "PHASE_OUT_OF_ORDER":  # another request ran it first
        return saved
    phase = outputs[-1][0]
    raise ModelFailed(
        gettext(
            "Phase %(phase)s: the model's answer broke a rule of the chain (%(reason)s). "
            "Earlier phases are kept; try again."
        )
        % {"phase": phase, "reason": rejection.message},
        chain=saved,
    )


def _phase_output(
    work: Chain, phase: int, client: LLMClient, reading: Callable[[], DocumentReading]
) -> dict[str, Any] | NotInText:
    """The engine's output for ``phase`` of ``work`` as JSON, or the analyzer's ``NotInText``
    when a part is missing from the text. Raises ``ModelFailed`` when the model fails.

    Offline, the analyzer is called directly (it reads the chain, not a prompt); a model
    gets the phase's prompt."""
    state = work.state()
    components = state.as_json()
    try:
        value: BaseModel = client.answer(
            purpose=f"arguments.phase{phase}",
            schema=PHASES[phase].output,
            offline=lambda: analyzer_phase(
                phase,
                query=work.query,
                source_text=work.source_text,
                components=components,
                pinned=reading().pins,
                claim_confidence=work.claim_confidence,
                reading=reading(),
            ),
            messages=lambda: phase_messages(
                phase, state, source_text=work.source_text, given=_given_sentences(work)
            ),
            inputs={
                "phase": phase,
                "query": work.query,
                "source_text": work.source_text,
                "components": components,
            },
        )
    except NotInText as missing:
        return missing
    except LLMError as error:
        raise ModelFailed(
            gettext("Phase %(phase)s failed: %(error)s Earlier phases are kept; try again.")
            % {"phase": phase, "error": error.shown()},
            chain=work,
        ) from error
    return value.model_dump(mode="json")


def chain_review(*, chain: Chain, reviewer: User, status: str, note: str = "") -> Chain:
    """Record a staff review of the chain's verdict (confirmed or overturned)."""
    if status not in (Chain.Review.CONFIRMED, Chain.Review.OVERTURNED, Chain.Review.PENDING):
        raise ValueError(f"unknown review status {status!r}")
    chain.review_status = status
    chain.reviewed_by = reviewer
    chain.review_note = note
    chain.reviewed_at = timezone.now()
    chain.save(
        update_fields=["review_status", "reviewed_by", "review_note", "reviewed_at", "updated_at"]
    )
    return chain


def chains_review(*, chains: Any, reviewer: User, status: str, note: str = "") -> int:
    """Bulk review (admin action); returns how many chains were updated. Overturning needs
    a note (each student reads why): ``ValueError`` without one."""
    note = note.strip()
    if status == Chain.Review.OVERTURNED and not note:
        raise ValueError("Say why the verdicts are overturned: each student reads it.")
    fields = {"review_note": note} if note else {}
    return chains.update(
        review_status=status,
        reviewed_by=reviewer,
        reviewed_at=timezone.now(),
        updated_at=timezone.now(),
        **fields,
    )


FALLACY_ENGINES = ("offline", "llm")


def fallacy_engine_default() -> str:
    """The engine a fallacy check uses when none is asked for: the model when configured."""
    return default_engine()


def fallacies_detect(
    *,
    text: str,
    engine: str | None = None,
    limit: int = TEXT_MAX,
    client: LLMClient | None = None,
    user: User | None = None,
) -> list[FallacyFinding]:
    """The named fallacies in ``text``, most confident first (an empty list when none).

    Offline the rules of ``arguments.domain.fallacies`` answer; under ``llm`` the model
    names them within the same taxonomy, its answer validated and its quotes located in the
    text (a quote not in it is dropped). Raises ``ToulminError``: ``MISSING_INPUT`` for an
    empty text, ``INVALID_INPUT`` for one over ``limit`` characters or an unknown engine,
    ``MODEL_NOT_CONFIGURED``, or ``MODEL_FAILED`` when the model fails.

    A model's answer is kept a day per text (``FALLACY_CACHE_SECONDS``): the same text asked
    again, by anyone, costs no call. A call that does go to the model counts against
    ``user``'s daily quota of fallacy checks (``LimitExceeded`` past it).
    """
    text = (text or "").strip()
    if not text:
        raise ToulminError("text is required", code="MISSING_INPUT", missing=["text"])
    if len(text) > limit:
        raise ToulminError(
            f"text may be at most {limit:,} characters, got {len(text):,}",
            code="INVALID_INPUT",
            details=[{"loc": "text", "msg": f"at most {limit} characters"}],
        )
    engine = engine or fallacy_engine_default()
    if engine not in FALLACY_ENGINES:
        raise ToulminError(
            f"engine must be one of {', '.join(FALLACY_ENGINES)}",
            code="INVALID_INPUT",
            details=[{"loc": "engine", "msg": "unknown engine"}],
        )
    if engine == "offline":
        if refusal := unreadable(text):  # "none found" would be no honest answer
            raise ToulminError(shown(refusal, gettext), code="DOCUMENT_LANGUAGE_NOT_READ")
        if client is None:
            return check_fallacies(text)
        # Given a client, the detector's answer is recorded as its call.
        try:
            return client.run("arguments.fallacies", lambda: check_fallacies(text))
        finally:
            llm_calls_save(records=client.drain_calls(), subject=None)
    # v2: findings kept before they carried their explanation's key would lack the field.
    key = f"fallacies:v2:{engine}:{hashlib.sha256(text.encode()).hexdigest()}"
    cached = limits_cache.get(key)
    if cached is not None:
        return cached
    try:
        model = client or client_for(engine)
    except LLMError as error:
        raise ToulminError(error.shown(), code="MODEL_NOT_CONFIGURED") from error
    if user is not None:
        quota_take(user=user, work="fallacy_check", model=True)
    found = _fallacies_from_model(text, model)
    limits_cache.set(key, found, timeout=FALLACY_CACHE_SECONDS)
    return found


def _fallacies_from_model(text: str, client: LLMClient) -> list[FallacyFinding]:
    try:
        result = client.structured(
            purpose="arguments.fallacies",
            messages=fallacy_messages(text),
            schema=ModelFallacies,
            inputs={"text": text},
        )
    except LLMError as error:
        raise ToulminError(
            gettext("The fallacy check failed: %(error)s") % {"error": error.shown()},
            code="MODEL_FAILED",
        ) from error
    finally:
        llm_calls_save(records=client.drain_calls(), subject=None)
    return findings_from_model(text, result.value)
