"""Offers judged by function: a sentence whose work is to give the student content to add,
use or put (a suggestion or a modal, a verb of adding or wording, or a deictic offer: "Throw
in that ...", "Swap it for: ...", "Yo le sumaría que ...", "Para ti funcionaría «...»") is
withheld when that content carries words the student did not write on their subject. Near
misses pass whole: the same frames with no content ("You might add a figure from a survey"),
the student's own words, explanations of a part, examples on another topic, questions that
ask. English and Spanish, on the dev set's three topics. This is the tuning half; its other
half (``test_guard_offers_frozen.py``) was written at the same time, committed before the
guard was changed, and is never tuned on."""

import time

import pytest

from coach.domain.steps import STEPS
from evaluations.coach import voices
from tests.coach.builders import turn_inputs


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
            "grounds",
            "uniforms are bad",
            "r",
            "Throwing in that blazers cost parents £60 each would help a lot.",
            "blazers cost parents",
        ),
        (
            "en",
            "homework",
            "warrant",
            "homework is pointless so stop it",
            "a",
            "It would land better with: tired children learn less the next morning.",
            "learn less the next morning",
        ),
        (
            "en",
            "uniforms",
            "rebuttal",
            "some people like uniforms",
            "a",
            "Don't forget to add that poorer families may struggle to buy fashionable clothes.",
            "struggle to buy fashionable",
        ),
        (
            "en",
            "canteen",
            "claim",
            "junk food is bad",
            "q",
            "Shall we put it as: the canteen should replace crisps with fruit pots by spring?",
            "replace crisps with fruit",
        ),
        (
            "en",
            "homework",
            "grounds",
            "kids hate homework",
            "r",
            "Bring in that Year 5 pupils spend about 50 minutes a night on worksheets.",
            "50 minutes a night",
        ),
        (
            "en",
            "uniforms",
            "qualifier",
            "definitely",
            "q",
            "Want to go with 'in most secondary schools in our town'?",
            "secondary schools in our town",
        ),
        (
            "en",
            "canteen",
            "warrant",
            "if it's there kids buy it",
            "r",
            "Swap it for: whatever sits at eye level in a shop is what children pick first.",
            "sits at eye level",
        ),
        (
            "en",
            "homework",
            "rebuttal",
            "some parents want homework",
            "a",
            "I'd slot in: unless a child is preparing for an entrance exam.",
            "preparing for an entrance exam",
        ),
        (
            "en",
            "uniforms",
            "warrantBacking",
            "experts say so",
            "a",
            "The Children's Society's 2020 survey on uniform costs is what I would add here.",
            "Children's Society",
        ),
        (
            "en",
            "canteen",
            "grounds",
            "people buy loads of crisps",
            "a",
            "Putting 300 packets of crisps sold each week up front would make this checkable.",
            "300 packets of crisps",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme es caro",
            "a",
            "Yo le sumaría que la chaqueta cuesta 70 euros en la tienda del centro.",
            "la chaqueta cuesta 70",
        ),
        (
            "es",
            "homework",
            "warrant",
            "los deberes no sirven así que fuera",
            "a",
            "Quedaría mejor si dijera: lo que cansa a un niño sin enseñarle nada sobra.",
            "cansa a un niño",
        ),
        (
            "es",
            "uniforms",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "a",
            "Te falta meter que en invierno la falda del uniforme no abriga nada.",
            "no abriga nada",
        ),
        (
            "es",
            "canteen",
            "claim",
            "la comida basura es mala",
            "q",
            "¿Lo dejamos en que el comedor ponga fruta en lugar de bollería?",
            "fruta en lugar de bollería",
        ),
        (
            "es",
            "homework",
            "grounds",
            "los niños odian los deberes",
            "a",
            "Incluye que en quinto dedican unos 50 minutos cada tarde a fichas.",
            "50 minutos cada tarde",
        ),
        (
            "es",
            "uniforms",
            "qualifier",
            "seguro",
            "q",
            "¿Te vale «en la mayoría de los institutos públicos de la ciudad»?",
            "institutos públicos de la ciudad",
        ),
        (
            "es",
            "canteen",
            "warrant",
            "si está ahí lo compran",
            "r",
            (
                "Sustitúyela por esta: lo que está a la altura de los ojos es lo que los niños "
                "cogen primero."
            ),
            "altura de los ojos",
        ),
        (
            "es",
            "homework",
            "rebuttal",
            "algunos padres quieren deberes",
            "a",
            "Convendría añadir: salvo que el niño prepare un examen de acceso.",
            "examen de acceso",
        ),
        (
            "es",
            "uniforms",
            "warrantBacking",
            "lo dicen los expertos",
            "a",
            (
                "El estudio de Save the Children de 2020 sobre el coste del uniforme es lo que "
                "yo añadiría aquí."
            ),
            "Save the Children",
        ),
        (
            "es",
            "canteen",
            "grounds",
            "la gente compra muchas patatas",
            "a",
            "Poniendo que se venden 300 bolsas de patatas a la semana, se podría comprobar.",
            "300 bolsas",
        ),
    ],
)
def test_offer_of_content_they_did_not_write_is_withheld(
    language, topic, step, message, field, sentence, new
):
    assert new not in _seen(language, topic, step, message, field, sentence).text


