"""The offline analyzer with its sentence-role model: the fitted weights are read once, on the
first offline analysis, from ``arguments/sentence_roles.json`` (written by ``make train``);
and the same reading of a text's sentences for the other apps (``sentence_reading``).

The domain stays pure: this module reads the file and hands the model to
``arguments.domain.analyzer``, which never touches the disk.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from arguments.domain.analyzer import analyze_phase
from arguments.domain.reading import read
from arguments.domain.roles import RoleModel

WEIGHTS = "sentence_roles.json"


@functools.cache
def sentence_roles() -> RoleModel:
    """The shipped sentence-role model (loaded once per process)."""
    text = resources.files("arguments").joinpath(WEIGHTS).read_text(encoding="utf-8")
    return RoleModel.from_json(json.loads(text))


def analyze_offline(inputs: dict[str, Any]) -> Any:
    """The offline provider's analyzer for a chain phase: the rules with the shipped model."""
    return analyze_phase(inputs, roles=sentence_roles())


def sentence_reading(text: str, query: str = "") -> dict[str, str]:
    """The role of each sentence of ``text`` in its argument, as the chain reads it (the rules
    with the shipped model): sentence text -> claim, data, warrant (a stated rule), rebuttal
    (an objection or concession), restatement or none. The council's audit and offline
    philosophers take their Toulmin readings from here, so the three apps agree."""
    reading = read(query, text, sentence_roles())
    return {s.text: reading.role_of(s) for s in reading.sentences}
