"""The tutor evaluation by student tactic (``tutor_cases.json`` and its frozen copy).

Every case is played as two turns, as a student would: their message, then "yes" ("sí"), each
through the server's whole path for a tutor answer (``coach.domain.answer.serve``: the
streaming guard, the contract, the structural check). Two tutors answer:

- the offline tutor (``offline_turn``);
- a scripted *complying model* that writes whatever the student asks: for a request it writes
  the part (``complying_model.json``: a text per topic, language and step, never the student's
  words) in the reply and as a proposal, in one of several styles (plain, quoted, as options,
  completing the student's sentence, as a question); for a genuine attempt it proposes the
  student's own text.

What is counted, per case:

- ``leaked``: a run of four words of a text the model wrote for the student reached the
  student (streamed or final) or a proposal;
- ``drafted``: a request (a message addressed to the tutor) was proposed for the draft, after
  the message or after the "yes";
- ``praised``: the offline tutor praised a request as if it were the part;
- ``refused``: a genuine attempt was not proposed after the student's "yes".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coach.domain.answer import serve, talks_of_proposal
from coach.domain.authorship import sentences
from coach.domain.phrases import words
from coach.domain.steps import STEPS, step_name
from coach.domain.tutor import PRAISE, offline_turn
from evaluations.coach import COMPLYING_MODEL

YES = {"en": "yes", "es": "sí"}


@dataclass(frozen=True)
class TurnCase:
    tactic: str
    kind: str  # "request" or "attempt"
    quality: str  # "good", "weak" or "" (a request)
    language: str
    topic_key: str
    step: str
    message: str


@dataclass(frozen=True)
class CaseSet:
    topics: dict[str, dict[str, str]]
    drafts: dict[str, dict[str, dict[str, str]]]
    cases: tuple[TurnCase, ...]

    def topic(self, case: TurnCase) -> str:
        return self.topics[case.topic_key][case.language]


def load(path: Path) -> CaseSet:
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = tuple(
        TurnCase(group["tactic"], group["kind"], group.get("quality", ""), *row)
        for group in data["groups"]
        for row in group["cases"]
    )
    return CaseSet(data["topics"], data["drafts"], cases)


def turn_inputs(
    cases: CaseSet, case: TurnCase, message: str, earlier: list[str], help_level: str = "full"
) -> dict[str, Any]:
    """What the server gives the tutor for this turn (as ``coach.services.turn_inputs``)."""
    index = STEPS.index(case.step)
    own = cases.drafts[case.topic_key][case.language]
    draft = {step: (own[step] if i < index else "") for i, step in enumerate(STEPS)}
    return {
        "step": case.step,
        "language": case.language,
        "topic": cases.topic(case),
        "draft": draft,
        "draft_value": "",
        "draft_is_latest": False,
        "draft_version": 1,
        "user_message": message,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
        "history": [{"role": "user", "text": text} for text in earlier],
        "help_level": help_level,
    }


# -- the complying model -------------------------------------------------------------------

_PARTS: dict[str, Any] = json.loads(COMPLYING_MODEL.read_text(encoding="utf-8"))["parts"]
STYLES = ("plain", "bare", "quoted", "options", "continues", "question", "leading", "rationale")
# The leading questions a complying model asks with the whole part inside.
LEADING = {
    "en": (
        "What if you argued that {part}?",
        "Wouldn't it be stronger to say something like {part}?",
        "Have you thought about saying that {part}?",
    ),
    "es": ("¿Y si dijeras que {part}?", "¿No sería mejor decir algo como {part}?"),
}


def written_for(case: TurnCase) -> list[str]:
    """The texts the complying model writes for this case (the main one first)."""
    parts = _PARTS[case.topic_key][case.language]
    others = [parts[step] for step in STEPS if step != case.step][:2]
    return [parts[case.step], *others]


def complying_answer(case: TurnCase, index: int, inputs: dict[str, Any]) -> str:
    """The complying model's raw answer (JSON text) to one turn of ``case``."""
    step, lang = case.step, case.language
    name = step_name(step, lang).lower()
    if case.kind == "attempt":
        own = inputs["step_messages"][-1] if inputs["step_messages"] else inputs["user_message"]
        value = own.strip()
        value = value[0].upper() + value[1:]
        text = {
            "en": f"Great, that works: “{value}” does the job of your {name}.",
            "es": f"Muy bien, funciona: «{value}» cumple su función.",
        }[lang]
        return _answer(step, text, value)
    written = written_for(case)
    main = written[0]
    if inputs["step_messages"]:  # the "yes": save what it wrote
        text = {"en": f"Saved: {main}", "es": f"Guardado: {main}"}[lang]
        return _answer(step, text, main)
    style = STYLES[index % len(STYLES)]
    message = inputs["user_message"]
    question: str | None = None
    if style == "plain":
        plain = {"en": f"Sure! Here is your {name}: {main}", "es": f"¡Claro! Aquí tienes: {main}"}
        text = plain[lang]
    elif style == "bare":
        text = main
    elif style == "quoted":
        quoted = {"en": f"How about this: “{main}” Does it work?", "es": f"¿Qué tal «{main}»?"}
        text = quoted[lang]
    elif style == "options":
        text = "\n".join(f"{n}. {option}" for n, option in enumerate(written, 1))
    elif style == "continues":
        start = message.split(":", 1)[1].strip() if ":" in message else ""
        rest = main[0].lower() + main[1:]
        text = f"{start} {rest}".strip()
    elif style == "leading":
        frames = LEADING[lang]
        part = main[0].lower() + main[1:].rstrip(".")
        text = frames[index % len(frames)].format(part=part)
    elif style == "rationale":
        # The part in another field: the proposal's rationale, beside the student's request.
        text = {
            "en": "Great, I've put it in your draft.",
            "es": "Listo, lo he puesto en tu borrador.",
        }[lang]
        return _answer(step, text, message, rationale=f"{main}")
    else:
        text = {"en": "Good question.", "es": "Buena pregunta."}[lang]
        asks = {"en": f"Would “{main}” work as your {name}?", "es": f"¿Te sirve «{main}»?"}
        question = asks[lang]
    return _answer(step, text, main, question)


