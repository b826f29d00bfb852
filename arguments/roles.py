"""The offline analyzer with its sentence-role model: the fitted weights are read once, on the
first offline analysis, from ``arguments/sentence_roles.json`` (written by ``make train``).

The domain stays pure: this module reads the file and hands the model to
``arguments.domain.analyzer``, which never touches the disk.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from arguments.domain.analyzer import analyze_phase
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
