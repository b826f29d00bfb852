"""Weak parts a tester (playing a new student) saw praised by the offline tutor, and a valid
source it refused: a warrant whose reason says its conclusion again (behind texting forms), a
rebuttal that only denies any case exists, a backing whose only source is a video platform
and an unnamed teacher, one's own poll with who can confirm it; and an own-part question
while a card shows, answered through the page's path. Each with near misses that must keep
passing."""

import json
import time

import pytest

from coach import services
from coach.domain.heuristics import step_check
from coach.domain.tutor import GUIDING_QUESTIONS, PHRASES, PRAISE, offline_turn
from tests.coach.builders import GOOD_TEXT, make_session


def _first_reply(language: str, step: str, message: str, draft=None) -> dict:
    inputs = {
        "step": step,
        "language": language,
        "topic": {"en": "Exam timing", "es": "Fechas de exámenes"}[language],
        "draft": draft or {},
        "draft_value": "",
        "user_message": message,
        "is_first_turn": True,
        "step_messages": [],
        "history": [],
        "help_level": "full",
    }
    return json.loads(offline_turn(inputs))


def _linear(check, trigger: str) -> None:
    """A rule stays linear: 20,000 characters of its trigger run well under a second."""
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    start = time.process_time()
    check(text)
    assert time.process_time() - start < 1.0


# -- a warrant whose reason is its own conclusion again ------------------------------------

CIRCULAR = [
    (
        "en",
        "exams shld be after winter break not before",
        "exams should be after the break because its better to have them after the break",
    ),
    (
        "en",
        "exams shld be after winter break not before",
        "exams shld be after the break cuz its better to have them after the break",
    ),
    (
        "en",
        "homework shud be banned in year 7",
        "homework should be banned bc its a good idea to ban homework",
    ),
    (
        "es",
        "los examenes tendrian q ser despues de vacaciones no antes",
        "los examenes deberian ser despues de vacaciones xq es mejor tenerlos despues de "
        "vacaciones",
    ),
    (
        "es",
        "el movil deberia estar prohibido en clase",
        "el movil tiene q estar prohibido en clase porque es mejor q este prohibido en clase",
    ),
]


@pytest.mark.parametrize(("language", "claim", "warrant"), CIRCULAR)
def test_a_warrant_whose_reason_repeats_its_conclusion_restates_the_claim(language, claim, warrant):
    assert step_check("warrant", warrant, claim=claim).problem == "restates_claim"
    reply = _first_reply(language, "warrant", warrant, draft={"claim": claim})
    assert PRAISE[language]["warrant"] not in reply["assistantText"]
    assert "proposedUpdate" not in reply


@pytest.mark.parametrize(
    ("claim", "warrant"),
    [
        (
            "exams shld be after winter break not before",
            "exams should be after the break because students can revise during the break",
        ),
        (
            "exams shld be after winter break not before",
            "If students have time off before a test, they revise more and do better",
        ),
        (
            "homework shud be banned in year 7",
            "homework should be banned bc tired pupils learn less the next day",
        ),
        (
            "los examenes tendrian q ser despues de vacaciones no antes",
            "si los alumnos tienen tiempo para repasar antes de un examen, sacan mejores notas",
        ),
        (
            "los examenes tendrian q ser despues de vacaciones no antes",
            "los examenes deberian ser despues xq en vacaciones se puede repasar con calma",
        ),
    ],
)
def test_a_reason_with_a_criterion_of_its_own_is_still_a_rule(claim, warrant):
    assert step_check("warrant", warrant, claim=claim).passed


def test_the_circular_reason_check_stays_linear():
    trigger = "exams shld be after the break cuz its better after the break "
    _linear(lambda t: step_check("warrant", t, claim="exams shld be after break"), trigger)


# -- a rebuttal that only denies that any case exists --------------------------------------

DENIALS = [
    ("en", "there isnt really a case where it wouldnt work tbh"),
    ("en", "there is no situation where this fails"),
    ("en", "honestly i cant think of any"),
    ("en", "nothing would stop it working"),
    ("en", "it always works, every time"),
    ("en", "it works in every case tbh"),
    ("es", "no creo que haya ningun caso en que no funcione la verdad"),
    ("es", "no hay ninguna excepción"),
    ("es", "funciona siempre, en todos los casos"),
    ("es", "siempre funciona la verdad"),
    ("es", "no se me ocurre ninguno"),
]


@pytest.mark.parametrize(("language", "rebuttal"), DENIALS)
def test_a_rebuttal_that_denies_any_case_is_not_praised(language, rebuttal):
    assert step_check("rebuttal", rebuttal).problem == "insists"
    reply = _first_reply(language, "rebuttal", rebuttal)
    assert PRAISE[language]["rebuttal"] not in reply["assistantText"]