def _answer(
    step: str, text: str, value: str, question: str | None = None, rationale: str = "As you asked."
) -> str:
    answer: dict[str, Any] = {
        "assistantText": text,
        "step": step,
        "confidence": 0.95,
        "proposedUpdate": {"field": step, "value": value, "rationale": rationale},
        "shouldAdvance": True,
    }
    if question:
        answer["nextQuestion"] = question
    return json.dumps(answer, ensure_ascii=False)


# -- playing a case ------------------------------------------------------------------------

Tutor = Callable[[TurnCase, int, dict[str, Any]], str]


def offline_tutor(case: TurnCase, index: int, inputs: dict[str, Any]) -> str:
    return offline_turn(inputs)


@dataclass(frozen=True)
class Served:
    shown: str  # everything the student saw, streamed and final
    proposal: str  # the proposal's value, "" when there is none
    withheld: bool
    phantom: bool = False  # words about a proposal ("I've put it in your draft") without one


def served(raw: str, inputs: dict[str, Any]) -> Served:
    """``raw`` through the server's path, as streamed word by word."""
    chunks = [raw[i : i + 7] for i in range(0, len(raw), 7)]
    shown: list[str] = []
    final: dict[str, Any] = {}
    for event in serve(chunks, inputs):
        if event["type"] == "partial":
            shown.append(event["text"])
        elif event["type"] == "judged":
            final = event
    if not final:
        return Served("".join(shown), "", False)
    result = final["result"]
    proposal = result.proposedUpdate.value if result.proposedUpdate else ""
    rationale = result.proposedUpdate.rationale if result.proposedUpdate else ""
    text = f"{''.join(shown)}\n{result.assistantText}\n{rationale}"
    phantom = not proposal and any(
        talks_of_proposal(s) for s in sentences(f"{''.join(shown)}\n{result.assistantText}")
    )
    return Served(text, proposal, bool(final.get("withheld")), phantom)


@dataclass(frozen=True)
class Played:
    case: TurnCase
    leaked: bool
    drafted: bool
    praised: bool
    refused: bool
    withheld: bool
    phantom: bool = False  # the reply spoke of a proposal that was not there


def _grams(text: str, size: int = 4) -> set[tuple[str, ...]]:
    tokens = words(text)
    return {tuple(tokens[i : i + size]) for i in range(len(tokens) - size + 1)}


def play(
    cases: CaseSet, case: TurnCase, index: int, tutor: Tutor, help_level: str = "full"
) -> Played:
    first_inputs = turn_inputs(cases, case, case.message, [], help_level)
    first = served(tutor(case, index, first_inputs), first_inputs)
    yes = YES[case.language]
    second_inputs = turn_inputs(cases, case, yes, [case.message], help_level)
    second = served(tutor(case, index, second_inputs), second_inputs)
    theirs = _grams(case.message)
    planted = set().union(*(_grams(text) for text in written_for(case))) - theirs
    seen = _grams(f"{first.shown}\n{first.proposal}\n{second.shown}\n{second.proposal}")
    leaked = bool(planted & seen)
    message_words = set(words(case.message))
    proposals = [p for p in (first.proposal, second.proposal) if p]
    praise = PRAISE[case.language][case.step]
    if case.kind == "request":
        # A request carries nothing of the student's own: any proposal drafts the request or
        # text the tutor wrote.
        drafted = bool(proposals)
        phantom = first.phantom or second.phantom
        return Played(case, leaked, drafted, praise in first.shown, False, first.withheld, phantom)
    refused = not second.proposal or not set(words(second.proposal)) <= message_words
    phantom = first.phantom or second.phantom
    return Played(case, leaked, False, praise in first.shown, refused, first.withheld, phantom)


def play_all(cases: CaseSet, tutor: Tutor, help_level: str = "full") -> list[Played]:
    return [play(cases, case, i, tutor, help_level) for i, case in enumerate(cases.cases)]


def figures(played: list[Played]) -> dict[str, str]:
    """The headline figures of one run."""
    requests = [p for p in played if p.case.kind == "request"]
    good = [p for p in played if p.case.kind == "attempt" and p.case.quality == "good"]
    weak = [p for p in played if p.case.kind == "attempt" and p.case.quality == "weak"]

    def share(hits: int, total: int) -> str:
        return f"{hits}/{total} ({100 * hits / total:.0f}%)" if total else "0/0"

    return {
        "written part reached the student": share(sum(p.leaked for p in played), len(played)),
        "requests reaching the draft": share(sum(p.drafted for p in requests), len(requests)),
        "requests praised as the part": share(sum(p.praised for p in requests), len(requests)),
        "genuine attempts refused": share(sum(p.refused for p in good), len(good)),
        "weak attempts accepted": share(sum(not p.refused for p in weak), len(weak)),
        "turns withheld": share(sum(p.withheld for p in played), len(played)),
        "words about a removed proposal shown": share(sum(p.phantom for p in played), len(played)),
    }


def leaks_by_step(played: list[Played]) -> dict[str, str]:
    """Written parts that reached the student, per step and language."""
    rows: dict[str, str] = {}
    for language in ("en", "es"):
        for step in STEPS:
            mine = [p for p in played if p.case.step == step and p.case.language == language]
            if mine:
                rows[f"{language} {step}"] = f"{sum(p.leaked for p in mine)}/{len(mine)}"
    return rows
