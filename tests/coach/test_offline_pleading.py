"""How the offline tutor reads a student's message: pleading, requests in the second person
and claims addressed to the school are told apart by what they say, not by their first word."""

from __future__ import annotations

import json

import pytest

from coach.domain.heuristics import step_check
from coach.domain.intent import classify, own_text
from coach.domain.phrases import words
from coach.domain.tutor import offline_turn


@pytest.mark.parametrize(
    "message",
    [
        "come on, I've tried, I really can't",
        "just this once. the warrant. go",
        "venga, solo esta vez y no te pido más",
        "porfa, ya lo he intentado y no me sale",
        "m das la tesis dl huerto xfa",  # "das": the tutor gives
        "Datos: algo de cuánta carne se tira, el número lo pones tú",
        "ni idea de a qué experto citar sobre el recreo",
        "no conozco a ningún experto en IA, ¿a quién pongo?",
        "venga va, solo esta vez, ¿cuál pongo?",
        "give us an example",
        "keep it short",
    ],
)
def test_pleading_and_asks_are_never_attempts(message):
    assert classify(message).kind == "help"


@pytest.mark.parametrize(
    "message",
    [
        "Keep the library open until 6 so kids with no quiet room at home can study",
        "Give us a longer break, 20 minutes is not enough to eat and play",
        "Let the canteen go meat-free on Mondays",
        "de una página web",  # "de" unaccented is the preposition, not "dé"
        "probably",  # a qualifier is content, however few its words
        "casi seguro que sí",
        "but I am right",  # insisting is a (weak) rebuttal, not pleading
        "yes, that one is fine with me",
    ],
)
def test_statements_about_the_topic_stay_attempts(message):
    assert classify(message).kind == "attempt"


@pytest.mark.parametrize(
    "message",
    [
        "does my rule actually connect to my grounds?",
        "¿mi regla tiene que ver con mis datos?",
        "¿vale como dato o es solo mi opinión?",
        "does this count as evidence or is it too personal",
        "Would that work as a rebuttal?",
    ],
)
def test_a_question_about_the_students_own_part_asks_for_feedback(message):
    assert classify(message).kind == "feedback"


@pytest.mark.parametrize(
    ("step", "text", "problem"),
    [
        ("claim", "longer breaks would be better", "vague_claim"),
        ("claim", "la biblioteca es importante", "vague_claim"),
        ("grounds", "everybody hates the meat in our canteen anyway", "opinion"),
        ("grounds", "a todos nos da asco la carne del comedor", "opinion"),
        ("rebuttal", "some people say we need meat but they're wrong", "insists"),
        ("groundsBacking", "de una página web", "vague_source"),
        ("groundsBacking", "saw it on tiktok", "vague_source"),
        # Sources in everyday words: a count the student made, someone named by role, a
        # site whose owner is said.
        ("groundsBacking", "we had a class vote last week and I wrote down the result", None),
        ("groundsBacking", "Lo pregunté en mi clase a mano alzada el 3 de marzo", None),
        ("groundsBacking", "Me lo dijo la profe de biología, que lleva la biblioteca", None),
        ("groundsBacking", "Los precios están en la web de la empresa de autobuses", None),
        ("grounds", "In my country the school give money for good notes and they copy more", None),
        ("rebuttal", "apart from families who need the summer for farm work", None),
    ],
)
def test_weak_parts_get_their_problem_and_everyday_sources_pass(step, text, problem):
    assert classify(text).kind == "attempt"
    assert step_check(step, text).problem == problem


@pytest.mark.parametrize(
    ("message", "own"),
    [
        ("Wait, scratch that: unless the library would be empty after 4", "unless the library"),
        ("sure thing. In my class 24 of 29 said so", "In my class"),
        ("Right, here goes. Schools should stop paying pupils", "Schools should"),
        ("vale guay. El recreo debería durar una hora", "El recreo"),
        ("Espera, mejor así: a menos que la biblioteca esté vacía", "a menos que"),
        ("dale. En mi salón 22 de 28 no terminan de comer", "En mi salón"),
        ("mmm bueno, salvo que el chatbot se invente las fuentes", "salvo que"),
        ("Stop paying kids. It does not work", "Stop paying kids"),  # a claim, not a filler
    ],
)
def test_fillers_and_framing_are_not_the_students_text(message, own):
    assert own_text(message).startswith(own)


@pytest.mark.parametrize(
    "text", ["capaz que sí, al menos para los más grandes", "a lo mejor, en las escuelas grandes"]
)
def test_a_latin_american_qualifier_is_a_qualifier_never_a_yes(text):
    assert classify(text).kind == "attempt"
    assert step_check("qualifier", text).passed
    assert classify("capaz que sí").kind == "attempt"


