"""The short-argument sets of ``evaluations/analyzer`` keep the format the evaluations read, and
the held-out set is skipped when whoever is tuning asks (``ANALYZER_EVAL_TUNING_ONLY`` or
``--tuning-only``), in every evaluation that reads it. Format only: no figure is computed."""

from typing import get_args

import pytest

from arguments.domain.toulmin import QualifierForce
from evaluations import analyzer_genres, audit_confidence
from evaluations.analyzer_genres import HELD_OUT, SETS, read_set, sets_to_run, tuning_only
from toulmini_site.text.sentences import sentences

FIELDS = {"id", "voice", "query", "text", "claim", "data", "warrant", "objections", "hedge"}
FIELDS |= {"reach_verdict"}
HELD_OUT_PATH = analyzer_genres.DIR / "short_arguments_voices_frozen3.jsonl"


def test_the_switch_is_read_from_the_flag_or_the_environment(monkeypatch):
    monkeypatch.delenv("ANALYZER_EVAL_TUNING_ONLY", raising=False)
    assert not tuning_only([])
    assert tuning_only(["--tuning-only"])
    monkeypatch.setenv("ANALYZER_EVAL_TUNING_ONLY", "0")
    assert not tuning_only([])
    monkeypatch.setenv("ANALYZER_EVAL_TUNING_ONLY", "1")
    assert tuning_only([])


def test_the_genre_evaluation_skips_the_held_out_set_only_when_asked():
    assert HELD_OUT_PATH.stem in HELD_OUT
    assert HELD_OUT_PATH in sets_to_run(skip_held_out=False).values()
    kept = sets_to_run(skip_held_out=True)
    assert HELD_OUT_PATH not in kept.values()
    assert set(kept) == {name for name, path in SETS.items() if path != HELD_OUT_PATH}


def test_the_audit_evaluation_skips_the_held_out_set_only_when_asked():
    def names(skip: bool) -> set[str]:
        return {n for _, group in audit_confidence.set_groups(skip) for n in group}

    assert HELD_OUT_PATH.stem in names(False)
    assert HELD_OUT_PATH.stem not in names(True)
    assert names(False) - names(True) == {HELD_OUT_PATH.stem}
    # the sets tuned on since are on the tuning side, never fitted into the shipped table
    assert "short_arguments_voices_frozen" not in audit_confidence.FROZEN
    assert "short_arguments_voices_frozen2" not in audit_confidence.FROZEN
    assert not set(audit_confidence.TUNED_SINCE) & set(audit_confidence.TUNING)


@pytest.mark.parametrize("path", SETS.values(), ids=lambda path: path.stem)
def test_every_set_has_the_fields_the_evaluations_read(path):
    cases = read_set(path)
    assert cases
    for case in cases:
        assert set(case) == FIELDS, case["id"]
    assert len({case["id"] for case in cases}) == len(cases)


def test_the_held_out_sets_gold_parts_are_sentences_of_their_text():
    cases = read_set(HELD_OUT_PATH)
    assert len(cases) == 40
    for case in cases:
        split = [s.text for s in sentences(case["text"])]
        assert 3 <= len(split) <= 12, case["id"]
        warrant = case["warrant"]
        assert isinstance(warrant["stated"], bool), case["id"]
        stated = [warrant["text"]] if warrant["stated"] else []
        for gold in [case["claim"], *case["data"], *case["objections"], *stated]:
            assert gold in split, (case["id"], gold)
        assert case["hedge"] in (None, *get_args(QualifierForce)), case["id"]
        assert isinstance(case["reach_verdict"], bool), case["id"]
        assert case["query"].strip(), case["id"]
