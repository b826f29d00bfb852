"""Russell's contradictions and Kant's inconsistent duties read Spanish: an absolute against
its opposite, a concession that admits what an absolute denies and opposite duties are found;
two sentences that agree in other words, what others say, a question, a condition and a
concession of the same stance are not (the tuning half case by case; the frozen half is
measured by ``evaluations.spanish_philosophers``), and the finding shows in Spanish."""

from __future__ import annotations

import pytest
from django.utils import translation

from council.domain.critique.claims import CLAIMS
from council.domain.critique.offline import level_one
from council.domain.critique.polarity import asserted_es, proposition_es, stance_es
from evaluations.spanish_philosophers import finds_contradiction, read_half

DEV = read_half("dev", "contradictions")
# The two tuning cases the checks miss: a synonym ("transporte público", "colectivo") and a
# contrary with no word of negation ("peores", "mejores"). Known, reported by the evaluation.
MISSED = {
    "El transporte público nunca llega a horario en este barrio.",
    "Las clases en línea siempre son peores que las presenciales.",
}


@pytest.mark.parametrize("case", DEV, ids=[f"{c['agent']}-{i}" for i, c in enumerate(DEV)])
def test_each_tuning_text_is_read_as_written(case):
    expected = case["contradicts"] and not any(case["text"].startswith(m) for m in MISSED)
    assert finds_contradiction(case["agent"], case["text"]) is expected, case["text"]


def _consistency(agent: str, text: str) -> list[dict]:
    found = level_one(agent, text, [], None, language="es")
    return [f for f in found if f["area"] == "Consistency"]


def test_a_concession_that_admits_what_an_absolute_denies_is_a_contradiction():
    text = (
        "Los turistas nunca visitan el museo del pueblo. Es cierto que algunos turistas visitan "
        "el museo del pueblo en agosto, pero son muy pocos."
    )
    (found,) = _consistency("russell", text)
    assert found["evidence"].startswith("Es cierto que algunos turistas")
    assert found["claim"].startswith("Possible contradiction: this asserts 'algunos'")
    assert "'nunca'" in found["claim"]
    assert found["confidence"] == 0.5  # less sure than the English check (0.6)
    with translation.override("es"):
        shown = CLAIMS.shown(found["claim"], translation.gettext)
    assert shown.startswith("Posible contradicción") and "«nunca»" in shown


def test_opposite_duties_are_inconsistent_for_kant_in_spanish():
    text = (
        "Los institutos deben abrir la biblioteca por la tarde. "
        "Los institutos no deben abrir la biblioteca por la tarde."
    )
    (found,) = _consistency("kant", text)
    assert found["claim"].startswith("Inconsistent duties")


@pytest.mark.parametrize(
    "text",
    [
        # the same duty twice, a ban and a refusal to allow
        "Hay que prohibir los patinetes en la acera. "
        "Nunca se deben permitir los patinetes en la acera.",
        # concordant negation says no once; "sin" says no again
        "Todos los socios deben pagar la cuota. Ningún socio puede entrar sin pagar la cuota.",
        # idioms that only look negative
        "Sin embargo, todos los barrios necesitan más árboles. "
        "No cabe duda de que todos los barrios necesitan más árboles.",
        # what others say, a question, a condition
        "Hay quienes dicen que el metro nunca funciona. El metro siempre funciona en mi ciudad.",
        "¿El metro nunca funciona? El metro siempre funciona en mi ciudad.",
        "Si el metro nunca funciona, habrá que usar el autobús. "
        "El metro siempre funciona de noche.",
        # a concession of the same stance
        "Todos los vecinos usan el parque. Es cierto que algunos vecinos usan el parque demasiado.",
        # "si bien" concedes, the same way as the absolute
        "Todos los vecinos usan el parque. "
        "Si bien algunos vecinos usan poco el parque, lo valoran.",
    ],
)
def test_near_misses_are_left_alone(text):
    assert _consistency("russell", text) == []
    assert _consistency("kant", text) == []


def test_the_spanish_reading_of_a_sentence():
    assert proposition_es("Es cierto que algunos no lo necesitan, pero son pocos.") == (
        "algunos no lo necesitan"
    )
    assert proposition_es("Si bien la reforma no llega a todos, es un avance.") == (
        "la reforma no llega a todos"
    )
    assert stance_es("No viene nunca nadie.") == 1  # concordant: one negation
    assert stance_es("Ningún alumno entra sin uniforme.") == 0  # "sin" is a second one
    assert stance_es("No hay que respetarlas cuando son injustas.") == 1  # the condition aside
    assert stance_es("No solo los alumnos apoyan la huelga.") == 0
    assert not asserted_es("Según el sindicato, nadie cobra a tiempo.")
    assert not asserted_es("¿Nadie cobra a tiempo?")
    assert asserted_es("Si bien nadie cobra a tiempo, el servicio funciona.")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")
