"""Coach builders: sessions, proposals, tutor answers, NDJSON reading, a good text per step."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from coach import services
from coach.models import CoachDraft, CoachMessage, CoachSession
from evaluations.coach import voices
from evaluations.coach.pressure import ATTEMPTS


def answer(**fields: Any) -> dict[str, Any]:
    """A raw tutor answer (what a model returns), with a default assistantText."""
    return {"assistantText": "Let's look at that.", "step": "claim", **fields}


def ndjson(response) -> list[dict[str, Any]]:
    """The lines of a streamed NDJSON response, parsed."""
    body = b"".join(response.streaming_content).decode()
    return [json.loads(line) for line in body.splitlines() if line.strip()]


def turn_inputs(
    language: str,
    step: str,
    message: str,
    topic: str,
    draft: dict[str, str] | None = None,
    earlier: tuple[str, ...] | list[str] = (),
) -> dict[str, Any]:
    """What the server gives the tutor for one turn (``coach.services.turn_inputs``' shape):
    ``earlier`` are the student's messages on this step before ``message``."""
    return {
        "step": step,
        "language": language,
        "topic": topic,
        "draft": dict(draft or {}),
        "draft_value": "",
        "draft_is_latest": False,
        "draft_version": 1,
        "user_message": message,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
        "history": [{"role": "user", "text": text} for text in earlier],
        "help_level": "full",
    }


def make_session(owner, topic: str = "Phones in classrooms", language: str = "en"):
    return services.session_create(owner=owner, topic=topic, language=language)


def give_proposal(session: CoachSession, value: str, step: str | None = None) -> CoachMessage:
    """Store a pending proposal as if the tutor had just made it."""
    step = step or session.current_step
    return CoachMessage.objects.create(
        session=session,
        role="assistant",
        text="Here it is.",
        step=step,
        proposal={"field": step, "value": value, "rationale": "yours"},
        proposal_status="kept",
        proposal_decision="pending",
        confidence=0.9,
        draft_version=CoachDraft.objects.get(session=session).version,
    )


# One passing text per step, in each language, for walking a whole session: the evaluation
# set's own attempts, so the two cannot drift apart.
GOOD_TEXT = ATTEMPTS


@cache
def _dev_voices() -> voices.Voices:
    return voices.load(voices.VOICES_DEV)


def guard_seen(language: str, step: str, message: str, field: str, sentence: str) -> voices.Shown:
    """What the student would see of one tutor sentence in ``field`` (a, q or r), played
    through the server's path on the dev set's "uniforms" draft after ``message``."""
    inputs = voices.inputs_for(_dev_voices(), language, "uniforms", step, message, [])
    return voices.shown(voices.sentence_answer(step, language, field, sentence, message), inputs)
