"""The offline tutor: a deterministic coach that asks, checks and explains, in EN or ES.

It follows the contract as a careful model would: it asks each step's guiding questions,
checks the student's own text with the step heuristics, says what is missing, and proposes
text only when the student confirms their text or asks for a rewrite of text that exists. It
never writes the argument for the student: a proposal is always the student's own words,
at most tidied (spacing, capital letter, final full stop).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from coach.domain import languages
from coach.domain.explanations import asked_part, help_text, off_topic_text
from coach.domain.heuristics import step_check
from coach.domain.intent import (
    accepts_with_change,
    accepts_with_doubt,
    own_text,
    says_yes_and_no,
)
from coach.domain.phrases import reply_language, words
from coach.domain.steps import STEPS, step_name, step_number
from coach.domain.turn import TurnInput, read_turn

GUIDING_QUESTIONS: dict[str, Mapping[str, str]] = {
    p.code: p.guiding_questions for p in languages.packs()
}

PROBLEMS: dict[str, Mapping[str, str]] = {p.code: p.problems for p in languages.packs()}

PRAISE: dict[str, Mapping[str, str]] = {p.code: p.praise for p in languages.packs()}

# Where to look, for a student who knows no facts, source or expert yet.
WHERE_TO_LOOK: dict[str, Mapping[str, str]] = {p.code: p.where_to_look for p in languages.packs()}

# "Here are your grounds": each part with its own grammar (number and gender).
AS_YOU_WROTE: dict[str, Mapping[str, str]] = {p.code: p.as_you_wrote for p in languages.packs()}

PHRASES: dict[str, Mapping[str, str]] = {p.code: p.phrases for p in languages.packs()}


def _lang(language: str) -> str:
    return languages.pack_for(language).code


def opening_text(topic: str, language: str) -> str:
    """The tutor's first words in a new session: the plan and the claim's question."""
    lang = _lang(language)
    opening = PHRASES[lang]["opening"].format(topic=topic)
    return f"{opening}\n\n{GUIDING_QUESTIONS[lang]['claim']}"


def step_intro_text(step: str, language: str) -> str:
    """What the tutor says when a step begins, after the previous one was saved."""
    lang = _lang(language)
    intro = PHRASES[lang]["intro"].format(number=step_number(step), step=step_name(step, lang))
    return f"{intro}\n\n{GUIDING_QUESTIONS[lang][step]}"


def set_aside_text(step: str, language: str) -> str:
    """What the tutor says when the student answers the card showing with a plain "no"."""
    lang = _lang(language)
    your_part = languages.pack(lang).your_part(step, step_name(step, lang).lower())
    return PHRASES[lang]["set_aside"].format(your_part=your_part)


def completion_text(language: str) -> str:
    return PHRASES[_lang(language)]["complete"]


def tidy(step: str, text: str, language: str) -> tuple[str, list[str]]:
    """The student's text with mechanical fixes only, and the names of the fixes made."""
    lang = _lang(language)
    changes: list[str] = []
    cleaned = re.sub(r"\s+", " ", text).strip()
    if cleaned != text.strip():
        changes.append(PHRASES[lang]["spacing"])
    if step == "claim" and (cleaned.endswith("?") or cleaned.startswith("¿")):
        cleaned = cleaned.lstrip("¿").rstrip("?").rstrip() + "."
        changes.append(PHRASES[lang]["statement"])
    if cleaned and cleaned[0].islower():
        cleaned = cleaned[0].upper() + cleaned[1:]
        changes.append(PHRASES[lang]["capital"])
    if cleaned and cleaned[-1] not in ".!?…\"'»”)":
        cleaned += "."
        changes.append(PHRASES[lang]["full_stop"])
    return cleaned, changes


def candidate_text(
    message: str,
    earlier_messages: list[str],
    draft_value: str,
    *,
    topic: str,
    draft_is_latest: bool = False,
    kind: str | None = None,
) -> str:
    """The student's own text for the step that a confirmation or rewrite refers to, as the
    turn reads it (``TurnInput.latest_own``): "rewrite: <text>" carries its text; otherwise
    their latest own text for the step, the hand-edited draft first (``draft_is_latest``),
    never a help request, a question or small talk (each read against ``topic``)."""
    turn = read_turn(
        {
            "user_message": message,
            "step_messages": earlier_messages,
            "draft_value": draft_value,
            "draft_is_latest": draft_is_latest,
            "topic": topic,
        }
        | ({"intent": kind} if kind else {})
    )
    return turn.latest_own


