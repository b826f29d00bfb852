"""The council's instruction texts (``council/prompts/*.txt``), read once by the services
that build prompts (the domain's builders receive them)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

PROMPTS_DIR = Path(__file__).resolve().parents[1] / "prompts"


@cache
def prompt_text(name: str) -> str:
    """The text of ``council/prompts/<name>.txt``."""
    return (PROMPTS_DIR / f"{name}.txt").read_text(encoding="utf-8").strip()
