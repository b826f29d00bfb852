"""The guard's fourth round: a statement before a question tag even when a question word sits
deep in it, praise and a colon before a rule or a part made of the student's own words, a link
the student never made praised ("Love how this connects to ..."), "¿Te suena que ...?", a
Spanish yes/no question that opens on what it asserts, a circumstance put as "what if ...?",
an example said to be on another topic that is on theirs, and "has" in English (a Spanish word
to the student) addressing no one. Near misses pass whole: questions that ask early, a choice
between two answers, praise for their own link, hints that point at their text, examples on
an unnamed other topic. English and Spanish, on the dev set's uniforms draft."""

import time

import pytest

from tests.coach.builders import guard_seen


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "q",
            "Schools should let older pupils choose when they are mature enough to decide what "
            "to wear, shouldn't they?",
            "mature enough to decide",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo así que fuera",
            "r",
            "Justo: la regla general es que un instituto no debe castigar por la ropa a quien "
            "ya estudia bien.",
            "castigar por la ropa",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Right: the general rule is that a school should never punish pupils for what "
            "their parents buy.",
            "their parents buy",
        ),
        (
            "es",
            "qualifier",
            "siempre",
            "a",
            "Estupendo: probablemente, para los alumnos mayores de catorce años.",
            "para los alumnos mayores",
        ),
        (
            "en",
            "qualifier",
            "always",
            "a",
            "Great: probably, for students over fourteen at our school.",
            "for students over fourteen at",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "Love how this connects to the 120 pupils who got detentions last term.",
            "got detentions last",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Me encanta cómo esto conecta con los 120 alumnos castigados el trimestre pasado.",
            "castigados el trimestre",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "¿Te suena que el año pasado treinta familias se quejaron del precio del uniforme?",
            "familias se quejaron",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Los alumnos mayores ya saben vestirse solos sin que nadie les diga qué ponerse?",
            "saben vestirse solos",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "¿El instituto gasta cada año más de cinco mil euros en uniformes de repuesto?",
            "cinco mil euros",
        ),
        (
            "en",
            "rebuttal",
            "some people like uniforms",
            "q",
            "What if a cheap second-hand uniform shop opened at the school?",
            "second-hand uniform shop",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "q",
            "¿Qué pasaría si el colegio abriera una tienda de uniformes de segunda mano?",
            "tienda de uniformes de segunda",
        ),
        (
            "en",
            "rebuttal",
            "some people like uniforms",
            "a",
            "For example, on a different topic, a rebuttal could be “unless the school has "
            "a serious problem with gang colours”.",
            "serious problem with gang",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "A reader might accept: whenever a school has a strict rule, it has to enforce it "
            "fairly.",
            "enforce it fairly",
        ),
    ],
)
def test_a_part_in_the_fourth_rounds_frames_is_withheld(
    language, step, message, field, sentence, new
):
    seen = guard_seen(language, step, message, field, sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "Too strict for whom, and what would you change?",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo así que fuera",
            "a",
            "Bien: la regla que escribiste ya une tus datos con tu tesis.",
        ),
        (
            "en",
            "qualifier",
            "always",
            "a",
            "Great: you already say how far your claim reaches.",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "I like how this connects to your claim about older students.",
        ),
        ("es", "claim", "el uniforme es malo", "q", "¿Te suena bien así tu tesis?"),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "¿Los 40 alumnos eran de todos los cursos o de uno solo?",
        ),
        ("es", "grounds", "el uniforme es malo", "q", "¿El informe de la dirección es público?"),
        (
            "en",
            "rebuttal",
            "some people like uniforms",
            "q",
            "What if you asked a teacher who disagrees?",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "q",
            "¿Qué pasaría si tú fueras el director?",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "For example, on a different topic, a claim might be “The library should open on "
            "Sundays”.",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "a",
            "Un ejemplo de otro tema: «el ayuntamiento debería abrir la piscina en agosto».",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "a",
            "Pista: piensa en un caso concreto en el que tu tesis no se cumpliría.",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "q",
            "¿Has pensado en quién saldría perdiendo con tu regla?",
        ),
    ],
)
def test_fourth_round_near_misses_pass_whole(language, step, message, field, sentence):
    seen = guard_seen(language, step, message, field, sentence)
    assert sentence in seen.text


