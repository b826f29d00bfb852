"""The tutor's answer as the contract defines it, and the server-side rules that police it.

``enforce_contract`` is the one place those rules live. It is pure: it takes the model's raw
JSON object and what the server knows (the session's step, the draft's text for that step,
whether this is the student's first message on the step, the message itself) and returns the
result the server will trust, plus what happened to the proposal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from coach.domain import languages
from coach.domain.explanations import asked_part, help_text, next_move
from coach.domain.heuristics import is_question, passes
from coach.domain.intent import Intent
from coach.domain.phrases import is_rewrite_request, words
from coach.domain.steps import LAST_STEP, STEPS, ToulminStep, next_step
from coach.domain.turn import TurnInput, read_turn
from toulmini_site.text.sentences import sentences

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


@dataclass
class _Answer:
    """A raw answer on its way through the contract's steps: the data, the proposal (a dict
    or None) and what happened to it."""

    data: dict[str, Any]
    proposal: dict[str, Any] | None
    status: ProposalStatus = "none"
    confidence: float | None = None

    def remove_proposal(self, status: ProposalStatus) -> None:
        self.proposal, self.status = None, status


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
    turn: TurnInput | None = None,
    writes: Callable[[str], bool] | None = None,
) -> tuple[CoachAIResult, ProposalStatus]:
    """Apply the contract's server-side rules, in the contract's order, to a raw answer.

    The turn is read once (``coach.domain.turn.TurnInput``: the intent, the student's own
    texts); given ``turn``, the keyword arguments it holds are ignored. Each rule is one
    named step:

    0. ``_intent_and_ownership`` — when the student's message is a help request, a concept
       question, a feedback request or small talk, any proposal is stripped
       (``stripped-not-an-attempt``) and there is no advance; with ``step_messages`` a
       proposal must come from the student's own text (``stripped-not-students-text``): at
       least 60% of its words in their attempts or the step's draft.
    1. ``_coerce_step`` — ``step`` becomes ``current_step``; a proposal for another step is
       stripped (``stripped-wrong-step``).
    2. ``_drop_empty_value`` — a proposal with an empty value is stripped.
    3. ``_first_turn_bias`` — on the step's first user turn, a proposal with confidence <
       0.8 is stripped unless the student asked for a rewrite; with no confidence it is kept
       only when the student's text passes the step's heuristics.
    4. ``_advance_guards`` — ``shouldAdvance`` is dropped when there is no proposal and the
       draft is empty, when the text fails the heuristics, or when confidence < 0.6. On the
       rebuttal, advancing means ``isComplete=true`` instead.
    5. ``_correct_next_step`` — ``nextStep`` is the real next step when advancing.
    6. Schema validation (raises ``pydantic.ValidationError``); then a help request is
       answered with tutoring only (``_tutoring_only``: ``writes``, the structural check,
       says whether the model wrote the part anyway).
    7. ``_append_question`` — ``nextQuestion`` is appended to ``assistantText``.
    """
    if current_step not in STEPS:
        raise ValueError(f"unknown step {current_step!r}")
    if not isinstance(raw, dict):
        # Let pydantic describe the problem in its usual shape.
        CoachAIResult.model_validate(raw)
    if turn is None:
        turn = read_turn(
            {
                "step": current_step,
                "language": language,
                "topic": topic,
                "user_message": user_message,
                "step_messages": step_messages or [],
                "draft_value": draft_value,
                "draft": {"claim": claim},
                "is_first_turn": is_first_turn,
            }
            | ({"intent": intent.kind, "pressure": intent.pressure} if intent else {})
        )
    confidence = raw.get("confidence")
    answer = _Answer(
        data=dict(raw),
        proposal=None,
        confidence=confidence if isinstance(confidence, int | float) else None,
    )
    _coerce_step(answer, current_step)
    _drop_empty_value(answer)
    _intent_and_ownership(answer, turn, check_ownership=step_messages is not None)
    _first_turn_bias(answer, turn)
    if answer.proposal is not None and answer.status == "none":
        answer.status = "kept"
    answer.data["proposedUpdate"] = answer.proposal
    _advance_guards(answer, turn, current_step)
    _correct_next_step(answer, current_step)
    result = CoachAIResult.model_validate(answer.data)
    if not turn.intent.may_propose:
        about = asked_part(turn.message, current_step)
        result = _tutoring_only(result, turn, about, writes)
    return _append_question(result), answer.status


def _coerce_step(answer: _Answer, step: str) -> None:
    """1. ``step`` is the session's; a proposal written for another step is stripped."""
    answer.data["step"] = step
    proposal = answer.data.get("proposedUpdate")
    if not isinstance(proposal, dict):  # anything else is reported by the validation
        answer.proposal = proposal
        return
    proposal = dict(proposal)
    if proposal.get("field") in STEPS and proposal.get("field") != step:
        answer.remove_proposal("stripped-wrong-step")
        return
    proposal["field"] = step
    answer.proposal = proposal


