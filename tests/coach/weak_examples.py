"""How the offline tutor meets a weak-part example (``weak_parts_*.json``,
``weak_overreach_*.json``): shared by the tests that play them."""

import json

from coach.domain.heuristics import step_check
from coach.domain.tutor import PRAISE, PROBLEMS, offline_turn


def first_reply(example: dict) -> dict:
    language = example["language"]
    inputs = {
        "step": example["step"],
        "language": language,
        "topic": {"en": "School life", "es": "La vida en el instituto"}[language],
        "draft": {"claim": example["claim"]} if example["claim"] else {},
        "draft_value": "",
        "user_message": example["text"],
        "is_first_turn": True,
        "step_messages": [],
        "history": [],
        "help_level": "full",
    }
    return json.loads(offline_turn(inputs))


def failures(example: dict) -> list[str]:
    """What the offline tutor got wrong on ``example``: a weak part praised, saved or left
    without its next step; a near miss refused."""
    check = step_check(example["step"], example["text"], claim=example["claim"])
    reply = first_reply(example)
    said = reply["assistantText"]
    praise = PRAISE[example["language"]][example["step"]]
    out: list[str] = []
    if example["expect"]:
        if check.problem != example["expect"]:
            out.append(f"check {check.problem}")
        if praise in said or "proposedUpdate" in reply:
            out.append("praised")
        if PROBLEMS[example["language"]][example["expect"]] not in said:
            out.append("no next step")
    else:
        if not check.passed:
            out.append(f"refused ({check.problem})")
        if "proposedUpdate" not in reply:
            out.append("no card")
    return out
