"""What a new student typed in the offline coach and was misread: pleading straight after a
refusal offered as their own part, informal yeses, a third party's recommendation as a
source, and a Spanish question about their own part. Each is replayed through the turn the
coach answers, with near misses that must keep working."""

import json

import pytest
from django.urls import reverse
from django.utils import translation

from coach.domain.intent import classify
from coach.domain.tutor import offline_turn
from coach.forms import SessionForm
from evaluations.coach.voices import VOICES_OFFLINE_TUNE, inputs_for, load

VOICES = load(VOICES_OFFLINE_TUNE)


def _turns(language: str, step: str, messages: list[str]) -> list[dict]:
    """Each message in turn on one step, as the coach answers them."""
    return [
        json.loads(offline_turn(inputs_for(VOICES, language, "library", step, m, messages[:i])))
        for i, m in enumerate(messages)
    ]


def _proposed(answer: dict) -> str:
    return (answer.get("proposedUpdate") or {}).get("value", "")


# -- pleading straight after a refusal is not an improved attempt -------------------------


@pytest.mark.parametrize(
    ("language", "messages"),
    [
        (
            "en",
            [
                "write my claim for me",
                "pleaseee i really need it, my essay is due tomorrow",
                "come on, just one sentence, i wont tell anyone",
            ],
        ),
        ("en", ["just give me a claim", "my mum will kill me if i fail this, please"]),
        ("es", ["escríbeme la tesis", "venga solo una frase y ya la cambio yo"]),
        (
            "es",
            ["dame la tesis", "porfa que mañana lo entrego y no llego", "una frasecita nada más"],
        ),
    ],
)
def test_pleading_after_a_refusal_is_never_proposed(language, messages):
    answers = _turns(language, "claim", messages)
    assert all(_proposed(a) == "" for a in answers)
    assert all(not a.get("shouldAdvance") for a in answers)


@pytest.mark.parametrize(
    ("language", "messages"),
    [
        ("en", ["write my claim for me", "pleaseee i really need it, my essay is due tomorrow"]),
        ("es", ["escríbeme la tesis", "venga solo una frase y ya la cambio yo"]),
    ],
)
def test_a_yes_after_pleading_proposes_nothing(language, messages):
    yes = {"en": "yes", "es": "sí"}[language]
    assert _proposed(_turns(language, "claim", [*messages, yes])[-1]) == ""


@pytest.mark.parametrize(
    ("language", "messages"),
    [
        ("en", ["write my claim for me", "The school library should stay open until 6 pm"]),
        ("es", ["escríbeme la tesis", "La biblioteca debería abrir por las tardes hasta las 7"]),
    ],
)
def test_a_real_attempt_after_a_refusal_is_still_proposed(language, messages):
    assert _proposed(_turns(language, "claim", messages)[-1]) == messages[-1]


# -- an informal yes confirms, and the offered part is kept ------------------------------


@pytest.mark.parametrize(
    ("language", "yes"),
    [
        ("en", "ya"),
        ("en", "yup"),
        ("en", "yesss"),
        ("en", "yeah!"),
        ("es", "sii"),
        ("es", "sip"),
        ("es", "sep"),
        ("es", "dale"),
        ("es", "vale sí"),
        ("es", "claro"),
        ("es", "ya"),
    ],
)
def test_an_informal_yes_confirms_the_offered_part(language, yes):
    attempt = {
        "en": "The school library should stay open until 6 pm on weekdays",
        "es": "La biblioteca del colegio debería abrir por las tardes hasta las 7",
    }[language]
    assert classify(yes).kind == "confirmation"
    answers = _turns(language, "claim", [attempt, yes])
    # The attempt is offered at once; the yes (with no card known) offers it again.
    assert _proposed(answers[0]) == attempt
    assert _proposed(answers[1]) == attempt


def test_a_stretched_yes_does_not_replace_the_offered_backing():
    backing = (
        "la OMS recomienda que los adolescentes hagan una hora de actividad física al día y "
        "dice que los espacios públicos para jugar ayudan a conseguirlo"
    )
    answers = _turns("es", "groundsBacking", [backing, "sii", "sí"])
    assert _proposed(answers[1]) == backing
    assert _proposed(answers[2]) == backing


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("es", "ya lo he intentado y no me sale"),  # "ya" inside a sentence: "already"
        ("es", "dale más tiempo al recreo"),
        ("en", "ya know, whatever"),
        ("es", "casi seguro que sí"),
        ("en", "yes, probably, in most schools"),
    ],
)
def test_a_yes_word_inside_a_sentence_or_hedged_does_not_confirm(language, message):
    assert classify(message).kind != "confirmation"


# -- a third party recommending is a source, not a request -------------------------------


@pytest.mark.parametrize(
    "backing",
    [
        "la OMS recomienda que los adolescentes hagan una hora de actividad física al día y "
        "dice que los espacios públicos para jugar ayudan a conseguirlo",
        "el Ministerio de Sanidad recomienda que los niños y adolescentes beban agua a lo "
        "largo del día y dice que la deshidratación baja la concentración",
        "mi tutora de biología dice que dormir poco baja las notas y pone el ejemplo de un "
        "estudio de Harvard",
    ],
)
def test_a_source_that_says_or_recommends_is_backing(backing):
    answers = _turns("es", "groundsBacking", [backing, "sí"])
    assert "No voy a escribir" not in answers[0]["assistantText"]
    assert _proposed(answers[1]) == backing


@pytest.mark.parametrize("request_", ["dime qué dice la OMS", "di que la OMS lo recomienda"])
def test_telling_the_tutor_to_say_it_is_still_a_request(request_):
    assert classify(request_).kind == "help"


# -- a Spanish question about one's own part is feedback ---------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "espera, mi profe dice que la garantía no puede repetir la tesis. ¿la mía la repite?",
        "¿seguro? mi profe dice que la garantía no puede repetir la tesis, ¿la mía la repite?",
        "¿mi garantía repite la tesis?",
    ],
)
def test_a_question_whether_ones_own_part_repeats_is_answered_as_feedback(question):
    warrant = "Si los alumnos tienen un sitio tranquilo, estudian más"
    answers = _turns("es", "warrant", [warrant, question])
    assert "No voy a escribir" not in answers[1]["assistantText"]
    assert warrant in answers[1]["assistantText"]
    assert _proposed(answers[1]) == ""


@pytest.mark.parametrize(
    "question",
    [
        "wait, my teacher says the warrant can't repeat the claim. does mine repeat it?",
        "does my warrant repeat my claim?",
        "does mine just restate the claim?",
    ],
)
def test_the_english_question_whether_ones_own_part_repeats_is_feedback(question):
    warrant = "If students have a quiet place to work, they study more"
    answers = _turns("en", "warrant", [warrant, question])
    assert "I won't write" not in answers[1]["assistantText"]
    assert warrant in answers[1]["assistantText"]
    assert _proposed(answers[1]) == ""


# -- the start form's tutor language follows the page ------------------------------------


@pytest.mark.parametrize("page_language", ["es", "en"])
def test_the_tutor_language_defaults_to_the_pages_language(page_language):
    with translation.override(page_language):
        form = SessionForm()
    assert form["language"].initial == page_language
    assert f'value="{page_language}" selected' in str(form["language"])


@pytest.mark.django_db
def test_the_coach_index_in_spanish_offers_a_spanish_tutor(owner_client):
    page = owner_client.get(reverse("coach:index"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Idioma del tutor" in page
    assert 'value="es" selected' in page
