"""The learned fallacy model: pure-Python inference from its JSON weights, and its training."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arguments.domain.fallacies.learned import (
    CLASSES,
    FallacyModel,
    bucket,
    cue_fingerprint,
    feature_names,
)
from arguments.offline import fallacy_model

ROOT = Path(__file__).resolve().parents[2]


def _model(weights: dict[str, list[float]], intercepts: list[float] | None = None) -> FallacyModel:
    return FallacyModel.from_json(
        {
            "classes": list(CLASSES),
            "buckets": 2**12,
            "families": ["words"],
            "temperature": 1.0,
            "intercepts": intercepts or [0.0] * len(CLASSES),
            "weights": weights,
        }
    )


def test_the_shipped_model_names_its_five_types_and_none():
    model = fallacy_model()
    assert model.classes == CLASSES
    assert model.temperature > 0 and len(model.weights) > 100
    probs = model.probabilities("She is a liar and an idiot, so ignore her plan.")
    assert sum(probs.values()) == pytest.approx(1.0)


def test_the_shipped_model_was_trained_on_the_cue_lexicons_the_rules_use_now():
    # The rules and the model share their lexicons: after a change to one, run `make train`.
    assert fallacy_model().cues == cue_fingerprint()


def test_a_word_weight_moves_the_probability_and_is_named_as_the_reason():
    row = [3.0, 0.0, 0.0, 0.0, 0.0, 0.0]  # toward ad hominem
    model = _model({str(bucket("u=idiot", 2**12)): row}, intercepts=[0, 0, 0, 0, 0, 1.0])
    plain = model.probabilities("The plan costs money.")
    insult = model.probabilities("The plan is by an idiot.")
    assert max(plain, key=plain.get) == "none"
    assert max(insult, key=insult.get) == "ad_hominem"
    assert model.telling_words("The plan is by an idiot.", "ad_hominem") == ["idiot"]


def test_a_none_shift_lowers_every_fallacy_probability():
    model = _model({str(bucket("u=idiot", 2**12)): [3.0, 0, 0, 0, 0, 0]})
    before = model.probabilities("an idiot")
    after = model.probabilities("an idiot", none_shift=1.0)
    assert after["ad_hominem"] < before["ad_hominem"] and after["none"] > before["none"]


def test_cue_features_read_the_rules_lexicons():
    names = feature_names("Only a heartless monster would say so!", ("cues",))
    assert "cue=emotive" in names and "cue=exclaim" in names


def test_the_checker_runs_without_a_training_library():
    # numpy runs the sentence encoder at run time (a dependency); the training libraries never do
    probe = (
        "import sys; from arguments.offline import check_fallacies; "
        "check_fallacies('Only a heartless monster would oppose the new playground.'); "
        "print(','.join(m for m in ('sklearn', 'scipy') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_the_data_reader_joins_a_text_broken_over_lines(tmp_path):
    from tools.train_fallacies import read_arguments

    header = "Row\tId\tAuthor\tTopic\tStance\tIntended\tVoted\tVotes\tText\n"
    data = tmp_path / "a.tsv"
    data.write_text(
        header
        + "0\tx\tann\tT\tpro\tAd Hominem\t-\t0\tHe is a fool.\n"
        + "1\ty\tbob\tT\tpro\tRed Herring\tNo Fallacy\t3\tFirst line\n"
        + "second line.\n",
        encoding="utf-8",
    )
    first, second = read_arguments(data)
    assert (first.author, first.label, first.text) == ("ann", "ad_hominem", "He is a fool.")
    # The players' vote, when one settled, is the gold; the author's intent is kept beside it.
    assert (second.label, second.intended) == ("none", "red_herring")
    assert second.text == "First line\nsecond line."


def test_training_is_deterministic_on_a_small_corpus():
    pytest.importorskip("sklearn", reason="scikit-learn (dev extra) trains the model")
    from tools.train_fallacies import Argument, dump, fit

    texts = {
        "ad_hominem": ["He is a liar, ignore him.", "She is an idiot, so her plan fails."],
        "appeal_to_emotion": ["Think of the crying children!", "Imagine the poor puppies."],
        "false_authority": ["My barber says vaccines are bad.", "A famous actor says so."],
        "hasty_generalization": ["My cousin was rude, so all men are.", "Every cat is mean."],
        "red_herring": ["But what about the parks he built?", "Let's not forget the weather."],
        "none": ["Bike lanes cut accidents by a third.", "The study asked 500 pupils."],
    }
    arguments = [
        Argument(f"author{k % 6}", text, label, label)
        for k, (label, text) in enumerate((lb, t) for lb, ts in texts.items() for t in ts)
    ]
    assert dump(fit(arguments)) == dump(fit(arguments))
