"""Offers judged by function, the held-out half: written with ``test_guard_offers.py`` and
committed before the guard was changed for offers; never tuned on (its figures are reported,
not fixed case by case). Offers in frames no earlier set held are withheld; near misses (the
same frames with no content, the student's own words, explanations, examples on another
topic, questions that ask) pass whole. English and Spanish, on the dev set's three topics."""

import pytest

from evaluations.coach import voices

# Run once after the guard's change for offers and reported; not tuned on. Two near misses are
# still withheld there: a thing named by someone else's doing ("the university he works at") is
# read as content. Strict: the mark fails the day they pass, so it is then removed.
_STILL_WITHHELD = pytest.mark.xfail(
    strict=True, reason="held-out, run once: still withheld, not tuned on"
)


def _seen(language, topic, step, message, field, sentence):
    """What the student sees of one tutor sentence in ``field`` after ``message``, on the dev
    set's draft for ``topic`` (the server's whole path)."""
    dev = voices.load(voices.VOICES_DEV)
    inputs = voices.inputs_for(dev, language, topic, step, message, [])
    return voices.shown(voices.sentence_answer(step, language, field, sentence, message), inputs)


@pytest.mark.parametrize(
    ("language", "topic", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "uniforms",
            "claim",
            "uniforms are annoying",
            "q",
            "How about including that the rule should end for Year 11 as well?",
            "end for Year 11",
        ),
        (
            "en",
            "canteen",
            "groundsBacking",
            "the canteen lady told me",
            "r",
            "Worth mentioning that the list was printed from the till on 3 November.",
            "printed from the till",
        ),
        (
            "en",
            "homework",
            "qualifier",
            "always",
            "a",
            "Feel free to write 'mostly, for children under nine' here.",
            "children under nine",
        ),
        (
            "en",
            "uniforms",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            (
                "A good addition: any rule that costs families more than it saves them should be "
                "dropped."
            ),
            "costs families more than",
        ),
        (
            "en",
            "canteen",
            "rebuttal",
            "some students would complain",
            "a",
            (
                "One more thing to slip in: unless the vending machine in the sports hall still "
                "sells them."
            ),
            "machine in the sports hall",
        ),
        (
            "en",
            "homework",
            "groundsBacking",
            "I read it somewhere",
            "a",
            "You can point to the Sutton Trust's 2019 toolkit as your source.",
            "Sutton Trust",
        ),
        (
            "en",
            "uniforms",
            "grounds",
            "uniforms cost a lot",
            "a",
            "Include that the school shop charges £25 for a single tie.",
            "school shop charges",
        ),
        (
            "en",
            "canteen",
            "qualifier",
            "100%",
            "r",
            "Make that 'most likely, at least in schools without a tuck shop'.",
            "without a tuck shop",
        ),
        (
            "en",
            "homework",
            "claim",
            "homework is bad",
            "q",
            "Might 'primary pupils should only get reading at home' work as your claim?",
            "only get reading at home",
        ),
        (
            "en",
            "uniforms",
            "claim",
            "uniforms should change",
            "a",
            "To make it sharper, end it with 'from September, for Years 10 and 11'.",
            "for Years 10 and 11",
        ),
        (
            "es",
            "uniforms",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Te animas a poner que el uniforme sea voluntario desde tercero de ESO?",
            "voluntario desde tercero",
        ),
        (
            "es",
            "canteen",
            "groundsBacking",
            "me lo dijo la cocinera",
            "r",
            "Estaría bien mencionar que el listado lo imprimió la secretaría el 5 de noviembre.",
            "imprimió la secretaría",
        ),
        (
            "es",
            "homework",
            "qualifier",
            "siempre",
            "a",
            "Para ti funcionaría «casi siempre, en los cursos de primero a cuarto».",
            "de primero a cuarto",
        ),
        (
            "es",
            "uniforms",
            "warrant",
            "el uniforme es malo así que fuera",
            "r",
            (
                "Cámbiala por: una norma que cuesta dinero a las familias sin mejorar nada debe "
                "desaparecer."
            ),
            "cuesta dinero a las familias",
        ),
        (
            "es",
            "canteen",
            "rebuttal",
            "algunos se quejarían",
            "a",
            ("Otra que podrías meter: salvo que la máquina del gimnasio siga vendiendo refrescos."),
            "máquina del gimnasio",
        ),
        (
            "es",
            "homework",
            "groundsBacking",
            "lo leí por ahí",
            "a",
            "Como fuente te serviría el informe de la Fundación Cotec de 2019.",
            "Fundación Cotec",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme cuesta mucho",
            "a",
            "Súmale que la tienda del instituto cobra 25 euros por una corbata.",
            "cobra 25 euros",
        ),
        (
            "es",
            "canteen",
            "qualifier",
            "100%",
            "r",
            "Dale un toque así: «muy probablemente, al menos en los colegios sin cantina».",
            "colegios sin cantina",
        ),
        (
            "es",
            "homework",
            "claim",
            "los deberes son malos",
            "q",
            "¿Encajaría como tesis «los alumnos de primaria solo deberían leer en casa»?",
            "solo deberían leer en casa",
        ),
        (
            "es",
            "uniforms",
            "claim",
            "el uniforme debería cambiar",
            "a",
            ("Para afinarla, termínala con «desde septiembre, para cuarto de ESO y bachillerato»."),
            "cuarto de ESO",
        ),
    ],
)
def test_held_out_offer_of_content_they_did_not_write_is_withheld(
    language, topic, step, message, field, sentence, new
):
    assert new not in _seen(language, topic, step, message, field, sentence).text


