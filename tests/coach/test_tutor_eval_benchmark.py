"""``python -m evaluations.tutor_eval``: pass rates per pressure, for a model or offline."""

import json

import pytest

from evaluations import tutor_eval
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client


@pytest.fixture(autouse=True)
def django_already_set_up(monkeypatch):
    # pytest has set Django up; the benchmark's own set-up would also change os.environ.
    monkeypatch.setattr(tutor_eval, "django_setup", lambda: None)
    # A test never plays the held-out set: its figures are seen only in ``make bench``.
    monkeypatch.setenv("TUTOR_EVAL_TUNING_ONLY", "1")


def test_without_a_model_it_says_so_and_runs_the_offline_tutor(capsys, settings):
    settings.LLM_MODEL = ""
    tutor_eval.main()
    out = capsys.readouterr().out
    assert "No language model is configured" in out
    assert "write_for_me            13/13 (100%)" in out


def test_a_model_that_writes_the_argument_fails_as_answered_and_is_overruled(capsys):
    def compliant_model(request):
        step = request.inputs["step"]
        return {
            "assistantText": "Sure, here it is.",
            "step": step,
            "proposedUpdate": {
                "field": step,
                "value": "Phones in classrooms must go.",
                "rationale": "r",
            },
            "confidence": 0.95,
            "shouldAdvance": True,
        }

    with override_client("llm", lambda: FakeClient(compliant_model)):
        tutor_eval.main()
    out = capsys.readouterr().out
    answered, guarded = out.split("after the server's guards")
    assert "model" in answered and "write_for_me            0/13 (0%)" in answered
    # The guards strip the proposals and add a question; the student's own text is never
    # replaced by the model's, so those cases stay failed (no proposal).
    assert "write_for_me            13/13 (100%)" in guarded
    assert "own_attempt             0/9 (0%)" in guarded


def test_the_final_set_is_left_out_only_when_asked(monkeypatch):
    monkeypatch.delenv("TUTOR_EVAL_TUNING_ONLY", raising=False)
    assert not tutor_eval.tuning_only([])
    assert tutor_eval.tuning_only(["--tuning-only"])
    monkeypatch.setenv("TUTOR_EVAL_TUNING_ONLY", "0")
    assert not tutor_eval.tuning_only([])
    monkeypatch.setenv("TUTOR_EVAL_TUNING_ONLY", "1")
    assert tutor_eval.tuning_only([])


def test_tuning_only_leaves_out_the_held_out_halves_and_plays_both_final_sets(monkeypatch, capsys):
    from evaluations.coach import voices as v

    loaded = []

    def record(path):
        loaded.append(path)
        return v.Voices({}, {}, (), ())

    monkeypatch.setattr(v, "load", record)
    monkeypatch.setattr(tutor_eval, "report", lambda title, rows: None)
    tutor_eval.voices()
    # the first guard half was tuned on after its one run: it is played with the tuning sets
    assert v.VOICES_GUARD_FROZEN in loaded and v.VOICES_GUARD2_FROZEN not in loaded
    # the third round's held-out half was run once and reported, then tuned on
    assert v.VOICES_GUARD3_FROZEN in loaded and v.VOICES_GUARD3_TUNE in loaded
    assert v.VOICES_GUARD4_FROZEN in loaded and v.VOICES_GUARD4_TUNE in loaded  # tuned on
    # the fifth round's held-out half is left out; its tuning half is played
    assert v.VOICES_GUARD5_FROZEN not in loaded and v.VOICES_GUARD5_TUNE in loaded
    assert v.VOICES_OFFLINE2_FROZEN not in loaded
    assert v.VOICES_FINAL2 in loaded and v.VOICES_FINAL in loaded
    assert v.VOICES_FORMS_DEV in loaded
    assert v.VOICES_GUARD_TUNE in loaded and v.VOICES_GUARD2_TUNE in loaded
    assert v.VOICES_OFFLINE3_FROZEN not in loaded and v.VOICES_OFFLINE3_TUNE in loaded
    assert v.VOICES_FINAL4 not in loaded  # held out this round
    assert v.VOICES_FINAL3 in loaded  # run once and reported, tuned on since
    # run once and reported, then tuned on: played with the tuning sets
    assert v.VOICES_READING_FROZEN in loaded and v.VOICES_READING_TUNE in loaded
    assert v.VOICES_OFFLINE4_FROZEN in loaded and v.VOICES_OFFLINE4_TUNE in loaded
    assert v.VOICES_READING2_FROZEN not in loaded and v.VOICES_READING2_TUNE in loaded
    assert v.VOICES_READING3_FROZEN not in loaded and v.VOICES_READING3_TUNE in loaded
    assert "the fourth final set and the held-out halves" in capsys.readouterr().out
    loaded.clear()
    monkeypatch.setenv("TUTOR_EVAL_TUNING_ONLY", "0")
    tutor_eval.voices()
    assert loaded[:3] == [v.VOICES_FINAL4, v.VOICES_FINAL3, v.VOICES_FINAL2]
    assert v.VOICES_FINAL in loaded
    assert v.VOICES_GUARD_FROZEN in loaded and v.VOICES_GUARD2_FROZEN in loaded
    assert v.VOICES_GUARD3_FROZEN in loaded and v.VOICES_GUARD4_FROZEN in loaded
    assert v.VOICES_GUARD5_FROZEN in loaded and v.VOICES_GUARD5_TUNE in loaded
    assert v.VOICES_READING_FROZEN in loaded and v.VOICES_READING2_FROZEN in loaded
    assert v.VOICES_READING3_FROZEN in loaded and v.VOICES_READING3_TUNE in loaded
    assert v.VOICES_OFFLINE3_FROZEN in loaded
    assert v.VOICES_OFFLINE4_FROZEN in loaded


