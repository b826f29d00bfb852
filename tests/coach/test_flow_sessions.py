"""Scripted new-student sessions through the coach's services (``evaluations.coach.flows``):
the tuning half must finish with every expectation met (a card for a genuine attempt, a
typed yes confirming it, near misses left alone, own-part questions answered about the part
named). The frozen half (``FLOW_FROZEN=1``) was run once and reported, and tuned on since."""

import os

import pytest

from evaluations.coach.flows import FLOWS_FROZEN, FLOWS_TUNE, load, play
from tests.builders import make_user

pytestmark = pytest.mark.django_db


def _report(name, played):
    print(
        f"\n{name}: {played.name} ({played.language}): {played.messages} messages + "
        f"{played.clicks} clicks, finished={played.finished}"
    )
    for failure in played.failures:
        print(f"  FAIL {failure}")


@pytest.mark.parametrize("index", range(len(load(FLOWS_TUNE))))
def test_tuning_sessions_finish_with_every_expectation_met(index):
    played = play(load(FLOWS_TUNE)[index], make_user(f"flow{index}"))
    _report("tune", played)
    assert played.failures == []
    assert played.finished


@pytest.mark.skipif(not os.environ.get("FLOW_FROZEN"), reason="the frozen half is measured once")
@pytest.mark.parametrize("index", range(len(load(FLOWS_FROZEN))))
def test_frozen_sessions(index):
    played = play(load(FLOWS_FROZEN)[index], make_user(f"frozen{index}"))
    _report("frozen", played)
    assert played.failures == []
    assert played.finished
