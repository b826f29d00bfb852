"""Coach fixtures and builders: sessions, tutor answers, NDJSON reading."""

from __future__ import annotations

import json
from typing import Any

import pytest

from coach import services
from coach.models import CoachDraft, CoachMessage, CoachSession


def answer(**fields: Any) -> dict[str, Any]:
    """A raw tutor answer (what a model returns), with a default assistantText."""
    return {"assistantText": "Let's look at that.", "step": "claim", **fields}


def ndjson(response) -> list[dict[str, Any]]:
    """The lines of a streamed NDJSON response, parsed."""
    body = b"".join(response.streaming_content).decode()
    return [json.loads(line) for line in body.splitlines() if line.strip()]


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


@pytest.fixture
def session(owner):
    return make_session(owner)


# One passing text per step, in each language, for walking a whole session.
GOOD_TEXT = {
    "en": {
        "claim": "Schools should ban phones during lessons",
        "grounds": "A 2019 study of 90 schools found grades rose 6% after bans",
        "warrant": "If distractions fall, students generally learn more",
        "groundsBacking": "The study was published by the London School of Economics",
        "warrantBacking": "Research on attention by cognitive scientists supports this",
        "qualifier": "Probably, in most secondary schools",
        "rebuttal": "Unless phones are needed for the lesson itself",
    },
    "es": {
        "claim": "Las escuelas deberían prohibir los móviles en clase",
        "grounds": "Un estudio de 2019 en 90 escuelas mostró que las notas subieron un 6%",
        "warrant": "Si bajan las distracciones, los alumnos normalmente aprenden más",
        "groundsBacking": "El estudio fue publicado por la London School of Economics",
        "warrantBacking": "La investigación de expertos en atención respalda esta regla",
        "qualifier": "Probablemente, en la mayoría de los institutos",
        "rebuttal": "A menos que el móvil sea necesario para la propia clase",
    },
}


@pytest.fixture(scope="session")
def spanish_catalog():
    """Compile the Spanish catalogue (.mo files are build output, not committed)."""
    import shutil

    from django.core.management import call_command

    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext (msgfmt) is not installed: apt-get install gettext")
    call_command(
        "compilemessages", locale=["es"], ignore_patterns=[".venv", "staticfiles"], verbosity=0
    )
