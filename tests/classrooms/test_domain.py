"""Pure classroom rules: join codes, submission states, feedback points."""

from datetime import UTC, datetime, timedelta

import pytest

from toulmini_site.classrooms.domain.grading import (
    FeedbackInvalid,
    feedback_validate,
    points_max,
    points_max_validate,
    points_total,
)
from toulmini_site.classrooms.domain.join_code import (
    ALPHABET,
    join_code_new,
    join_code_normalize,
)
from toulmini_site.classrooms.domain.submissions import (
    InvalidTransition,
    is_late,
    transition,
)


def test_join_code_alphabet_leaves_out_look_alike_characters():
    for confusing in "0O1I":
        assert confusing not in ALPHABET
    code = join_code_new()
    assert len(code) == 8 and set(code) <= set(ALPHABET)


def test_join_codes_are_random():
    assert len({join_code_new() for _ in range(50)}) == 50


def test_join_code_is_read_case_insensitively_ignoring_spaces_and_dashes():
    assert join_code_normalize("abcd-efgh") == "ABCDEFGH"
    assert join_code_normalize(" abcd efgh ") == "ABCDEFGH"


@pytest.mark.parametrize(
    "typed", ["ABCDEFG", "ABCDEFGHJ", "ABCDEFG0", "ABCDEFGO", "ABCDEFG1", "ABCDEFGI", ""]
)
def test_join_code_near_misses_are_refused(typed):
    assert join_code_normalize(typed) is None


def test_the_happy_path_of_a_submission():
    state = transition("assigned", "start")
    assert state == "in_progress"
    state = transition(state, "turn_in")
    assert state == "turned_in"
    assert transition(state, "unsubmit") == "in_progress"
    assert transition(state, "return") == "returned"


@pytest.mark.parametrize(
    ("state", "action"),
    [
        ("assigned", "turn_in"),
        ("returned", "turn_in"),
        ("turned_in", "turn_in"),
        ("in_progress", "unsubmit"),
        ("returned", "unsubmit"),
        ("assigned", "return"),
        ("in_progress", "return"),
    ],
)
def test_out_of_order_steps_are_refused(state, action):
    with pytest.raises(InvalidTransition):
        transition(state, action)


def test_starting_again_never_moves_the_state_back():
    for state in ("in_progress", "turned_in", "returned"):
        assert transition(state, "start") == state


def test_late_only_after_the_due_date():
    due = datetime(2026, 1, 1, 12, tzinfo=UTC)
    assert is_late(due + timedelta(seconds=1), due)
    assert not is_late(due, due)
    assert not is_late(due + timedelta(days=9), None)


def test_points_default_to_four_per_part_and_the_assignment_may_change_them():
    assert points_max(None)["claim"] == 4
    assert points_max({"claim": 10})["claim"] == 10
    assert points_max_validate({"warrant": 6})["warrant"] == 6


@pytest.mark.parametrize("bad", [{"claim": 0}, {"claim": 101}, {"claim": "3"}, {"nope": 2}])
def test_bad_maxima_are_refused(bad):
    with pytest.raises(FeedbackInvalid):
        points_max_validate(bad)


def test_feedback_points_within_range_and_total():
    maxima = points_max({"claim": 10})
    comments, points = feedback_validate(
        comments={"claim": " Clear. ", "warrant": "  "},
        points={"claim": 10, "warrant": 0},
        overall="",
        maxima=maxima,
    )
    assert comments == {"claim": "Clear."}
    assert points_total(points) == 10


@pytest.mark.parametrize(
    ("comments", "points", "loc"),
    [
        ({}, {"claim": 5}, "points.claim"),
        ({}, {"claim": -1}, "points.claim"),
        ({}, {"claim": True}, "points.claim"),
        ({}, {"verdict": 1}, "points.verdict"),
        ({"verdict": "x"}, {}, "comments.verdict"),
    ],
)
def test_feedback_out_of_range_names_the_field(comments, points, loc):
    with pytest.raises(FeedbackInvalid) as refused:
        feedback_validate(comments=comments, points=points, overall="", maxima=points_max(None))
    assert [d["loc"] for d in refused.value.details] == [loc]