@pytest.mark.parametrize(
    ("language", "topic", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "uniforms",
            "grounds",
            "Last year 40 students were sent home",
            "q",
            "Could you add how many of them were in Year 10?",
        ),
        (
            "en",
            "homework",
            "grounds",
            "kids hate homework",
            "a",
            "You might add a figure from a survey or a study.",
        ),
        (
            "en",
            "uniforms",
            "qualifier",
            "probably, for older students",
            "a",
            "You could put “probably, for older students” just before your claim.",
        ),
        (
            "en",
            "canteen",
            "rebuttal",
            "unless students buy the same snacks next door",
            "a",
            "A rebuttal says when your claim might not hold, and yours does that.",
        ),
        (
            "en",
            "homework",
            "qualifier",
            "always",
            "q",
            "Is there a group of children for whom you'd be less sure?",
        ),
        (
            "en",
            "uniforms",
            "claim",
            "uniforms should be optional",
            "q",
            "What would you add to make it clear who decides?",
        ),
        (
            "en",
            "canteen",
            "warrant",
            "what is easy to buy is what kids eat",
            "a",
            (
                "You could keep “what is easy to buy is what kids eat” as it is: that's a "
                "general rule."
            ),
        ),
        (
            "en",
            "homework",
            "claim",
            "homework is bad",
            "a",
            "A claim says what should change, so think about who should do what.",
        ),
        (
            "en",
            "uniforms",
            "rebuttal",
            "some people like uniforms",
            "q",
            "Can you think of a school where dropping uniforms might cause a problem?",
        ),
        (
            "en",
            "canteen",
            "grounds",
            "7 of the 10 best sellers are crisps or fizzy drinks",
            "a",
            "Why not add the month you looked at the list?",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el año pasado mandaron a casa a 40 alumnos",
            "q",
            "¿Podrías añadir de qué cursos eran?",
        ),
        (
            "es",
            "homework",
            "grounds",
            "los niños odian los deberes",
            "a",
            "Podrías añadir una cifra de una encuesta o de un estudio.",
        ),
        (
            "es",
            "uniforms",
            "qualifier",
            "probablemente, para los mayores",
            "a",
            "Podrías poner «probablemente, para los mayores» justo antes de tu tesis.",
        ),
        (
            "es",
            "canteen",
            "rebuttal",
            "salvo que compren lo mismo en la tienda de al lado",
            "a",
            "Una refutación dice cuándo tu tesis podría no cumplirse, y la tuya lo hace.",
        ),
        (
            "es",
            "homework",
            "qualifier",
            "siempre",
            "q",
            "¿Hay algún grupo de niños para el que estarías menos seguro?",
        ),
        (
            "es",
            "uniforms",
            "claim",
            "el uniforme debería ser opcional",
            "q",
            "¿Qué añadirías para que quede claro quién decide?",
        ),
        (
            "es",
            "canteen",
            "warrant",
            "lo que es fácil de comprar es lo que comen los niños",
            "a",
            (
                "Puedes dejar «lo que es fácil de comprar es lo que comen los niños» tal cual: "
                "es una regla general."
            ),
        ),
        (
            "es",
            "homework",
            "claim",
            "los deberes son malos",
            "a",
            "Una tesis dice qué debería cambiar, así que piensa en quién debería hacer qué.",
        ),
        (
            "es",
            "uniforms",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "q",
            "¿Se te ocurre un instituto donde quitar el uniforme causaría un problema?",
        ),
        (
            "es",
            "canteen",
            "grounds",
            "7 de los 10 más vendidos son patatas o refrescos",
            "a",
            "¿Por qué no añades el mes en que miraste la lista?",
        ),
    ],
)
def test_near_miss_of_an_offer_passes_whole(language, topic, step, message, field, sentence):
    assert sentence in _seen(language, topic, step, message, field, sentence).text


