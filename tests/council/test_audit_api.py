"""The audit API, as the owner, another user and anonymous."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from council.models import Audit
from tests.council.audit_builders import AUDIT_LEAKY_OPINION, AUDIT_OPINION

pytestmark = pytest.mark.django_db

CREATE = "/api/v1/audits/"


def detail(pk: int) -> str:
    return f"/api/v1/audits/{pk}/"


@pytest.fixture
def audit_post(owner_api, django_capture_on_commit_callbacks):
    def post(data, *, format="json", client=owner_api):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(CREATE, data, format=format)

    return post


def test_posting_a_text_answers_202_with_the_audit_id(owner, audit_post):
    response = audit_post({"text": AUDIT_OPINION})
    assert response.status_code == 202
    audit = Audit.objects.get(owner=owner)
    assert response.json()["id"] == audit.pk
    assert response.json()["url"].endswith(detail(audit.pk))


def test_the_audit_reads_back_with_scores_and_evidence(owner_api, audit_post):
    pk = audit_post(
        {"text": AUDIT_LEAKY_OPINION, "case_id": "C-7", "court_name": "Supreme Court"}
    ).json()["id"]
    body = owner_api.get(detail(pk)).json()
    assert (body["status"], body["rubric"], body["case_id"]) == ("done", "Judicial opinion", "C-7")
    assert body["global_score"] <= 3.0 and body["security_violation"] is True
    assert "SECURITY VIOLATION" in body["summary"]
    security = next(r for r in body["results"] if r["criterion_id"] == "security")
    assert security["security_violation_found"] is True and security["numeric_score"] == 1
    assert {"source_ref", "content", "relevance_confidence"} == set(security["evidence"][0])
    assert [r["criterion_id"] for r in body["results"]] == [
        "transparency", "evidence_precedent", "balance", "clarity", "security",
    ]  # fmt: skip


def test_a_queued_audit_reads_back_with_every_criterion_pending(
    owner_api, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        pk = owner_api.post(CREATE, {"text": AUDIT_OPINION}, format="json").json()["id"]
    body = owner_api.get(detail(pk)).json()
    assert (body["status"], body["global_score"]) == ("queued", None)
    assert {r["status"] for r in body["results"]} == {"pending"}
    assert all(r["numeric_score"] is None and r["evidence"] == [] for r in body["results"])


def test_a_multipart_file_is_audited(owner, audit_post):
    upload = SimpleUploadedFile("opinion.txt", AUDIT_OPINION.encode(), "text/plain")
    response = audit_post({"file": upload, "rubric": "Student argument"}, format="multipart")
    assert response.status_code == 202
    audit = Audit.objects.get(owner=owner)
    assert (audit.filename, audit.rubric_name) == ("opinion.txt", "Student argument")


def test_identifiers_default_to_unknown(owner_api, audit_post):
    body = owner_api.get(detail(audit_post({"text": AUDIT_OPINION}).json()["id"])).json()
    assert (body["case_id"], body["court_name"]) == ("Unknown", "Unknown")


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({}, "INVALID_INPUT"),
        ({"text": AUDIT_OPINION, "file": "x"}, "INVALID_INPUT"),
        ({"text": " \n "}, "DOCUMENT_EMPTY"),
        ({"text": "x" * 100_001}, "DOCUMENT_TOO_LONG"),
        ({"text": "bell\x07byte"}, "DOCUMENT_BINARY"),
        ({"text": AUDIT_OPINION, "rubric": "Horoscope"}, "UNKNOWN_RUBRIC"),
        ({"text": 42}, "INVALID_INPUT"),
        ({"text": AUDIT_OPINION, "case_id": 7}, "INVALID_INPUT"),
    ],
    ids=[
        "nothing",
        "both",
        "blank",
        "too-long",
        "binary",
        "unknown-rubric",
        "number",
        "number-case-id",
    ],
)
def test_unusable_requests_answer_400_with_a_stable_code(audit_post, data, code):
    response = audit_post(data)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert Audit.objects.count() == 0


def test_a_missing_document_is_named(audit_post):
    assert audit_post({}).json()["missing"] == ["text"]


def test_a_binary_upload_is_refused(audit_post):
    upload = SimpleUploadedFile("scan.pdf", b"%PDF-1.7\x00\x01\x02", "application/pdf")
    response = audit_post({"file": upload}, format="multipart")
    assert (response.status_code, response.json()["code"]) == (400, "DOCUMENT_BINARY")
    assert response.json()["details"][0]["loc"] == "file"


def test_the_list_holds_only_the_users_own_audits_newest_first(owner_api, other_api, audit_post):
    first = audit_post({"text": AUDIT_OPINION}).json()["id"]
    second = audit_post({"text": AUDIT_LEAKY_OPINION, "case_id": "C-9"}).json()["id"]
    audit_post({"text": AUDIT_OPINION}, client=other_api)

    body = owner_api.get(CREATE).json()

    assert body["count"] == 2
    assert [row["id"] for row in body["results"]] == [second, first]
    newest = body["results"][0]
    assert (newest["case_id"], newest["status"], newest["security_violation"]) == (
        "C-9", "done", True,
    )  # fmt: skip
    assert newest["url"].endswith(detail(second))
    assert other_api.get(CREATE).json()["count"] == 1


def test_the_list_is_paginated(owner, owner_api):
    Audit.objects.bulk_create(
        Audit(owner=owner, rubric_name="Judicial opinion", document="x") for _ in range(25)
    )

    first = owner_api.get(CREATE).json()
    second = owner_api.get(first["next"]).json()

    assert (first["count"], len(first["results"]), len(second["results"])) == (25, 20, 5)


def test_another_users_audit_is_a_json_404(other_api, audit_post):
    pk = audit_post({"text": AUDIT_OPINION}).json()["id"]
    response = other_api.get(detail(pk))
    assert response.status_code == 404
    assert response.json()["code"] == "NOT_FOUND"


def test_anonymous_requests_are_refused_with_401(api_client, audit_post):
    pk = audit_post({"text": AUDIT_OPINION}).json()["id"]
    assert api_client.get(detail(pk)).status_code == 401
    assert api_client.get(CREATE).status_code == 401
    response = api_client.post(CREATE, {"text": AUDIT_OPINION}, format="json")
    assert response.status_code == 401 and response.json()["code"] == "NOT_AUTHENTICATED"
    assert Audit.objects.count() == 1


def test_the_openapi_schema_documents_both_endpoints(owner_api):
    schema = owner_api.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/v1/audits/" in schema and "/api/v1/audits/{id}/" in schema
