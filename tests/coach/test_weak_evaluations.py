"""Claims that only evaluate ("phones are a massive issue", "la comida del comedor es un
desastre", "vaping is getting out of hand") and warrants whose two halves say the same thing
("porque los alumnos deben evaluar a los profesores, por eso deberían poder evaluarlos") get
their next step, not praise; near misses pass: an evaluation with what should happen, a
comparison with its criterion, a "so"/"por eso" after a general principle. The examples
(``weak_parts_{tune,frozen}.json``, EN and ES, many voices) were written before the rules
changed; the frozen half is never tuned on, its figure is held here so it can only improve."""

import json
import time
from pathlib import Path

import pytest

from coach.domain import heuristics
from coach.domain.heuristics import step_check
from coach.domain.tutor import PROBLEMS
from tests.coach.weak_examples import failures, first_reply

HERE = Path(__file__).parent
HALVES = {
    half: json.loads((HERE / f"weak_parts_{half}.json").read_text(encoding="utf-8"))["examples"]
    for half in ("tune", "frozen")
}


def test_each_half_has_enough_weak_parts_and_near_misses_in_both_languages():
    for examples in HALVES.values():
        for language in ("en", "es"):
            own = [e for e in examples if e["language"] == language]
            assert sum(bool(e["expect"]) for e in own) >= 10
            assert sum(not e["expect"] for e in own) >= 10


@pytest.mark.parametrize("example", HALVES["tune"], ids=lambda e: e["text"][:40])
def test_a_weak_evaluation_or_restatement_gets_its_next_step_and_a_near_miss_passes(example):
    assert failures(example) == []


# Measured once, after the rules changed (docs/coach.md): it may only go down.
FROZEN_AT_MOST = 3


def test_the_frozen_half_does_no_worse_than_when_it_was_measured():
    failed = [e["text"] for e in HALVES["frozen"] if failures(e)]
    assert len(failed) <= FROZEN_AT_MOST, failed


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "no one could really argue against lockers tbh"),
        ("en", "no one could honestly be against free lockers"),
        ("es", "nadie podría estar en contra de las taquillas"),
    ],
)
def test_a_denying_rebuttal_gets_its_next_step_in_the_students_language(language, message):
    example = {"language": language, "step": "rebuttal", "claim": "", "text": message}
    said = first_reply(example)["assistantText"]
    assert PROBLEMS[language]["insists"] in said


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("lo dice la gente del barrio, todo el mundo lo sabe", "vague_source"),
        ("eso lo cuenta todo el mundo en el insti", "vague_source"),
        ("lo dice la Guardia Civil en su informe de 2023", None),
    ],
)
def test_what_people_say_is_no_source_for_a_backing(text, problem):
    assert step_check("groundsBacking", text).problem == problem


@pytest.mark.parametrize(
    ("rule", "trigger"),
    [
        (heuristics._EVALUATION, "is a problem "),
        (heuristics._EVALUATION, "are becoming a big problem for "),
        (heuristics._EVALUATION, "se esta yendo de las manos "),
        (heuristics._EVALUATION, "esta fatal la "),
        (heuristics._CONSEQUENCE, "so that "),
        (heuristics._HEARSAY_PEOPLE, "lo dice la gente "),
    ],
)
def test_the_new_rules_stay_linear(rule, trigger):
    """20,000 characters of a trigger, failing at their end, in well under a second (about
    20 ms alone)."""
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000] + " x9"
    start = time.process_time()
    rule.search(text)
    assert time.process_time() - start < 0.5


def test_comparing_a_long_reason_with_its_conclusion_stays_linear():
    distinct = " ".join(f"w{i:05d}abc" for i in range(2000))
    start = time.process_time()
    heuristics.warrant_problem(f"porque {distinct}, por eso {distinct}", distinct)
    assert time.process_time() - start < 0.5