# An offer to cite a source whose relative or reported clause states what the source says ("the
# FAO, which says that ...", "Dr Patel, who found that ...", "la OMS, según la cual ..."): the
# statement is the student's grounds or backing, not a name, and is withheld on any step after
# the claim. Asking for a source, or naming one by what the student did, offers nothing.
_GARDEN_CLAIM = {
    "en": "Schools should have a garden.",
    "es": "Los colegios deberían tener un huerto escolar.",
}
_GARDEN_MESSAGE = {
    "en": "schools should have a garden I think",
    "es": "los coles deberían tener huerto, creo",
}


def _garden_seen(language, step, sentence):
    """What the student sees of ``sentence`` as the next question, on a school garden session
    whose claim is written."""
    draft = {name: "" for name in STEPS}
    draft["claim"] = _GARDEN_CLAIM[language]
    message = _GARDEN_MESSAGE[language]
    topic = {"en": "A school garden", "es": "Un huerto escolar"}[language]
    inputs = turn_inputs(language, step, message, topic, draft)
    return voices.shown(voices.sentence_answer(step, language, "q", sentence, message), inputs)


@pytest.mark.parametrize("step", ["grounds", "warrant"])
@pytest.mark.parametrize(
    ("language", "sentence", "new"),
    [
        (
            "es",
            "¿Has pensado en citar a la FAO, que dice que los huertos escolares mejoran la dieta?",
            "mejoran la dieta",
        ),
        (
            "en",
            "You could cite the RHS, who found that pupils who garden eat more vegetables.",
            "eat more vegetables",
        ),
        (
            "en",
            "Maybe mention the WHO, which says that school gardens improve children's diets.",
            "improve children's diets",
        ),
        (
            "es",
            "¿Y si citas a la OMS, según la cual los huertos escolares reducen la obesidad "
            "infantil?",
            "reducen la obesidad",
        ),
        (
            "en",
            "Why not quote Dr Patel, who found that gardening lowers stress in ten-year-olds?",
            "lowers stress in",
        ),
        (
            "es",
            "También podrías nombrar a la FAO, que asegura que el huerto enseña a comer fruta.",
            "enseña a comer fruta",
        ),
        (
            "en",
            "Could you mention a study which shows school gardens raise science marks?",
            "raise science marks",
        ),
    ],
)
def test_a_source_offered_with_what_it_says_is_withheld(language, step, sentence, new):
    seen = _garden_seen(language, step, sentence).text
    assert new not in seen and sentence not in seen


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("es", "¿Has pensado en citar a alguien que lo haya estudiado?"),
        ("en", "Could you cite who ran the survey?"),
        ("es", "¿Podrías citar la fuente que dice eso?"),
        ("en", "Maybe cite the teacher who told you that."),
        ("en", "You could mention the report where you read it."),
    ],
)
def test_a_source_asked_for_or_named_without_a_statement_passes(language, sentence):
    assert sentence in _garden_seen(language, "grounds", sentence).text


# The offers that reached the student on the third final set (a tuning set since), each in a
# frame no rule read: served in their own turn, none of their words the student did not write
# may show.
@pytest.mark.parametrize(
    "sentence",
    [
        "Adding that three other subjects had the same problem last year would make your "
        "grounds stronger.",
        "Could you make it: whatever builds responsibility in teenagers belongs in the curriculum?",
        "Also mention that the head of science checked your tally on Tuesday morning.",
        "You might narrow it to: for students who don't have a part-time job.",
        "Podrías pedir también que se quiten los vasos de plástico del comedor, ¿no?",
        "También podrías agregar que el 70 % de los jóvenes que hacen voluntariado dicen "
        "sentirse más felices.",
        "Por ejemplo, en tu caso valdría «en la mayoría de los institutos de secundaria».",
        "¿Y los alumnos que viven lejos y no tienen cómo llegar, eso no sería también una "
        "refutación?",
    ],
)
def test_an_offer_the_third_final_set_showed_is_withheld(sentence):
    final3 = voices.load(voices.VOICES_FINAL3)
    turn = next(t for t in final3.turns if any(text == sentence for _, text in t.parts))
    field = next(field for field, text in turn.parts if text == sentence)
    outcome = next(o for o in voices.play_sentences(_only(final3, turn)) if o.text == sentence)
    assert not outcome.reached, (field, sentence)


