"""The guard judges the clause a frame embeds as if it were said plainly, whatever the frame:
a fact put as something the student might know ("You might know that ...", "Como sabrás,
..."), a statement before a question tag ("..., didn't it?", "..., ¿no es así?"), "try a
rule that ..." / "prueba con una regla como ...", praise before a part ("Good: that is a
general rule that families ...") and an "example on another topic" that is the student's
own. Near misses pass whole: questions about evidence, "you might check whether ...", the
student's own words, explanations of a part, examples on a truly different topic, a rule
described by what its wording does. Written before the rules they test, in English and
Spanish, on the dev set's uniforms draft."""

import time

import pytest

from tests.coach.builders import guard_seen


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        # A fact put as something already known: knowing asserts it.
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "You might know that 40 pupils were sent home last year for uniform.",
            "40 pupils were",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "I bet you already know that uniforms cost families about £300 a year.",
            "cost families about",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Everyone knows that pupils learn better in clothes they feel comfortable in.",
            "feel comfortable in",
        ),
        (
            "en",
            "rebuttal",
            "some people like uniforms",
            "r",
            "It's well known that uniforms reduce bullying about brands.",
            "reduce bullying about",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "Remember: uniforms cost families around £300 a year.",
            "cost families around",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "As you probably know, 40 pupils were sent home for their uniform last year.",
            "40 pupils were",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Quizá sepas que el año pasado mandaron a casa a 40 alumnos por el uniforme.",
            "40 alumnos por",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "Como sabrás, el año pasado 40 alumnos fueron expulsados por el uniforme.",
            "fueron expulsados",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "a",
            "Es bien sabido que el uniforme reduce el acoso por las marcas.",
            "reduce el acoso",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "r",
            "Recuerda: el uniforme cuesta a las familias unos 300 euros al año.",
            "300 euros al",
        ),
        # A statement before a question tag, with a relative clause or without.
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "The school punished 40 pupils who broke small uniform rules last year, didn't it?",
            "broke small uniform",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "The head's report shows 40 exclusions for uniform last year, isn't that so?",
            "40 exclusions for",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "Uniforms cost families about £300 a year, right?",
            "cost families about",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "El instituto castigó a 40 alumnos que rompieron normas pequeñas, ¿verdad?",
            "rompieron normas pequeñas",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "Las familias gastan 200 euros al año en el uniforme, ¿no?",
            "200 euros al",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "q",
            "Los alumnos que llevan ropa cómoda se concentran mejor, ¿no es así?",
            "se concentran mejor",
        ),
        # An imperative naming a part, and the part after "like" / "como".
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Try a rule that no family like yours should pay for uniforms.",
            "pay for uniforms",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "Consider a reason like the 40 pupils who were sent home last year.",
            "40 pupils who",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Prueba con una regla como «ninguna familia debería pagar por el uniforme».",
            "ninguna familia debería",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Piensa en un dato como los 40 alumnos que mandaron a casa el año pasado.",
            "40 alumnos que",
        ),
        # Praise, then the part.
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "r",
            "Good: that is a general rule that families should never pay more than they can "
            "afford.",
            "families should never",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Bien: es una regla general que ninguna familia debe pagar más de lo que puede.",
            "ninguna familia debe",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Nice work — pupils over fourteen should be free to choose their own clothes.",
            "free to choose",
        ),
        # An "example on another topic" that is the student's own.
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Here's an example on another topic: “schools should let pupils over fourteen choose "
            "their clothes”.",
            "choose their clothes",
        ),
        # A part inside brackets in feedback.
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "Your grounds need a number (40 pupils were sent home last year, say).",
            "40 pupils were",
        ),
    ],
)
def test_a_part_in_any_frame_is_withheld(language, step, message, field, sentence, new):
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
            "Is there evidence that this works in your school?",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "You might check whether the survey asked everyone.",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "You wrote “uniforms are bad”; what exactly would you like to change?",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "A warrant is the general rule that connects your grounds to your claim.",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "For example, in an argument about school buses, a claim might be “The council "
            "should run a later bus”.",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "You probably know that a claim has to take a side.",
        ),
        (
            "en",
            "claim",
            "Our school should make uniforms optional",
            "a",
            "That's a clear claim, isn't it?",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Good: that is a general rule that would work for other schools too.",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Try a rule that begins with “whenever” and names no particular school.",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "q",
            "Your grounds say 40 students were sent home, don't they?",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "¿Hay algún dato que muestre que esto pasa en tu instituto?",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Podrías comprobar si la encuesta preguntó a todos los cursos.",
        ),
        ("es", "claim", "el uniforme es malo", "a", "Como sabes, una tesis toma partido."),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Bien: esa es una regla general que se puede aplicar a otros institutos.",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Prueba con una regla que empiece por «cuando» y que no nombre ningún instituto.",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta",
            "q",
            "¿Qué diría en contra un alumno que quiere llevar uniforme?",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "a",
            "«Es malo» muestra que sabes que hay un problema; ahora di qué debería cambiar.",
        ),
    ],
)
def test_near_misses_pass_whole(language, step, message, field, sentence):
    seen = guard_seen(language, step, message, field, sentence)
    assert sentence in seen.text


