"""The offline philosophers are quieter on short Spanish texts that are fine: a short text
with a claim has its end in it (no "states no purpose"), a figure in words or a source at work
is grounding, and a vague "algunos" in the other side's words, conceded or answered, is no
imprecision of the author's. Each still speaks where the author is at fault."""

from __future__ import annotations

from arguments.offline import document_reading
from council.services.offline import tree_level


def _points(agent: str, text: str) -> list[dict]:
    reading = document_reading(text)
    targets = [{"id": "root", "span": text}]
    return tree_level(agent=agent, level=1, targets=targets, reading=reading)["groups"][0]["points"]


def _claims(agent: str, text: str) -> list[str]:
    return [p["claim"] for p in _points(agent, text)]


SHORT = (
    "El ayuntamiento debería abrir la piscina municipal en agosto. La Cruz Roja recomienda "
    "sesenta minutos de ejercicio al día, y en verano el barrio no tiene otro sitio para "
    "nadar. Algunos vecinos dicen que costaría demasiado. Pero el coste es el triple de "
    "pequeño que el de la fiesta mayor."
)


def test_a_short_spanish_text_with_a_claim_is_not_told_it_has_no_purpose():
    assert not [c for c in _claims("aristotle", SHORT) if c.startswith("The document states")]


def test_a_figure_in_words_is_grounding():
    assert not [c for c in _claims("aristotle", SHORT) if c.startswith("No empirical")]


def test_some_in_the_other_sides_words_is_not_the_authors_vagueness():
    assert not [c for c in _claims("russell", SHORT) if c.startswith("Vague quantifier")]


def test_the_authors_own_vagueness_and_a_text_without_evidence_still_are_named():
    text = (
        "En muchos institutos la jornada continua ya funciona mejor. "
        "Por eso el instituto debería adoptarla cuanto antes."
    )
    assert any(c.startswith("Vague quantifier ('muchos')") for c in _claims("russell", text))
    assert any(c.startswith("No empirical grounding") for c in _claims("aristotle", text))
