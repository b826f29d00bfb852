"""The seven Toulmin steps the coach walks through, in order, with their names in EN/ES."""

from __future__ import annotations

from typing import Literal, get_args

ToulminStep = Literal[
    "claim",
    "grounds",
    "warrant",
    "groundsBacking",
    "warrantBacking",
    "qualifier",
    "rebuttal",
]

STEPS: tuple[str, ...] = get_args(ToulminStep)
LAST_STEP = STEPS[-1]

Language = Literal["en", "es"]
LANGUAGES: tuple[str, ...] = get_args(Language)

STEP_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "claim": "Claim",
        "grounds": "Grounds",
        "warrant": "Warrant",
        "groundsBacking": "Backing for the grounds",
        "warrantBacking": "Backing for the warrant",
        "qualifier": "Qualifier",
        "rebuttal": "Rebuttal",
    },
    "es": {
        "claim": "Tesis",
        "grounds": "Datos",
        "warrant": "Garantía",
        "groundsBacking": "Respaldo de los datos",
        "warrantBacking": "Respaldo de la garantía",
        "qualifier": "Calificador",
        "rebuttal": "Refutación",
    },
}


def next_step(step: str) -> str | None:
    """The step after ``step``, or None after the rebuttal (the last one)."""
    index = STEPS.index(step)
    return STEPS[index + 1] if index + 1 < len(STEPS) else None


def step_number(step: str) -> int:
    """1 for the claim ... 7 for the rebuttal."""
    return STEPS.index(step) + 1


def step_name(step: str, language: str) -> str:
    return STEP_NAMES.get(language, STEP_NAMES["en"])[step]
