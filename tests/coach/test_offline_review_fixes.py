"""Regressions the offline tutor's review found: framing that backtracked for seconds on a
run of fillers, framing peeled without bound, and requests or genuine attempts read as the
other. Each is tried in several voices, with near misses that must keep working."""

import time

import pytest

from coach.domain.intent import classify, own_text

# -- a run of fillers with no stop ends quickly ------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: own_text("ok " * 2000),
        lambda: classify("ok " * 300 + "i get it"),
        lambda: classify("vale " * 300 + "ya lo pillo"),
        lambda: own_text("ok, okay, so, sure " * 400),
    ],
)
def test_a_long_run_of_fillers_is_read_in_linear_time(call):
    started = time.perf_counter()
    call()
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(
    ("message", "own"),
    [
        ("ok, ok. Uniforms should be optional", "Uniforms should be optional"),
        ("okay okay. Uniforms should be optional", "Uniforms should be optional"),
        ("right, got it. Uniforms are bad", "Uniforms are bad"),
        ("sure thing. Schools should start later", "Schools should start later"),
        ("vale, ya lo pillo. Los uniformes sobran", "Los uniformes sobran"),
        ("ahí va mi intento: Los uniformes sobran", "Los uniformes sobran"),
    ],
)
def test_fillers_before_a_stop_are_still_stripped(message, own):
    assert own_text(message) == own


def test_fillers_with_no_stop_are_not_stripped():
    assert own_text("ok so i think uniforms are bad") == "ok so i think uniforms are bad"


# -- framing is peeled a bounded number of times --------------------------------------


@pytest.mark.parametrize(
    "message", ["what about that " * 1000, "ok. " * 1000, "the claim would be that " * 500]
)
def test_repeated_framing_never_recurses_without_end(message):
    assert classify(message).kind in {"help", "attempt"}


def test_framing_before_a_claim_still_leaves_the_claim_to_decide():
    assert classify("ok. Uniforms should be optional for students in every school").is_attempt