@pytest.mark.parametrize(
    "trigger",
    [
        "you might know that ",
        "as you probably know, ",
        "( ( ",
        "it's well known that ",
        "remember: ",
        "a rule that starts with and doesn't mention ",
        "that is a general rule that ",
        ", isn't that so",
        "quizá sepas que ",
        "como sabrás, ",
        "una regla que empiece por y que no hable ",
        "es una regla general que se puede discutir ",
        ", ¿no es así",
        "you would agree ",
        "so ",
        "surely ",
        "a — ",
        "¿estás de acuerdo en que ",
        "acaso ",
        ": piensa en los ",
        ": : ",
        "podría ser tan sencillo como ",
    ],
)
def test_the_frames_stay_linear_on_long_input(trigger):
    from coach.domain import clauses, pieces

    text = (trigger * (20_000 // len(trigger) + 1))[:20_000] + "?"
    patterns = (
        pieces._KNOWING,
        pieces._SUGGESTION,
        pieces._DESCRIBING,
        pieces._POINTING,
        clauses.ALTERNATIVE,
        pieces._DASH,
        clauses.THEIR_TEXT,
        clauses.MOVE,
        clauses.ASIDE,
    )
    started = time.process_time()
    for pattern in patterns:
        list(pattern.finditer(text))
        pattern.match(text)
    assert time.process_time() - started < 1.0


# Written after the first change, before the rules they test: leading and declarative
# questions, "do you agree that", "you'd agree", "could it be as simple as", a question set
# off by a dash from what it offers, a figure of the tutor's own after "Pista:".
@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Surely pupils over fourteen are old enough to choose their own clothes?",
            "old enough to choose",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "So uniforms cost families £300 a year?",
            "cost families 300",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "And the 40 pupils sent home last year lost a day of learning each?",
            "lost a day of",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "You'd agree older pupils can choose sensible clothes?",
            "choose sensible clothes",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Do you agree that uniforms stop pupils from learning because they are uncomfortable?",
            "stop pupils from",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Could it be as simple as letting older pupils choose their clothes?",
            "letting older pupils",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "How does this sound — uniforms should be optional for older students?",
            "optional for older students",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Would you go as far as saying older pupils should choose their own clothes?",
            "older pupils should choose",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Estás de acuerdo en que los alumnos mayores deberían elegir su ropa?",
            "mayores deberían elegir",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Y si la tesis fuera que el uniforme es opcional a partir de cuarto?",
            "a partir de cuarto",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Acaso no aprenden igual los alumnos sin uniforme?",
            "no aprenden igual",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Podría ser tan sencillo como dejar que los mayores elijan su ropa?",
            "los mayores elijan",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Pista: piensa en los 40 alumnos que mandaron a casa y las clases que perdieron.",
            "clases que perdieron",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Te darás cuenta de que la mayoría prefiere llevar su propia ropa.",
            "la mayoría prefiere",
        ),
    ],
)
def test_a_part_in_a_leading_question_is_withheld(language, step, message, field, sentence, new):
    seen = guard_seen(language, step, message, field, sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "grounds",
            "uniforms are uncomfortable",
            "a",
            "Consider a rule like the one you hinted at in your grounds.",
        ),
        (
            "en",
            "rebuttal",
            "some people like uniforms",
            "q",
            "Can you think of a school where making uniforms optional might cause a real problem?",
        ),
        (
            "en",
            "qualifier",
            "probably",
            "q",
            "Would you say it is certain, likely, or true only for some pupils?",
        ),
        (
            "en",
            "qualifier",
            "definitely",
            "a",
            "“Definitely” says you are completely sure; is that really true in every classroom?",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Who would decide it: the school, the council, a single teacher?",
        ),
        (
            "en",
            "grounds",
            "uniforms are uncomfortable",
            "q",
            "Uncomfortable for whom, and how often?",
        ),
        (
            "es",
            "rebuttal",
            "a algunos les gusta",
            "q",
            "¿Crees que pasaría a menudo o solo en algunas clases?",
        ),
        (
            "es",
            "grounds",
            "el uniforme es incómodo",
            "q",
            "¿Es verdad para todos los alumnos de tu clase?",
        ),
        (
            "es",
            "grounds",
            "el uniforme es incómodo",
            "a",
            "Pista: pregúntate quién no estaría de acuerdo contigo.",
        ),
        (
            "en",
            "grounds",
            "uniforms make me itchy",
            "q",
            "Surely you can find someone who counted this?",
        ),
        (
            "en",
            "grounds",
            "uniforms make me itchy",
            "a",
            "In 2 or 3 sentences, say what you counted.",
        ),
        ("es", "grounds", "el uniforme pica", "a", "En 2 o 3 frases, di qué contaste."),
        (
            "en",
            "warrant",
            "uniforms should go because they cost a lot",
            "q",
            "Could it be as simple as a rule about cost in general?",
        ),
    ],
)
def test_questions_that_ask_pass_whole(language, step, message, field, sentence):
    seen = guard_seen(language, step, message, field, sentence)
    assert sentence in seen.text


