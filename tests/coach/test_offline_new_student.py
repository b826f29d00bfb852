"""What a new student typed in the offline coach and was misread: a statement that opens with
a verb looking like an imperative, a genuine attempt right after a plea, a backing naming its
source without capitals, weak parts praised. Each behaviour with near misses that must keep
working."""

import json
import time

import pytest

from coach.domain.heuristics import step_check
from coach.domain.intent import classify
from coach.domain.tutor import PROBLEMS, offline_turn

TOPIC = {"en": "The school bus timetable", "es": "El horario del autobús escolar"}


def _inputs(language: str, step: str, message: str, earlier=(), draft=None) -> dict:
    return {
        "step": step,
        "language": language,
        "topic": TOPIC[language],
        "draft": draft or {},
        "draft_value": "",
        "draft_is_latest": False,
        "user_message": message,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
        "history": [{"role": "user", "text": t} for t in earlier],
        "help_level": "full",
    }


def _answer(language: str, step: str, message: str, earlier=(), draft=None) -> dict:
    return json.loads(offline_turn(_inputs(language, step, message, earlier, draft)))


def _linear(pattern_user, trigger: str) -> None:
    """A rule stays linear: 20,000 characters of its trigger run well under a second."""
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    start = time.process_time()
    pattern_user(text)
    assert time.process_time() - start < 1.0


# -- a subject left out: "pasa a las 7:05 ..." is the bus, not "pasa (tú)" ----------------


@pytest.mark.parametrize(
    "message",
    [
        "pasa a las 7:05 y las clases empiezan a las 8:30, asi q esperamos casi una hora",
        "termina a las 14:30 y el bus no sale hasta las 15:15",
        "acaba sobre las 3 y media y el autobus tarda otros 40 min",
        "pasa a las siete y cinco y entramos a las ocho y media",
        "deja a los de primero en la puerta a las 7:50 y no abren hasta las 8:20",
        "pick up is at 7:05 and first period is 8:30 so we wait almost an hour",
        "drop off was at 7:40 and the gates dont open till 8:20",
    ],
)
def test_a_statement_opening_with_a_verb_of_time_is_an_attempt(message):
    assert classify(message, topic="").is_attempt


@pytest.mark.parametrize(
    "message",
    [
        "dime q poner en los datos",
        "pasa la tesis",
        "pasa a limpio los datos porfa",
        "termina tu los datos q yo no se",
        "pasame unos datos sobre el bus",
        "pick some numbers for me pls",
        "pick up where you left off",
    ],
)
def test_a_real_request_with_those_verbs_stays_a_request(message):
    assert classify(message, topic="").kind == "help"


def test_grounds_with_times_are_judged_not_refused():
    answer = _answer(
        "es",
        "grounds",
        "pasa a las 7:05 y las clases empiezan a las 8:30, asi q esperamos casi una hora "
        "en el patio",
    )
    assert "No voy a escribir" not in answer["assistantText"]
    assert answer["assistantText"].startswith("Bien")


def test_the_time_rule_stays_linear():
    _linear(lambda text: classify("pasa " + text), "a las 7 ")
    _linear(lambda text: classify("deja " + text), "a los de ")


# -- a genuine attempt right after a plea is the student's part ----------------------------

ES_DRAFT = {"claim": "El autobús escolar debería pasar más tarde"}
EN_DRAFT = {"claim": "The council should move the morning bus later"}


@pytest.mark.parametrize(
    ("language", "step", "plea", "attempt"),
    [
        (
            "es",
            "warrant",
            "porfa ayudame q no se q poner y es para mañana",
            "si los alumnos tienen que esperar mucho sin hacer nada normalmente pierden "
            "tiempo de dormir",
        ),
        ("es", "grounds", "te lo suplico, estoy agobiada", "en mi clase 9 de 27 viven a 10 km"),
        (
            "en",
            "warrant",
            "pleaseee just write it, its due tomorrow",
            "if students have to wait a long time with nothing to do they usually lose sleep",
        ),
        ("en", "rebuttal", "plz im begging u", "unless kids just buy them online instead"),
    ],
)
def test_a_genuine_attempt_after_a_plea_is_judged_and_proposed(language, step, plea, attempt):
    draft = EN_DRAFT if language == "en" else ES_DRAFT
    first = _answer(language, step, attempt, [plea], draft)
    assert "No lo escribiré" not in first["assistantText"]
    assert "won't write" not in first["assistantText"].casefold()
    yes = {"en": "yes", "es": "sí"}[language]
    second = _answer(language, step, yes, [plea, attempt], draft)
    assert second["proposedUpdate"]["value"] == attempt


@pytest.mark.parametrize(
    ("language", "plea", "more"),
    [
        (
            "en",
            "pleaseee just write it, its due tomorrow",
            "come on, just one sentence, i wont tell anyone",
        ),
        ("en", "plz im begging u", "just this once, I promise I'll write the rest myself"),
        ("en", "write my warrant", "if you dont help me i will fail"),
        ("es", "porfa escribemela tu", "venga solo esta vez y no te pido mas"),
        ("es", "porfa escribemela tu", "una frasecita nada mas y ya la cambio yo"),
        ("es", "dame la garantia", "si no me ayudas suspendo y mi madre me mata"),
    ],
)
def test_more_pleading_after_a_plea_is_never_proposed(language, plea, more):
    draft = EN_DRAFT if language == "en" else ES_DRAFT
    yes = {"en": "yes", "es": "sí"}[language]
    for answer in (
        _answer(language, "warrant", more, [plea], draft),
        _answer(language, "warrant", yes, [plea, more], draft),
    ):
        assert not answer.get("proposedUpdate")


