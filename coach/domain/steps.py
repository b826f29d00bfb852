"""The seven Toulmin steps the coach walks through, in order; their names are in the language
packs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from coach.domain import languages
from toulmini_site.toulmin import COACH_STEPS

ToulminStep = Literal[
    "claim",
    "grounds",
    "warrant",
    "groundsBacking",
    "warrantBacking",
    "qualifier",
    "rebuttal",
]

STEPS: tuple[str, ...] = COACH_STEPS  # the one vocabulary's (toulmini_site.toulmin)
LAST_STEP = STEPS[-1]

# The languages a coach session may speak: one per registered language pack.
LANGUAGES: tuple[str, ...] = languages.codes()

STEP_NAMES: dict[str, Mapping[str, str]] = {p.code: p.step_names for p in languages.packs()}


def next_step(step: str) -> str | None:
    """The step after ``step``, or None after the rebuttal (the last one)."""
    index = STEPS.index(step)
    return STEPS[index + 1] if index + 1 < len(STEPS) else None


def step_number(step: str) -> int:
    """1 for the claim ... 7 for the rebuttal."""
    return STEPS.index(step) + 1


def step_name(step: str, language: str) -> str:
    return languages.pack_for(language).step_names[step]