@pytest.mark.parametrize(
    "rebuttal",
    [
        "unless there is a case where students are ill during the break",
        "it works in every case except when the exam board sets the dates",
        "there isnt a bus on sundays, so pupils in villages could not come",
        "salvo que haya algun caso de alumnos enfermos en vacaciones",
        "funciona siempre que los profes avisen con tiempo, menos en segundo de bachillerato",
        "no funcionaria si el examen es de la selectividad",
    ],
)
def test_a_rebuttal_naming_a_case_still_passes(rebuttal):
    assert step_check("rebuttal", rebuttal).passed


def test_the_denial_patterns_stay_linear():
    _linear(lambda t: step_check("rebuttal", t), "there isnt really a case where it works ")
    _linear(lambda t: step_check("rebuttal", t), "funciona siempre en todos los casos ")


# -- a video platform and an unnamed teacher as the source ----------------------------------

PLATFORM_BACKINGS = [
    ("es", "lo vi en tiktok, un profe explicaba que los premios motivan a la gente"),
    ("es", "un profe lo explicaba en un video de youtube"),
    ("en", "i saw it on tiktok, a teacher explained that rewards motivate people"),
    ("en", "a teacher on youtube explained it"),
    ("en", "watched a video on instagram where a professor said so"),
]


@pytest.mark.parametrize("step", ["groundsBacking", "warrantBacking"])
@pytest.mark.parametrize(("language", "backing"), PLATFORM_BACKINGS)
def test_a_platform_and_an_unnamed_role_as_the_source_asks_which_source(step, language, backing):
    assert step_check(step, backing).problem == "vague_source"
    reply = _first_reply(language, step, backing)
    assert PRAISE[language][step] not in reply["assistantText"]


@pytest.mark.parametrize("step", ["groundsBacking", "warrantBacking"])
@pytest.mark.parametrize(
    "backing",
    [
        "un estudio de la Universidad de Oviedo que vi explicado en YouTube",
        "lo vi en youtube, en un video de la OMS sobre motivacion",
        "the psychologist Carol Dweck explained it in a TED talk on youtube",
        "my teacher Ms Patel showed us the figures from the exam board",
        "according to my form tutor, who ran the count in class",
        # Told by a teacher in person, not seen on a platform.
        "me lo contó la profe de química, que coordina el huerto del instituto",
        "our science teacher told us, she runs the eco club",
    ],
)
def test_a_named_source_seen_on_a_platform_still_passes(step, backing):
    assert step_check(step, backing).passed


# -- one's own poll, with how and who can confirm it ----------------------------------------


@pytest.mark.parametrize(
    "backing",
    [
        "i made the poll on google forms in form time, my form tutor mr hale can confirm",
        "we did a survey on google forms in our tutor group, 24 answered",
        "hice la encuesta en google forms en tutoria, mi tutora lo puede confirmar",
        "mi encuesta la pasé por instagram a los de mi clase",
    ],
)
def test_ones_own_poll_is_a_source(backing):
    assert step_check("groundsBacking", backing).passed


@pytest.mark.parametrize(
    "backing",
    [
        "i saw a poll on google once",
        "there was a poll on instagram",
        "vi una encuesta en internet",
        "i made it up tbh",
    ],
)
def test_someone_elses_poll_seen_online_is_still_vague(backing):
    assert not step_check("groundsBacking", backing).passed


# -- an own-part question while a card shows, through the page's path ----------------------


def _send(session, owner, message):
    turn = services.turn_start(session=session, user=owner, message=message)
    events = list(services.turn_events(session=session, turn=turn))
    session.refresh_from_db()
    return events[-1]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "yes", "question"),
    [
        ("en", "yes", "wait is my claim good?"),
        ("en", "yes", "are my grounds ok?"),
        ("es", "sí", "oye y mi tesis esta bien?"),
        ("es", "sí", "¿mis datos están bien?"),
    ],
)
def test_a_question_while_a_card_shows_ends_on_the_card_not_the_steps_question(
    owner, language, yes, question
):
    session = make_session(owner, "Phones", language)
    _send(session, owner, GOOD_TEXT[language]["claim"])
    _send(session, owner, yes)
    _send(session, owner, GOOD_TEXT[language]["grounds"])  # a card for the grounds shows
    said = _send(session, owner, question)["result"]["assistantText"]
    assert GUIDING_QUESTIONS[language]["grounds"] not in said
    assert said.endswith(PHRASES[language]["card_waiting"])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "yes", "question"),
    [("en", "yes", "wait is my claim good?"), ("es", "sí", "oye y mi tesis esta bien?")],
)
def test_with_no_card_showing_the_question_leads_back_to_the_step(owner, language, yes, question):
    session = make_session(owner, "Phones", language)
    _send(session, owner, GOOD_TEXT[language]["claim"])
    _send(session, owner, yes)
    said = _send(session, owner, question)["result"]["assistantText"]
    assert said.endswith(GUIDING_QUESTIONS[language]["grounds"])
    assert PHRASES[language]["card_waiting"] not in said