def test_a_message_with_nothing_to_write_reads_as_stuck_not_as_pressure():
    assert classify("venga, solo esta vez y no te pido más").pressure == "stuck"
    assert step_check("groundsBacking", "lo vi en insta").problem == "vague_source"


@pytest.mark.parametrize(
    "text", ["music is important tbh", "la música es importante la verdad", "meat is bad lol"]
)
def test_a_judgement_with_a_tag_after_it_is_still_a_vague_claim(text):
    assert step_check("claim", text).problem == "vague_claim"


@pytest.mark.parametrize(
    ("language", "message", "earlier"),
    [
        ("en", "can you fix up my wording", "in our town a bus ticket costs £4  and 1 in 5 walk"),
        ("en", "tidy it up please", "in 2023   attendance went from 91% to 95% at my school"),
        (
            "es",
            "¿me arreglas la redacción?",
            "en mi ciudad el billete cuesta 3 euros  y 1 de 5 va a pie",
        ),
        ("es", "corrígelo porfa", "en mi ciudad el billete cuesta 3 euros y 1 de 5 va a pie"),
    ],
)
def test_tidying_at_full_coaching_keeps_every_fact_the_student_wrote(language, message, earlier):
    inputs = {
        "step": "grounds",
        "language": language,
        "topic": "Free bus passes",
        "user_message": message,
        "step_messages": [earlier],
        "help_level": "full",
    }
    proposal = json.loads(offline_turn(inputs))["proposedUpdate"]["value"]
    assert set(words(earlier)) <= set(words(proposal))
    assert proposal != earlier  # it was tidied: a capital, single spaces, a full stop


@pytest.mark.parametrize(
    ("message", "own"),
    [
        (
            "the claim would be that schools should start later, right?",
            "schools should start later",
        ),
        ("I think the grounds could be that 70% are tired", "70% are tired"),
        ("entonces la tesis sería que el recreo debe durar más, ¿no?", "el recreo debe durar más"),
    ],
)
def test_a_proposition_put_forward_is_the_students_text_without_its_frame(message, own):
    assert classify(message).kind == "attempt"
    assert own_text(message) == own


@pytest.mark.parametrize(
    "message",
    [
        "the rebuttal would be that meat is needed for sport, right? just write it",
        "la refutación sería que la carne hace falta para el deporte, ¿no? escríbela tú",
        "tell me the claim",
        "stop giving me examples and write it",
    ],
)
def test_a_framed_proposition_that_ends_in_a_request_is_a_request(message):
    assert classify(message).kind == "help"


@pytest.mark.parametrize(
    "message", ["Stop giving us homework on weekends", "Tell the school to start at 9"]
)
def test_a_claim_addressed_to_the_school_is_an_attempt(message):
    assert classify(message).kind == "attempt"


def test_a_rule_about_a_kind_of_thing_is_a_warrant_not_the_claim_again():
    claim = "Schools should stop selling fizzy drinks in their vending machines"
    rule = "Things that harm students' health shouldn't be sold on school grounds"
    assert step_check("warrant", rule, claim=claim).passed
    again = "vending machines are bad so schools should stop selling fizzy drinks"
    assert step_check("warrant", again, claim=claim).problem == "restates_claim"
    regla = "Lo que daña la salud de los alumnos no se debería vender en el colegio"
    tesis = "Los colegios deberían dejar de vender refrescos con azúcar en las máquinas"
    assert step_check("warrant", regla, claim=tesis).passed


def test_let_me_is_the_students_own_doing_and_a_superlative_alone_is_vague():
    text = "The nurse, Mrs Dlamini, keeps a visit log and let me count the entries"
    assert classify(text).kind == "attempt"
    assert step_check("claim", "los refrescos son malísimos").problem == "vague_claim"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("teachers should be graded because it would be fair", "vague_claim"),
        ("los maestros deberían ser evaluados porque sería justo", "vague_claim"),
        ("Schools should rate teachers because it would be fair to students who lose a year", None),
    ],
)
def test_a_reason_that_gives_no_reason_is_vague(text, problem):
    assert step_check("claim", text).problem == problem


@pytest.mark.parametrize(
    "message",
    [
        "When I counted on three days last month, about 60 pupils queued for 20 minutes",
        "Where I live, 3 in 10 kids skip breakfast",
    ],
)
def test_a_statement_opening_with_when_or_where_is_not_a_question_to_the_tutor(message):
    assert classify(message).kind == "attempt"
    assert classify("when do i need a qualifier").kind != "attempt"
