"""One tutor turn's inputs, read once: what the student said and what of it is their own text.

``read_turn`` turns the mapping the service builds (``coach.services.turn_inputs``; the
evaluations build the same) into a frozen ``TurnInput``. Every judge of the turn reads the
student's own text from it, so they cannot disagree on one message:

- ``intent``: the turn's message classified once (``coach.domain.intent``);
- ``attempts``: the student's own texts for this step, oldest first: each message that is an
  attempt, without the fillers and framing before it (``own_text``), and the text carried by
  a rewrite request ("rewrite: <text>"); never a request, a question or small talk;
- ``own_texts``: the attempts (also as typed, fillers and all) and the draft's texts (every
  part the student has saved).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from coach.domain import languages
from coach.domain.heuristics import MIN_WORDS, carries_its_part, denies_any_failure
from coach.domain.intent import (
    Intent,
    classify,
    normalize,
    own_text,
    quality_subject,
    rewrite_payload,
    turn_intent,
)
from coach.domain.phrases import words


@dataclass(frozen=True)
class TurnInput:
    step: str
    language: str
    topic: str
    message: str
    intent: Intent
    earlier: tuple[str, ...]  # the student's earlier messages on this step, oldest first
    draft: tuple[tuple[str, str], ...]  # (step, text) for the seven parts
    draft_value: str
    draft_is_latest: bool
    is_first_turn: bool
    help_level: str
    typed: tuple[str, ...]  # everything the student typed in the window, requests included
    attempts: tuple[str, ...]
    own_texts: tuple[str, ...]
    card: str = ""  # the value of the proposal card showing for this step, if any
    tried: tuple[str, ...] = ()  # the attempts before this message (requests never count)

    @property
    def claim(self) -> str:
        return dict(self.draft).get("claim", "")

    @property
    def latest_own(self) -> str:
        """The student's own text a confirmation or a rewrite request proposes: the text of
        "rewrite: <text>"; else the draft's text when they edited it by hand after their last
        attempt in the chat (``draft_is_latest``); else their latest attempt; else the draft's
        text ("" when they have written nothing for the step)."""
        if self.intent.kind == "rewrite" and (carried := rewrite_payload(self.message)):
            return carried
        if self.draft_is_latest and self.draft_value.strip():
            return self.draft_value.strip()
        return self.attempts[-1] if self.attempts else self.draft_value.strip()

    @property
    def own_joined(self) -> str:
        """The student's own text for this step (attempts and the step's draft) as one text."""
        return " ".join([*self.attempts, self.draft_value])


def _own_of(message: str, intent: Intent) -> str:
    """The student's own text in one message, given its intent ("" for none)."""
    if intent.is_attempt:
        return own_text(message)
    if intent.kind == "rewrite":
        return rewrite_payload(message)
    return ""


def _stems(text: str) -> set[str]:
    return {word[:5] for word in words(text) if len(word) >= 4}


# Who a plea is about: the student ("i need it", "ya la cambio yo", "help me").
_SELF = frozenset("i im ive me yo conmigo".split())
# What a plea says beside it: a plea or a deadline ("plz", "due tomorrow", "para mañana"),
# the tutor named ("if u write it", "si me lo escribes tú").
_PRESSING = languages.every_set("plea_words") | languages.every_set("tutor_pronouns")
# The student's own observation with a figure, in the first person ("i timed the queue 5
# days, it was 19 min on average"): evidence, not the student pleading.
_OBSERVED = re.compile("|".join(languages.every("observations")))
_DIGIT = re.compile(r"\d")


def _genuine(message: str, step: str, claim: str) -> bool:
    """An attempt that is the student's part whatever came before it: it carries its part's
    mark (``carries_its_part``), names no plea, deadline or the tutor, and is not about the
    student unless it is their own observation with a figure ("si los alumnos tienen que
    esperar mucho sin hacer nada normalmente pierden tiempo de dormir", "i timed the canteen
    queue 5 days ...")."""
    own = own_text(message)
    said = set(words(own))
    if said & _PRESSING:
        return False
    if said & _SELF and not (_OBSERVED.search(" ".join(words(own))) and _DIGIT.search(own)):
        return False
    return carries_its_part(step, own, claim=claim)


