"""The three-way merge behind every versioned form (toulmini_site.versions): pure, no database."""

import pytest

from toulmini_site.versions import StaleWrite, merge_fields, resolve


def test_fields_changed_on_one_side_each_are_merged():
    merged = merge_fields(
        base={"data": "", "claim": "", "points": None},
        mine={"data": "", "claim": "Say who.", "points": None},
        theirs={"data": "Name the study.", "claim": "", "points": 3},
    )
    assert merged.values == {"data": "Name the study.", "claim": "Say who.", "points": 3}
    assert merged.conflicts == ()


def test_a_field_changed_on_both_sides_differently_is_a_conflict_keeping_mine():
    merged = merge_fields(base={"claim": "a"}, mine={"claim": "mine"}, theirs={"claim": "theirs"})
    assert merged.conflicts == ("claim",)
    assert merged.values == {"claim": "mine"}


def test_the_same_change_on_both_sides_is_no_conflict():
    merged = merge_fields(base={"claim": "a"}, mine={"claim": "b"}, theirs={"claim": "b"})
    assert merged == merge_fields(base={"claim": "b"}, mine={"claim": "b"}, theirs={"claim": "b"})
    assert merged.conflicts == ()


def test_resolve_writes_mine_when_the_version_is_current_or_not_given():
    for expected in (None, 4):
        got = resolve(
            expected=expected, version=4, mine={"a": 1}, theirs={"a": 2}, base=None, message="m"
        )
        assert got == {"a": 1}


def test_resolve_refuses_a_stale_change_without_base_with_the_current_version_and_values():
    with pytest.raises(StaleWrite) as refused:
        resolve(expected=3, version=4, mine={"a": 1}, theirs={"a": 2}, base=None, message="m")
    assert refused.value.status == 409
    assert refused.value.payload["version"] == 4
    assert refused.value.payload["current"] == {"a": 2}
    assert refused.value.payload["conflicts"] == ["a"]
    assert refused.value.payload["code"] == "STALE_VERSION"


def test_resolve_accepts_a_stale_save_that_changes_nothing_saved_meanwhile():
    got = resolve(expected=3, version=4, mine={"a": 2}, theirs={"a": 2}, base=None, message="m")
    assert got == {"a": 2}
