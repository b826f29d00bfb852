"""The offline analyzer says which texts it cannot read: another script, or a Latin-script text
in another language, named where it is recognised; English texts with a name, a quote or a
few words of another language, and short English texts, are still read."""

from __future__ import annotations

import time

import pytest

from arguments.domain.analyzer import NotInText, phase1
from arguments.domain.language import UNKNOWN, language_of, reader_language, unreadable
from tests.arguments.texts import ARABIC

OTHER_LANGUAGES = {
    "French": (
        "Les écoles devraient commencer plus tard le matin, car les adolescents ont besoin de "
        "dormir davantage. Plusieurs études montrent que les élèves qui dorment bien "
        "apprennent mieux."
    ),
    "German": (
        "Die Schulen sollten später am Morgen beginnen, weil Jugendliche mehr Schlaf brauchen. "
        "Mehrere Studien zeigen, dass Schüler, die gut schlafen, besser lernen."
    ),
    "Spanish": (
        "Las escuelas deberían empezar más tarde por la mañana, porque los adolescentes "
        "necesitan dormir más. Varios estudios muestran que los alumnos que duermen bien "
        "aprenden mejor."
    ),
    "Portuguese": (
        "As escolas deveriam começar mais tarde de manhã, porque os adolescentes precisam de "
        "dormir mais. Vários estudos mostram que os alunos que dormem bem aprendem melhor."
    ),
    "Italian": (
        "Le scuole dovrebbero iniziare più tardi la mattina, perché gli adolescenti hanno "
        "bisogno di dormire di più. Diversi studi mostrano che gli studenti che dormono bene "
        "imparano meglio."
    ),
    "Dutch": (
        "Scholen zouden later op de ochtend moeten beginnen, omdat tieners meer slaap nodig "
        "hebben. Verschillende studies tonen aan dat leerlingen die goed slapen beter leren."
    ),
}
READ_AS_ENGLISH = [
    "Schools should start later.",  # short
    "Homework is useless.",
    "Uniforms help.",
    # a Spanish name and place
    "María de la Cruz, a teacher in San Luis de la Paz, says that schools should start "
    "later. Teenagers need more sleep.",
    # a quoted Spanish sentence
    "As the Mexican educator said, 'la educación es la base de todo, y sin ella no hay "
    "futuro para los niños'. That is why our city should fund free preschool for every child.",
    # code-switching into a few words
    "Honestly, the siesta is a great idea, la verdad. Kids are tired after lunch and a short "
    "nap helps them focus, así que schools should try it.",
    "Kindergarten is a German word, and der Kindergarten was invented by Friedrich Fröbel. "
    "Children should start school when they are ready.",
    "La Niña and El Niño: why climate education matters. Schools should teach climate "
    "science in every grade because students will live with its effects.",
    "Los Angeles, San Diego and Las Vegas all expanded bike lanes. Cities should build "
    "protected lanes.",
    # notes rather than prose
    "Pros: cheaper, faster, greener. Cons: slower setup, learning curve. Verdict: adopt it.",
    "Strict equality a === b is safer than a == b. According to Mozilla, the loose operator "
    "converts both operands to a common type.",
]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_a_text_in_another_latin_script_language_is_named(language):
    assert language_of(OTHER_LANGUAGES[language]) == language


REFUSED = [language for language in OTHER_LANGUAGES if language != "Spanish"]


@pytest.mark.parametrize("language", REFUSED)
def test_the_chain_refuses_it_naming_the_languages_it_reads(language):
    with pytest.raises(NotInText) as refused:
        phase1("Should schools start later?", OTHER_LANGUAGES[language])
    message = str(refused.value)
    assert message.startswith(
        "LANGUAGE NOT READ: the offline analyzer reads English and Spanish only"
    )
    assert f"this text reads as {language}" in message
    assert "MISSING" not in message


def test_a_spanish_text_is_read_in_spanish():
    spanish = OTHER_LANGUAGES["Spanish"]
    assert unreadable(spanish) == ""
    assert reader_language(spanish) == "es"
    assert phase1("¿Deberían las escuelas empezar más tarde?", spanish).claim.statement == (
        "Las escuelas deberían empezar más tarde por la mañana, porque los adolescentes "
        "necesitan dormir más."
    )


@pytest.mark.parametrize("text", ["Schools should start later.", OTHER_LANGUAGES["French"]])
def test_english_and_the_languages_refused_are_read_as_english(text):
    assert reader_language(text) == "en"


def test_a_short_sentence_in_another_language_is_named_when_its_words_are_clear():
    assert language_of("Il faut interdire les portables à l'école.") == "French"
    assert language_of("Los deberes no sirven para nada y cansan a los niños.") == "Spanish"


def test_a_latin_script_text_in_a_language_it_does_not_know_does_not_read_as_english():
    polish = (
        "Szkoły powinny zaczynać się później rano, ponieważ nastolatki potrzebują więcej snu. "
        "Wiele badań pokazuje, że uczniowie, którzy dobrze śpią, uczą się lepiej."
    )
    assert language_of(polish) == UNKNOWN
    assert "this text does not read as English" in unreadable(polish)


def test_another_script_is_refused_as_before():
    assert "this text is mostly in another script" in unreadable(ARABIC)


@pytest.mark.parametrize("text", READ_AS_ENGLISH)
def test_english_with_a_name_a_quote_or_a_few_foreign_words_is_read(text):
    assert language_of(text) == ""
    assert reader_language(text) == "en"
    assert unreadable(text) == ""


def test_the_check_is_fast_on_the_longest_text_accepted():
    text = ("Cities should build protected bike lanes, because they make streets safer. " * 700)[
        :50_000
    ]
    started = time.process_time()
    assert language_of(text) == ""
    assert time.process_time() - started < 0.25
