"""Reasoning Council benchmark: model calls and wall time per run, and the offline council.

Run: ``.venv/bin/python -m benchmarks.council``

1. A full council at depth 3 against a fake model with a fixed 200 ms latency per call
   (targets: at most 25 calls per run; the whole critique within 5 x 200 ms = 1.0 s, the
   first finding on the page within 1.2 x), measured on the domain alone, through the
   service (database, progress saved while it runs) and on the critique page. The critical
   path is four dependent calls: tree levels 1 and 2, level 3 beside the self-critiques,
   the summary. Ratios to one call are printed: they hold on a busy machine, where the
   milliseconds do not.
2. The offline council (the default engine) on a generated 20,000-character document.
"""

from __future__ import annotations

import random
import re
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.harness import django_setup, ms, report, small, summary_ms, test_database

if TYPE_CHECKING:  # the model is imported once Django is set up (django_setup)
    from toulmini_site.users import User

LATENCY = 0.2
RUNS = 1 if small() else 3
OFFLINE_RUNS = 1 if small() else 5

_SENTENCES = [
    "Our new platform will obviously transform learning for many students.",
    "Teachers should adopt it before the next term begins.",
    "Therefore the school must buy it, except for the science department.",
    "It ultimately leverages synergy to deliver optimal results.",
    "Some critics say it is expensive, etc.",
    "In 2023 the pilot class of 28 pupils raised its reading score by 6 points.",
    "The budget committee approved the purchase because the audit found a surplus.",
    "Students always learn better with new tools.",
    "Students never learn better with tools that are imposed on them.",
    "This approach might somehow improve engagement in the long run.",
    "The results were measured by an external examiner in March.",
    "Everyone knows that robust processes lead to better outcomes.",
]


def generated_document(chars: int = 20_000, seed: int = 5) -> str:
    """A deterministic document of ``chars`` characters: paragraphs of mixed sentences."""
    rng = random.Random(seed)
    paragraphs, length = [], 0
    while length < chars:
        paragraph = " ".join(rng.choice(_SENTENCES) for _ in range(rng.randint(3, 7)))
        paragraphs.append(paragraph)
        length += len(paragraph) + 2
    return "\n\n".join(paragraphs)[:chars].rsplit(" ", 1)[0] + "."