def _answer(result: dict[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False)


_POSSESSIVES = languages.every_set("possessives")
_MINE = languages.every_set("mine_words")


def own_part_asked(message: str, step: str) -> str:
    """The part a question about the student's own work is about: the one after a possessive
    ("wait is my claim ok?" -> claim, "¿mis datos están bien?" -> grounds); the current step's
    for "mine" ("does mine restate the claim?"); else the one it names (``asked_part``)."""
    said = words(message)
    for i, word in enumerate(said[:-1]):
        if word in _POSSESSIVES and (named := asked_part(said[i + 1], "")):
            return step if named == "warrantBacking" and step.endswith("Backing") else named
    return step if set(said) & _MINE else asked_part(message, step)


def _feedback(turn: TurnInput, lang: str) -> dict[str, Any]:
    """A question about the student's own part, judged and answered, never a proposal: the
    part it names ("is my claim ok?" on the warrant step), from the draft; else the step's
    card or latest attempt. What follows points on from the answer: to the card showing,
    back to the step, or (after a weak attempt) to the problem named; never the step's
    opening question again as if nothing had been said."""
    text, step = PHRASES[lang], turn.step
    about = own_part_asked(turn.message, step)
    own = (turn.card or turn.latest_own) if about == step else dict(turn.draft).get(about, "")
    name = step_name(about, lang).lower()
    if not own.strip():
        nothing = text["nothing_yet"] if about == step else text["not_saved"].format(step=name)
        return {"assistantText": nothing}
    check = step_check(about, own, claim=turn.claim if about == "warrant" else "")
    your_part = languages.pack(lang).your_part(about, name)
    quoted = text["feedback"].format(your_part=your_part, step=name, text=own.strip())
    verdict = PRAISE[lang][about] if check.passed else PROBLEMS[lang][check.problem or "empty"]
    here = languages.pack(lang).your_part(step, step_name(step, lang).lower())
    back = text["back_to"].format(your_part=here)
    if turn.card:
        # The card is the step's: about another part, the way back says whose card it is.
        after = text["card_waiting"] if about == step else f"{back} {text['card_waiting']}"
    elif about != step:
        after = f"{back} {GUIDING_QUESTIONS[lang][step]}"
    elif check.passed:
        after = text["confirm_hint"]
    else:
        after = ""  # the verdict on their attempt says what to do next
    answer: dict[str, Any] = {"assistantText": f"{quoted} {verdict}", "confidence": 0.3}
    return answer | ({"nextQuestion": after} if after else {})


def offline_turn(inputs: Mapping[str, Any] | TurnInput) -> str:
    """The offline tutor's answer to a turn (``coach.services`` calls it directly, with the
    turn's inputs or the ``TurnInput`` read from them; no prompt is built for it): a
    CoachAIResult as JSON text.

    ``inputs``: ``step``, ``language``, ``topic``, ``user_message``, ``draft_value``,
    ``is_first_turn``, ``step_messages`` (the student's earlier messages on this step,
    oldest first), ``draft_is_latest`` (the draft's part was edited by hand after the
    student's last attempt in the chat), ``draft`` (all seven parts, to keep examples off
    the student's words). They are read once (``coach.domain.turn.read_turn``), as every
    check of the answer reads them: the tutor and the guards share one reading of the
    message's intent and of the student's own text.

    The message's intent decides first: a help request or a concept question gets an
    explanation with an example on another topic and one guiding question, small talk is
    steered back; only a confirmation or a rewrite request proposes, and only the student's
    own earlier attempt.
    """
    turn = inputs if isinstance(inputs, TurnInput) else read_turn(inputs)
    step, message, topic = turn.step, turn.message, turn.topic
    draft = dict(turn.draft)
    # A message in another language gets that reply in its language; a language-neutral one
    # ("yes", "ok") is answered in the session's language, never in an earlier message's.
    session_language = turn.language or languages.DEFAULT_LANGUAGE
    lang = _lang(reply_language(message, session_language))
    text = PHRASES[lang]
    question = GUIDING_QUESTIONS[lang][step]
    name = step_name(step, lang).lower()
    result: dict[str, Any] = {"step": step, "nextQuestion": question}
    intent = turn.intent
    claim = turn.claim if step == "warrant" else ""

    if intent.kind == "help" and turn.card and says_yes_and_no(message):
        # "yeah no": neither a yes nor a no; the card stays until the student says which.
        result["assistantText"] = text["yes_or_no"]
        result["confidence"] = 0.0
        result.pop("nextQuestion")
        return _answer(result)
    if intent.kind == "help" and accepts_with_doubt(message):
        # "sí pero no sé": not a yes yet, and no change to write: what is the doubt?
        result["assistantText"] = text["unsure"]
        result["confidence"] = 0.0
        result.pop("nextQuestion")
        return _answer(result)
    if intent.kind == "help" and intent.pressure == "ask" and accepts_with_change(message):
        # "yes but change 95% to most": not a yes, and the change is the student's to write.
        your_part = languages.pack(lang).your_part(step, name)
        result["assistantText"] = text["amend"].format(your_part=your_part)
        result["confidence"] = 0.0
        result.pop("nextQuestion")
        return _answer(result)
    if intent.kind in ("help", "concept"):
        about = asked_part(message, step)
        result["assistantText"] = help_text(
            step=step,
            language=lang,
            topic=topic or name,
            pressure=intent.pressure,  # "" (a concept question) has no opener, as "concept"
            avoid=" ".join(draft.values()),
            about=about,
            explain=turn.help_level != "questions",
        )
        if intent.kind == "help" and about == step and step in WHERE_TO_LOOK[lang]:
            # A student with no facts, source or expert yet is told where to find one.
            result["assistantText"] = f"{WHERE_TO_LOOK[lang][step]}\n\n{result['assistantText']}"
        result["confidence"] = 0.0
        result.pop("nextQuestion")
        return _answer(result)
    if intent.kind == "feedback":
        result.pop("nextQuestion")
        result.update(_feedback(turn, lang))
        return _answer(result)
    if intent.kind == "off_topic":
        result["assistantText"] = off_topic_text(step=step, language=lang, topic=topic or name)
        result.pop("nextQuestion")
        return _answer(result)

    if intent.kind in ("confirmation", "rewrite"):
        # Tidying the student's words is full coaching; below it their text goes as written.
        rewriting = intent.kind == "rewrite" and turn.help_level == "full"
        candidate = turn.latest_own
        if not candidate:
            result["assistantText"] = text["nothing_yet"]
            return _answer(result)
        value, changes = tidy(step, candidate, lang) if rewriting else (candidate, [])
        check = step_check(step, value)
        if not check.passed:
            problem = PROBLEMS[lang][check.problem or "empty"]
            result["assistantText"] = text["still_missing"].format(problem=problem)
            result["confidence"] = 0.3
            return _answer(result)
        if value.rstrip().endswith("?"):
            # A part that passes with its mark got the question-mark note, and the yes answers
            # it: a statement, not a question to the tutor, so the card holds it without the
            # mark and one confirm saves it.
            value = value.strip().lstrip("¿").rstrip("?").rstrip()
        if rewriting:
            listed = ", ".join(changes) or text["no_changes"]
            result["assistantText"] = text["proposal_rewrite"].format(changes=listed)
            rationale = text["rationale_rewrite"].format(changes=listed)
        else:
            result["assistantText"] = AS_YOU_WROTE[lang][step]
            rationale = text["rationale_confirmed"].format(step=name)
        result.update(
            confidence=0.9,
            proposedUpdate={"field": step, "value": value, "rationale": rationale},
            shouldAdvance=True,
        )
        result.pop("nextQuestion")
        return _answer(result)

    attempt = own_text(message)
    check = step_check(step, attempt, claim=claim)
    if check.passed and attempt.rstrip().endswith("?"):
        # The one doubt about a passing attempt: written as a question, it may be a question
        # to the tutor rather than the student's part. Said, and a "yes" settles it.
        result["assistantText"] = f"{text['doubt_question']} {text['confirm_hint']}"
        result["confidence"] = 0.7
        result.pop("nextQuestion")
    elif check.passed:
        # A genuine attempt that has what the part needs goes straight to a card: the
        # student's click (or a typed "yes") is the confirmation. Praise on a first try (a
        # request or a question before it is no try); after an attempt the tutor named a
        # problem in, that it answers what was missing.
        fixing = any(not step_check(step, tried, claim=claim).passed for tried in turn.tried)
        lead = text["fixed"] if fixing else PRAISE[lang][step]
        result["assistantText"] = f"{lead} {AS_YOU_WROTE[lang][step]}"
        rationale = text["rationale_confirmed"].format(step=name)
        result.update(
            confidence=0.85,
            proposedUpdate={"field": step, "value": attempt, "rationale": rationale},
            shouldAdvance=True,
        )
        result.pop("nextQuestion")
    else:
        result["assistantText"] = PROBLEMS[lang][check.problem or "empty"]
        result["confidence"] = 0.2
    return _answer(result)


__all__ = [
    "GUIDING_QUESTIONS",
    "STEPS",
    "candidate_text",
    "completion_text",
    "offline_turn",
    "opening_text",
    "set_aside_text",
    "step_intro_text",
    "tidy",
]
