import pytest

from coach.domain.heuristics import step_check
from coach.domain.steps import STEPS, next_step


@pytest.mark.parametrize(
    ("step", "text"),
    [
        ("claim", "Schools should ban phones during lessons"),
        ("claim", "Las escuelas deberían prohibir los móviles"),
        ("grounds", "A 2019 study of 90 schools found grades rose"),
        ("grounds", "Según una encuesta nacional los alumnos duermen menos"),
        ("warrant", "When distractions fall, students usually learn more"),
        ("warrant", "Cuando bajan las distracciones los alumnos aprenden más"),
        ("groundsBacking", "Published by the London School of Economics"),
        ("groundsBacking", "Informe publicado por el Ministerio de Educación"),
        ("warrantBacking", "Decades of research on attention"),
        ("warrantBacking", "Lo respaldan expertos en psicología cognitiva"),
        ("qualifier", "Probably"),
        ("qualifier", "Probablemente"),
        ("qualifier", "in most cases"),
        ("rebuttal", "Unless the lesson needs phones"),
        ("rebuttal", "A menos que la clase necesite móviles"),
    ],
)
def test_text_that_fits_its_step_passes_in_both_languages(step, text):
    assert step_check(step, text).passed


@pytest.mark.parametrize(
    ("step", "text", "problem"),
    [
        ("claim", "", "empty"),
        ("claim", "Phones bad", "too_short"),
        ("claim", "Should schools ban phones in class?", "is_question"),
        ("claim", "¿Deberían las escuelas prohibir los móviles?", "is_question"),
        ("claim", "Why do schools allow phones at all", "is_question"),
        ("grounds", "I really think that phones are bad", "no_evidence"),
        ("grounds", "Creo de verdad que los móviles son malos", "no_evidence"),
        ("warrant", "Phones distract my brother Tom", "no_principle"),
        ("warrant", "Los móviles distraen a mi hermano Tomás", "no_principle"),
        ("groundsBacking", "I believe it strongly", "no_authority"),
        ("groundsBacking", "Lo creo de verdad", "no_authority"),
        ("warrantBacking", "Everyone knows this", "no_authority"),
        ("qualifier", "Phones", "no_modal"),
        ("qualifier", "Móviles", "no_modal"),
        ("rebuttal", "Phones are expensive things", "no_condition"),
        ("rebuttal", "Los móviles son caros", "no_condition"),
    ],
)
def test_text_that_misses_what_its_step_needs_fails_with_the_reason(step, text, problem):
    check = step_check(step, text)
    assert not check.passed
    assert check.problem == problem


def test_steps_run_in_toulmin_order_and_end_after_the_rebuttal():
    assert STEPS == (
        "claim",
        "grounds",
        "warrant",
        "groundsBacking",
        "warrantBacking",
        "qualifier",
        "rebuttal",
    )
    assert next_step("claim") == "grounds"
    assert next_step("rebuttal") is None


def test_an_unknown_step_is_an_error():
    with pytest.raises(KeyError):
        step_check("conclusion", "some words here and there")
