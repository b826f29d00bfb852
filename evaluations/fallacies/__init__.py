"""Short texts, written by hand, on which the offline fallacy detector is tested and measured.

The texts are data (the JSON files beside this module, each saying when it was written and
whether the rules were tuned on it); this module only reads them. Each example is
``(type, text)``: ``type`` is a taxonomy id, or ``""`` for a text with no fallacy.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

Example = tuple[str, str]


def examples(name: str) -> tuple[Example, ...]:
    """The examples of the set ``name`` (the file ``<name>.json`` beside this module)."""
    data = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    return tuple((item["type"], item["text"]) for item in data["examples"])


TUNING = examples("tuning")
SECOND_SET = examples("second_set")
HELD_OUT = examples("held_out")
# An op-ed written for the tests: a false cause, an over-generalisation, and a near miss
# ("schools have always had a front-office telephone" is a fact about the past, neither a
# generalisation nor a prediction).
PHONE_BAN_OP_ED = (HERE / "phone_ban_op_ed.txt").read_text(encoding="utf-8").removesuffix("\n")