# The student's point put in other words is the tutor's text when the words are new.
@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Well done for trying! What you probably mean is that uniforms should be optional.",
            "should be optional",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Brilliant — you're basically saying the school should drop uniforms for older pupils.",
            "drop uniforms for older",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Basically — if a rule harms learning, drop it.",
            "rule harms learning",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "a",
            "Lo que quieres decir es que el uniforme debería ser opcional para los mayores.",
            "opcional para los mayores",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Básicamente: si una norma perjudica el aprendizaje, hay que quitarla.",
            "perjudica el aprendizaje",
        ),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "Did you know the head sent 40 pupils home for their uniform last year?",
            "sent 40 pupils",
        ),
    ],
)
def test_their_point_in_the_tutors_words_is_withheld(language, step, message, field, sentence, new):
    seen = guard_seen(language, step, message, field, sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "claim",
            "uniforms are itchy",
            "a",
            "In other words, your claim needs to take a side.",
        ),
        ("en", "claim", "uniforms are itchy", "q", "So you're saying uniforms are itchy?"),
        ("es", "claim", "el uniforme pica", "a", "Es decir, tu tesis tiene que tomar partido."),
        ("es", "claim", "el uniforme pica", "q", "¿Estás diciendo que el uniforme pica?"),
        ("en", "qualifier", "usually", "a", "Good: a qualifier like yours keeps the claim honest."),
    ],
)
def test_their_point_in_their_words_passes_whole(language, step, message, field, sentence):
    seen = guard_seen(language, step, message, field, sentence)
    assert sentence in seen.text


# What a question says before it starts asking ("X; can you check that?", "X, ¿o me
# equivoco?") is said; a phrase or a condition that frames the question is not.
@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "Uniforms cost families £300 a year; can you check that?",
            "cost families 300",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "El uniforme cuesta a las familias 300 euros al año, ¿o me equivoco?",
            "300 euros al",
        ),
    ],
)
def test_what_a_question_says_first_is_withheld(language, step, message, field, sentence, new):
    seen = guard_seen(language, step, message, field, sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence"),
    [
        # A figure the student gave frames the question; a new one is a fact of the tutor's.
        ("es", "grounds", "somos 30 alumnos", "q", "Con 30 alumnos, ¿cuántos dirían lo mismo?"),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "Si quitas el uniforme, ¿qué pasaría con el acoso?",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "q",
            "Tu tesis habla del instituto; ¿vale también para otros?",
        ),
        ("en", "grounds", "uniforms are bad", "q", "The survey is a good start; who ran it?"),
        (
            "en",
            "grounds",
            "uniforms are bad",
            "q",
            "Your claim names the school; does it hold for others too?",
        ),
    ],
)
def test_what_frames_a_question_passes_whole(language, step, message, field, sentence):
    seen = guard_seen(language, step, message, field, sentence)
    assert sentence in seen.text


# Agreeing with what the student never said gives it to them.
@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "grounds",
            "uniforms are bad",
            "a",
            "You're right that 40 pupils were sent home for uniform last year.",
            "40 pupils were",
        ),
        (
            "es",
            "grounds",
            "el uniforme es malo",
            "a",
            "Tienes razón en que mandaron a casa a 40 alumnos el año pasado.",
            "40 alumnos el",
        ),
    ],
)
def test_agreeing_with_a_new_fact_is_withheld(language, step, message, field, sentence, new):
    seen = guard_seen(language, step, message, field, sentence)
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "sentence"),
    [
        (
            "en",
            "grounds",
            "uniforms cost a lot",
            "You're right that cost matters; can you find a figure for it?",
        ),
        (
            "es",
            "grounds",
            "el uniforme cuesta mucho",
            "Tienes razón en que el coste importa; ¿puedes encontrar una cifra?",
        ),
    ],
)
def test_agreeing_with_their_point_passes_whole(language, step, message, sentence):
    seen = guard_seen(language, step, message, "a", sentence)
    assert sentence in seen.text
