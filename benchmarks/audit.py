"""Audit benchmark: one audit of 8 criteria against a fake model with a fixed 200 ms latency.

Run: ``.venv/bin/python -m benchmarks.audit``

Targets: one model call per criterion (8), wall time at most 2 x 200 ms = 0.4 s, since the
criteria are assessed in parallel. Measured on the graph alone and through the service
(database, each criterion saved as it finishes). Then the offline engine (the default) on a
generated 50,000-character opinion.
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import django_setup, ms, report, small, summary_ms, test_database

LATENCY = 0.2
RUNS = 1 if small() else 3
CRITERIA = 8

OPINION = (
    "The appellant argues that the contract was void because the signature was forged. "
    "However, in Daubert v. Merrell Dow, 509 U.S. 579 (1993), the Supreme Court held that "
    "trial judges act as gatekeepers. Therefore the admission of the expert's testimony was "
    "within the court's discretion. The record shows, per Exhibit 4, that the handwriting "
    "differed."
)


def answer(request: Any) -> dict:
    return {
        "numeric_score": 4,
        "reasoning": f"{request.inputs['criterion_name']} is well served.",
        "security_violation_found": False,
        "relevance_confidence": 0.8,
        "evidence": [
            {
                "source_ref": "paragraph 1, sentence 3",
                "content": "Therefore the admission of the expert's testimony was within the "
                "court's discretion.",
                "relevance_confidence": 0.7,
            }
        ],
    }


def eight_criteria() -> list[Any]:
    from council.domain.audit import Criterion

    analyzers = ["reasoning", "citations", "balance", "clarity", "claim", "warrant", "rebuttal"]
    criteria = [
        Criterion(id=f"c{i}", name=f"Criterion {i}", weight=1.0 + i % 3, analyzer=analyzer)
        for i, analyzer in enumerate(analyzers, start=1)
    ]
    return [*criteria, Criterion(id="security", name="Security", is_security=True,
                                 analyzer="security")]  # fmt: skip


def graph_runs() -> tuple[list[float], list[int]]:
    from council.domain.audit import JudicialOpinion
    from council.services.audit_graph import audit_graph_run
    from toulmini_site.llm.fake import FakeClient

    times, calls = [], []
    for _ in range(RUNS):
        client = FakeClient(answer, latency=LATENCY)
        started = time.perf_counter()
        state = audit_graph_run(
            client=client, document=JudicialOpinion(text=OPINION), criteria=eight_criteria()
        )
        times.append(time.perf_counter() - started)
        calls.append(len(client.calls))
        assert state["report"] is not None and len(state["criterion_results"]) == CRITERIA
    return times, calls


def service_runs() -> tuple[list[float], list[int]]:
    from decimal import Decimal

    from django.contrib.auth import get_user_model

    from council.models import Audit, Rubric, RubricCriterion
    from council.services.audit import audit_create
    from toulmini_site.llm.fake import FakeClient
    from toulmini_site.llm.models import LLMCall
    from toulmini_site.llm.providers import override_client

    owner = get_user_model().objects.create_user("bench-auditor")
    rubric = Rubric.objects.create(name="Benchmark, 8 criteria")
    for position, c in enumerate(eight_criteria()):
        RubricCriterion.objects.create(
            rubric=rubric, key=c.id, name=c.name, weight=Decimal(str(c.weight)),
            is_security=c.is_security, analyzer=c.analyzer, position=position,
        )  # fmt: skip
    times, calls = [], []
    with override_client("llm", lambda: FakeClient(answer, latency=LATENCY)):
        for _ in range(RUNS):
            # The immediate task backend runs the audit as the creation commits: this is
            # the whole path of a request (validate, save, run, save each criterion, report).
            started = time.perf_counter()
            audit = audit_create(owner=owner, text=OPINION, rubric_name=rubric.name)
            times.append(time.perf_counter() - started)
            audit.refresh_from_db()
            assert audit.status == Audit.Status.DONE, audit.error
            calls.append(LLMCall.objects.filter(object_id=audit.pk).count())
    return times, calls


def offline_run() -> tuple[float, int]:
    from council.domain.audit import JudicialOpinion
    from council.services.audit_graph import audit_graph_run
    from toulmini_site.llm.offline import OfflineClient

    text = "\n\n".join([OPINION] * (50_000 // (len(OPINION) + 2)))
    started = time.perf_counter()
    audit_graph_run(
        client=OfflineClient(), document=JudicialOpinion(text=text), criteria=eight_criteria()
    )
    return time.perf_counter() - started, len(text)


def langgraph_import() -> float:
    """The graph imports langgraph when first built: once per worker process, timed apart."""
    started = time.perf_counter()
    import langgraph.graph  # noqa: F401

    return time.perf_counter() - started


def main() -> None:
    django_setup()
    import_seconds = langgraph_import()
    graph_times, graph_calls = graph_runs()
    with test_database():
        service_times, service_calls = service_runs()
    offline_seconds, offline_chars = offline_run()
    target = 2 * LATENCY
    report(
        f"Audit of {CRITERIA} criteria, fake model at {LATENCY * 1000:.0f} ms per call "
        f"({RUNS} runs)",
        [
            ("graph wall time", summary_ms(graph_times)),
            ("graph model calls per audit", ", ".join(map(str, graph_calls))),
            ("service wall time (create + run, DB)", summary_ms(service_times)),
            ("service model calls saved per audit", ", ".join(map(str, service_calls))),
            ("target wall time", f"<= {ms(target)}"),
            ("langgraph import, once per worker", ms(import_seconds)),
            (
                "verdict",
                "ok"
                if max(graph_times + service_times) <= target
                and set(graph_calls + service_calls) == {CRITERIA}
                else "MISSED",
            ),
        ],
    )
    report(
        "Offline engine (the default)",
        [(f"{CRITERIA} criteria on {offline_chars:,} characters", ms(offline_seconds))],
    )


if __name__ == "__main__":
    main()
