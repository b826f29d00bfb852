"""Examples for the trust work: sentences and short essays in many voices, each read one way,
with near misses (``examples.json``; a dev half and a frozen half)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

EXAMPLES: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parent / "examples.json").read_text(encoding="utf-8")
)
