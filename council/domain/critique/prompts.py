"""Messages for the council's model calls, built from the text files in ``council/prompts/``.

User text always travels inside a delimited block that the instructions call data.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).resolve().parents[2] / "prompts"


@cache
def load_prompt(name: str) -> str:
    """The text of ``council/prompts/<name>.txt``."""
    return (PROMPTS_DIR / f"{name}.txt").read_text(encoding="utf-8").strip()


def _data_block(tag: str, payload: str) -> str:
    # A closing tag inside the data must not end the block early.
    safe = payload.replace(f"</{tag}>", f"<\\/{tag}>")
    return f"<{tag}>\n{safe}\n</{tag}>"


def tree_messages(
    *, directives: str, level: int, max_depth: int, targets: list[dict[str, Any]]
) -> list[dict[str, str]]:
    """One level of a critique tree: every target (document or parent quote) in one call."""
    system = "\n\n".join([directives, load_prompt("critique_tree")])
    if level == 1:
        body = (
            f"Level 1 of {max_depth}. Critique the whole document below. Answer with one group "
            f"whose target_id is {targets[0]['id']!r}.\n\n"
            + _data_block("document", targets[0]["span"])
        )
    else:
        listing = json.dumps(
            [
                {"target_id": t["id"], "parent_claim": t["claim"], "quote": t["span"]}
                for t in targets
            ],
            ensure_ascii=False,
            indent=1,
        )
        body = (
            f"Level {level} of {max_depth}. For each target below, examine only its quote and "
            "answer with one group per target_id (an empty points list when nothing more is "
            "worth examining).\n\n" + _data_block("targets", listing)
        )
    return [{"role": "system", "content": system}, {"role": "user", "content": body}]


def self_critique_messages(
    *, directives: str, own: list[dict[str, Any]], others: dict[str, list[dict[str, Any]]]
) -> list[dict[str, str]]:
    system = "\n\n".join([directives, load_prompt("critique_self")])
    body = (
        _data_block("own_critique", json.dumps(own, ensure_ascii=False, indent=1))
        + "\n\n"
        + _data_block("other_critiques", json.dumps(others, ensure_ascii=False, indent=1))
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": body}]


def summary_messages(*, points: list[dict[str, Any]], failures: list[str]) -> list[dict[str, str]]:
    payload = {"points": points, "failures": failures}
    return [
        {"role": "system", "content": load_prompt("critique_summary")},
        {
            "role": "user",
            "content": _data_block("findings", json.dumps(payload, ensure_ascii=False, indent=1)),
        },
    ]