def _only(set_: voices.Voices, turn: voices.Turn) -> voices.Voices:
    return voices.Voices(set_.topics, set_.drafts, (turn,), ())


# Every expression the offer judge adds, on 20,000 characters of input built to make it
# backtrack: a bound on backtracking (each runs in well under 50 ms alone; a quadratic one takes
# seconds), in CPU time: not on a busy machine's pace.
@pytest.mark.parametrize(
    "trigger",
    [
        "could add ",
        "you might narrow it down to ",
        "¿Y x, ",
        ", eso no sería también una ",
        "en tu caso te ",
        "te vale ",
        "the month you ",
        "el mes en que miraste ",
        "     ",
        ", , ",
        "adding that ",
        "«",
        "“x",
        "'x' ",
        "is what i ",
        "work as your ",
        "dejarlo en ",
        "y también ",
        "more or less what ",
        "x" * 60,
        "a possible rebuttal is ",
        "una objeción posible es ",
        "mola más fuerte ",
        "más x x ",
        "le echas un ",
        "something from your ",
        "algo que ",
        "when you ",
        "me inclinaría por ",
    ],
)
def test_the_offer_judge_stays_linear_on_long_input(trigger):
    from coach.domain import offers

    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    for sentence in (text, f"¿{text}?"):
        for pattern in (
            offers._VERB,
            offers._CUE,
            offers._OPENING,
            offers._DEICTIC,
            offers._AFTER,
            offers._AFTER_ASKED,
            offers._ASKING,
            offers._TALKED_ABOUT,
            offers._KIND,
            offers._CONDITIONAL,
            offers._SUBJECT,
            offers._WORDING,
            offers._QUOTED,
            offers._LEAD,
            offers._APPROXIMATELY,
            offers._REPORTED,
            offers._CLAUSE_ENDS,
            offers._CLAUSE_MARK,
            offers._SETTING_OFF,
            *offers._THEIR_DOING,
        ):
            started = time.process_time()
            list(pattern.finditer(sentence))
            pattern.match(sentence)
            assert time.process_time() - started < 0.5, pattern.pattern[:60]
        started = time.process_time()
        for offer in offers.read(sentence):
            offers.asks(offer.content)
            offers.theirs_to_say(offer.content)
        assert time.process_time() - started < 1.0


# A part named before its content ("A possible rebuttal is that ..."), an evaluative before
# "si" ("mola más si dices que ..."), colloquial verbs ("le echas que ..."): withheld.
@pytest.mark.parametrize(
    ("language", "topic", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "uniforms",
            "rebuttal",
            "some people like uniforms",
            "a",
            "A possible rebuttal is that there aren't enough sign language teachers in most towns.",
            "sign language teachers",
        ),
        (
            "en",
            "homework",
            "rebuttal",
            "some kids like homework",
            "a",
            "Another rebuttal might be that many parents work late and can't help.",
            "parents work late",
        ),
        (
            "en",
            "canteen",
            "warrant",
            "junk food is bad",
            "q",
            "A good warrant could be that pupils eat whatever is cheapest near the till?",
            "cheapest near the till",
        ),
        (
            "es",
            "uniforms",
            "rebuttal",
            "a algunos les gusta el uniforme",
            "a",
            "Una objeción posible es que no hay profesores de lengua de signos suficientes.",
            "lengua de signos",
        ),
        (
            "es",
            "homework",
            "rebuttal",
            "a algunos niños les gustan los deberes",
            "a",
            "Fijate que una objeción posible es que muchos padres trabajan hasta tarde.",
            "trabajan hasta tarde",
        ),
        (
            "es",
            "canteen",
            "rebuttal",
            "la gente compra muchas patatas",
            "q",
            "¿Tu refutación podría ser que el quiosco de enfrente vende lo mismo más barato?",
            "quiosco de enfrente",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme es caro",
            "a",
            "Tío, mola más si dices que muchos chavales de ciudad nunca han pisado una piscina.",
            "pisado una piscina",
        ),
        (
            "es",
            "homework",
            "grounds",
            "los niños odian los deberes",
            "a",
            "Queda más fuerte si dices que la mitad de la clase duerme menos de siete horas.",
            "siete horas",
        ),
        (
            "es",
            "canteen",
            "grounds",
            "la gente compra muchas patatas",
            "a",
            "Gana mucho si pones que la máquina vende trescientas bolsas cada semana.",
            "trescientas bolsas",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme es caro",
            "r",
            "Suena mejor si escribes que las tiendas del barrio cobran sesenta euros por falda.",
            "sesenta euros",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme es caro",
            "q",
            "Oye, ¿y si le echas que muchos niños en las colonias no tienen alberca cerca?",
            "alberca cerca",
        ),
        (
            "es",
            "homework",
            "grounds",
            "los niños odian los deberes",
            "a",
            "Podrías soltar que la mitad de la clase duerme menos de siete horas.",
            "siete horas",
        ),
        (
            "es",
            "canteen",
            "grounds",
            "la gente compra muchas patatas",
            "q",
            "¿Por qué no le mandas que la máquina del pasillo vende refrescos a un euro?",
            "refrescos a un euro",
        ),
    ],
)
def test_a_part_named_first_or_a_colloquial_offer_is_withheld(
    language, topic, step, message, field, sentence, new
):
    assert new not in _seen(language, topic, step, message, field, sentence).text