@pytest.mark.parametrize(
    "trigger",
    [
        "love how this connects to ",
        "me encanta cómo esto conecta con ",
        "¿te suena que ",
        "what if ",
        "¿qué pasaría si ",
        "on a different topic ",
        "¿los ",
        "the general rule is that ",
        "la regla general es que ",
        "a, b when c what ",
    ],
)
def test_the_fourth_rounds_frames_stay_linear_on_long_input(trigger):
    from coach.domain import authorship, clauses, pieces

    text = (trigger * (20_000 // len(trigger) + 1))[:20_000] + "?"
    started = time.process_time()
    for pattern in (
        pieces._KNOWING,
        pieces._SUGGESTION,
        authorship._OTHER_TOPIC,
        clauses.YES_NO,
        clauses.OFFER,
    ):
        list(pattern.finditer(text))
        pattern.match(text)
    clauses.yes_no_statement(text)
    clauses.asks_early(text)
    assert time.process_time() - started < 1.0


# The protective default: a question that neither turns to the student, nor asks with a
# question word among its first words, nor offers a choice, and carries a word of its own on
# their subject, brings a new fact; each of those ways of asking passes.
@pytest.mark.parametrize(
    ("language", "sentence", "new"),
    [
        ("en", "Do parents at the school pay extra for blazers and jumpers?", "extra for blazers"),
        ("es", "¿Hay familias que pagan más de cien euros por el uniforme?", "más de cien euros"),
    ],
)
def test_a_yes_no_question_carrying_a_new_word_on_their_subject_is_withheld(
    language, sentence, new
):
    message = {"en": "uniforms are bad", "es": "el uniforme es malo"}[language]
    seen = guard_seen(language, "grounds", message, "q", sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "en",
            "Did you ask the parents at the school how much they spend on blazers, ties and "
            "branded jumpers?",
        ),
        ("en", "Which parents at the school pay extra for blazers and jumpers?"),
        ("en", "Do parents pay extra for blazers, or do the jumpers cost more?"),
        ("es", "¿Se te ocurre algún caso en que las familias paguen más por el uniforme?"),
        ("es", "¿Cuántas familias pagan más de cien euros por el uniforme?"),
    ],
)
def test_a_question_to_them_asking_early_or_offering_a_choice_passes(language, sentence):
    message = {"en": "uniforms are bad", "es": "el uniforme es malo"}[language]
    seen = guard_seen(language, "grounds", message, "q", sentence)
    assert sentence in seen.text


@pytest.mark.parametrize(
    ("language", "sentence", "new"),
    [
        (
            "en",
            "Picture this: the school sent 40 pupils home for uniform last term, out of 900 "
            "pupils — does that help?",
            "sent 40 pupils home",
        ),
        ("en", "One angle: uniforms cost families £300 a year, does that help?", "£300 a year"),
        ("en", "Uniforms cost families £300 a year... would that work?", "£300 a year"),
        (
            "es",
            "Imagina esto: el instituto mandó a casa a 40 alumnos por el uniforme, de 900, ¿eso "
            "te ayuda?",
            "mandó a casa",
        ),
    ],
)
def test_a_statement_before_a_tag_that_only_checks_in_is_said(language, sentence, new):
    """Tags such as "does that help?", "would that work?", "¿eso te ayuda?" ask nothing of
    their own: the statement before them is judged as said, as before "right?"."""
    seen = guard_seen(language, "grounds", "uniforms are too expensive", "a", sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    "sentence",
    [
        "You wrote that uniforms are too expensive, does that help?",
        "Ask the office how many pupils were sent home — would that work?",
    ],
)
def test_a_check_in_tag_after_their_words_or_a_question_passes(sentence):
    assert sentence in guard_seen("en", "grounds", "uniforms are too expensive", "a", sentence).text
