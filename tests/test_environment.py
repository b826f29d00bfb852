"""The typed readers of environment variables: good values are read, bad ones stop the app."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from toulmini_site.environment import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_str,
)

NAME = "TOULMINI_TEST_SETTING"


@pytest.fixture(autouse=True)
def unset(monkeypatch):
    monkeypatch.delenv(NAME, raising=False)


def test_str_strips_white_space(monkeypatch):
    monkeypatch.setenv(NAME, "  postgres://db  ")

    assert env_str(NAME) == "postgres://db"


def test_str_defaults_when_unset():
    assert env_str(NAME) == ""
    assert env_str(NAME, "fallback") == "fallback"


@pytest.mark.parametrize("raw", ["1", "true", "TRUE", " Yes ", "on"])
def test_bool_reads_true_spellings(monkeypatch, raw):
    monkeypatch.setenv(NAME, raw)

    assert env_bool(NAME, False) is True


@pytest.mark.parametrize("raw", ["0", "false", "False", "no", " OFF "])
def test_bool_reads_false_spellings(monkeypatch, raw):
    monkeypatch.setenv(NAME, raw)

    assert env_bool(NAME, True) is False


def test_bool_defaults_when_unset():
    assert env_bool(NAME, True) is True
    assert env_bool(NAME, False) is False


@pytest.mark.parametrize("raw", ["ture", "2", "enabled", "y es"])
def test_bool_refuses_anything_else(monkeypatch, raw):
    monkeypatch.setenv(NAME, raw)

    with pytest.raises(ImproperlyConfigured, match=f"{NAME} must be a boolean"):
        env_bool(NAME, True)


def test_int_reads_an_integer(monkeypatch):
    monkeypatch.setenv(NAME, " 42 ")

    assert env_int(NAME, 0) == 42


@pytest.mark.parametrize("raw", [None, "", "   "])
def test_int_defaults_when_unset_or_blank(monkeypatch, raw):
    if raw is not None:
        monkeypatch.setenv(NAME, raw)

    assert env_int(NAME, 7) == 7


@pytest.mark.parametrize("raw", ["4.5", "ten", "3 retries", "0x10"])
def test_int_refuses_a_non_integer(monkeypatch, raw):
    monkeypatch.setenv(NAME, raw)

    with pytest.raises(ImproperlyConfigured, match=f"{NAME} must be an integer"):
        env_int(NAME, 0)


def test_int_refuses_a_value_below_the_minimum(monkeypatch):
    monkeypatch.setenv(NAME, "-1")

    with pytest.raises(ImproperlyConfigured, match=f"{NAME} must be at least 0, got -1"):
        env_int(NAME, 2, minimum=0)


def test_int_accepts_the_minimum_itself(monkeypatch):
    monkeypatch.setenv(NAME, "0")

    assert env_int(NAME, 2, minimum=0) == 0


@pytest.mark.parametrize(("raw", "value"), [("0.5", 0.5), (" 60 ", 60.0), ("1e1", 10.0)])
def test_float_reads_a_number(monkeypatch, raw, value):
    monkeypatch.setenv(NAME, raw)

    assert env_float(NAME, 1.0) == value


def test_float_defaults_when_blank(monkeypatch):
    monkeypatch.setenv(NAME, "")

    assert env_float(NAME, 60.0) == 60.0


@pytest.mark.parametrize("raw", ["fast", "1,5", "0.5s"])
def test_float_refuses_a_non_number(monkeypatch, raw):
    monkeypatch.setenv(NAME, raw)

    with pytest.raises(ImproperlyConfigured, match=f"{NAME} must be a number"):
        env_float(NAME, 1.0)


@pytest.mark.parametrize("raw", ["nan", "NaN", "inf", "-inf", "Infinity"])
def test_float_refuses_nan_and_infinity(monkeypatch, raw):
    # float() reads these; "nan" would even slip past a minimum (every comparison is False).
    monkeypatch.setenv(NAME, raw)

    with pytest.raises(ImproperlyConfigured, match=f"{NAME} must be a finite number"):
        env_float(NAME, 60.0, minimum=0.1)


def test_float_refuses_a_value_below_the_minimum(monkeypatch):
    monkeypatch.setenv(NAME, "0.05")

    with pytest.raises(ImproperlyConfigured, match=f"{NAME} must be at least 0.1"):
        env_float(NAME, 60.0, minimum=0.1)


def test_list_splits_on_commas_and_drops_empty_items(monkeypatch):
    monkeypatch.setenv(NAME, " example.org, ,www.example.org,, ")

    assert env_list(NAME, ["localhost"]) == ["example.org", "www.example.org"]


def test_list_defaults_only_when_unset(monkeypatch):
    assert env_list(NAME, ["localhost"]) == ["localhost"]

    monkeypatch.setenv(NAME, "")

    assert env_list(NAME, ["localhost"]) == []  # set but empty means "none"


def test_choice_reads_a_listed_value_in_any_case(monkeypatch):
    monkeypatch.setenv(NAME, " Database ")

    assert env_choice(NAME, "immediate", ("immediate", "database")) == "database"


def test_choice_defaults_when_unset_or_blank(monkeypatch):
    assert env_choice(NAME, "immediate", ("immediate", "database")) == "immediate"

    monkeypatch.setenv(NAME, "  ")

    assert env_choice(NAME, "immediate", ("immediate", "database")) == "immediate"


def test_choice_refuses_an_unlisted_value(monkeypatch):
    monkeypatch.setenv(NAME, "celery")

    with pytest.raises(ImproperlyConfigured, match="must be one of immediate, database"):
        env_choice(NAME, "immediate", ("immediate", "database"))
