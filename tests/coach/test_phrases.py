import pytest

from coach.domain.phrases import guess_language, is_confirmation, is_rewrite_request


@pytest.mark.parametrize(
    "text",
    [
        "yes",
        "Yes!",
        "ok",
        "OK, that works",
        "that works for me",
        "use that",
        "sí",
        "Si",
        "SÍ, claro",
        "me sirve",
        "Me SIRVE así",
        "definitivamente está bien",
        "Definitivamente esta bien",
    ],
)
def test_confirmations_are_detected_in_english_and_spanish_ignoring_case_and_accents(text):
    assert is_confirmation(text)


@pytest.mark.parametrize(
    "text",
    [
        "yesterday it rained",
        "the okra is fresh",
        "this network is slow",
        "sino que",
        "no está bien",
        "not ok",
        "That does not work",
    ],
)
def test_confirmation_needs_whole_words_and_no_negation(text):
    assert not is_confirmation(text)


@pytest.mark.parametrize(
    "text",
    [
        "rewrite it",
        "Can you IMPROVE this?",
        "please rephrase",
        "fix my claim",
        "help me word this",
        "reescribe esto",
        "Mejóralo por favor",
        "mejora la frase",
        "ARREGLA mi tesis",
    ],
)
def test_rewrite_requests_are_detected_in_english_and_spanish(text):
    assert is_rewrite_request(text)


@pytest.mark.parametrize("text", ["add a prefix", "an improvement plan", "mejoramiento urbano"])
def test_rewrite_request_needs_whole_words(text):
    assert not is_rewrite_request(text)


def test_language_is_guessed_from_common_words_with_a_default_when_unclear():
    assert guess_language("Los alumnos aprenden más cuando no hay móviles", "en") == "es"
    assert guess_language("Students learn more when there are no phones", "es") == "en"
    assert guess_language("¿Vale?", "en") == "es"
    assert guess_language("ok", "es") == "es"