def _pleading(
    intents: list[tuple[str, Intent]], known: set[str], step: str = "", claim: str = ""
) -> list[tuple[str, Intent]]:
    """The messages with pleading read as pressure: in a wearing-down sequence (requests and
    no attempt naming the topic or a saved part since the first one), a message naming
    nothing of them goes on pleading ("pleaseee my essay is due tomorrow", "venga solo una
    frase y ya la cambio yo"), whatever its words, unless it is a genuine part (``_genuine``);
    pleading is never the student's text."""
    read: list[tuple[str, Intent]] = []
    asked = False
    for message, intent in intents:
        if (
            asked
            and intent.is_attempt
            and not _stems(own_text(message)) & known
            and not (step and _genuine(message, step, claim))
        ):
            intent = Intent("help", "emotional")
        asked = (asked or intent.kind == "help") and not (
            intent.is_attempt and _stems(message) & known
        )
        read.append((message, intent))
    return read


# "my teacher said so" alone: pressure against the tutor, but at a backing step the student's
# (unnamed) source, asked which one.
_SAID_SO = re.compile(languages.alternatives("said_so"))
_BACKINGS = ("groundsBacking", "warrantBacking")


def _as_source(message: str, intent: Intent, step: str) -> Intent:
    if step in _BACKINGS and intent.pressure == "teacher" and _SAID_SO.search(normalize(message)):
        return Intent("attempt")
    return intent


def _own_questions(
    said: list[tuple[str, Intent]], draft: tuple[str, ...]
) -> list[tuple[str, Intent]]:
    """The messages with a question on the student's own earlier words read as feedback: "is
    most likely too weak?" after "most likely" is judged, never their part."""
    read: list[tuple[str, Intent]] = []
    for message, intent in said:
        before = tuple(own for m, kind in read if (own := _own_of(m, kind)))
        asked = before and quality_subject(message, own=(*before, *draft)) is not None
        if intent.is_attempt and asked:
            intent = Intent("feedback")
        read.append((message, intent))
    return read


def _as_denial(message: str, intent: Intent, step: str) -> Intent:
    """At the rebuttal, a denial read as being stuck ("no se me ocurre ningún caso en que no
    funcione", "no one would ever say that we do not need it") is the student's (weak)
    rebuttal, answered with what it lacks; "i can't think of any exception, help" asks."""
    if step == "rebuttal" and intent.pressure == "stuck" and denies_any_failure(message):
        return Intent("attempt")
    return intent


def read_turn(inputs: Mapping[str, Any]) -> TurnInput:
    """The turn's inputs as one frozen object (see the module's docstring)."""
    topic = inputs.get("topic", "") or ""
    message = inputs.get("user_message", "") or ""
    earlier = tuple(inputs.get("step_messages", []) or ())
    draft = {str(k): str(v or "") for k, v in dict(inputs.get("draft") or {}).items()}
    known = _stems(topic) | _stems(" ".join(draft.values()))
    said = [(m, classify(m, topic=topic)) for m in earlier if m.strip()]
    step = inputs.get("step", "") or ""
    said = [(m, _as_denial(m, _as_source(m, kind, step), step)) for m, kind in said]
    intent = _as_source(message, turn_intent(inputs) or classify(message, topic=topic), step)
    said.append((message, _as_denial(message, intent, step)))
    claim = draft.get("claim", "") if step == "warrant" else ""
    said = _pleading(said, known, step if step in MIN_WORDS else "", claim)
    said = _own_questions(said, tuple(draft.values()))
    intent = said[-1][1]
    attempts = [own for m, kind in said if m.strip() and (own := _own_of(m, kind))]
    tried = [own for m, kind in said[:-1] if m.strip() and (own := _own_of(m, kind))]
    # The words the student typed around their text are theirs too ("pues casi seguro, ..."):
    # a tutor that quotes or proposes them writes nothing for the student.
    as_typed = [m.strip() for m, kind in said if kind.is_attempt and m.strip() not in attempts]
    draft_value = inputs.get("draft_value", "") or ""
    own_texts = [*attempts, *as_typed, *(text for text in draft.values() if text), draft_value]
    history = [m.get("text", "") for m in inputs.get("history", []) if m.get("role") == "user"]
    return TurnInput(
        step=inputs.get("step", ""),
        language=inputs.get("language", "en"),
        topic=topic,
        message=message,
        intent=intent,
        earlier=earlier,
        draft=tuple(draft.items()),
        draft_value=draft_value,
        draft_is_latest=bool(inputs.get("draft_is_latest")),
        is_first_turn=bool(inputs.get("is_first_turn", not earlier)),
        help_level=inputs.get("help_level", "full") or "full",
        typed=tuple(t for t in [*earlier, message, *history] if t.strip()),
        attempts=tuple(attempts),
        own_texts=tuple(t for t in own_texts if t.strip()),
        card=str(inputs.get("card", "") or ""),
        tried=tuple(tried),
    )


__all__ = ["TurnInput", "read_turn"]
