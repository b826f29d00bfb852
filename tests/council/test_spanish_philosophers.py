"""The offline philosophers read Spanish: each rule's Spanish words find what its English words
find, near misses stay quiet (the tuning half of the examples, case by case; the frozen half is
measured by ``evaluations.spanish_philosophers``), and every finding they write reads back and
shows in Spanish."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from council.domain.critique.claims import CLAIMS
from council.domain.critique.offline import deeper, level_one
from evaluations.spanish_philosophers import first_area, read_half

DEV = read_half("dev")


@pytest.mark.parametrize("case", DEV, ids=[f"{c['agent']}-{i}" for i, c in enumerate(DEV)])
def test_each_rule_reads_its_spanish_words_and_leaves_the_near_misses(case):
    assert first_area(case["agent"], case["text"]) == case["area"], case["text"]


def _sample(key: str) -> dict[str, str]:
    names = sorted(set(re.findall(r"%\((\w+)\)s", CLAIMS.templates[key])))
    return {name: f"w{i}" for i, name in enumerate(names)}


@pytest.mark.parametrize("key", sorted(CLAIMS.sentences))
def test_every_finding_reads_back_and_has_its_spanish(key):
    text = CLAIMS.templates[key] % _sample(key)
    said = CLAIMS.read(text)
    assert said is not None and said.key == key and dict(said.params) == _sample(key)
    for template in (CLAIMS.templates[key], *CLAIMS.parts.values()):
        with translation.override("es"):
            spanish = translation.gettext(template)
        assert spanish != template
        assert set(re.findall(r"%\((\w+)\)s", spanish)) == set(re.findall(r"%\((\w+)\)s", template))


CARTA = (
    "Obviamente, el ayuntamiento debe cerrar el centro al tráfico. Muchos vecinos se quejan "
    "del ruido, y a la larga la calle mejorará."
)


def test_a_spanish_document_gets_its_findings_at_every_level_in_spanish():
    found = {f["area"] for agent in ("descartes", "russell", "popper") for f in
             level_one(agent, CARTA, [], None, language="es")}  # fmt: skip
    assert {"Foundations", "Precision", "Testability"} <= found
    below = deeper("popper", CARTA.split(". ")[1], language="es")
    assert below and below[0]["claim"].startswith("Within the quote, the clause")
    with translation.override("es"):
        shown = CLAIMS.shown(below[0]["claim"], translation.gettext)
    assert shown.startswith("Dentro de la cita, la proposición") and "esta es la parte" in shown


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")