# Their near misses, and good feedback the same frames must let through: a definition, the
# student's own words, an offer that asks or names a kind ("something you saw yourself"), a
# preference before a question ("I'd lean towards adding a number — could you add one?").
@pytest.mark.parametrize(
    ("language", "topic", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "uniforms",
            "rebuttal",
            "some like uniforms",
            "a",
            "A rebuttal is a case where the claim fails.",
        ),
        (
            "en",
            "homework",
            "rebuttal",
            "students who live far away cannot do it",
            "a",
            "Your rebuttal is that students who live far away cannot do it, and that works.",
        ),
        (
            "es",
            "canteen",
            "rebuttal",
            "salvo que compren lo mismo fuera",
            "a",
            "Una refutación es un caso en que la tesis no se cumple.",
        ),
        (
            "es",
            "canteen",
            "grounds",
            "la gente compra muchas patatas",
            "a",
            "Podrías echar un vistazo a la lista de lo más vendido.",
        ),
        (
            "es",
            "homework",
            "grounds",
            "los niños odian los deberes",
            "a",
            "Quizás te convenga echarle un vistazo a tu segunda frase.",
        ),
        (
            "en",
            "homework",
            "grounds",
            "kids do 3 hours a night",
            "a",
            "Also mention when you counted.",
        ),
        (
            "en",
            "canteen",
            "grounds",
            "7 of the 10 best sellers are crisps",
            "a",
            "tbh I'd just throw in where you found that, wouldn't you?",
        ),
        (
            "en",
            "uniforms",
            "grounds",
            "40 students were sent home",
            "r",
            "You could add when you heard about it.",
        ),
        (
            "en",
            "uniforms",
            "grounds",
            "uniforms cost a lot",
            "q",
            "What about going with something you saw yourself?",
        ),
        (
            "en",
            "homework",
            "grounds",
            "kids hate homework",
            "q",
            "How about going with something from your own class?",
        ),
        (
            "es",
            "homework",
            "grounds",
            "los niños odian los deberes",
            "q",
            "¿Y si pones algo que viste tú en tu clase?",
        ),
        (
            "en",
            "canteen",
            "grounds",
            "junk food is bad",
            "a",
            "I'd lean towards adding a number — could you add one?",
        ),
        (
            "en",
            "uniforms",
            "grounds",
            "uniforms cost a lot",
            "a",
            "I'd go for adding where you saw the prices.",
        ),
        (
            "es",
            "canteen",
            "grounds",
            "la gente compra muchas patatas",
            "q",
            "Me inclinaría por añadir una cifra, ¿tienes alguna?",
        ),
        (
            "es",
            "uniforms",
            "grounds",
            "el uniforme es caro",
            "a",
            "Yo optaría por poner una cifra, ¿recuerdas cuánto costó?",
        ),
    ],
)
def test_good_feedback_in_an_offers_frame_passes_whole(
    language, topic, step, message, field, sentence
):
    assert sentence in _seen(language, topic, step, message, field, sentence).text
