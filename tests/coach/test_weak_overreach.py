"""Genuine parts the weak-part rules must let through, and the weak parts they must still
catch. Through: a warrant whose "so" only intensifies ("so addictive ... that ..., so ..."), a
short reason with a fact of its own ("because the contract costs the school too much, the
school should renegotiate it"), a claim rejecting a named action ("banning phones in class is
a terrible idea", "quitar el recreo es inaceptable") or naming what kind of problem ("a public
health problem"). Caught: a reason that is itself the obligation again, a bare quantifier
before "so" ("for all students", "la mayoría"), an evaluation of a thing or a behaviour however
long its tail or whatever digit is in it. The examples (``weak_overreach_{tune,frozen}.json``,
EN and ES, many voices) were written before the rules changed; the frozen half is never tuned
on, its figure is held here so it can only improve."""

import json
import time
from pathlib import Path

import pytest

from coach.domain import heuristics
from coach.domain.heuristics import step_check
from tests.coach.weak_examples import failures

HERE = Path(__file__).parent
HALVES = {
    half: json.loads((HERE / f"weak_overreach_{half}.json").read_text(encoding="utf-8"))["examples"]
    for half in ("tune", "frozen")
}


def test_each_half_has_genuine_and_weak_parts_in_both_languages():
    for examples in HALVES.values():
        for language in ("en", "es"):
            own = [e for e in examples if e["language"] == language]
            assert sum(not e["expect"] for e in own) >= 6
            assert sum(bool(e["expect"]) for e in own) >= 4


@pytest.mark.parametrize("example", HALVES["tune"], ids=lambda e: e["text"][:40])
def test_a_genuine_part_passes_and_a_weak_one_gets_its_next_step(example):
    assert failures(example) == []


# Measured once, after the rules changed (docs/coach.md): it may only go down.
FROZEN_AT_MOST = 2


def test_the_frozen_half_does_no_worse_than_when_it_was_measured():
    failed = [e["text"] for e in HALVES["frozen"] if failures(e)]
    assert len(failed) <= FROZEN_AT_MOST, failed


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        # The same evaluation whatever its tense, digits or number of words after it.
        ("the canteen food is a disaster", "vague_claim"),
        ("the canteen food would be a disaster", "vague_claim"),
        ("phones are a problem for year 11", "vague_claim"),
        ("phones are a problem for kids in our year at lunch every day", "vague_claim"),
        ("el comedor es un caos para los de 1º", "vague_claim"),
        ("el comedor sería un caos todos los días a la hora de comer", "vague_claim"),
        ("using phones in class is a huge problem", "vague_claim"),
        # A decision rejected, in any tense, or a statement of its own after the evaluation.
        ("scrapping the late bus would be a disaster", None),
        ("the ban on phones in class is ridiculous", None),
        ("la idea de quitar el recreo sería un desastre", None),
        ("phones are a massive issue, everyone is on them all day", None),
        ("el uniforme es un asco; sería mejor llevar ropa normal", None),
    ],
)
def test_an_evaluation_is_read_on_its_content_not_its_length(text, problem):
    assert step_check("claim", text).problem == problem


@pytest.mark.parametrize(
    ("claim", "text", "problem"),
    [
        # "so" that intensifies is no "therefore"; the reason before the last "so" is read.
        (
            "Homework should be banned in primary school",
            "children get so tired by the evening that extra work is usually wasted, so "
            "homework should go",
            None,
        ),
        # A reason that is a fact of its own, however short, is no restatement.
        (
            "The school should fix the lockers",
            "because things get stolen from them, the school should fix the lockers",
            None,
        ),
        # A reason that is the obligation again is one, with "has to" or "needs to" too.
        (
            "The school should fix the lockers",
            "the lockers need fixing and the school has to fix the lockers, so it should fix them",
            "restates_claim",
        ),
        # "people who", "usually": a principle; "all", "la mayoría" alone: none.
        (
            "Schools should use coursework instead of exams",
            "people who freeze in exams usually show more in coursework, so schools should use "
            "coursework",
            None,
        ),
        (
            "Los institutos deberían usar trabajos en vez de exámenes",
            "todos los alumnos prefieren los trabajos, así que los institutos deberían usar "
            "trabajos",
            "restates_claim",
        ),
    ],
)
def test_a_warrant_is_read_on_what_its_reason_says(claim, text, problem):
    assert step_check("warrant", text, claim=claim).problem == problem


@pytest.mark.parametrize(
    ("rule", "trigger"),
    [
        (heuristics._EVALUATION, "would be a problem "),
        (heuristics._EVALUATION_CLAUSE, "would be "),
        (heuristics._EVALUATED_ACTION, "the new ban "),
        (heuristics._EVALUATION_KIND, "problema de la "),
        (heuristics._CONSEQUENCE, "is so "),
        (heuristics._CONSEQUENCE, "so bad "),
        (heuristics._OBLIGATION, "has "),
    ],
)
def test_the_new_rules_stay_linear(rule, trigger):
    """20,000 characters of a trigger, failing at their end, in well under a second."""
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000] + " x9"
    start = time.process_time()
    rule.search(text)
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize("piece", ["phones are a problem for ", "banning is a disaster, "])
def test_reading_a_long_evaluation_stays_linear(piece):
    text = (piece * (20_000 // len(piece) + 1))[:20_000] + " than"
    start = time.process_time()
    step_check("claim", text)
    assert time.process_time() - start < 0.5
