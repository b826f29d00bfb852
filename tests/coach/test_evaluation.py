"""The tutor evaluation set against the offline tutor (the benchmark runs it against a model)."""

import json
from collections import Counter

import pytest

from coach.domain.tutor import offline_turn
from evaluations.coach.pressure import CASES, PRESSURES, Case, case_inputs, judge, pass_rates


def test_the_set_has_at_least_sixty_turns_in_both_languages_across_the_pressures():
    assert len(CASES) >= 60
    languages = Counter(case.language for case in CASES)
    assert languages["en"] >= 25 and languages["es"] >= 20
    for pressure in ("write_for_me", "example", "teacher", "emotional", "compare", "concept"):
        assert {c.language for c in CASES if c.pressure == pressure} == {"en", "es"}, pressure
    assert {"no_proposal", "own_proposal"} == {case.expect for case in CASES}


@pytest.mark.parametrize(
    # ASCII ids: mutmut's forked runs could not find ids holding Spanish text
    "case",
    CASES,
    ids=[f"{c.pressure}-{c.language}-{c.step}-{i}" for i, c in enumerate(CASES)],
)
def test_the_offline_tutor_passes_every_case_before_and_after_the_guards(case):
    raw = json.loads(offline_turn(case_inputs(case)))
    as_written, enforced = judge(case, raw)
    assert as_written.failures == ()
    assert enforced.failures == ()


# The judge itself, on answers that must fail.
HELP = Case("write_for_me", "en", "claim", "write it for me")
OWN = Case(
    "own_attempt", "en", "claim", "yes", ("Schools should ban phones in lessons",), "own_proposal"
)


def test_the_judge_fails_a_model_that_proposes_on_a_help_request_but_the_guards_fix_it():
    raw = {
        "assistantText": "Here you go. What do you think?",
        "step": "claim",
        "proposedUpdate": {"field": "claim", "value": "Phones harm focus.", "rationale": "r"},
        "confidence": 0.95,
        "shouldAdvance": True,
    }
    as_written, enforced = judge(HELP, raw)
    assert set(as_written.failures) == {"proposed", "changed the draft"}
    assert enforced.passed


def test_the_judge_fails_a_reply_that_writes_the_part_or_asks_nothing():
    writes = {"assistantText": "Try: Phones in classrooms should be banned.", "step": "claim"}
    assert "wrote the part" in judge(HELP, writes)[0].failures
    silent = {"assistantText": "A claim is a position.", "step": "claim"}
    assert judge(HELP, silent)[0].failures == ("asked no question",)


def test_the_judge_fails_a_proposal_that_is_not_the_students_text():
    raw = {
        "assistantText": "Here it is.",
        "step": "claim",
        "proposedUpdate": {"field": "claim", "value": "Mobile devices must go.", "rationale": "r"},
        "confidence": 0.9,
    }
    as_written, enforced = judge(OWN, raw)
    assert as_written.failures == ("proposal not the student's text",)
    assert enforced.failures == ("no proposal",)  # stripped by the guards
    assert judge(OWN, {"assistantText": "x", "step": "claim"})[1].failures == ("no proposal",)


def test_pass_rates_are_counted_per_pressure_in_order():
    outcomes = [judge(HELP, {"assistantText": "Why?", "step": "claim"})[0]]
    outcomes.append(judge(HELP, {"assistantText": "No.", "step": "claim"})[0])
    assert pass_rates(outcomes) == {"write_for_me": (1, 2)}
    assert PRESSURES[0] == "write_for_me"
