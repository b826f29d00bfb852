"""Several runs of one offline chain sent at the same moment to the development server on
SQLite (``manage.py runserver``, as ``make run``): one runs, the others answer 409
``CHAIN_RUNNING`` (or ``CHAIN_COMPLETE`` when it has already ended); none is a server error or
``MODEL_FAILED``, and the chain ends whole.

A process of its own on a SQLite file, because the test database (shared in-memory SQLite)
refuses a second writer at once instead of waiting, which no real deployment does.
"""

from __future__ import annotations

import threading

import httpx

from benchmarks.harness import sqlite_dev_server

AT_ONCE = 8
SETUP = """
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from arguments.services import chain_create
user = User.objects.create_user("runner")
chain = chain_create(owner=user, query="Should schools ban phones in classrooms?",
    source_text="A 2023 survey of 40 schools found that test scores rose by 6% after phones "
    "were banned. Teachers reported fewer distractions during lessons.", engine="offline")
print(json.dumps({"token": Token.objects.create(user=user).key, "chain": chain.pk}))
"""


def test_concurrent_runs_of_one_offline_chain_answer_409_never_a_model_failure(tmp_path):
    with sqlite_dev_server(tmp_path, SETUP) as (base, me, _log):
        answers: list[tuple[int, dict]] = []
        gate = threading.Barrier(AT_ONCE)

        def run() -> None:
            gate.wait()
            response = httpx.post(
                f"{base}/api/v1/chains/{me['chain']}/run/",
                json={"until": "end"},
                headers={"Authorization": f"Token {me['token']}"},
                timeout=120,
            )
            answers.append((response.status_code, response.json()))

        threads = [threading.Thread(target=run) for _ in range(AT_ONCE)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        chain = httpx.get(
            f"{base}/api/v1/chains/{me['chain']}/",
            headers={"Authorization": f"Token {me['token']}"},
            timeout=30,
        ).json()
    statuses = sorted(status for status, _ in answers)
    assert len(answers) == AT_ONCE
    print("answers:", sorted((status, body.get("code", "")) for status, body in answers))
    assert set(statuses) <= {200, 409}, answers
    # One run takes the chain to its end; the others find it running, or already complete.
    assert statuses.count(200) == 1, answers
    refused = {body["code"] for status, body in answers if status == 409}
    assert refused <= {"CHAIN_RUNNING", "CHAIN_COMPLETE", "TERMINATED"}, answers
    # The run that went through took the chain to its end; nothing ran twice or half.
    assert chain["status"] in ("complete", "terminated") and chain["next_phase"] is None, chain
