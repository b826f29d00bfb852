"""How the offline tutor reads what held-out halves still misread: a note to the reader before
a part, "tell me if my part is ...", a punishment awaiting the student, hearsay and "my
teacher said so" as a source, times and amounts in words, one's own survey with when it was
made, and a yes that brings a limit or a doubt."""

from __future__ import annotations

import json
import time

import pytest

from coach import services
from coach.domain.heuristics import backing_problem, grounds_problem
from coach.domain.intent import accepts_with_change, accepts_with_doubt, classify, own_text
from coach.domain.steps import STEPS
from coach.domain.turn import read_turn
from coach.domain.tutor import PHRASES, PRAISE, PROBLEMS, offline_turn
from coach.models import CoachMessage
from tests.coach.builders import GOOD_TEXT, make_session

TOPIC = {"en": "The school bus timetable", "es": "El horario del autobús escolar"}
YES = {"en": "yes", "es": "sí"}


def _inputs(language, step, message, earlier=(), draft=None):
    return {
        "step": step,
        "language": language,
        "topic": TOPIC[language],
        "draft": draft or {name: "" for name in STEPS},
        "draft_value": "",
        "user_message": message,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
        "history": [],
    }


def _turn(language, step, message, earlier=(), draft=None):
    return json.loads(offline_turn(_inputs(language, step, message, earlier, draft)))


# -- a note to the reader is framing, not a command ----------------------------------------


@pytest.mark.parametrize(
    ("message", "part"),
    [
        ("Please note: the council should move the bus to 7:45", "the council should move"),
        ("note: the council should move the bus to 7:45", "the council should move"),
        ("NB the council should move the bus to 7:45", "the council should move"),
        ("Ojo: el consorcio debería retrasar el autobús", "el consorcio debería"),
        ("Nota: el consorcio debería retrasar el autobús", "el consorcio debería"),
    ],
)
def test_a_note_to_the_reader_before_a_part_is_framing(message, part):
    assert classify(message).is_attempt
    assert own_text(message).startswith(part)


@pytest.mark.parametrize(
    "message",
    ["can you note down a claim for me", "Please note down my claim", "apúntame la tesis"],
)
def test_asking_the_tutor_to_note_something_down_is_still_a_request(message):
    assert classify(message).kind == "help"


def test_note_that_without_punctuation_is_no_framing():
    assert own_text("note that I'm not sure") == "note that I'm not sure"


# -- "tell me if my part is ...": feedback, answered ---------------------------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("es", "porfa dime si mi tesis es una tesis de verdad o solo una opinión"),
        ("es", "dime si mi tesis es demasiado general"),
        ("en", "pls tell me if my claim is specific enough"),
        ("en", "let me know whether my claim really makes sense"),
    ],
)
def test_tell_me_if_my_part_is_a_feedback_request_answered_about_it(language, message):
    assert classify(message).kind == "feedback"
    claim = GOOD_TEXT[language]["claim"]
    reply = _turn(language, "grounds", message, draft={"claim": claim})
    assert claim in reply["assistantText"]
    assert PRAISE[language]["claim"] in reply["assistantText"]
    assert "proposedUpdate" not in reply


@pytest.mark.parametrize(
    "message",
    [
        "dime q poner",
        "tell me what to write for the grounds",
        "tell me if you can write my claim",
        "dime si me puedes escribir la tesis",
        "tell me if my mom is right",
    ],
)
def test_tell_me_without_ones_own_part_is_no_feedback_request(message):
    assert classify(message).kind != "feedback"


# -- a punishment awaiting the student: distress, never a part -----------------------------


@pytest.mark.parametrize(
    ("language", "step", "message"),
    [
        ("en", "rebuttal", "bro my mom will ground me if i fail"),
        ("en", "warrant", "if i fail this my dad takes my xbox"),
        ("en", "claim", "im gonna get detention if this isnt done"),
        ("es", "claim", "me va a caer una bronca"),
        ("es", "rebuttal", "mi madre me castiga si suspendo"),
        ("es", "grounds", "me quitan el móvil si no lo entrego"),
    ],
)
def test_a_punishment_awaiting_the_student_is_distress_and_never_proposed(language, step, message):
    assert classify(message) == classify(message).__class__("help", "emotional")
    assert "proposedUpdate" not in _turn(language, step, message)
    assert "proposedUpdate" not in _turn(language, step, YES[language], (message,))


@pytest.mark.parametrize(
    "message",
    [
        "Unless parents ground pupils for bad marks anyway",
        "Pupils who drink energy drinks get detention more often",
        "el madrugón nos quita una hora de sueño",
        "Si los alumnos suspenden por cansancio, el horario debería cambiar",
    ],
)
def test_punishment_words_about_pupils_in_general_are_no_distress(message):
    assert classify(message).is_attempt


