"""Server cost of the Toulmin chain through the API, with a fake model that answers at once.

Prints: server time per full 4-phase run (median, p95), SQL queries per full run (target
<= 40) and for the run to the end alone (target <= 12: the phases are saved in one
transaction), and SQL queries for the chain list (page and API) at 10 and at 200 chains (target:
the same number). Run: .venv/bin/python -m benchmarks.arguments
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.harness import report, small, summary_ms, test_database

RUNS = 5 if small() else 60


def main() -> None:
    with test_database():
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from rest_framework.test import APIClient

        from arguments.demo import DEMO_CHAINS
        from arguments.domain.analyzer import analyze_phase
        from arguments.models import Chain
        from toulmini_site.llm.fake import FakeClient
        from toulmini_site.llm.providers import override_client

        # A valid answer per phase, computed once before timing by the offline analyzer on
        # the first demo text (which reaches a verdict): the fake model then answers at once.
        demo = DEMO_CHAINS[0]
        outputs: dict[int, dict] = {}
        components: dict = {}
        for phase in (1, 2, 3, 4):
            inputs = {"phase": phase, "query": demo["query"], "components": components}
            inputs["source_text"] = demo["source_text"]
            outputs[phase] = analyze_phase(inputs).model_dump(mode="json")
            components = {**components, **outputs[phase]}

        def answer(request: Any) -> dict[str, Any]:
            return outputs[int(request.purpose[-1])]

        user = get_user_model().objects.create_user("bench", password="bench-pass-123")
        api = APIClient()
        api.force_authenticate(user)
        timings, queries, run_queries = [], [], []
        with override_client("llm", lambda: FakeClient(answer)):
            for _ in range(RUNS):
                with CaptureQueriesContext(connection) as captured:
                    started = time.perf_counter()
                    pk = api.post(
                        "/api/v1/chains/",
                        {"query": demo["query"], "engine": "llm"},
                        format="json",
                    ).json()["id"]
                    created = len(captured)
                    response = api.post(
                        f"/api/v1/chains/{pk}/run/", {"until": "end"}, format="json"
                    )
                    timings.append(time.perf_counter() - started)
                assert response.json()["status"] == "complete", response.json()
                queries.append(len(captured))
                run_queries.append(len(captured) - created)

        page = Client()
        page.force_login(user)

        def list_queries(n: int) -> tuple[int, int]:
            Chain.objects.filter(owner=user).delete()
            Chain.objects.bulk_create(
                Chain(owner=user, query=f"Query number {i}", engine="offline") for i in range(n)
            )
            with CaptureQueriesContext(connection) as html:
                assert page.get("/chains/").status_code == 200
            with CaptureQueriesContext(connection) as api_list:
                assert api.get("/api/v1/chains/").status_code == 200
            return len(html), len(api_list)

        at_10, at_200 = list_queries(10), list_queries(200)
        report(
            "Toulmin chain through the API (fake model answering at once)",
            [
                (
                    "full 4-phase run (create + run to end)",
                    f"{summary_ms(timings)} over {RUNS} runs",
                ),
                ("SQL queries per full run", f"{max(queries)} (target <= 40)"),
                (
                    "SQL statements, run to the end (POST run/)",
                    f"{max(run_queries)} (target <= 12)",
                ),
                ("chain list page queries, 10 / 200 chains", f"{at_10[0]} / {at_200[0]}"),
                ("chain list API queries, 10 / 200 chains", f"{at_10[1]} / {at_200[1]}"),
            ],
        )


if __name__ == "__main__":
    main()
