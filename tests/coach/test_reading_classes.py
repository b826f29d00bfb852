"""How the offline tutor reads a source that is a person with a role or a record they keep, a
rebuttal that names who or when the claim fails without "unless", a count of the student's own
class, a question about the student's own part, and a filler before a rebuttal; and the near
misses that must be read the other way (a request for a part, a role that only said so,
"someone told me", a rebuttal that only denies).

The examples were written before the rules were changed for them, in two halves
(``reading_classes_tune.json``, ``reading_classes_frozen.json``): the tuning half is played
here; the held-out half is never tuned on, only measured
(``python -m tests.coach.test_reading_classes --frozen``)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from coach.domain.heuristics import step_check
from coach.domain.intent import classify, own_text, quality_subject
from evaluations.coach import voices as v

HERE = Path(__file__).parent
TUNE = HERE / "reading_classes_tune.json"
FROZEN = HERE / "reading_classes_frozen.json"

_TUNE = v.load(TUNE)


@pytest.mark.parametrize(
    "index",
    range(len(_TUNE.messages)),
    ids=[f"{m.language}-{m.step}-{m.kind}-{m.message[:30]}" for m in _TUNE.messages],
)
def test_each_message_is_read_as_its_kind(index):
    # One message at a time, through the offline tutor's whole turn and a "yes" after it:
    # attempts saved in the student's words, fillers left out, questions about the student's
    # own part judged and never saved, requests never saved, weak parts never praised.
    one = v.Voices(_TUNE.topics, _TUNE.drafts, (), (_TUNE.messages[index],))
    (played,) = v.play_offline(one)
    assert played.failures == ()


def test_the_two_halves_hold_different_messages():
    frozen = v.load(FROZEN)
    assert {m.message for m in _TUNE.messages}.isdisjoint(m.message for m in frozen.messages)
    assert len(frozen.messages) >= 30


@pytest.mark.parametrize(
    "trigger",
    [
        "wouldn't work for ",
        "no funcionaría para ",
        "who has been a coach ",
        "que lleva ",
        "keeps a list ",
        "is “a” too ",
        "oye ¿la OMS cuenta como ",
        "wait no, ",
        "no espera, ",
        "it just ",
    ],
)
def test_the_readings_stay_linear(trigger):
    # 20,000 characters of one frame repeated: each reading is one pass (about 20 ms at most
    # alone); the bound is on backtracking, not on a busy machine's pace.
    text = (trigger * (20_000 // len(trigger) + 1))[:20_000]
    start = time.process_time()  # CPU time: other work on the machine does not count
    for step in ("grounds", "groundsBacking", "rebuttal"):
        step_check(step, text)
    classify(text + "?")
    quality_subject(text + "?", own=(text,))
    own_text(text)
    assert time.process_time() - start < 5.0


def measure(path: Path) -> list[v.Offline]:
    """Every message of one half played, failed or not."""
    return v.play_offline(v.load(path))


if __name__ == "__main__":  # the tuning half; the held-out half only with --frozen, once
    sys.path.insert(0, os.getcwd())
    half = FROZEN if "--frozen" in sys.argv else TUNE
    played = measure(half)
    failed = [o for o in played if o.failures]
    for o in failed:
        m = o.message
        print(f"[{half.name} {m.language} {m.step} {m.kind}] {o.failures}: {m.message!r}")
    print(f"{half.name}: failures {len(failed)}/{len(played)}")
