"""A warrant that links a condition to an outcome is a rule, even in the claim's own words
("when students rate teachers, teachers improve, so students should rate teachers"); one
whose reason says nothing beyond its conclusion restates the claim ("porque hay que
hacerlo, por eso hay que hacerlo", "if students should rate teachers, then students should
rate teachers"). At the rebuttal, a message that only denies any failing case ("no se me
ocurre ningún caso en que no funcione", "there's no case where it wouldn't work", "funciona
siempre") gets the insisting rebuttal's next step, not the stuck student's opener; a real
request for help ("i can't think of any exception, help", "no sé") stays help. The examples
(``rule_or_denial_{tune,frozen}.json``, EN and ES, many voices) were written before the
rules changed; the frozen half is never tuned on, its figure is held here so it can only
improve."""

import json
import time
from pathlib import Path

import pytest

from coach.domain import heuristics
from coach.domain.explanations import OPENERS
from coach.domain.heuristics import step_check
from coach.domain.turn import read_turn
from coach.domain.tutor import PROBLEMS, offline_turn

HERE = Path(__file__).parent
HALVES = {
    half: json.loads((HERE / f"rule_or_denial_{half}.json").read_text(encoding="utf-8"))["examples"]
    for half in ("tune", "frozen")
}
KINDS = ("rule", "restated", "denies", "help")


def _inputs(example: dict) -> dict:
    language = example["language"]
    return {
        "step": example["step"],
        "language": language,
        "topic": {"en": "School life", "es": "La vida en el instituto"}[language],
        "draft": {"claim": example["claim"]},
        "draft_value": "",
        "user_message": example["text"],
        "is_first_turn": False,
        "step_messages": [],
        "history": [],
        "help_level": "full",
    }


def _failures(example: dict) -> list[str]:
    """What the offline tutor got wrong on ``example``: a rule refused, a restatement
    passed, a denial answered as being stuck or without its next step, a request for help
    answered as an attempt."""
    lang, kind = example["language"], example["kind"]
    inputs = _inputs(example)
    reply = json.loads(offline_turn(inputs))
    said = reply["assistantText"]
    carded = "proposedUpdate" in reply
    out: list[str] = []
    if kind == "rule":
        check = step_check("warrant", example["text"], claim=example["claim"])
        if not check.passed:
            out.append(f"refused ({check.problem})")
        if not carded:
            out.append("no card")
    elif kind == "restated":
        check = step_check("warrant", example["text"], claim=example["claim"])
        if check.problem != "restates_claim":
            out.append(f"check {check.problem}")
        if carded or PROBLEMS[lang]["restates_claim"] not in said:
            out.append("no next step")
    elif kind == "denies":
        if OPENERS[lang]["stuck"] in said:
            out.append("answered as stuck")
        if carded or PROBLEMS[lang]["insists"] not in said:
            out.append("no next step")
    else:
        intent = read_turn(inputs).intent
        if intent.kind not in ("help", "concept"):
            out.append(f"read as {intent.kind}")
        if carded or PROBLEMS[lang]["insists"] in said:
            out.append("answered as an attempt")
    return out


def test_each_half_has_every_kind_in_both_languages():
    for examples in HALVES.values():
        for kind in KINDS:
            for language in ("en", "es"):
                own = [e for e in examples if e["kind"] == kind and e["language"] == language]
                assert len(own) >= 5


@pytest.mark.parametrize("example", HALVES["tune"], ids=lambda e: f"{e['kind']}-{e['text'][:40]}")
def test_a_rule_passes_a_restatement_is_refused_a_denial_gets_its_next_step(example):
    assert _failures(example) == []


# Measured once, after the rules changed (docs/coach.md): it may only go down.
FROZEN_AT_MOST = 5


def test_the_frozen_half_does_no_worse_than_when_it_was_measured():
    failed = [e["text"] for e in HALVES["frozen"] if _failures(e)]
    assert len(failed) <= FROZEN_AT_MOST, failed


@pytest.mark.parametrize(
    ("rule", "trigger"),
    [
        (heuristics._FAILING_CASE, "where it it it "),
        (heuristics._FAILING_CASE, "en que no no "),
        (heuristics._HELP_ASKED, "helpful hel "),
        (heuristics._LINKS, "los alumnos "),
        (heuristics._LINKS, "everyone whom "),
    ],
)
def test_the_new_rules_stay_linear(rule, trigger):
    """20,000 characters of a trigger, failing at their end, in CPU time (a few ms alone)."""
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000] + " x9"
    start = time.process_time()
    rule.search(text)
    assert time.process_time() - start < 0.05


def test_telling_a_rule_from_a_restatement_stays_linear():
    distinct = " ".join(f"w{i:05d}abc" for i in range(2000))
    start = time.process_time()
    heuristics.warrant_problem(f"when {distinct}, {distinct}, so {distinct} should", distinct)
    assert time.process_time() - start < 0.5