def _drop_empty_value(answer: _Answer) -> None:
    """2. A proposal with an empty value is stripped."""
    if not isinstance(answer.proposal, dict):
        return
    value = answer.proposal.get("value")
    if not isinstance(value, str) or not value.strip():
        answer.remove_proposal("stripped-empty-value")
    else:
        answer.proposal["value"] = value.strip()


def _intent_and_ownership(answer: _Answer, turn: TurnInput, *, check_ownership: bool) -> None:
    """0. Intent first, then the student's ownership of the proposed text."""
    if isinstance(answer.proposal, dict) and not turn.intent.may_propose:
        answer.remove_proposal("stripped-not-an-attempt")
    value = answer.proposal.get("value", "") if isinstance(answer.proposal, dict) else ""
    if check_ownership and value and not is_own_text(value, turn.own_joined):
        answer.remove_proposal("stripped-not-students-text")


def _first_turn_bias(answer: _Answer, turn: TurnInput) -> None:
    """3. On the step's first turn, only a confident proposal (or a rewrite) stands."""
    if not isinstance(answer.proposal, dict) or not turn.is_first_turn:
        return
    if is_rewrite_request(turn.message):
        return
    if answer.confidence is None:
        if not passes(turn.step, turn.message, claim=turn.claim):
            answer.remove_proposal("stripped-first-attempt-failed-heuristics")
    elif answer.confidence < FIRST_TURN_MIN_CONFIDENCE:
        answer.remove_proposal("stripped-low-confidence")


def _advance_guards(answer: _Answer, turn: TurnInput, step: str) -> None:
    """4. An advance needs text that passes, enough confidence, and an attempt."""
    data, proposal = answer.data, answer.proposal
    wants = data.get("shouldAdvance") is True or (
        step == LAST_STEP and data.get("isComplete") is True
    )
    if wants and not turn.intent.may_propose:
        wants = False
    if wants:
        judged = proposal["value"] if isinstance(proposal, dict) else turn.draft_value
        if (
            (proposal is None and not turn.draft_value.strip())
            or not passes(step, judged, claim=turn.claim)
            or (answer.confidence is not None and answer.confidence < ADVANCE_MIN_CONFIDENCE)
        ):
            wants = False
    if step == LAST_STEP:
        data["shouldAdvance"] = False
        data["isComplete"] = wants
    else:
        data["shouldAdvance"] = wants
        data["isComplete"] = False


def _correct_next_step(answer: _Answer, step: str) -> None:
    """5. ``nextStep`` is the real next step when advancing, absent otherwise."""
    answer.data["nextStep"] = next_step(step) if answer.data["shouldAdvance"] else None


def _append_question(result: CoachAIResult) -> CoachAIResult:
    """7. ``nextQuestion`` is appended to ``assistantText`` after a blank line."""
    if result.nextQuestion and result.nextQuestion.strip():
        text = f"{result.assistantText}\n\n{result.nextQuestion.strip()}"
        return result.model_copy(update={"assistantText": text})
    return result


def _stems(text: str) -> list[str]:
    return [word[:5] for word in words(text) if len(word) >= 3]


