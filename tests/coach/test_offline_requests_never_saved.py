"""Requests that a code review found saved as the student's part, each played as a student
plays it (the message, then "yes"/"sí"), with the genuine parts beside them that must still
be proposed: a Spanish verb of writing or sending before a time or people; a message right
after a plea that names the tutor, a deadline or a plea, or repeats a part's mark with
nothing in it; the student's own first-person observation after a plea; "just put ..." and
"if you write it ..."; a generic "you" in a real rebuttal."""

from __future__ import annotations

import json
import time

import pytest

from coach.domain.intent import classify
from coach.domain.tutor import offline_turn

TOPIC = {
    "en": "The school bus timetable",
    "es": "El horario del autobús escolar",
}
DRAFT = {
    "en": {"claim": "The council should move the morning bus later"},
    "es": {"claim": "El autobús escolar debería pasar más tarde"},
}
YES = {"en": "yes", "es": "sí"}


def _inputs(language: str, step: str, message: str, earlier, topic: str, draft) -> dict:
    return {
        "step": step,
        "language": language,
        "topic": topic,
        "draft": dict(draft),
        "draft_value": "",
        "draft_is_latest": False,
        "user_message": message,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
        "history": [{"role": "user", "text": t} for t in earlier],
        "help_level": "full",
    }


def _play(language: str, step: str, message: str, earlier=(), topic="", draft=None):
    """The tutor's answer to ``message``, then to "yes" after it: (first, second)."""
    topic = topic or TOPIC[language]
    draft = DRAFT[language] if draft is None else draft
    first = json.loads(offline_turn(_inputs(language, step, message, earlier, topic, draft)))
    again = [*earlier, message]
    second = json.loads(offline_turn(_inputs(language, step, YES[language], again, topic, draft)))
    return first, second


def _proposed(answer: dict) -> str:
    return (answer.get("proposedUpdate") or {}).get("value", "")


def _never_saved(language: str, step: str, message: str, earlier=(), **kw) -> None:
    for answer in _play(language, step, message, earlier, **kw):
        assert not _proposed(answer), answer


def _saved_as_typed(language: str, step: str, message: str, earlier=(), expect="", **kw):
    first, second = _play(language, step, message, earlier, **kw)
    assert "won't write" not in first["assistantText"].casefold()
    assert "No lo escribiré" not in first["assistantText"]
    assert (_proposed(second) or _proposed(first)) == (expect or message)


def _linear(use, trigger: str) -> None:
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    start = time.process_time()
    use(text)
    assert time.process_time() - start < 1.0


# -- a verb of writing or sending stays a request whatever follows it -----------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("es", "escribe a las 7 q pasa el bus"),
        ("es", "pasa a las 7 la tesis porfa"),
        ("es", "pasa a las 7 los datos"),
        ("es", "manda a los de 2º lo q tengas"),
        ("es", "deja a los de primero los datos hechos"),
        ("es", "pasa a los de clase los datos"),
        ("es", "pon a los de primero q el bus pasa tarde"),
        ("es", "termina a las 8 el argumento"),
        ("en", "write that the bus comes at 7"),
        ("en", "send the guys in year 2 whatever you have"),
    ],
)
def test_a_verb_of_writing_before_a_time_or_people_is_never_saved(language, message):
    assert classify(message, topic=TOPIC[language]).kind == "help"
    _never_saved(language, "grounds", message)


@pytest.mark.parametrize(
    "message",
    [
        "pasa a las 7:05 y las clases empiezan a las 8:30, asi q esperamos casi una hora en el "
        "patio",
        "el bus pasa a las 7",
        "deja a los de primero en la puerta a las 7:50 y no abren hasta las 8:20",
        "termina a las 14:30 y el bus no sale hasta las 15:15",
        "llega a las 7:40 y las puertas abren a las 8:20",
    ],
)
def test_a_thing_that_passes_at_a_time_is_still_the_students_grounds(message):
    _saved_as_typed("es", "grounds", message)


def test_the_verb_of_a_thing_rule_stays_linear():
    _linear(lambda text: classify("pasa " + text), "a las 7 los ")
    _linear(lambda text: classify("deja " + text), "a los de primero ")


# -- right after a plea: the tutor named, a deadline, a plea, or an empty mark ---------------

EN_PLEA = "pleaseee just write it, its due tomorrow"
ES_PLEA = "porfa escribemela tu q es para mañana"


@pytest.mark.parametrize(
    ("language", "step", "message"),
    [
        ("en", "warrant", "if u write it ill be so happy"),
        ("en", "warrant", "if if if if if if"),
        ("en", "rebuttal", "plz only if u have time"),
        ("en", "grounds", "its due at 9 tomorrow and worth 20 percent"),
        ("en", "qualifier", "probably due tomorrow"),
        ("en", "rebuttal", "unless unless unless unless"),
        ("es", "grounds", "porfa 1 2 3 4 5"),
        ("es", "rebuttal", "salvo que no lo entregue mañana"),
        ("es", "warrant", "si me lo escribes te lo agradezco un monton"),
        ("es", "warrant", "si si si si si si"),
        ("es", "qualifier", "probablemente para mañana"),
        ("es", "grounds", "lo tengo q entregar a las 9 y vale un 20 por ciento"),
    ],
)
def test_more_pleading_after_a_plea_is_never_saved(language, step, message):
    plea = EN_PLEA if language == "en" else ES_PLEA
    _never_saved(language, step, message, [plea])


