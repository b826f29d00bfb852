"""Server cost of one coach turn through the API, with a fake model that answers at once.

Prints the time to the first streamed byte (the "start" line, written once the student's
message is saved), the time to the first line of tutor text (the model has been called and
its first words parsed), and the whole turn (target: first byte < 50 ms, whole turn overhead
< 30 ms), with SQL statements per turn (target: at most 12, transaction control apart);
then the same turn with the offline tutor.
Run: .venv/bin/python -m benchmarks.coach
"""

from __future__ import annotations

import json
import time
from typing import Any

from benchmarks.harness import report, small, summary_ms, test_database

TURNS = 10 if small() else 200
WARMUP = 2 if small() else 10
TURNS_PER_SESSION = 10  # a fresh session now and then, so the history stays realistic


CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def statements(captured: Any) -> list[str]:
    """The turn's reads and writes, without transaction control (BEGIN, COMMIT, savepoints:
    SQLite logs them, PostgreSQL's driver does not)."""
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(CONTROL)]


def main() -> None:
    with test_database():
        from django.contrib.auth import get_user_model
        from django.db import connection
        from django.test.utils import CaptureQueriesContext
        from rest_framework.test import APIClient

        from coach import services
        from toulmini_site.llm.fake import FakeClient
        from toulmini_site.llm.providers import override_client

        # The 20-turns-a-minute limit still runs its queries; only its ceiling is lifted.
        services.TURNS_PER_MINUTE = 10**9
        reply = {
            "assistantText": "That is a clear position. What evidence would convince a "
            "sceptical reader that it is true?",
            "step": "claim",
            "confidence": 0.6,
            "nextQuestion": "Which facts could you check?",
        }
        user = get_user_model().objects.create_user("bench", password="bench-pass-123")
        api = APIClient()
        api.force_authenticate(user)

        def measure(label: str) -> list[tuple[str, str]]:
            first_byte, first_text, whole, queries, transactions = [], [], [], [], []
            session_id = None
            for turn in range(WARMUP + TURNS):
                if turn % TURNS_PER_SESSION == 0:
                    session_id = services.session_create(owner=user, topic="Phones").pk
                with CaptureQueriesContext(connection) as captured:
                    started = time.perf_counter()
                    response = api.post(
                        f"/api/v1/coach/sessions/{session_id}/turn/",
                        {"message": "Schools should ban phones during lessons"},
                        format="json",
                    )
                    chunks = iter(response.streaming_content)  # type: ignore[attr-defined]
                    first = next(chunks)
                    at_first_byte = time.perf_counter()
                    at_first_text = None
                    lines = [first]
                    for chunk in chunks:
                        if at_first_text is None and b'"partial"' in chunk:
                            at_first_text = time.perf_counter()
                        lines.append(chunk)
                    ended = time.perf_counter()
                final = json.loads(lines[-1])
                assert final["type"] == "final", final
                if turn >= WARMUP:
                    first_byte.append(at_first_byte - started)
                    first_text.append((at_first_text or ended) - started)
                    whole.append(ended - started)
                    queries.append(len(statements(captured)))
                    transactions.append(len(captured) - len(statements(captured)))
            return [
                (f"{label}: first streamed byte", summary_ms(first_byte)),
                (f"{label}: first line of tutor text", summary_ms(first_text)),
                (f"{label}: whole turn", summary_ms(whole)),
                (f"{label}: SQL statements per turn", f"{min(queries)}-{max(queries)}"),
                (
                    f"{label}: transaction control per turn",
                    f"{min(transactions)}-{max(transactions)} (two transactions)",
                ),
            ]

        with override_client("llm", lambda: FakeClient(lambda request: reply)):
            rows = measure("fake model")
        rows += measure("offline tutor")
        report(f"Coach turn through the API ({TURNS} turns, in-process, no network)", rows)


if __name__ == "__main__":
    main()