def scripted_model(request: Any) -> dict[str, Any]:
    """Two points per target, each quoting half of the target's quote (so trees go deep)."""
    inputs = request.inputs
    if request.purpose == "council.critique.tree":
        groups = []
        for target in inputs["targets"]:
            span = target["span"].strip()
            spaces = [m.start() for m in re.finditer(" ", span)]
            cut = spaces[len(spaces) // 2] if spaces else len(span)
            quotes = [q for q in (span[:cut].strip(), span[cut:].strip()) if q]
            points = [
                {
                    "claim": f"{inputs['agent']} questions: {q[:60]}",
                    "evidence": q,
                    "confidence": 0.8,
                    "severity": "High",
                    "area": inputs["agent"],
                }
                for q in quotes
            ]
            groups.append({"target_id": target["id"], "points": points})
        return {"groups": groups}
    if request.purpose == "council.critique.self":
        own = inputs["own"]
        return {
            "adjustments": [
                {"target_claim_id": own[0]["id"], "confidence_delta": -0.1, "reasoning": "r"}
            ]
        }
    return {"final_assessment": "The council found problems."}


BENCH_DOCUMENT = (
    "Remote work obviously makes every team more productive. Managers should therefore "
    "allow it everywhere, except for the teams they lead themselves. Studies ultimately "
    "prove that many people prefer working from home."
)


def main() -> None:
    django_setup()
    from council.services.critique_council import run_critique_council
    from toulmini_site.llm.fake import FakeClient
    from toulmini_site.llm.offline import OfflineClient

    # 1a. The domain alone.
    calls, walls = [], []
    for _ in range(RUNS):
        client = FakeClient(scripted_model, latency=LATENCY)
        started = time.perf_counter()
        data = run_critique_council(BENCH_DOCUMENT, client=client, max_depth=3)
        walls.append(time.perf_counter() - started)
        calls.append(len(client.calls))
    assert not data["degraded"], data["failures"]

    # 1c. One after another, measured: the same council with a pool of one worker.
    client = FakeClient(scripted_model, latency=LATENCY)
    started = time.perf_counter()
    run_critique_council(BENCH_DOCUMENT, client=client, max_depth=3, max_workers=1)
    sequential = time.perf_counter() - started
    sequential_calls = len(client.calls)

    # 1b. Through the service: the database, progress saved as it runs, calls stored.
    service_calls, service_walls = [], []
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        # A file, as `make run` uses: the page reads while the run writes, which SQLite's
        # shared in-memory test database refuses ("table is locked") instead of waiting.
        import tempfile

        database.setdefault("TEST", {})["NAME"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    with test_database():
        from django.contrib.auth import get_user_model

        from council.models import Critique
        from council.services.critique import critique_run

        owner = get_user_model().objects.create_user("bench", password="bench-only-pw-123")
        for _ in range(RUNS):
            # Created directly: critique_create would enqueue (and, immediately, run) it.
            critique = Critique.objects.create(
                owner=owner, title="bench", document=BENCH_DOCUMENT, engine="llm"
            )
            started = time.perf_counter()
            critique = critique_run(
                critique_id=critique.pk, client=FakeClient(scripted_model, latency=LATENCY)
            )
            service_walls.append(time.perf_counter() - started)
            service_calls.append(critique.model_calls)
            assert critique.status == "complete", critique.status

        # 1d. On screen: the critique page, as the browser asks for it while the run goes on.
        first_seen, whole_seen = on_screen(owner)

    report(
        f"Council at depth 3, fake model with {LATENCY * 1000:.0f} ms latency ({RUNS} runs)",
        [
            ("model calls per run", f"{max(calls)} (target <= 25)"),
            ("wall time, domain", f"{summary_ms(walls)} ({_ratio(walls)}; target <= 5x)"),
            (
                "wall time, one worker per pool (trees, self-critiques)",
                f"{ms(sequential)} for {sequential_calls} calls",
            ),
            ("model calls per run, service", f"{max(service_calls)}"),
            (
                "wall time, service + database",
                f"{summary_ms(service_walls)} ({_ratio(service_walls)}; target <= 5x)",
            ),
            (
                "first finding on screen",
                f"median {ms(statistics.median(first_seen))} "
                f"({_ratio(first_seen)}; target <= 1.2x)",
            ),
            (
                "whole critique on screen",
                f"median {ms(statistics.median(whole_seen))} ({_ratio(whole_seen)}; target <= 5x)",
            ),
        ],
    )

    # 2. The offline council on a 20,000-character document.
    document = generated_document()
    times: list[float] = []
    result: dict = {}
    for _ in range(OFFLINE_RUNS):
        started = time.perf_counter()
        result = run_critique_council(document, client=OfflineClient(), max_depth=3)
        times.append(time.perf_counter() - started)
    nodes = sum(_count(top) for tree in result["trees"].values() for top in tree)
    report(
        f"Offline council, generated document ({OFFLINE_RUNS} runs)",
        [
            ("document", f"{len(document):,} characters"),
            (
                "time",
                f"{summary_ms(times)} (min {ms(min(times))}, mean {ms(statistics.mean(times))})",
            ),
            ("tree nodes / points", f"{nodes} / {len(result['points'])}"),
        ],
    )


def on_screen(owner: User) -> tuple[list[float], list[float]]:
    """When a finding, then the whole critique, is on the critique page: the run goes on in a
    worker thread while this thread asks for the page as the browser does (the page, then the
    htmx fragment with ``seen``, answered when the run has news). Seconds from the run's start."""
    import threading

    from django.db import connection
    from django.test import Client

    from council.models import Critique
    from council.services.critique import critique_run
    from toulmini_site.llm.fake import FakeClient

    browser = Client()
    browser.force_login(owner)
    first, whole = [], []
    for _ in range(RUNS):
        critique = Critique.objects.create(
            owner=owner, title="bench", document=BENCH_DOCUMENT, engine="llm"
        )
        url = critique.get_absolute_url()

        def run(pk: int = critique.pk) -> None:
            try:
                critique_run(critique_id=pk, client=FakeClient(scripted_model, latency=LATENCY))
            finally:
                connection.close()

        worker = threading.Thread(target=run)
        started = time.perf_counter()
        worker.start()
        page = browser.get(url).content.decode()
        seen_first = None
        while True:
            if seen_first is None and ("Findings so far" in page or "Points by area" in page):
                seen_first = time.perf_counter() - started
            if "Points by area" in page or "Formatted critique" in page:
                break
            if "?seen=" not in page:  # finished without a result, or stalled: say so
                critique.refresh_from_db()
                raise SystemExit(
                    f"critique {critique.pk} ended {critique.status}: {critique.error}"
                )
            seen = re.search(r"\?seen=(\d+)", page)
            query = f"?seen={seen.group(1)}" if seen else ""
            page = browser.get(url + query, headers={"HX-Request": "true"}).content.decode()
        whole.append(time.perf_counter() - started)
        worker.join()
        assert seen_first is not None
        first.append(seen_first)
    return first, whole


def _ratio(seconds: list[float]) -> str:
    """The median as a multiple of one model call's latency."""
    return f"{statistics.median(seconds) / LATENCY:.2f}x one call"


def _count(node: dict) -> int:
    return 1 + sum(_count(child) for child in node["sub_critiques"])


if __name__ == "__main__":
    main()
