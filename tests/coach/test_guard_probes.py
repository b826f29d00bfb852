"""A good tutor's probing is not writing: a yes/no question that asks the student to check,
test, count or consider something about their own text, their words quoted back to them, the
shape of their sentence described, and a suggestion about what they do ("What if you read it
aloud ...?") reach the student whole; near misses stay withheld (a yes/no question carrying a
new fact or a candidate part, a quotation that is not theirs, "What if the school ...?",
"What if you argued ...?"). One withheld sentence withholds only itself: what passes around it,
and a follow-up question that passes, still reach the student.

The cases (``probes_tune``, tuned on; ``probes_frozen``, never tuned on) are played through
the server's whole path after a student on one of four new topics (``probes_contexts``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from coach.domain.answer import serve
from coach.domain.phrases import words
from evaluations.coach import voices
from tests.coach import probes_contexts, probes_frozen, probes_tune


def _seen(topic: str, step: str, raw: dict[str, Any]) -> voices.Shown:
    return voices.shown(raw, probes_contexts.inputs(topic, step))


def _sentence_seen(topic: str, step: str, field: str, sentence: str) -> voices.Shown:
    own = probes_contexts.DRAFTS[topic][step]
    language = probes_contexts.LANGUAGE[topic]
    return _seen(topic, step, voices.sentence_answer(step, language, field, sentence, own))


def _whole(seen: str, sentence: str) -> bool:
    return " ".join(words(sentence)) in " ".join(words(seen))


def _new_runs(topic: str, sentence: str) -> set[tuple[str, ...]]:
    """Runs of four words of ``sentence`` that the student (their whole draft) and the topic
    do not hold."""

    def grams(text: str) -> set[tuple[str, ...]]:
        tokens = words(text)
        return {tuple(tokens[i : i + 4]) for i in range(len(tokens) - 3)}

    theirs = " ".join([probes_contexts.TOPICS[topic], *probes_contexts.DRAFTS[topic].values()])
    return grams(sentence) - grams(theirs)


def _leaked(topic: str, seen: str, sentence: str) -> bool:
    tokens = words(seen)
    shown = {tuple(tokens[i : i + 4]) for i in range(len(tokens) - 3)}
    return bool(_new_runs(topic, sentence) & shown)


def _ids(rows: list[tuple[str, ...]]) -> list[str]:
    return [f"{row[0]}-{row[1]}-{row[2]}-{row[3]}-{i}" for i, row in enumerate(rows)]


@pytest.mark.parametrize(
    ("kind", "topic", "step", "field", "sentence"), probes_tune.GOOD, ids=_ids(probes_tune.GOOD)
)
def test_a_good_tutors_probe_reaches_the_student_whole(kind, topic, step, field, sentence):
    seen = _sentence_seen(topic, step, field, sentence)
    assert _whole(seen.text, sentence), seen.text


# A fact put as known, with one word of its own ("¿Sabías que en Francia ...?"): it reached
# the student before this change too; the knowing frames are another round's work.
KNOWN_LEAKS = {"¿Sabías que en Francia las excursiones escolares son gratis por ley?"}


@pytest.mark.parametrize(
    ("kind", "topic", "step", "field", "sentence"),
    [
        pytest.param(*row, marks=pytest.mark.xfail(strict=True, reason="a knowing frame"))
        if row[4] in KNOWN_LEAKS
        else row
        for row in probes_tune.NEAR
    ],
    ids=_ids(probes_tune.NEAR),
)
def test_a_near_miss_that_offers_content_stays_withheld(kind, topic, step, field, sentence):
    seen = _sentence_seen(topic, step, field, sentence)
    assert not _leaked(topic, seen.text, sentence), seen.text


# The held-out half is never tuned on: what it measures is reported (docs/coach.md), run once
# after this round's last rule change (good withheld 2/20 -> 1/20, near misses shown 4/17 ->
# 2/17: two quotations not the student's, offered as the part, that reached the student
# before this change too), and held here so that it can only get better.
FROZEN_GOOD_WITHHELD_AT_MOST = 1
FROZEN_NEAR_SHOWN_AT_MOST = 2


def test_the_frozen_halfs_good_probes_reach_the_student():
    withheld = [
        sentence
        for _, topic, step, field, sentence in probes_frozen.GOOD
        if not _whole(_sentence_seen(topic, step, field, sentence).text, sentence)
    ]
    assert len(withheld) <= FROZEN_GOOD_WITHHELD_AT_MOST, len(withheld)


def test_the_frozen_halfs_near_misses_stay_withheld():
    shown = [
        sentence
        for _, topic, step, field, sentence in probes_frozen.NEAR
        if _leaked(topic, _sentence_seen(topic, step, field, sentence).text, sentence)
    ]
    assert len(shown) <= FROZEN_NEAR_SHOWN_AT_MOST, len(shown)


def test_the_cases_cover_both_languages_and_every_class():
    for half in (probes_tune, probes_frozen):
        for rows, classes in (
            (half.GOOD, {"probe", "quote", "shape", "process"}),
            (half.NEAR, {"fact_question", "not_theirs_quote", "what_if_offer"}),
        ):
            assert {row[0] for row in rows} == classes
            assert {probes_contexts.LANGUAGE[row[1]] for row in rows} == {"en", "es"}
            # Every near miss carries words of its own: otherwise it could not leak.
            assert all(_new_runs(row[1], row[4]) for row in half.NEAR)
    assert len(probes_tune.GOOD) + len(probes_frozen.GOOD) >= 30
    assert len(probes_tune.NEAR) + len(probes_frozen.NEAR) >= 30


# -- one withheld sentence withholds only itself -----------------------------------------------

PART_EN = "You could write that heavy bags damage young spines for life."
PART_ES = "Podrías escribir que el deporte por la tarde reduce el estrés de los exámenes."


def _answer(step: str, text: str, question: str | None = None) -> dict[str, Any]:
    raw: dict[str, Any] = {"assistantText": text, "step": step, "confidence": 0.4}
    return raw | ({"nextQuestion": question} if question else {})


def _events(topic: str, step: str, raw: dict[str, Any]) -> list[dict[str, Any]]:
    text = json.dumps(raw, ensure_ascii=False)
    chunks = [text[i : i + 5] for i in range(0, len(text), 5)]
    return list(serve(chunks, probes_contexts.inputs(topic, step)))


@pytest.mark.parametrize(
    ("topic", "part", "before", "pointing", "after", "question"),
    [
        (
            "lockers",
            PART_EN,
            "“Always over 7 kg” is a number a reader can check.",
            "That would make your grounds much stronger.",
            "Your grounds already say how often you weighed the bag.",
            "Did anyone else see the scale when you weighed it?",
        ),
        (
            "gimnasio",
            PART_ES,
            "«18 de 25» es una cifra que tu lector puede comprobar.",
            "Eso haría tus datos mucho más fuertes.",
            "Tus datos ya dicen a cuántos preguntaste.",
            "¿Guardaste las hojas de la encuesta?",
        ),
    ],
)
def test_what_passes_around_a_withheld_sentence_still_reaches_the_student(
    topic, part, before, pointing, after, question
):
    """The sentence pointing back at the withheld one goes with it (it would point at what
    the student was not shown); the others stay, streamed, and the follow-up question too."""
    text = f"{before} {part} {pointing} {after}"
    events = _events(topic, "grounds", _answer("grounds", text, question))
    streamed = "".join(e["text"] for e in events if e["type"] == "partial")
    final = events[-1]
    assert final["type"] == "judged" and final["withheld"]
    shown = f"{streamed}\n{final['result'].assistantText}"
    assert not _leaked(topic, shown, part), shown
    assert not _whole(shown, pointing), shown
    for sentence in (before, after, question):
        assert _whole(shown, sentence), shown
    assert _whole(streamed, before) and _whole(streamed, after)
    assert final["result"].nextQuestion == question


def test_a_withheld_follow_up_question_goes_and_the_reply_stays():
    question = "Would it help to add that doctors say bags should weigh under a tenth of you?"
    reply = "“Always over 7 kg” is a number a reader can check."
    events = _events("lockers", "grounds", _answer("grounds", reply, question))
    final = events[-1]
    shown = "".join(e["text"] for e in events if e["type"] == "partial")
    shown += "\n" + final["result"].assistantText
    assert final["withheld"] and final["result"].nextQuestion is None
    assert _whole(shown, reply)
    assert not _leaked("lockers", shown, question), shown
    assert "?" in final["result"].assistantText  # a guiding question takes its place


def test_an_answer_with_a_withheld_sentence_loses_its_proposal():
    raw = _answer("grounds", f"Good start. {PART_EN}") | {
        "proposedUpdate": {
            "field": "grounds",
            "value": probes_contexts.DRAFTS["lockers"]["grounds"],
            "rationale": "Your words.",
        },
        "confidence": 0.9,
    }
    final = _events("lockers", "grounds", raw)[-1]
    assert final["withheld"] and final["result"].proposedUpdate is None
    assert final["status"] == "withheld"


@pytest.mark.parametrize(
    "unit", ["“", "«", '"', "“a«b", "that ", "eso ", "los ", " la", "esta esto "]
)
def test_the_reply_is_read_in_bounded_time_whatever_its_quotes_and_pointers(unit):
    """The quotation masked before words about a proposal are looked for, and the words that
    point back, on 20,000 characters of one unit repeated (a quotation never closed): under
    25 ms alone (CPU time); the bound catches a square (seconds), not a busy machine's pace."""
    import time

    from coach.domain.answer import _refers_back, talks_of_proposal

    text = (unit * (20_000 // len(unit) + 1))[:20_000]
    started = time.process_time()
    talks_of_proposal(text)
    _refers_back(text)
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize(
    "unit",
    [
        "could you check whether ",
        "did you ask if 12 ",
        "¿podrías comprobar si ",
        "what if you read ",
        "lees tu tesis así ",
        "“ever” shows ",
        "so nobody can say that ",
    ],
)
def test_a_long_run_of_checks_and_probes_is_judged_in_bounded_time(unit):
    """The checks put to the student, the probe's words and a quotation of theirs opening a
    sentence, on 20,000 characters of one unit repeated: 0.1 to 3 s alone, as before them."""
    import time

    from coach.domain.authorship import authorship_for
    from coach.domain.turn import read_turn

    authorship = authorship_for(read_turn(probes_contexts.inputs("lockers", "grounds")))
    text = (unit * (20_000 // len(unit) + 1))[:20_000] + "?"
    started = time.process_time()
    authorship.composes(text)
    assert time.process_time() - started < 10.0
