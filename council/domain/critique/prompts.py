"""Messages for the council's model calls. The instruction texts (``council/prompts/*.txt``)
are passed in by the service that loads them; every piece of user text travels inside the
one prompt fence (``toulmini_site.text.fence``), which the instructions call data.
"""

from __future__ import annotations

from typing import Any

from toulmini_site.text.fence import fence


def tree_messages(
    *,
    directives: str,
    instructions: str,
    level: int,
    max_depth: int,
    targets: list[dict[str, Any]],
) -> list[dict[str, str]]:
    """One level of a critique tree: every target (document or parent quote) in one call."""
    system = "\n\n".join([directives, instructions])
    if level == 1:
        body = (
            f"Level 1 of {max_depth}. Critique the whole document below (the value of "
            f'"document"). Answer with one group whose target_id is {targets[0]["id"]!r}.\n\n'
            + fence({"document": targets[0]["span"]})
        )
    else:
        listing = [
            {"target_id": t["id"], "parent_claim": t["claim"], "quote": t["span"]} for t in targets
        ]
        body = (
            f"Level {level} of {max_depth}. For each target below, examine only its quote and "
            "answer with one group per target_id (an empty points list when nothing more is "
            "worth examining).\n\n" + fence({"targets": listing})
        )
    return [{"role": "system", "content": system}, {"role": "user", "content": body}]


def self_critique_messages(
    *,
    directives: str,
    instructions: str,
    own: list[dict[str, Any]],
    others: dict[str, list[dict[str, Any]]],
) -> list[dict[str, str]]:
    system = "\n\n".join([directives, instructions])
    body = fence({"own_critique": own, "other_critiques": others})
    return [{"role": "system", "content": system}, {"role": "user", "content": body}]


def summary_messages(
    *, instructions: str, points: list[dict[str, Any]], failures: list[str]
) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": instructions},
        {"role": "user", "content": fence({"points": points, "failures": failures})},
    ]
