"""schemathesis against our OpenAPI schema: no 5xx, JSON errors, responses as documented.

Bounded and deterministic: a fixed number of examples per operation, derandomized, in
process through WSGI (no network), authenticated as a user who owns one of each record.

The long random run (over 5,000 cases, a seed of its own) is ``benchmarks/api_fuzz.py``: it
runs this test with ``FUZZ_EXAMPLES`` examples per operation, ``FUZZ_RANDOM=1`` and
``--hypothesis-seed``, and reads the counts this module writes to ``FUZZ_REPORT``.
"""

import json
import os
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tests.arguments.factories import make_chain
from tests.coach.builders import make_session
from toulmini_site.wsgi import application

EXAMPLES_PER_OPERATION = int(os.environ.get("FUZZ_EXAMPLES", "10"))  # 10: about 300 calls
RANDOM = os.environ.get("FUZZ_RANDOM", "") == "1"
CALLS: Counter = Counter()
OPERATIONS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def count_calls():
    yield
    if CALLS:
        print(f"\nschemathesis: {CALLS['cases']} cases, {CALLS['5xx']} answered 5xx")
    if report := os.environ.get("FUZZ_REPORT"):
        every = sorted(result.ok().label for result in schema.get_all_operations())
        counts = {
            "cases": CALLS["cases"],
            "5xx": CALLS["5xx"],
            "operations": OPERATIONS,
            "every_operation": every,
        }
        Path(report).write_text(json.dumps(counts, indent=1))


@schemathesis.check
def errors_are_json(ctx, response, case) -> bool | None:
    """Every error is our JSON shape with a code, never an HTML page or plain text."""
    if response.status_code < 400:
        return None
    media = response.headers.get("content-type", [""])[0]
    assert media.startswith("application/json"), f"{response.status_code} as {media!r}"
    body = response.json()
    assert isinstance(body.get("error"), str) and isinstance(body.get("code"), str), body
    return None


# Loaded once, at collection, through the app itself (the schema needs no database).
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def records(db, owner, monkeypatch):
    """Throttles off (hundreds of calls a minute are the point); something to find."""
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": None, "user": None, "auth": None}
    )
    make_chain(owner, phases=2)
    make_session(owner)
    # schemathesis calls the WSGI app directly, not through Django's test client, which
    # keeps the test's database connection open across requests; do what it does.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=not RANDOM,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_keeps_to_its_schema(case, owner, records):
    token, _ = Token.objects.get_or_create(user=owner)
    CALLS["cases"] += 1
    OPERATIONS[case.operation.label] += 1
    response = case.call(headers={"Authorization": f"Token {token.key}"})
    CALLS["5xx"] += response.status_code >= 500
    if response.status_code >= 500:
        OPERATIONS[f"5xx {case.operation.label}"] += 1
    case.validate_response(
        response,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            errors_are_json,
        ],
    )


@pytest.mark.django_db
def test_an_api_path_no_route_matches_is_a_json_404(owner_api):
    response = owner_api.get("/api/v1/chains/not-a-number/")
    assert response.status_code == 404
    assert response.json() == {"error": "Not found.", "code": "NOT_FOUND"}


@pytest.mark.django_db
def test_a_page_no_route_matches_is_still_a_page(owner_client):
    response = owner_client.get("/chains/not-a-number/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_every_operation_documents_the_error_shape():
    for path, operations in schema.raw_schema["paths"].items():
        for method, operation in operations.items():
            error = operation["responses"]["429"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}, (method, path)