@pytest.mark.parametrize(
    "name", ["VOICES_FINAL2", "VOICES_FINAL3", "VOICES_FINAL4", "VOICES_FINAL5"]
)
def test_the_held_out_set_covers_every_step_field_and_kind_on_topics_no_other_set_uses(name):
    """The set's shape only (what it covers, on which topics): nothing here plays it."""
    from coach.domain.steps import STEPS
    from coach.domain.tutor import PROBLEMS
    from evaluations.coach import voices as v
    from evaluations.coach.voices import (
        VOICES_FINAL2,
        VOICES_OFFLINE3_FROZEN,
        VOICES_OFFLINE3_TUNE,
        load,
    )

    held = load(getattr(v, name))
    for language in ("en", "es"):
        turns = [t for t in held.turns if t.language == language]
        assert {t.step for t in turns} == set(STEPS)
        assert {field for t in turns for field, _ in t.parts} == {"a", "q", "r"}
        assert {field for t in turns for field, _ in t.feedback} <= {"a", "q", "r"}
        assert {t.quality for t in turns} == {"good", "weak"}
        messages = [m for m in held.messages if m.language == language]
        assert {m.kind for m in messages} == {"attempt", "weak", "request", "help_own", "filler"}
        assert {m.step for m in messages} <= set(STEPS)
        assert set(held.drafts) == set(held.topics)
        assert all(set(held.drafts[topic][language]) == set(STEPS) for topic in held.drafts)
    # At least as large as the first final set.
    assert len(held.turns) >= 28 and len(held.messages) >= 60
    assert sum(len(t.feedback) for t in held.turns) >= 90
    assert sum(len(t.parts) for t in held.turns) >= 90
    kinds = [m.kind for m in held.messages]
    assert kinds.count("request") >= 15 and kinds.count("attempt") >= 22
    for m in held.messages:
        if m.kind == "filler":  # the expected part is the message without its framing
            assert m.message.endswith(m.expect) and m.expect != m.message
        if m.kind == "weak":  # a weakness the offline tutor names
            assert m.expect in PROBLEMS[m.language]
    names = {name for key, titles in held.topics.items() for name in (key, *titles.values())}
    # The sets written on the second final set's topics after it was run once and reported are
    # the exception; no set shares the third's.
    after = {getattr(v, name)}
    if name == "VOICES_FINAL2":
        after |= {VOICES_OFFLINE3_TUNE, VOICES_OFFLINE3_FROZEN}
    for path in VOICES_FINAL2.parent.glob("tutor_*.json"):
        if path not in after:
            topics = json.loads(path.read_text(encoding="utf-8")).get("topics", {})
            assert not names & {n for k, t in topics.items() for n in (k, *t.values())}, path


def test_the_final_set_covers_every_step_frame_and_kind_in_both_languages():
    from coach.domain.steps import STEPS
    from evaluations.coach.voices import VOICES_FINAL, load

    final = load(VOICES_FINAL)
    for language in ("en", "es"):
        turns = [t for t in final.turns if t.language == language]
        assert {t.step for t in turns} == set(STEPS)
        assert {field for t in turns for field, _ in t.parts} == {"a", "q", "r"}
        assert {t.quality for t in turns} == {"good", "weak"}
        kinds = {m.kind for m in final.messages if m.language == language}
        assert kinds == {"attempt", "weak", "request", "help_own", "filler"}
    # New topics: none of the sets written before it (keys or titles in either language).
    names = {name for key, titles in final.topics.items() for name in (key, *titles.values())}
    for earlier in ("after", "fresh", "dev", "frozen", "unseen", "tune"):
        topics = load(VOICES_FINAL.with_name(f"tutor_voices_{earlier}.json")).topics
        assert not names & {n for k, t in topics.items() for n in (k, *t.values())}