LUNCH = {"en": "Lunch breaks", "es": "La hora del recreo"}
LUNCH_DRAFT = {
    "en": {"claim": "Our school should make the lunch break 20 minutes longer"},
    "es": {"claim": "El instituto debería alargar el recreo 20 minutos"},
}


@pytest.mark.parametrize(
    ("language", "message", "expect"),
    [
        (
            "en",
            "ok. i timed the canteen queue 5 days last week, it was 19 min on average and 40 "
            "ppl left without food on friday",
            "i timed the canteen queue 5 days last week, it was 19 min on average and 40 ppl "
            "left without food on friday",
        ),
        (
            "en",
            "i just told u, the queue was 19 min on average over 5 days, i timed it myself",
            "the queue was 19 min on average over 5 days, i timed it myself",
        ),
        ("en", "i counted 40 people who left the queue without food on friday", ""),
        (
            "es",
            "vale. cronometré la cola del comedor 5 días, 19 min de media y 40 se quedaron sin "
            "comer el viernes",
            "cronometré la cola del comedor 5 días, 19 min de media y 40 se quedaron sin "
            "comer el viernes",
        ),
    ],
)
def test_the_students_own_observation_after_a_plea_is_theirs(language, message, expect):
    plea = EN_PLEA if language == "en" else ES_PLEA
    _saved_as_typed(
        language,
        "grounds",
        message,
        [plea],
        expect=expect,
        topic=LUNCH[language],
        draft=LUNCH_DRAFT[language],
    )


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "i need 19 of them by 5 tomorrow or i fail"),
        ("en", "i timed how long u take to answer, 5 minutes lol"),
        ("es", "necesito 19 frases para las 5 o suspendo"),
    ],
)
def test_first_person_pleading_with_figures_is_still_pleading(language, message):
    plea = EN_PLEA if language == "en" else ES_PLEA
    _never_saved(
        language, "grounds", message, [plea], topic=LUNCH[language], draft=LUNCH_DRAFT[language]
    )


def test_the_plea_rules_stay_linear():
    from coach.domain.turn import read_turn

    def read(text: str) -> None:
        read_turn(_inputs("en", "grounds", text, [EN_PLEA], LUNCH["en"], LUNCH_DRAFT["en"]))

    _linear(read, "i timed it 5 days ")
    _linear(read, "if u ")


# -- dictating the part, and the tutor asked to write it ----------------------------------


@pytest.mark.parametrize(
    ("language", "step", "message"),
    [
        ("en", "grounds", "just put 9 of 27 live 10 km away"),
        ("en", "grounds", "ok just write 9 of 27 live 10 km away"),
        ("en", "claim", "just put the bus should come later"),
        ("en", "warrant", "if you write it students should be happy"),
        ("en", "warrant", "if u write this for me students will sleep more"),
        ("es", "grounds", "solo pon 9 de 27 viven a 10 km"),
        ("es", "grounds", "tu pon que 9 de 27 viven a 10 km"),
        ("es", "grounds", "tú escribe 9 de 27 viven a 10 km"),
        ("es", "grounds", "pon simplemente 9 de 27 viven lejos"),
        ("es", "warrant", "si lo escribes tu los alumnos estaran contentos"),
    ],
)
def test_dictating_or_asking_the_tutor_to_write_is_never_saved(language, step, message):
    assert classify(message, topic=TOPIC[language]).kind == "help"
    _never_saved(language, step, message)


@pytest.mark.parametrize(
    ("language", "step", "message"),
    [
        ("en", "grounds", "we just put recycling bins outside and 9 of 27 used them"),
        ("en", "grounds", "9 of 27 in my class live 10 km away"),
        ("en", "warrant", "if you sleep less you learn less, so a later bus helps students"),
        ("es", "grounds", "en mi clase 9 de 27 viven a 10 km"),
        ("es", "grounds", "tu pones la alarma a las 6 y aun asi 9 de 27 llegan tarde"),
    ],
)
def test_the_near_misses_are_still_the_students_part(language, step, message):
    _saved_as_typed(language, step, message)


# -- "you" as anyone, not the tutor ----------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "if u cant find drivers for tomorrow it wont work"),
        ("en", "unless you cant find enough drivers for the later run"),
        ("es", "si no encuentras conductores para la ruta de la tarde no funcionara"),
    ],
)
def test_a_generic_you_in_a_rebuttal_is_the_students_rebuttal(language, message):
    assert classify(message, topic=TOPIC[language]).is_attempt
    first, _ = _play(language, "rebuttal", message)
    assert "won't write" not in first["assistantText"].casefold()
    assert "No lo escribiré" not in first["assistantText"]


@pytest.mark.parametrize(
    "message",
    [
        "if you cant write it then give me an example",
        "if u cant do it just tell me what to put",
        "if you could find me some data",
    ],
)
def test_the_tutor_asked_through_if_you_is_still_a_request(message):
    assert classify(message, topic=TOPIC["en"]).kind == "help"
    _never_saved("en", "rebuttal", message)


def test_the_dictation_and_generic_you_rules_stay_linear():
    _linear(lambda text: classify(text, topic=TOPIC["en"]), "ok just put ")
    _linear(lambda text: classify(text, topic=TOPIC["en"]), "if u cant find ")
    _linear(lambda text: classify(text, topic=TOPIC["en"]), "if you write it ")
