"""The critique API, tried as the owner, as another user and anonymous."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from council.models import Critique
from council.services.critique import critique_create

pytestmark = pytest.mark.django_db

URL = "/api/v1/critiques/"


@pytest.fixture
def critique_of_owner(owner, critique_document):
    return critique_create(owner=owner, title="Remote work", text=critique_document)


def test_posting_a_text_answers_202_with_the_id(
    owner_api, critique_document, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_api.post(URL, {"title": "Mine", "text": critique_document}, format="json")

    assert response.status_code == 202
    body = response.json()
    critique = Critique.objects.get(pk=body["id"])
    assert body["status"] == "queued"
    assert body["url"].endswith(f"{URL}{critique.pk}/")
    assert response["Location"] == body["url"]


def test_the_tree_depth_can_be_chosen_within_limits(owner_api, critique_document):
    shallow = owner_api.post(URL, {"text": critique_document, "max_depth": 1}, format="json")
    too_deep = owner_api.post(URL, {"text": critique_document, "max_depth": 9}, format="json")

    assert shallow.status_code == 202
    assert Critique.objects.get(pk=shallow.json()["id"]).max_depth == 1
    assert too_deep.status_code == 400
    assert too_deep.json()["details"][0]["loc"] == "max_depth"


def test_posting_a_file_creates_a_critique(owner_api, owner):
    upload = SimpleUploadedFile("goal.txt", b"Everyone knows we must win.", "text/plain")

    response = owner_api.post(URL, {"file": upload}, format="multipart")

    assert response.status_code == 202
    assert Critique.objects.get(owner=owner).document == "Everyone knows we must win."


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ({"text": ""}, "DOCUMENT_EMPTY"),
        ({"text": "z" * 100_001}, "DOCUMENT_TOO_LONG"),
        ({"text": "\x01\x02\x03\x04" * 20}, "DOCUMENT_BINARY"),
    ],
)
def test_unusable_documents_are_refused_with_a_json_error(owner_api, payload, code):
    response = owner_api.post(URL, payload, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["error"]
    assert not Critique.objects.exists()


def test_a_binary_upload_is_refused(owner_api):
    upload = SimpleUploadedFile("a.png", b"\x89PNG\r\n\x1a\n\x00\x00", "image/png")

    response = owner_api.post(URL, {"file": upload}, format="multipart")

    assert response.status_code == 400
    assert response.json()["code"] == "DOCUMENT_BINARY"
    assert response.json()["details"][0]["loc"] == "file"


def test_a_request_without_text_or_file_names_the_missing_field(owner_api):
    response = owner_api.post(URL, {"title": "Nothing"}, format="json")

    assert response.status_code == 400
    assert response.json()["missing"] == ["text"]


def test_text_and_file_together_are_refused_and_nothing_is_stored(owner_api, critique_document):
    upload = SimpleUploadedFile("essay.md", critique_document.encode(), "text/markdown")

    response = owner_api.post(URL, {"text": "We must win.", "file": upload}, format="multipart")

    assert response.status_code == 400
    assert response.json()["code"] == "INVALID_INPUT"
    assert "not both" in response.json()["error"] + str(response.json()["details"])
    assert not Critique.objects.exists()


def test_anonymous_requests_are_unauthorised(api_client, critique_of_owner):
    assert api_client.post(URL, {"text": "We must win."}, format="json").status_code == 401
    assert api_client.get(URL).status_code == 401
    assert api_client.get(f"{URL}{critique_of_owner.pk}/").status_code == 401


def test_the_owner_reads_status_progress_result_trees_and_text(owner_api, critique_of_owner):
    from council.services.critique import critique_run

    critique_run(critique_id=critique_of_owner.pk)

    response = owner_api.get(f"{URL}{critique_of_owner.pk}/")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "complete"
    assert set(body["progress"]) == {
        "aristotle",
        "descartes",
        "kant",
        "leibniz",
        "popper",
        "russell",
    }
    assert body["progress"]["kant"]["state"] == "done"
    assert {"final_assessment", "points", "no_findings"} <= set(body["result"])
    assert set(body["trees"]) == set(body["progress"])
    assert body["formatted"].startswith("=" * 60)


def test_a_queued_critique_reports_every_agent_queued(owner_api, critique_of_owner):
    body = owner_api.get(f"{URL}{critique_of_owner.pk}/").json()

    assert body["status"] == "queued"
    assert {p["state"] for p in body["progress"].values()} == {"queued"}
    assert body["result"] == {}


def test_another_users_critique_is_not_found(other_api, critique_of_owner):
    response = other_api.get(f"{URL}{critique_of_owner.pk}/")

    assert response.status_code == 404
    assert "error" in response.json()


def test_the_list_holds_only_the_users_own_critiques(owner_api, other_api, critique_of_owner):
    mine = owner_api.get(URL).json()
    theirs = other_api.get(URL).json()

    assert mine["count"] == 1
    assert [c["id"] for c in mine["results"]] == [critique_of_owner.pk]
    assert theirs["count"] == 0 and theirs["results"] == []
