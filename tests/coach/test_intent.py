"""Intent comes first: help requests, concept questions, confirmations, rewrites, small talk
and attempts, in English and Spanish, whatever the case, accents or apostrophes."""

import pytest

from coach.domain.intent import classify, own_attempts

HELP = [
    # write it for me
    ("write_for_me", "Can you just write the claim for me?"),
    ("write_for_me", "please write my grounds, I'm stuck"),
    ("write_for_me", "write it for me"),
    ("write_for_me", "WRITE IT FOR ME PLEASE"),
    ("write_for_me", "yes, just write it for me"),
    ("write_for_me", "Give me a warrant"),
    ("write_for_me", "could you come up with a rebuttal for me"),
    ("write_for_me", "just do it"),
    ("write_for_me", "you write it"),
    ("write_for_me", "what would you write?"),
    ("write_for_me", "tell me what to write"),
    ("write_for_me", "Make me a good qualifier"),
    ("write_for_me", "Escríbelo por mí"),
    ("write_for_me", "escribelo por mi"),
    ("write_for_me", "¿Puedes escribir la tesis por mí?"),
    ("write_for_me", "Hazlo tú"),
    ("write_for_me", "dame una garantía"),
    ("write_for_me", "redacta mi refutación"),
    ("write_for_me", "¿qué pondrías tú?"),
    ("write_for_me", "ok but write it"),
    ("write_for_me", "sure, go ahead and write it"),
    ("write_for_me", "this is so hard, just do it"),
    ("write_for_me", "what should my claim be?"),
    ("write_for_me", "what would be a good warrant for this?"),
    ("write_for_me", "can you do the grounds"),
    ("write_for_me", "fill in the rest"),
    ("write_for_me", "show me how you would write it"),
    ("write_for_me", "give me some ideas"),
    ("write_for_me", "¿me lo escribes?"),
    ("write_for_me", "¿cuál sería una buena tesis?"),
    ("write_for_me", "¿me das ideas?"),
    ("example", "can you write an example claim about phones"),
    ("stuck", "I have no idea"),
    ("stuck", "idk"),
    ("stuck", "no tengo ni idea"),
    # just show me an example
    ("example", "just show me an example"),
    ("example", "Can I see an example?"),
    ("example", "give me an example please"),
    ("example", "example?"),
    ("example", "Dame un ejemplo"),
    ("example", "muéstrame un ejemplo, porfa"),
    ("example", "un ejemplo por favor"),
    ("example", "an example of a warrant please"),
    # my teacher said it's okay
    ("teacher", "my teacher said it's okay"),
    ("teacher", "My teacher said its fine if you write it"),
    ("teacher", "it's allowed, my professor told me so"),
    ("teacher", "Mi profesora dijo que está bien"),
    ("teacher", "mi profe dice que puedes hacerlo"),
    ("teacher", "my mom said it's fine"),
    ("teacher", "it's allowed"),
    # emotional pressure
    ("emotional", "I'll fail if you don't"),
    ("emotional", "im going to fail this class, please"),
    ("emotional", "please please it's due tomorrow"),
    ("emotional", "Voy a suspender si no me ayudas"),
    ("emotional", "te lo suplico, estoy desesperada"),
    # compare it to my work
    ("compare", "compare it to my work"),
    ("compare", "Write yours and I'll compare"),
    ("compare", "Compáralo con mi trabajo"),
    ("compare", "haz la tuya y luego comparamos"),
    # stuck
    ("stuck", "I'm stuck"),
    ("stuck", "help"),
    ("stuck", "what should I write"),
    ("stuck", "I don't know what to write"),
    ("stuck", "Estoy atascado"),
    ("stuck", "no sé qué escribir"),
    ("stuck", "ayúdame"),
]

