"""The students the good-tutor probe cases (``probes_tune``, ``probes_frozen``) are played
after: four drafts on topics no voice set holds (free lockers, a later start, the gym open in
the afternoons, free school trips), English and Spanish. Each case's step is written with the
draft's text for that step as the student's message, the earlier steps saved."""

from __future__ import annotations

from typing import Any

from coach.domain.steps import STEPS

TOPICS = {
    "lockers": "Free lockers for every student",
    "start": "Starting the school day later",
    "gimnasio": "Abrir el gimnasio del instituto por las tardes",
    "excursiones": "Excursiones escolares gratis",
}

DRAFTS = {
    "lockers": {
        "claim": "Our school should give every student a free locker.",
        "grounds": "I weighed my bag every morning for a week and it was always over 7 kg.",
        "warrant": "If something hurts students' backs, the school should do something about it.",
        "groundsBacking": "I used the scale in the PE office and wrote the weights in my planner.",
        "warrantBacking": "Our PE teacher told us heavy loads are bad for growing backs.",
        "qualifier": "probably, at least for the younger years",
        "rebuttal": "unless there is no room in the corridors",
    },
    "start": {
        "claim": "School should start at 9:30 instead of 8:15.",
        "grounds": "In my form, 19 of 27 people said they fall asleep after midnight on "
        "school nights.",
        "warrant": "When students are tired, they learn less, so lessons should be when they "
        "are awake.",
        "groundsBacking": "I asked everyone in my form on Tuesday and wrote the answers on a "
        "sheet.",
        "warrantBacking": "Our biology book has a chapter on sleep and memory.",
        "qualifier": "most likely, for older students",
        "rebuttal": "unless buses cannot change their times",
    },
    "gimnasio": {
        "claim": "El instituto debería abrir el gimnasio de lunes a jueves por la tarde.",
        "grounds": "En mi clase, 18 de 25 dicen que no tienen dónde hacer deporte después de "
        "clase.",
        "warrant": "Si un espacio del instituto está vacío y los alumnos lo necesitan, "
        "debería usarse.",
        "groundsBacking": "Hice una encuesta en papel en mi clase el 3 de febrero y guardé "
        "las hojas.",
        "warrantBacking": "Lo dice el reglamento del instituto sobre el uso de las aulas.",
        "qualifier": "seguramente, sobre todo en invierno",
        "rebuttal": "salvo que no haya nadie para vigilar",
    },
    "excursiones": {
        "claim": "Las excursiones del instituto deberían ser gratis para todos.",
        "grounds": "El año pasado, cuatro compañeros de mi clase no fueron al museo porque "
        "costaba 25 euros.",
        "warrant": "Cuando una actividad es parte de la clase, nadie debería quedarse fuera "
        "por dinero.",
        "groundsBacking": "Me lo contó la tutora y lo vi en la lista de asistencia.",
        "warrantBacking": "La ley de educación dice que la enseñanza pública es gratuita.",
        "qualifier": "casi siempre",
        "rebuttal": "a menos que el viaje sea muy caro",
    },
}

LANGUAGE = {"lockers": "en", "start": "en", "gimnasio": "es", "excursiones": "es"}


def inputs(topic: str, step: str) -> dict[str, Any]:
    """The turn's inputs (as ``coach.services.turn_inputs`` builds them): the earlier steps
    saved, this step's draft text sent as the student's first message on it."""
    index = STEPS.index(step)
    own = DRAFTS[topic]
    return {
        "step": step,
        "language": LANGUAGE[topic],
        "topic": TOPICS[topic],
        "draft": {name: (own[name] if i < index else "") for i, name in enumerate(STEPS)},
        "draft_value": "",
        "draft_is_latest": False,
        "draft_version": 1,
        "user_message": own[step],
        "is_first_turn": True,
        "step_messages": [],
        "history": [],
        "help_level": "full",
    }