# -- hearsay and "my teacher said so" as a source -------------------------------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "a lot of kids are addicted, my mum says so"),
        ("es", "muchos chavales están enganchados, lo dice mi madre"),
    ],
)
def test_hearsay_after_a_fact_asks_which_source(language, message):
    assert classify(message).is_attempt
    reply = _turn(language, "grounds", message)
    assert PROBLEMS[language]["vague_source"] in reply["assistantText"]


@pytest.mark.parametrize("step", ["groundsBacking", "warrantBacking"])
def test_my_teacher_said_so_at_a_backing_is_an_unnamed_source(step):
    turn = read_turn(_inputs("en", step, "my teacher said so"))
    assert turn.intent.is_attempt
    assert (
        PROBLEMS["en"]["vague_source"] in _turn("en", step, "my teacher said so")["assistantText"]
    )


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ("claim", "my teacher said so"),
        ("groundsBacking", "my teacher said its fine if you write it"),
    ],
)
def test_my_teacher_said_so_elsewhere_and_permission_stay_pressure(step, message):
    assert read_turn(_inputs("en", step, message)).intent.pressure == "teacher"


# -- times and amounts in words are figures --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pasa a las siete y cinco y entramos a las ocho y media",
        "the bus gets in at about half past seven and lessons start at half past eight",
        "we wait twenty minutes in the cold every morning",
        "esperamos veinte minutos en la puerta cada mañana",
    ],
)
def test_times_and_amounts_in_words_are_evidence(text):
    assert grounds_problem(text) is None


@pytest.mark.parametrize(
    "text",
    ["two friends think its bad", "at one point it was late", "dos amigos creen que es malo"],
)
def test_a_number_word_alone_is_no_evidence(text):
    assert grounds_problem(text) == "no_evidence"


# -- one's own survey with when it was made --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("La encuesta la hice yo en mi curso en febrero", None),
        ("I did the survey myself in my class last term", None),
        ("i did a survey", "vague_source"),
        ("a survey may say so", "vague_source"),
        ("lo saqué de una encuesta", "vague_source"),
    ],
)
def test_ones_own_survey_with_when_it_was_made_is_a_source(text, problem):
    assert backing_problem(text) == problem


# -- a yes that brings a limit or a doubt --------------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["ok, but unless it rains", "Unless it rains, but yes", "vale, pero salvo que llueva"],
)
def test_a_yes_with_a_new_limit_is_a_rebuttal_attempt(message):
    assert not accepts_with_change(message)
    assert classify(message).is_attempt


@pytest.mark.parametrize(
    ("language", "message"),
    [("es", "sí pero no sé"), ("en", "ok but idk"), ("en", "yes but not sure")],
)
def test_a_yes_with_only_doubt_asks_what_the_doubt_is(language, message):
    assert accepts_with_doubt(message) and not accepts_with_change(message)
    reply = _turn(language, "claim", message, (GOOD_TEXT[language]["claim"],))
    assert reply["assistantText"] == PHRASES[language]["unsure"]
    assert "proposedUpdate" not in reply


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Unless it rains, but yes"),
        ("es", "sí pero no sé"),
        ("en", "ok, but unless it rains"),
    ],
)
def test_a_yes_with_a_limit_or_a_doubt_never_confirms_the_card(owner, language, message):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"]
    for text in (claim, message):
        turn = services.turn_start(session=session, user=owner, message=text)
        final = list(services.turn_events(session=session, turn=turn))[-1]
    session.refresh_from_db()
    session.draft.refresh_from_db()
    assert final["proposal_status"] != "confirmed"
    assert session.current_step == "claim" and session.draft.claim == ""
    pending = CoachMessage.objects.filter(session=session, proposal_decision="pending").last()
    assert pending is not None
    if accepts_with_doubt(message):  # nothing new was offered: the card still shows
        assert pending.proposal["value"] == claim


# -- linear time ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "trigger",
    [
        "Please note: ",
        "dime si mi tesis es ",
        "tell me if my claim is ",
        "my mom will ground me ",
        "me va a caer una bronca ",
        "twenty minutes at half past seven ",
        "a las siete y cinco ",
        "la encuesta en febrero ",
        "ok, but unless ",
        "sí pero no sé ",
    ],
)
def test_the_new_readings_run_in_linear_time(trigger):
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    start = time.process_time()
    classify(text)
    grounds_problem(text)
    backing_problem(text)
    accepts_with_change(text)
    read_turn(_inputs("en", "groundsBacking", text))
    # About 0.2 s alone; the bound is for backtracking (minutes), not a loaded machine's pace.
    assert time.process_time() - start < 3.0
