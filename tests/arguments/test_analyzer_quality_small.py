"""The analyzer's web evaluation under BENCH_SMALL reads a few texts of every topic, and all of
them otherwise (``evaluations.analyzer_quality.small_sample``)."""

from __future__ import annotations

import pytest

from evaluations.analyzer_quality import SMALL_TEXTS, small_sample
from tools.train_roles import QUERIES


def corpus() -> list[dict]:
    # topics interleaved, as the corpus file may hold them
    return [{"topic": topic, "n": n} for n in range(SMALL_TEXTS + 3) for topic in QUERIES]


def test_the_full_run_reads_every_text_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BENCH_SMALL", raising=False)
    docs = corpus()
    assert small_sample(docs) == docs


def test_bench_small_keeps_the_first_texts_of_every_topic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BENCH_SMALL", "1")
    kept = small_sample(corpus())
    for topic in QUERIES:
        assert [d["n"] for d in kept if d["topic"] == topic] == list(range(SMALL_TEXTS))
    assert len(kept) == SMALL_TEXTS * len(QUERIES)


def test_bench_small_zero_is_the_full_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BENCH_SMALL", "0")
    assert len(small_sample(corpus())) == (SMALL_TEXTS + 3) * len(QUERIES)
