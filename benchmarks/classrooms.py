"""The teacher's class page, the class analytics (page and API) and an assignment's
submissions, with 30 and with 300 students × 10 assignments: SQL queries per request (target:
the same at both sizes) and server time (median, p95), on the database configured (SQLite
unless DATABASE_URL says otherwise).

Run: .venv/bin/python -m benchmarks.classrooms
"""

from __future__ import annotations

import os
import time

from benchmarks.harness import report, small, summary_ms, test_database

_DEFAULT_SIZES = "5,20" if small() else "30,300"
SIZES = tuple(int(n) for n in os.environ.get("BENCH_SIZES", _DEFAULT_SIZES).split(","))
ASSIGNMENTS = 10
REPEATS = 3 if small() else 30
WARMUP = 3


def main() -> None:
    with test_database():
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from rest_framework.test import APIClient

        from tests.classrooms.scale import build_class

        rows: list[tuple[str, str]] = []
        for students in SIZES:
            teacher, classroom = build_class(
                students=students, assignments=ASSIGNMENTS, prefix=f"n{students}"
            )
            page = Client()
            page.force_login(teacher)
            api = APIClient()
            api.force_authenticate(teacher)
            first = classroom.assignments.first()
            targets = {
                "class page": (page, f"/classes/{classroom.pk}/"),
                "class analytics page": (page, f"/classes/{classroom.pk}/analytics/"),
                "class analytics API": (api, f"/api/v1/classes/{classroom.pk}/analytics/"),
                "submissions, first page (20)": (
                    api,
                    f"/api/v1/assignments/{first.pk}/submissions/",
                ),
                "submissions, whole class": (
                    api,
                    f"/api/v1/assignments/{first.pk}/submissions/?page_size={students}",
                ),
            }
            for label, (client, url) in targets.items():
                times, queries = [], set()
                for run in range(WARMUP + REPEATS):
                    with CaptureQueriesContext(connection) as captured:
                        started = time.perf_counter()
                        response = client.get(url)
                        elapsed = time.perf_counter() - started
                    assert response.status_code == 200, response.status_code
                    if run >= WARMUP:
                        times.append(elapsed)
                        queries.add(len(captured))
                rows.append(
                    (
                        f"{students} students × {ASSIGNMENTS}: {label}",
                        f"{'/'.join(map(str, sorted(queries)))} queries, {summary_ms(times)}",
                    )
                )
        report(f"Classrooms ({connection.vendor})", rows)


if __name__ == "__main__":
    main()
