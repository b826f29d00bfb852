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
from pathlib import Path

import pytest

from tests.coach.test_weak_evaluations import _failures

HERE = Path(__file__).parent
HALVES = {
    half: json.loads((HERE / f"weak_overreach_{half}.json").read_text(encoding="utf-8"))[
        "examples"
    ]
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
    assert _failures(example) == []


# Measured once, after the rules changed (docs/coach.md): it may only go down.
FROZEN_AT_MOST = 24


def test_the_frozen_half_does_no_worse_than_when_it_was_measured():
    failed = [e["text"] for e in HALVES["frozen"] if _failures(e)]
    assert len(failed) <= FROZEN_AT_MOST, failed
