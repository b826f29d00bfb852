"""The tutor's answer as the contract defines it, and the server-side rules that police it.

``enforce_contract`` is the one place those rules live. It is pure: it takes the model's raw
JSON object and what the server knows (the session's step, the draft's text for that step,
whether this is the student's first message on the step, the message itself) and returns the
result the server will trust, plus what happened to the proposal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from coach.domain.explanations import asked_part, guiding_question, help_text
from coach.domain.heuristics import is_question, passes
from coach.domain.intent import Intent, classify, own_attempts, rewrite_payload, turn_intent
from coach.domain.phrases import is_rewrite_request, words
from coach.domain.steps import LAST_STEP, STEPS, ToulminStep, next_step

ProposalStatus = Literal[
    "kept",
    "stripped-empty-value",
    "stripped-wrong-step",
    "stripped-low-confidence",
    "stripped-first-attempt-failed-heuristics",
    "stripped-not-an-attempt",
    "stripped-not-students-text",
    "withheld",
    "none",
]

FIRST_TURN_MIN_CONFIDENCE = 0.8
ADVANCE_MIN_CONFIDENCE = 0.6
# Share of a proposal's words that must come from the student's own text for this step.
OWN_WORDS_MIN_SHARE = 0.6


class ProposedUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: ToulminStep
    value: str = Field(min_length=1)
    rationale: str


class CoachAIResult(BaseModel):
    """One tutor turn, as the contract's ``CoachAIResult``; unknown fields are rejected."""

    model_config = ConfigDict(extra="forbid")

    assistantText: str = Field(min_length=1)
    step: ToulminStep
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    proposedUpdate: ProposedUpdate | None = None
    nextQuestion: str | None = None
    shouldAdvance: bool | None = None
    nextStep: ToulminStep | None = None
    isComplete: bool | None = None

    @field_validator("assistantText")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("assistantText must not be blank")
        return value


def enforce_contract(
    raw: dict[str, Any],
    *,
    current_step: str,
    draft_value: str,
    is_first_turn: bool,
    user_message: str,
    step_messages: list[str] | None = None,
    topic: str = "",
    language: str = "en",
    claim: str = "",
    intent: Intent | None = None,
) -> tuple[CoachAIResult, ProposalStatus]:
    """Apply the contract's server-side rules, in the contract's order, to a raw answer.

    0. Intent first (``coach.domain.intent``): when the student's message is a help request,
       a concept question or small talk, any proposal is stripped (``stripped-not-an-attempt``)
       and there is no advance; an answer that writes the part on the student's own topic is
       replaced by the offline tutor's explanation, and an answer that asks nothing gets the
       step's guiding question. With ``step_messages`` (the student's earlier messages on
       this step; the server always passes them) a proposal must come from the student's own
       text: at least 60% of its words must appear in their attempts or draft
       (``stripped-not-students-text``), so a "yes" after a help request proposes nothing.
       ``claim`` (the draft's claim) lets the warrant check refuse a restated claim.

    1. Step coercion: ``step`` becomes ``current_step``; a proposal without a usable field is
       given ``current_step``, and a proposal written for another step is stripped
       (``stripped-wrong-step``): its text belongs to another field, so it can never land here.
    2. A proposal with an empty value is stripped.
    3. First-turn bias: on the step's first user turn, a proposal with confidence < 0.8 is
       stripped unless the student asked for a rewrite; with no confidence it is kept only when
       the student's text passes the step's heuristics.
    4. ``shouldAdvance`` is dropped when there is no proposal and the draft is empty, when the
       text (the proposal's value, else the draft) fails the heuristics, or when confidence
       < 0.6. On the rebuttal, advancing means ``isComplete=true`` instead.
    5. ``nextStep`` is the real next step when advancing, absent otherwise.
    6. The result is validated (raises ``pydantic.ValidationError``).
    7. ``nextQuestion`` is appended to ``assistantText`` after a blank line.
    """
    if current_step not in STEPS:
        raise ValueError(f"unknown step {current_step!r}")
    if not isinstance(raw, dict):
        # Let pydantic describe the problem in its usual shape.
        CoachAIResult.model_validate(raw)
    data = dict(raw)
    confidence = data.get("confidence")
    confidence = confidence if isinstance(confidence, int | float) else None
    status: ProposalStatus = "none"

    # 1. Step coercion.
    data["step"] = current_step
    proposal = data.get("proposedUpdate")
    if isinstance(proposal, dict):  # anything else is reported by the validation below
        proposal = dict(proposal)
        field = proposal.get("field")
        if field in STEPS and field != current_step:
            proposal, status = None, "stripped-wrong-step"
        else:
            proposal["field"] = current_step

    # 2. Empty value removal.
    if isinstance(proposal, dict):
        value = proposal.get("value")
        if not isinstance(value, str) or not value.strip():
            proposal, status = None, "stripped-empty-value"
        else:
            proposal["value"] = value.strip()

    # 0. Intent, and the student's ownership of the proposed text.
    # The turn classified the message once (``intent``); read alone, it is classified here.
    intent = intent if intent is not None else classify(user_message, topic=topic)
    if isinstance(proposal, dict) and not intent.may_propose:
        proposal, status = None, "stripped-not-an-attempt"
    if isinstance(proposal, dict) and step_messages is not None:
        own = _own_text(user_message, step_messages, draft_value, topic=topic)
        if not is_own_text(proposal["value"], own):
            proposal, status = None, "stripped-not-students-text"

    # 3. First-turn bias.
    if isinstance(proposal, dict) and is_first_turn and not is_rewrite_request(user_message):
        if confidence is None:
            if not passes(current_step, user_message, claim=claim):
                proposal, status = None, "stripped-first-attempt-failed-heuristics"
        elif confidence < FIRST_TURN_MIN_CONFIDENCE:
            proposal, status = None, "stripped-low-confidence"
    if proposal is not None and status == "none":
        status = "kept"
    data["proposedUpdate"] = proposal

    # 4. shouldAdvance guards (a completion on the rebuttal is the same request).
    wants_advance = data.get("shouldAdvance") is True or (
        current_step == LAST_STEP and data.get("isComplete") is True
    )
    if wants_advance and not intent.may_propose:
        wants_advance = False
    if wants_advance:
        judged = proposal["value"] if isinstance(proposal, dict) else (draft_value or "")
        if (
            (proposal is None and not (draft_value or "").strip())
            or not passes(current_step, judged, claim=claim)
            or (confidence is not None and confidence < ADVANCE_MIN_CONFIDENCE)
        ):
            wants_advance = False
    if current_step == LAST_STEP:
        data["shouldAdvance"] = False
        data["isComplete"] = wants_advance
    else:
        data["shouldAdvance"] = wants_advance
        data["isComplete"] = False

    # 5. nextStep correction.
    data["nextStep"] = next_step(current_step) if data["shouldAdvance"] else None

    # 6. Schema validation.
    result = CoachAIResult.model_validate(data)

    # 0 (again). A tutor asked for help explains and asks; it does not write the part.
    if not intent.may_propose:
        result = _tutoring_only(
            result,
            intent.pressure,
            current_step,
            topic,
            language,
            asked_part(user_message, current_step),
        )

    # 7. Question appending.
    if result.nextQuestion and result.nextQuestion.strip():
        result = result.model_copy(
            update={"assistantText": f"{result.assistantText}\n\n{result.nextQuestion.strip()}"}
        )
    return result, status