def is_own_text(value: str, own: str) -> bool:
    """Whether ``value`` is mostly the student's words (``own``): a tidied or reworded
    version of what they wrote, not a new text."""
    proposed = _stems(value)
    if not proposed:
        return False
    theirs = set(_stems(own))
    return sum(stem in theirs for stem in proposed) / len(proposed) >= OWN_WORDS_MIN_SHARE


# A quotation is judged apart from the words around it.
_QUOTES = re.compile(r"[“”«»\"]")


def _quoted_apart(text: str) -> list[str]:
    """``text``'s sentences (the project's splitter), each cut again at its quotation marks."""
    pieces = (_QUOTES.split(sentence.text) for sentence in sentences(text))
    return [piece.strip() for parts in pieces for piece in parts if piece.strip()]


def writes_the_part(text: str, *, step: str, topic: str) -> bool:
    """Whether a tutor answer contains a statement on the student's own topic that would do
    as the part itself (a claim, grounds...): the tutor writing the argument."""
    theirs = {stem for stem in _stems(topic) if len(stem) >= 4}
    if not theirs:
        return False
    for sentence in _quoted_apart(text):
        if not sentence or is_question(sentence):
            continue
        stems = set(_stems(sentence))
        # On their topic, saying more than the topic's own name (quoted back to them).
        if stems & theirs and len(stems - set(_stems(topic))) >= 2 and passes(step, sentence):
            return True
    return False


def _tutoring_only(
    result: CoachAIResult,
    turn: TurnInput,
    about: str,
    writes: Callable[[str], bool] | None = None,
) -> CoachAIResult:
    """The answer to a help request or a question: explanation and a question, never the
    part. A model that wrote the part on the student's topic is overruled: ``writes`` (the
    structural check of ``coach.domain.authorship``) judges its text when given. An answer
    that asks nothing ends on the next move (``next_move``): the card's while one shows, else
    the step's question."""
    text = f"{result.assistantText}\n{result.nextQuestion or ''}"
    step, language, topic = turn.step, turn.language, turn.topic
    wrote = writes(text) if writes is not None else writes_the_part(text, step=step, topic=topic)
    if topic and wrote:
        text = help_text(
            step=step,
            language=language,
            topic=topic,
            pressure=turn.intent.pressure,  # "" (a concept question) has no opener
            about=about,
        )
        return result.model_copy(update={"assistantText": text, "nextQuestion": None})
    if not asks(text):
        # While a card shows, the student's next move is to confirm or change it. (This
        # answer's own proposal never gets here: an answer to a question keeps none; the card
        # is one already waiting.)
        move = next_move(step, language, topic, card=turn.card)
        return result.model_copy(update={"nextQuestion": move})
    return result


# A question's marks: "?", and the opening ones of a language that has them ("¿"), since a
# model's question may lose its closing mark ("¿Para quién sería mejor ...").
_ASKING_MARKS = ("?", *languages.every("opening_marks"))


def asks(text: str) -> bool:
    """Whether ``text`` asks the student anything: it has a question mark, opening or
    closing."""
    return any(mark in text for mark in _ASKING_MARKS)


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
    "asks",
    "enforce_contract",
    "failure_code",
]


def enforce_turn(
    raw: dict[str, Any], inputs: Mapping[str, Any] | TurnInput
) -> tuple[CoachAIResult, ProposalStatus]:
    """``enforce_contract`` for one turn, read from the turn's inputs (the mapping the service's
    ``turn_inputs`` builds, or the ``TurnInput`` read from it): the service, the evaluation
    set and the tests judge an answer the same way, with the structural check."""
    from coach.domain.authorship import authorship_for  # the check reads the same turn

    turn = inputs if isinstance(inputs, TurnInput) else read_turn(inputs)
    authorship = authorship_for(turn)
    return enforce_contract(
        raw,
        current_step=turn.step,
        draft_value=turn.draft_value,
        is_first_turn=turn.is_first_turn,
        user_message=turn.message,
        step_messages=list(turn.earlier),
        turn=turn,
        writes=lambda text: bool(authorship.composed(text)),
    )