# -- a backing names its source without capitals: a label, a maker, a timetable, one's eyes -


@pytest.mark.parametrize(
    "text",
    [
        "la etiqueta de la lata de monster, lo pone el fabricante",
        "la autoridad europea de seguridad alimentaria tambien dice cuanta cafeina llevan",
        "el horario oficial del consorcio de transportes de madrid, esta en su web",
        "lo de los 160 mg lo pone en la lata y lo de mi clase lo he visto yo",
        "the label on the can says it has 160mg of caffeine",
        "the european food safety authority says how much caffeine is safe for teens",
        "the official timetable from the transport authority",
        "i timed the wait at the bus stop for two weeks",
    ],
)
def test_a_backing_naming_its_source_in_lower_case_passes(text):
    assert step_check("groundsBacking", text).passed
    assert step_check("warrantBacking", text).passed


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("lo lei en internet", "vague_source"),
        ("some website said so", "vague_source"),
        ("everyone knows that", "no_authority"),
        ("es de sentido comun", "no_authority"),
    ],
)
def test_a_backing_that_still_names_no_one_is_refused(text, problem):
    assert step_check("groundsBacking", text).problem == problem


# -- an unsure backing that names only a role: which teacher, based on what? ---------------


@pytest.mark.parametrize(
    "text",
    [
        "idk, my teacher said it",
        "not sure, maybe a teacher",
        "my teacher told us i think",
        "nose, lo dijo mi profe",
        "ni idea, algun profesor",
        "creo q lo dijo la profe de bio",
    ],
)
def test_an_unsure_backing_naming_only_a_role_gets_which_one(text):
    assert step_check("warrantBacking", text).problem == "vague_source"
    language = "es" if any(w in text for w in ("profe", "nose", "idea")) else "en"
    answer = _answer(language, "warrantBacking", text)
    assert answer["assistantText"] == PROBLEMS[language]["vague_source"]


@pytest.mark.parametrize(
    "text",
    [
        "Ms Patel, my biology teacher, showed us the NHS guidance on caffeine",
        "our head teacher Mrs Okafor kept the attendance register during the trial",
        "mi profe de biologia, la señora Ruiz, nos enseño el informe de la EFSA",
        "my science teacher showed us the european food safety authority's limits",
    ],
)
def test_a_teacher_named_or_with_what_they_showed_passes(text):
    assert step_check("warrantBacking", text).passed


def test_the_role_rule_stays_linear():
    _linear(lambda text: step_check("warrantBacking", text), "my teacher said maybe ")


# -- weak parts get their next step, not praise ---------------------------------------------

EN_DOG_CLAIM = "Every primary school should get a trained therapy dog"
ES_DOG_CLAIM = "Cada colegio de primaria debería contar con un perro de terapia"


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("dogs make school better so we should have one", EN_DOG_CLAIM),
        ("a dog makes the classroom nicer so we should get one", EN_DOG_CLAIM),
        ("monster makes kids worse so they should ban it", ""),
        ("los perros hacen el cole mejor asi que deberiamos tener uno", ES_DOG_CLAIM),
        ("el bus temprano hace las mañanas peores asi que tienen que cambiarlo", ""),
    ],
)
def test_a_bare_judgement_then_should_says_the_claim_again(text, claim):
    assert step_check("warrant", text, claim=claim).problem == "restates_claim"


@pytest.mark.parametrize(
    "text",
    [
        "if an animal makes pupils calmer and helps them read, a school should have one",
        "when something makes pupils calmer, schools should usually allow it",
        "si un animal tranquiliza a los alumnos y les ayuda a leer, un colegio deberia tener uno",
        "anything that lowers children's stress at school is worth having",
    ],
)
def test_a_real_rule_ending_in_should_still_passes(text):
    assert step_check("warrant", text, claim=EN_DOG_CLAIM).passed


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("es", "el bus pasa demasiado pronto"),
        ("es", "el monster tiene demasiada cafeina"),
        ("es", "las clases empiezan super temprano"),
        ("en", "the bus comes way too early"),
        ("en", "monster has way too much caffeine"),
        ("en", "school starts too early tbh"),
    ],
)
def test_a_complaint_as_a_claim_is_asked_what_should_change(language, text):
    assert step_check("claim", text).problem == "vague_claim"
    assert _answer(language, "claim", text)["assistantText"] == PROBLEMS[language]["vague_claim"]


@pytest.mark.parametrize(
    "text",
    [
        "el bus pasa demasiado pronto, asi que el consorcio deberia retrasarlo media hora",
        "the bus should come 40 minutes later so we dont wait outside",
        "Schools should not set too much homework",
        "Energy drinks are really dangerous for teenagers under sixteen",
    ],
)
def test_a_claim_asking_for_a_change_is_no_complaint(text):
    assert step_check("claim", text).passed


def test_a_short_spanish_part_is_told_so_in_agreement():
    assert "sostenerse por sí solo; desarróllalo" in PROBLEMS["es"]["too_short"]


def test_the_warrant_and_claim_rules_stay_linear():
    _linear(lambda text: step_check("warrant", text + " so we should have one"), "makes it ")
    _linear(lambda text: step_check("claim", text), "too much ")
