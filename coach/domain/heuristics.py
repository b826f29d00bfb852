"""Does a text fit the Toulmin element it is meant to be? Cheap checks, English and Spanish.

Each step has one question: a claim is a statement, not a question; grounds carry evidence; a
warrant states a general principle; a backing names an authority; a qualifier carries a modal;
a rebuttal names a condition. ``step_check`` answers it and says what is missing, so the
offline tutor can explain and the guards can refuse to advance on weak text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from coach.domain.phrases import contains_phrase, fold, words

MIN_WORDS: dict[str, int] = {
    "claim": 4,
    "grounds": 5,
    "warrant": 5,
    "groundsBacking": 3,
    "warrantBacking": 3,
    "qualifier": 1,
    "rebuttal": 3,
}

# Folded (lower case, no accents) words or phrases; a trailing "*" matches any ending.
_EVIDENCE = (
    # English
    "data", "study", "studies", "survey*", "research*", "report*", "evidence", "found",
    "show*", "according to", "percent", "statistic*", "measur*", "observ*", "example",
    "for instance", "record*", "experiment*", "result*", "rate", "increase*", "decrease*",
    # Spanish
    "datos", "estudio*", "encuesta*", "investigacion*", "informe*", "evidencia*", "muestra*",
    "mostro", "segun", "por ciento", "estadistica*", "medid*", "observ*", "ejemplo",
    "registr*", "experimento*", "resultado*", "tasa", "aument*", "disminu*", "cifras",
)  # fmt: skip
_PRINCIPLE = (
    # English
    "if", "when", "whenever", "generally", "usually", "always", "any", "all", "every",
    "tend*", "typically", "as a rule", "in general", "because", "since", "whoever",
    # Spanish
    "si", "cuando", "siempre", "generalmente", "normalmente", "por lo general", "todo",
    "todos", "toda", "todas", "cualquier*", "suele*", "tiende*", "en general", "porque",
    "quien",
)  # fmt: skip
_AUTHORITY = (
    # English
    "according to", "published", "journal", "universit*", "institut*", "study", "studies",
    "research*", "report*", "census", "agency", "organi*", "who", "government", "expert*",
    "professor", "dr", "law", "court", "ministry", "department", "association", "source",
    "peer reviewed", "scientist*", "researchers", "guidelines", "textbook", "encyclopedia",
    # Spanish
    "segun", "publicad*", "revista", "universidad*", "instituto*", "estudio*",
    "investigacion*", "informe*", "censo", "agencia", "organizacion*", "oms", "gobierno",
    "experto*", "profesor*", "ley", "tribunal*", "ministerio", "departamento", "asociacion",
    "fuente*", "cientific*", "investigador*", "manual",
)  # fmt: skip
_MODALS = (
    # English
    "probably", "likely", "possibly", "perhaps", "maybe", "usually", "generally", "often",
    "in most cases", "most", "some", "almost", "presumably", "certainly", "definitely",
    "necessarily", "may", "might", "could", "unlikely", "typically", "plausibly", "arguably",
    "always", "rarely", "sometimes", "in all likelihood",
    # Spanish
    "probablemente", "posiblemente", "quizas", "quiza", "tal vez", "generalmente",
    "normalmente", "a menudo", "la mayoria", "casi", "seguramente", "ciertamente", "puede",
    "podria", "presumiblemente", "en general", "frecuentemente", "siempre", "a veces",
    "raramente", "en la mayoria",
)  # fmt: skip
_CONDITIONS = (
    # English
    "unless", "except", "if", "when", "however", "but", "although", "provided", "in case",
    "only if", "exception*", "whereas",
    # Spanish
    "a menos que", "salvo", "excepto", "si", "cuando", "sin embargo", "pero", "aunque",
    "siempre que", "en caso", "a no ser que", "excepcion*", "mientras",
)  # fmt: skip
_QUESTION_STARTS = frozenset(
    "what why how who whom whose when where which do does did is are can could should would "
    "will".split()
)
_YEAR_OR_NUMBER = re.compile(r"\d")


@dataclass(frozen=True)
class StepCheck:
    """The verdict on a text for a step: ``problem`` is None when it passes."""

    step: str
    problem: str | None

    @property
    def passed(self) -> bool:
        return self.problem is None


def _has_marker(text: str, markers: tuple[str, ...]) -> bool:
    tokens = words(text)
    for marker in markers:
        if marker.endswith("*"):
            stem = fold(marker[:-1])
            if any(token.startswith(stem) for token in tokens):
                return True
        elif contains_phrase(text, marker):
            return True
    return False


def is_question(text: str) -> bool:
    stripped = text.strip()
    if stripped.endswith("?") or stripped.startswith("¿"):
        return True
    tokens = words(stripped)
    return bool(tokens) and tokens[0] in _QUESTION_STARTS


def step_check(step: str, text: str) -> StepCheck:
    """Whether ``text`` fits ``step``; the problem codes are ``empty``, ``too_short``,
    ``is_question``, ``no_evidence``, ``no_principle``, ``no_authority``, ``no_modal``,
    ``no_condition``."""
    stripped = (text or "").strip()
    if not stripped:
        return StepCheck(step, "empty")
    if len(words(stripped)) < MIN_WORDS[step]:
        return StepCheck(step, "too_short")
    problem: str | None = None
    if step == "claim":
        problem = "is_question" if is_question(stripped) else None
    elif step == "grounds":
        evidence = _has_marker(stripped, _EVIDENCE) or bool(_YEAR_OR_NUMBER.search(stripped))
        problem = None if evidence else "no_evidence"
    elif step == "warrant":
        problem = None if _has_marker(stripped, _PRINCIPLE) else "no_principle"
    elif step in ("groundsBacking", "warrantBacking"):
        authority = _has_marker(stripped, _AUTHORITY) or bool(_YEAR_OR_NUMBER.search(stripped))
        problem = None if authority else "no_authority"
    elif step == "qualifier":
        problem = None if _has_marker(stripped, _MODALS) else "no_modal"
    elif step == "rebuttal":
        problem = None if _has_marker(stripped, _CONDITIONS) else "no_condition"
    else:
        raise ValueError(f"unknown step {step!r}")
    return StepCheck(step, problem)


def passes(step: str, text: str) -> bool:
    return step_check(step, text).passed
