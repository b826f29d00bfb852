"""The guard after a second code review: a fact put as something heard, noticed or known
("Did you hear ...?", "Did u know ...?", "¿Sabías tú que ...?"), a fact assumed before a
question ("Assuming ..., what ...?", "Suponiendo que ..., ¿...?"), a fact the student is
said to be aware of ("You're aware ..., aren't you?"), and a choice whose options are
figures the student never gave ("Were 40 pupils sent home, or was it 50?"). Near misses pass
whole: questions that ask who or what, a choice between two answers about their own claim,
a condition about a reader. English and Spanish, on the dev set's uniforms draft."""

import time

import pytest

from tests.coach.builders import guard_seen

_MESSAGE = {"en": "uniforms are bad", "es": "el uniforme es malo"}


@pytest.mark.parametrize(
    ("language", "sentence", "new"),
    [
        ("en", "Did you hear 40 pupils were sent home last year?", "sent home last"),
        ("en", "Did you notice that uniforms cost families £300 a year?", "£300 a year"),
        ("en", "Did u know 40 pupils were sent home last year?", "sent home last"),
        ("en", "Did you ever know that 40 pupils were sent home last year?", "sent home last"),
        ("en", "Did you ever hear that uniforms cost families £300 a year?", "£300 a year"),
        ("en", "Have you heard 40 pupils were sent home last year?", "sent home last"),
        ("es", "¿Sabías tú que mandaron a casa a 40 alumnos el año pasado?", "mandaron a casa"),
        ("es", "¿Te enteraste de que el uniforme cuesta 300 euros al año?", "300 euros"),
        ("es", "¿Oíste que mandaron a casa a 40 alumnos el año pasado?", "mandaron a casa"),
        (
            "en",
            "Assuming 40 pupils were sent home last year, what does that show?",
            "sent home last",
        ),
        (
            "en",
            "Supposing uniforms cost families £300 a year, who pays the most?",
            "£300 a year",
        ),
        (
            "es",
            "Suponiendo que mandaron a casa a 40 alumnos el año pasado, ¿qué muestra eso?",
            "mandaron a casa",
        ),
        (
            "es",
            "Imagina que el uniforme cuesta 300 euros al año, ¿quién paga más?",
            "300 euros",
        ),
        (
            "en",
            "You're aware 40 pupils were sent home last year, aren't you?",
            "sent home last",
        ),
        (
            "en",
            "You are aware that uniforms cost families £300 a year, aren't you?",
            "£300 a year",
        ),
        (
            "es",
            "Eres consciente de que mandaron a casa a 40 alumnos el año pasado, ¿no?",
            "mandaron a casa",
        ),
        ("en", "Were 40 pupils sent home last year, or was it 50?", "40 pupils sent home"),
        ("en", "Do uniforms cost families £300 a year or £400?", "£300 a year"),
        (
            "es",
            "¿Fueron 40 alumnos los expulsados el año pasado o 50?",
            "40 alumnos los expulsados",
        ),
        ("es", "¿El uniforme cuesta 300 euros al año o 400?", "300 euros"),
    ],
)
def test_a_fact_heard_assumed_or_offered_as_a_choice_is_withheld(language, sentence, new):
    seen = guard_seen(language, "grounds", _MESSAGE[language], "q", sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "Did you know the office keeps records of this?"),
        ("en", "Do you know who ran the survey?"),
        ("en", "Did you hear what the head teacher said?"),
        ("en", "Did you notice how your claim changed?"),
        ("en", "Would you say it is certain or only likely?"),
        ("es", "¿Lo dirías seguro o solo probable?"),
        ("es", "¿Sabías tú qué dijo la directora?"),
        ("en", "If a reader doubts your survey, what would you show them?"),
        ("en", "Assuming a reader doubts your survey, what would you show them?"),
        ("es", "Suponiendo que un lector dude de tu encuesta, ¿qué le mostrarías?"),
        ("es", "¿Los 40 alumnos eran de todos los cursos o de uno solo?"),
        ("en", "Do parents pay extra for blazers, or do the jumpers cost more?"),
    ],
)
def test_second_review_near_misses_pass_whole(language, sentence):
    seen = guard_seen(language, "grounds", _MESSAGE[language], "q", sentence)
    assert sentence in seen.text


@pytest.mark.parametrize(
    "trigger",
    [
        "did you ever hear ",
        "did u know ",
        "¿sabías tú que ",
        "assuming ",
        "suponiendo que ",
        "you're aware ",
        "eres consciente de que ",
        "or was it 50 ",
        "o 50 ",
    ],
)
def test_the_second_reviews_frames_stay_linear_on_long_input(trigger):
    from coach.domain import clauses, pieces

    text = (trigger * (20_000 // len(trigger) + 1))[:20_000] + "?"
    started = time.process_time()
    for pattern in (pieces._KNOWING, pieces._FRAMING, clauses.YES_NO, clauses.ALTERNATIVE):
        list(pattern.finditer(text))
        pattern.match(text)
    clauses.yes_no_statement(text)
    clauses.statement_before_or(text)
    clauses.options(text)
    assert time.process_time() - started < 1.0
