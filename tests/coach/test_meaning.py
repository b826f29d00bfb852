"""The meaning check: the sentence encoder's second opinion on a tutor sentence the
authorship rules would withhold (English only; Spanish stays on the rules)."""

from __future__ import annotations

import numpy as np

from coach.domain.authorship import Authorship
from coach.domain.meaning import MeaningJudge, judge_for

WEEK = "A four-day school week"
ATTEMPT = "its common sense"


def _week(language: str, *, step: str = "warrantBacking") -> Authorship:
    return Authorship(
        own_texts=(ATTEMPT,),
        said=f"{WEEK} {ATTEMPT}",
        step=step,
        topic=WEEK,
        typed=(ATTEMPT,),
        language=language,
    )


def test_feedback_the_rules_would_withhold_reads_as_feedback_in_english():
    feedback = "It helps to name the people or the organisation who did the research."
    assert _week("")._composed_as(feedback) == "frame"  # the rules alone withhold it
    assert _week("").composes(feedback)
    assert not _week("en").composes(feedback)


def test_a_part_stated_plainly_is_still_withheld_in_english():
    part = "A RAND Corporation study of four-day weeks found attendance rose by six points."
    assert _week("en").composes(part)


def test_suggestion_frames_are_judged_by_the_rules_alone():
    offered = "You could cite the RAND Corporation's 2021 study of four-day weeks in Missouri."
    assert _week("en")._composed_as(offered) == "offered"
    assert _week("en").composes(offered)


def test_spanish_stays_on_the_rules():
    """The same feedback the encoder would release in English stays withheld in Spanish: the
    encoder reads English only, so Spanish is judged by the rules (less forgiving)."""
    assert judge_for("es") is None
    assert judge_for("en") is not None
    feedback = "Ayuda nombrar a las personas o la organización que hicieron la investigación."
    spanish = Authorship(
        own_texts=("es de sentido común",),
        said="La semana escolar de cuatro días es de sentido común",
        step="warrantBacking",
        topic="La semana escolar de cuatro días",
        typed=("es de sentido común",),
        language="es",
    )
    assert spanish._composed_as(feedback) == "frame"
    assert spanish.composes(feedback)


def test_all_five_nearest_examples_must_be_feedback():
    axes = {"a": [1.0, 0.0], "b": [0.0, 1.0], "ab": [0.8, 0.6]}

    def encode(texts):
        return np.array([axes[text.split()[0]] for text in texts], dtype=np.float32)

    judge = MeaningJudge(encode, ["a 1", "a 2", "a 3", "a 4", "a 5"], ["b 1", "b 2", "b 3"])
    assert judge.reads_as_feedback("a sentence")
    assert not judge.reads_as_feedback("b sentence")
    # Near both kinds: five feedback (0.8) are the nearest five.
    assert judge.reads_as_feedback("ab sentence")
    fewer = MeaningJudge(encode, ["a 1", "a 2", "a 3", "a 4"], ["b 1", "b 2", "b 3"])
    assert not fewer.reads_as_feedback("ab sentence")  # four of five is not enough