@pytest.mark.parametrize(
    ("language", "topic", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "uniforms",
            "groundsBacking",
            "it's in the head teacher's report",
            "r",
            "Also mention which year's report it was.",
        ),
        (
            "en",
            "canteen",
            "claim",
            "canteens should stop selling crisps",
            "q",
            "Would anyone at your school disagree with that?",
        ),
        (
            "en",
            "homework",
            "warrant",
            "if it takes family time without helping it's not worth it",
            "a",
            "Try saying it once more in your own words, without the word “homework”.",
        ),
        (
            "en",
            "uniforms",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            (
                "For example, in an argument about bike lanes, you might add that “whatever "
                "makes a trip safer gets more people cycling”."
            ),
        ),
        (
            "en",
            "canteen",
            "groundsBacking",
            "the manager gave me the list",
            "r",
            "It would be stronger if you said when she gave it to you.",
        ),
        (
            "en",
            "homework",
            "rebuttal",
            "some parents want homework",
            "a",
            (
                "Could you make it a case where your claim would fail, rather than a group that "
                "disagrees?"
            ),
        ),
        (
            "en",
            "uniforms",
            "grounds",
            "uniforms are too expensive",
            "q",
            "Would it be worth adding where that price comes from?",
        ),
        (
            "en",
            "canteen",
            "qualifier",
            "very likely",
            "r",
            "Mentioning “very likely” tells the reader how sure you are.",
        ),
        pytest.param(
            "en",
            "homework",
            "groundsBacking",
            "a review by Harris Cooper",
            "a",
            "You may want to add the university he works at.",
            marks=_STILL_WITHHELD,
        ),
        (
            "en",
            "uniforms",
            "warrantBacking",
            "an expert report",
            "q",
            "Which organisation published it, and when?",
        ),
        (
            "es",
            "uniforms",
            "groundsBacking",
            "sale del informe de la dirección",
            "r",
            "También podrías decir de qué año es el informe.",
        ),
        (
            "es",
            "canteen",
            "claim",
            "los comedores deberían dejar de vender refrescos",
            "q",
            "¿Alguien de tu clase estaría en desacuerdo?",
        ),
        (
            "es",
            "homework",
            "warrant",
            "si quita tiempo a la familia sin ayudar no merece la pena",
            "a",
            "Prueba a decirlo otra vez con tus palabras, sin la palabra «deberes».",
        ),
        (
            "es",
            "uniforms",
            "warrant",
            "el uniforme es malo así que fuera",
            "a",
            (
                "Por ejemplo, en un debate sobre los carriles bici, podrías añadir que «lo que "
                "hace un trayecto más seguro atrae a más ciclistas»."
            ),
        ),
        (
            "es",
            "canteen",
            "groundsBacking",
            "la encargada me dio la lista",
            "r",
            "Quedaría mejor si dijeras cuándo te la dio.",
        ),
        (
            "es",
            "homework",
            "rebuttal",
            "algunos padres quieren deberes",
            "a",
            (
                "¿Podrías convertirlo en un caso en que tu tesis fallaría, y no en un grupo que "
                "no está de acuerdo?"
            ),
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme es demasiado caro",
            "q",
            "¿Valdría la pena añadir de dónde sale ese precio?",
        ),
        (
            "es",
            "canteen",
            "qualifier",
            "muy probablemente",
            "r",
            "Decir «muy probablemente» le dice al lector lo seguro que estás.",
        ),
        pytest.param(
            "es",
            "homework",
            "groundsBacking",
            "una revisión de Harris Cooper",
            "a",
            "Yo le sumaría la universidad donde trabaja.",
            marks=_STILL_WITHHELD,
        ),
        (
            "es",
            "uniforms",
            "warrantBacking",
            "un informe de expertos",
            "q",
            "¿Qué organismo lo publicó, y cuándo?",
        ),
    ],
)
def test_held_out_near_miss_of_an_offer_passes_whole(
    language, topic, step, message, field, sentence
):
    assert sentence in _seen(language, topic, step, message, field, sentence).text