CONCEPT = [
    "what is a warrant?",
    "what is a good claim?",
    "What's a warrant",
    "I dont know what a warrant is",
    "I don't understand what grounds are",
    "what does qualifier mean",
    "explain the rebuttal",
    "What do you mean?",
    "what's the difference between grounds and backing?",
    "how do I write a good warrant?",
    "¿qué es una garantía?",
    "QUE ES UNA GARANTIA",
    "No sé qué es una garantía",
    "¿qué significa respaldo?",
    "explícame qué es la refutación",
    "no entiendo",
    "¿para qué sirve el calificador?",
    "whats a rebutal",
    "¿qué es eso?",
]

CONFIRMATIONS = ["yes", "Yes!", "ok", "use that", "that works", "sí", "SI", "me sirve", "vale"]
REWRITES = ["rewrite it", "improve it", "rephrase", "mejóralo", "reescribe", "fix it please"]
OFF_TOPIC = ["hi", "hello there", "how are you?", "tell me a joke", "hola", "¿cómo estás?"]
ATTEMPTS = [
    "Schools should ban phones during lessons",
    "If students don't know what they are doing, they usually fail",
    "Phones help me concentrate when I study",
    "I make the claim that phones are bad for learning",
    "Phones compare poorly to books for deep reading",
    "A 2019 study found grades rose 6% after bans",
    "Las escuelas deberían prohibir los móviles",
    "Creo que hago bien en estudiar sin móvil",
    "Teachers should do the rest of the work",
    "Students do it every day in class",
    "I would write more if phones were banned",
    # Near misses of the pressures: a teacher, time, desperation or an example in an attempt.
    "An example of this is the 2019 study in Spain",
    "My teacher says phones distract us in class",
    "Mi profesor dice que los móviles nos distraen",
    "Students have no time to read because of phones",
    "Desperate students cheat more with phones",
    "It is allowed in some schools to use phones",
    "Los alumnos se quedan sin tiempo para leer",
    "We should do more to help students who are stuck with homework",
    "Show students how to cite sources before they write essays",
    "Students can compare their work with a model answer",
    "Los profesores deberían dar ejemplos antes de los exámenes",
    "My claim is that phones should be banned",
    "The warrant is that distraction harms learning",
    "Kids like cake if hungry",
    "but I am right",
    # a long message with text of its own is an attempt, even with "yes" or "fix" in it
    "yes because phones distract students from their lessons all day",
]


@pytest.mark.parametrize(("pressure", "message"), HELP)
def test_help_requests_are_recognised_with_their_pressure(pressure, message):
    intent = classify(message)
    assert (intent.kind, intent.pressure) == ("help", pressure)
    assert not intent.may_propose


@pytest.mark.parametrize("message", CONCEPT)
def test_questions_about_the_part_are_concept_questions(message):
    intent = classify(message)
    assert intent.kind == "concept"
    assert not intent.may_propose


@pytest.mark.parametrize("message", CONFIRMATIONS)
def test_short_acceptances_are_confirmations(message):
    assert classify(message).kind == "confirmation"


@pytest.mark.parametrize("message", REWRITES)
def test_requests_to_improve_the_students_text_are_rewrites(message):
    assert classify(message).kind == "rewrite"


@pytest.mark.parametrize("message", OFF_TOPIC)
def test_small_talk_is_off_topic(message):
    assert classify(message).kind == "off_topic"


def test_small_talk_words_are_not_off_topic_when_the_argument_is_about_them():
    assert classify("pizza").kind == "off_topic"
    message = "Pizza should be served in school canteens"
    assert classify(message, topic="Pizza in school canteens").kind == "attempt"


@pytest.mark.parametrize("message", ATTEMPTS)
def test_everything_else_is_an_attempt_at_the_part(message):
    assert classify(message).kind == "attempt"


def test_only_attempts_count_as_the_students_own_text():
    messages = ["I'm stuck", "Phones distract students", "what is a claim?", "yes", "hola"]
    assert own_attempts(messages, topic="Phones") == ["Phones distract students"]
