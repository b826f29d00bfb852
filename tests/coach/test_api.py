"""The coach API as its owner, as another user (404) and anonymous (401)."""

import json

import pytest
from django.urls import reverse

from coach import services
from coach.models import CoachMessage, CoachSession
from tests.coach.builders import GOOD_TEXT, answer, give_proposal, make_session, ndjson
from toulmini_site.llm import LLMTimeout

pytestmark = pytest.mark.django_db


def url(name, session=None):
    kwargs = {"pk": session.pk} if session is not None else {}
    return reverse(f"coach_api:{name}", kwargs=kwargs)


ENDPOINTS = [
    ("get", "session", {}),
    ("post", "turn", {"message": "hello"}),
    ("post", "confirm", {}),
    ("post", "reject", {}),
    ("patch", "draft", {"draft_version": 1, "draft": {"claim": "x"}}),
    ("post", "chain", {}),
]


@pytest.mark.parametrize(("method", "name", "body"), ENDPOINTS)
def test_another_users_session_is_not_found(other_api, session, method, name, body):
    response = getattr(other_api, method)(url(name, session), body, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "NOT_FOUND"
    assert session.messages.count() == 1


@pytest.mark.parametrize(("method", "name", "body"), ENDPOINTS)
def test_anonymous_requests_are_unauthorised(api_client, session, method, name, body):
    response = getattr(api_client, method)(url(name, session), body, format="json")
    assert response.status_code == 401
    assert response.json()["code"] == "NOT_AUTHENTICATED"


def test_anonymous_cannot_list_or_create_sessions(api_client):
    assert api_client.get(url("sessions")).status_code == 401
    assert api_client.post(url("sessions"), {"topic": "x"}, format="json").status_code == 401


def test_creating_a_session_returns_it_with_an_empty_draft(owner_api, owner):
    response = owner_api.post(
        url("sessions"), {"topic": "Móviles", "language": "es"}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["language"] == "es"
    assert body["current_step"] == "claim"
    assert body["status"] == "active"
    assert body["draft"] == {step: "" for step in GOOD_TEXT["en"]}
    assert body["draft_version"] == 1
    assert CoachSession.objects.get(pk=body["id"]).owner == owner


def test_creating_a_session_refuses_an_unknown_language(owner_api):
    response = owner_api.post(url("sessions"), {"topic": "x", "language": "fr"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "INVALID_INPUT"


def test_the_list_holds_only_my_sessions(owner_api, owner, other_user):
    mine = make_session(owner, "Mine")
    make_session(other_user, "Theirs")
    body = owner_api.get(url("sessions")).json()
    assert [row["id"] for row in body["results"]] == [mine.pk]


def test_the_owner_reads_a_session_with_messages_and_pending_proposal(owner_api, session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    body = owner_api.get(url("session", session)).json()
    assert body["id"] == session.pk
    assert len(body["messages"]) == 2
    assert body["pending_proposal"]["proposal"]["value"] == GOOD_TEXT["en"]["claim"]


def test_a_turn_streams_ndjson_ending_with_the_enforced_result(owner_api, session):
    response = owner_api.post(url("turn", session), {"message": "yes"}, format="json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson"
    assert response.streaming
    lines = ndjson(response)
    assert lines[0]["type"] == "start"
    assert [line["type"] for line in lines[1:-1]] == ["partial"] * (len(lines) - 2)
    final = lines[-1]
    assert final["type"] == "final"
    assert set(final) >= {"result", "message_id", "proposal_status"}
    assert final["result"]["step"] == "claim"
    streamed = "".join(line["text"] for line in lines if line["type"] == "partial")
    assert final["result"]["assistantText"].startswith(streamed)


def test_a_turn_accepts_an_ndjson_accept_header_and_refuses_in_json(owner_api, session):
    headers = {"HTTP_ACCEPT": "application/x-ndjson"}
    response = owner_api.post(url("turn", session), {"message": "hi"}, format="json", **headers)
    assert ndjson(response)[-1]["type"] == "final"
    response = owner_api.post(
        url("turn", session), {"message": "x" * 5001}, format="json", **headers
    )
    assert response.status_code == 400
    assert json.loads(response.content)["code"] == "COACH_MESSAGE_TOO_LONG"


def test_a_model_failure_is_an_error_line_and_the_turn_can_be_retried(owner_api, session, fake_llm):
    fake_llm(responses=[LLMTimeout("The language model did not answer in time.")])
    lines = ndjson(
        owner_api.post(url("turn", session), {"message": "Phones distract pupils"}, format="json")
    )
    assert lines[-1]["error"] == "coach_stream_failed"
    assert lines[-1]["message"] == "The language model did not answer in time."
    fake_llm(responses=[answer(assistantText="Back again.")])
    lines = ndjson(owner_api.post(url("turn", session), {"retry": True}, format="json"))
    assert lines[-1]["result"]["assistantText"] == "Back again."
    assert session.messages.filter(role="user").count() == 1


def test_a_model_failure_line_speaks_the_readers_language(owner_api, session, fake_llm):
    fake_llm(responses=[LLMTimeout("The language model did not answer in time.")])
    lines = ndjson(
        owner_api.post(
            url("turn", session),
            {"message": "Phones distract pupils"},
            format="json",
            HTTP_ACCEPT_LANGUAGE="es",
        )
    )
    assert lines[-1]["error"] == "coach_stream_failed"
    assert lines[-1]["message"] == "El modelo de lenguaje no respondió a tiempo."


def test_a_contract_breaking_answer_is_a_validation_error_line(owner_api, session, fake_llm):
    fake_llm(responses=[{"assistantText": "hi", "step": "claim", "surprise": True}])
    lines = ndjson(owner_api.post(url("turn", session), {"message": "hi"}, format="json"))
    assert lines[-1] == {
        "type": "error",
        "error": "coach_validation_failed",
        "message": "The tutor's answer did not follow the expected format. Try again.",
        "retry": True,
    }


def test_a_message_over_five_thousand_characters_is_a_400_before_streaming(owner_api, session):
    response = owner_api.post(url("turn", session), {"message": "x" * 5001}, format="json")
    assert response.status_code == 400
    assert not response.streaming
    assert response.json()["code"] == "COACH_MESSAGE_TOO_LONG"
    assert "5,000" in response.json()["error"]
    assert session.messages.count() == 1


def test_the_twenty_first_turn_in_a_minute_is_a_429_with_a_clear_error(
    owner_api, session, fake_llm
):
    fake_llm(lambda request: answer())
    for _ in range(20):
        response = owner_api.post(url("turn", session), {"message": "hi"}, format="json")
        assert response.status_code == 200
        ndjson(response)
    response = owner_api.post(url("turn", session), {"message": "kept?"}, format="json")
    assert response.status_code == 429
    body = response.json()
    assert body["code"] == "COACH_RATE_LIMITED"
    assert body["retry_after"] >= 1
    assert not session.messages.filter(text="kept?").exists()


def test_a_turn_on_a_completed_session_is_a_conflict(owner_api, session):
    CoachSession.objects.filter(pk=session.pk).update(status="completed")
    response = owner_api.post(url("turn", session), {"message": "hi"}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "COACH_SESSION_COMPLETED"


def test_confirming_advances_and_rejecting_clears(owner_api, session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    body = owner_api.post(url("confirm", session), {"draft_version": 1}, format="json").json()
    assert body["current_step"] == "grounds"
    assert body["draft"]["claim"] == GOOD_TEXT["en"]["claim"]
    assert body["draft_version"] == 2
    give_proposal(session, GOOD_TEXT["en"]["grounds"])
    body = owner_api.post(url("reject", session), format="json").json()
    assert body["current_step"] == "grounds"
    assert body["pending_proposal"] is None


def test_confirming_with_nothing_pending_or_a_stale_version_is_a_conflict(owner_api, session):
    response = owner_api.post(url("confirm", session), {}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "COACH_NO_PENDING_PROPOSAL"
    services.draft_update(session=session, values={"claim": "other tab"}, draft_version=1)
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    response = owner_api.post(url("confirm", session), {"draft_version": 1}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "COACH_DRAFT_CONFLICT"
    assert response.json()["draft_version"] == 2


def test_confirming_a_proposal_made_before_a_hand_edit_is_stale_and_keeps_the_edit(
    owner_api, session
):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    mine = "Phones should stay in lockers during lessons"
    services.draft_update(session=session, values={"claim": mine}, draft_version=1)
    body = owner_api.get(url("session", session)).json()
    assert body["pending_proposal"]["stale"] is True
    response = owner_api.post(url("confirm", session), {"draft_version": 2}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "COACH_PROPOSAL_STALE"
    body = owner_api.get(url("session", session)).json()
    assert body["draft"]["claim"] == mine
    assert body["draft_version"] == 2
    assert body["current_step"] == "claim"


def test_editing_the_draft_by_hand_needs_the_current_version(owner_api, session):
    body = {"draft_version": 1, "draft": {"warrant": "If x, usually y"}}
    response = owner_api.patch(url("draft", session), body, format="json")
    assert response.json()["draft"]["warrant"] == "If x, usually y"
    response = owner_api.patch(url("draft", session), body, format="json")
    assert response.status_code == 409
    unknown = {"draft_version": 2, "draft": {"conclusion": "x"}}
    assert owner_api.patch(url("draft", session), unknown, format="json").status_code == 400


def test_a_completed_session_becomes_a_chain(owner_api, session):
    services.draft_update(session=session, values=GOOD_TEXT["en"], draft_version=1)
    response = owner_api.post(url("chain", session), format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "COACH_NOT_COMPLETED"
    CoachSession.objects.filter(pk=session.pk).update(status="completed")
    response = owner_api.post(url("chain", session), format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["phase_one_error"] == ""
    session.refresh_from_db()
    assert session.chain_id == body["chain_id"]


def test_the_stored_assistant_message_is_the_combined_text(owner_api, session, fake_llm):
    fake_llm(responses=[answer(assistantText="Fine.", nextQuestion="What else?")])
    lines = ndjson(owner_api.post(url("turn", session), {"message": "hi"}, format="json"))
    saved = CoachMessage.objects.get(pk=lines[-1]["message_id"])
    assert saved.text == "Fine.\n\nWhat else?"