def _stems(text: str) -> list[str]:
    return [word[:5] for word in words(text) if len(word) >= 3]


def _own_text(user_message: str, step_messages: list[str], draft_value: str, *, topic: str) -> str:
    """Everything the student wrote themselves for this step: attempts and the draft."""
    own = own_attempts([*step_messages, user_message], topic=topic)
    own += [rewrite_payload(m) for m in [*step_messages, user_message]]
    return " ".join([*own, draft_value or ""])


def is_own_text(value: str, own: str) -> bool:
    """Whether ``value`` is mostly the student's words (``own``): a tidied or reworded
    version of what they wrote, not a new text."""
    proposed = _stems(value)
    if not proposed:
        return False
    theirs = set(_stems(own))
    return sum(stem in theirs for stem in proposed) / len(proposed) >= OWN_WORDS_MIN_SHARE


def writes_the_part(text: str, *, step: str, topic: str) -> bool:
    """Whether a tutor answer contains a statement on the student's own topic that would do
    as the part itself (a claim, grounds...): the tutor writing the argument."""
    theirs = {stem for stem in _stems(topic) if len(stem) >= 4}
    if not theirs:
        return False
    for sentence in re.split(r"(?<=[.!?])\s+|\n+|[“”«»\"]", text):
        sentence = sentence.strip()
        if not sentence or is_question(sentence):
            continue
        stems = set(_stems(sentence))
        # On their topic, saying more than the topic's own name (quoted back to them).
        if stems & theirs and len(stems - set(_stems(topic))) >= 2 and passes(step, sentence):
            return True
    return False


def _tutoring_only(
    result: CoachAIResult, pressure: str, step: str, topic: str, language: str, about: str
) -> CoachAIResult:
    """The answer to a help request or a question: explanation and a question, never the
    part. A model that wrote the part on the student's topic is overruled."""
    if topic and writes_the_part(
        f"{result.assistantText}\n{result.nextQuestion or ''}", step=step, topic=topic
    ):
        text = help_text(
            step=step,
            language=language,
            topic=topic,
            pressure=pressure,  # "" (a concept question) has no opener, as "concept"
            about=about,
        )
        return result.model_copy(update={"assistantText": text, "nextQuestion": None})
    asks = "?" in result.assistantText or "?" in (result.nextQuestion or "")
    if not asks:
        return result.model_copy(update={"nextQuestion": guiding_question(step, language, topic)})
    return result


def failure_code(raw: object) -> str:
    """The NDJSON error for a raw answer that failed validation: ``coach_empty_response`` when
    it has no usable ``assistantText``, else ``coach_validation_failed``."""
    if isinstance(raw, dict):
        text = raw.get("assistantText")
        if text is None or (isinstance(text, str) and not text.strip()):
            return "coach_empty_response"
    return "coach_validation_failed"


__all__ = [
    "CoachAIResult",
    "ProposalStatus",
    "ProposedUpdate",
    "ValidationError",
    "enforce_contract",
    "failure_code",
]


def enforce_turn(
    raw: dict[str, Any], inputs: Mapping[str, Any]
) -> tuple[CoachAIResult, ProposalStatus]:
    """``enforce_contract`` for one turn, read from the turn's inputs (the mapping the service's
    ``turn_inputs`` builds): the service, the evaluation set and the tests judge an answer the
    same way, the draft's claim included."""
    return enforce_contract(
        raw,
        current_step=inputs["step"],
        draft_value=inputs["draft_value"],
        is_first_turn=inputs["is_first_turn"],
        user_message=inputs["user_message"],
        step_messages=inputs["step_messages"],
        topic=inputs["topic"],
        language=inputs["language"],
        claim=inputs.get("draft", {}).get("claim", ""),
        intent=turn_intent(inputs),
    )
