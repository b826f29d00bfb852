"""The REST API for chains and the stateless tools: owner, other user, anonymous."""

import io
import json

import pytest
from django.urls import reverse

from arguments.models import Chain
from tests.arguments import builders as b
from tests.arguments.builders import WEAK_WARRANT_REASON
from tests.arguments.factories import make_chain
from tests.builders import make_user

pytestmark = pytest.mark.django_db

URL = "/api/v1"


def chain_paths(pk: int) -> list[tuple[str, str, dict | None]]:
    return [
        ("get", f"{URL}/chains/{pk}/", None),
        ("get", f"{URL}/chains/{pk}/prompt/", None),
        ("post", f"{URL}/chains/{pk}/phases/1/", {"data": b.data(), "claim": b.claim()}),
        ("post", f"{URL}/chains/{pk}/run/", {"until": "next"}),
        ("get", f"{URL}/chains/{pk}/export/?format=markdown", None),
    ]


def test_every_chain_endpoint_is_404_for_another_user(owner, other_api):
    chain = make_chain(owner, engine="manual")
    for method, path, body in chain_paths(chain.pk):
        response = getattr(other_api, method)(path, body, format="json")
        assert response.status_code == 404, path
        assert response.json()["code"] == "NOT_FOUND"
    chain.refresh_from_db()
    assert chain.next_phase == 1


def test_every_endpoint_needs_authentication(owner, api_client):
    chain = make_chain(owner)
    paths = [
        *chain_paths(chain.pk),
        ("get", f"{URL}/chains/", None),
        ("post", f"{URL}/chains/", {"query": "A fine query"}),
        ("post", f"{URL}/toulmin/initiate_toulmin_sequence/", {"query": "A fine query"}),
        ("post", f"{URL}/toulmin/validate/", {"component": "claim", "value": b.claim()}),
    ]
    for method, path, body in paths:
        response = getattr(api_client, method)(path, body, format="json")
        assert response.status_code == 401, path
        assert response.json()["code"] == "NOT_AUTHENTICATED"


def test_token_login_then_token_auth(owner, api_client):
    response = api_client.post(
        f"{URL}/auth/token/", {"username": "owner", "password": "pw-for-tests-123"}
    )
    assert response.status_code == 200
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert api_client.get(f"{URL}/chains/").status_code == 200


def test_token_with_wrong_password_is_a_json_error(owner, api_client):
    response = api_client.post(f"{URL}/auth/token/", {"username": "owner", "password": "no"})
    assert response.status_code == 400
    assert response.json()["code"] == "INVALID_CREDENTIALS"


def test_create_returns_the_chain_in_its_documented_shape(owner_api):
    response = owner_api.post(
        f"{URL}/chains/",
        {"query": "  Should schools start later?  ", "source_text": "Some text."},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {
        "id",
        "query",
        "source_text",
        "engine",
        "status",
        "next_phase",
        "data",
        "claim",
        "warrant",
        "backing",
        "rebuttal",
        "qualifier",
        "verdict",
        "termination_reason",
        "warnings",
        "claim_candidates",
        "claim_confidence",
        "review_status",
        "review_note",
        "reviewed_at",
        "created_at",
        "updated_at",
    }
    assert (body["query"], body["engine"], body["status"], body["next_phase"]) == (
        "Should schools start later?",
        "offline",
        "in_progress",
        1,
    )


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"query": "abcd"}, "query"),
        ({}, "query"),
        ({"query": "x" * 2001}, "query"),
        ({"query": "A fine query", "source_text": "x" * 50_001}, "source_text"),
        ({"query": "A fine query", "engine": "gpt"}, "engine"),
    ],
)
def test_create_refuses_bad_input_with_field_paths_and_saves_nothing(owner_api, body, loc):
    response = owner_api.post(f"{URL}/chains/", body, format="json")
    assert response.status_code == 400
    payload = response.json()
    assert payload["code"] == "INVALID_INPUT"
    assert payload["details"][0]["loc"] == loc
    assert not Chain.objects.exists()


def test_missing_query_is_listed_as_missing(owner_api):
    response = owner_api.post(f"{URL}/chains/", {}, format="json")
    assert response.json()["missing"] == ["query"]


def test_list_shows_only_own_chains_paginated(owner, other_user, owner_api):
    for _ in range(21):
        make_chain(owner)
    make_chain(other_user)
    first = owner_api.get(f"{URL}/chains/").json()
    assert first["count"] == 21
    assert len(first["results"]) == 20
    assert first["next"]
    assert len(owner_api.get(first["next"]).json()["results"]) == 1


def test_manual_chain_through_prompts_and_phases_to_a_verdict(owner_api):
    pk = owner_api.post(
        f"{URL}/chains/",
        {"query": "Should schools start later?", "engine": "manual"},
        format="json",
    ).json()["id"]
    for phase in (1, 2, 3, 4):
        prompt = owner_api.get(f"{URL}/chains/{pk}/prompt/").json()
        assert prompt["phase"] == phase
        assert "Should schools start later?" in prompt["prompt"]
        response = owner_api.post(
            f"{URL}/chains/{pk}/phases/{phase}/", b.PHASE_OUTPUTS[phase](), format="json"
        )
        assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["status"], body["next_phase"], body["verdict"]["status"]) == (
        "complete",
        None,
        "sustained",
    )
    assert owner_api.get(f"{URL}/chains/{pk}/prompt/").status_code == 409


def test_invalid_phase_output_is_400_with_field_paths(owner, owner_api):
    chain = make_chain(owner, engine="manual")
    bad = {"data": b.data(evidence_type="gossip"), "claim": b.claim(statement="Why?")}
    response = owner_api.post(f"{URL}/chains/{chain.pk}/phases/1/", bad, format="json")
    assert response.status_code == 400
    locs = {d["loc"] for d in response.json()["details"]}
    assert locs == {"data.evidence_type", "claim.statement"}


def test_phase_out_of_order_is_409(owner, owner_api):
    chain = make_chain(owner, engine="manual")
    response = owner_api.post(
        f"{URL}/chains/{chain.pk}/phases/2/", b.PHASE_OUTPUTS[2](), format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "PHASE_OUT_OF_ORDER"


def test_weak_warrant_terminates_then_further_phases_are_409_terminated(owner, owner_api):
    chain = make_chain(owner, engine="manual", phases=1)
    weak = {"warrant": b.warrant(strength="weak"), "backing": b.backing()}
    body = owner_api.post(f"{URL}/chains/{chain.pk}/phases/2/", weak, format="json").json()
    assert (body["status"], body["termination_reason"]) == (
        "terminated",
        WEAK_WARRANT_REASON,
    )
    response = owner_api.post(
        f"{URL}/chains/{chain.pk}/phases/3/", b.PHASE_OUTPUTS[3](), format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "TERMINATED"
    assert response.json()["termination_reason"] == WEAK_WARRANT_REASON


def test_run_to_the_end_with_the_offline_analyzer(owner, owner_api):
    chain = make_chain(owner)
    body = owner_api.post(f"{URL}/chains/{chain.pk}/run/", {"until": "end"}, format="json").json()
    assert (body["status"], body["verdict"]["status"]) == ("complete", "sustained")


def test_run_on_a_manual_chain_is_409(owner, owner_api):
    chain = make_chain(owner, engine="manual")
    response = owner_api.post(f"{URL}/chains/{chain.pk}/run/", {}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "MANUAL_ENGINE")


def test_model_failure_is_502_and_keeps_earlier_phases(owner, owner_api, fake_llm):
    from toulmini_site.llm import LLMTimeout

    fake_llm(responses=[b.PHASE_OUTPUTS[1](), LLMTimeout("The model did not answer in time.")])
    chain = make_chain(owner, engine="llm")
    response = owner_api.post(f"{URL}/chains/{chain.pk}/run/", {"until": "end"}, format="json")
    assert response.status_code == 502
    assert response.json()["code"] == "MODEL_FAILED"
    assert owner_api.get(f"{URL}/chains/{chain.pk}/").json()["next_phase"] == 2


def test_export_markdown_and_json(owner, owner_api):
    chain = make_chain(owner, engine="manual", phases=4)
    md = owner_api.get(f"{URL}/chains/{chain.pk}/export/?format=markdown")
    assert md["Content-Type"].startswith("text/markdown")
    text = md.content.decode()
    assert text.startswith(f"# Toulmin analysis: {chain.query}")
    assert "## Verdict: SUSTAINED" in text
    as_json = owner_api.get(f"{URL}/chains/{chain.pk}/export/?format=json")
    assert as_json.json()["verdict"]["status"] == "sustained"
    bad = owner_api.get(f"{URL}/chains/{chain.pk}/export/?format=pdf")
    assert bad.status_code == 400


def test_the_staff_review_and_its_note_reach_the_api_and_the_exports(owner, owner_api, staff_user):
    from arguments.services import chain_review

    chain = make_chain(owner, engine="manual", phases=4)
    chain_review(chain=chain, reviewer=staff_user, status="overturned", note="Too hasty.\nSee p. 2")

    detail = owner_api.get(f"{URL}/chains/{chain.pk}/").json()
    as_json = owner_api.get(f"{URL}/chains/{chain.pk}/export/?format=json").json()
    md = owner_api.get(f"{URL}/chains/{chain.pk}/export/?format=markdown").content.decode()

    for body in (detail, as_json):
        assert (body["review_status"], body["review_note"]) == (
            "overturned",
            "Too hasty.\nSee p. 2",
        )
        assert body["reviewed_at"]
    assert "## Staff review" in md and "**Overturned**" in md
    assert "> Too hasty.\n> See p. 2" in md


def test_a_pending_review_adds_nothing_to_the_markdown(owner, owner_api):
    chain = make_chain(owner, engine="manual", phases=4)
    md = owner_api.get(f"{URL}/chains/{chain.pk}/export/?format=markdown").content.decode()
    assert "Staff review" not in md


def test_stateless_tools_return_prompts(owner_api):
    response = owner_api.post(
        f"{URL}/toulmin/inject_logic_bridge/",
        {
            "query": "Should schools start later?",
            "data_json": json.dumps(b.data()),
            "claim_json": json.dumps(b.claim()),
        },
        format="json",
    )
    assert response.status_code == 200
    assert "PHASE 2 OF 4" in response.json()["prompt"]


def test_stateless_tool_given_a_weak_backing_answers_409_terminated(owner_api):
    response = owner_api.post(
        f"{URL}/toulmin/stress_test_argument/",
        {
            "query": "Should schools start later?",
            "data_json": json.dumps(b.data()),
            "claim_json": json.dumps(b.claim()),
            "warrant_json": json.dumps(b.warrant()),
            "backing_json": json.dumps(b.backing(strength="irrelevant")),
        },
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["code"] == "TERMINATED"


def test_stateless_tool_with_missing_inputs_lists_them(owner_api):
    response = owner_api.post(
        f"{URL}/toulmin/render_verdict/", {"query": "A fine query"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["missing"] == [
        "data_json",
        "claim_json",
        "warrant_json",
        "backing_json",
        "rebuttal_json",
        "qualifier_json",
    ]


def test_validate_one_component(owner_api):
    ok = owner_api.post(
        f"{URL}/toulmin/validate/", {"component": "claim", "value": b.claim()}, format="json"
    )
    assert ok.json() == {"valid": True, "component": "claim"}
    bad = owner_api.post(
        f"{URL}/toulmin/validate/",
        {"component": "qualifier", "value": b.qualifier(confidence_pct=20)},
        format="json",
    )
    assert bad.status_code == 400
    assert bad.json()["details"][0]["loc"] == "qualifier"


def test_validate_a_chain_reports_its_status(owner_api):
    chain = {
        "query": "Should schools start later?",
        **b.full_chain(qualifier=b.qualifier(degree="apparently", confidence_pct=10)),
    }
    body = owner_api.post(f"{URL}/toulmin/validate/", {"chain": chain}, format="json").json()
    assert (body["valid"], body["status"], body["next_phase"]) == (True, "complete", None)
    assert len(body["warnings"]) == 1
    partial = {
        "query": "Should schools start later?",
        "data": b.data(),
        "claim": b.claim(),
        "warrant": b.warrant(strength="weak"),
        "backing": b.backing(),
    }
    body = owner_api.post(f"{URL}/toulmin/validate/", {"chain": partial}, format="json").json()
    assert (body["status"], body["termination_reason"]) == (
        "terminated",
        WEAK_WARRANT_REASON,
    )


def test_openapi_schema_documents_the_chain_endpoints(owner_api):
    response = owner_api.get(reverse("api-schema"), {"format": "json"})
    assert response.status_code == 200
    text = response.content.decode()
    for path in (
        "/api/v1/chains/",
        "/api/v1/chains/{id}/phases/{phase}/",
        "/api/v1/toulmin/render_verdict/",
    ):
        assert path in text


def test_api_errors_are_never_html(owner_api):
    response = owner_api.post(f"{URL}/chains/", "not json", content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "PARSE_ERROR"


DEEP_JSON = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    "path",
    ["/chains/", "/chains/{id}/phases/2/", "/toulmin/validate/", "/chains/import/"],
)
def test_a_body_nested_too_deep_is_invalid_json_not_a_server_error(owner_api, owner, path):
    chain = make_chain(owner)
    response = owner_api.post(
        URL + path.format(id=chain.pk), DEEP_JSON, content_type="application/json"
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "INVALID_JSON"
    assert "nested too deeply" in body["error"]


def test_staff_see_only_their_own_chains_through_the_api_too(owner):
    staff = make_user("staffer", staff=True)
    chain = make_chain(owner)
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(staff)
    assert client.get(f"{URL}/chains/{chain.pk}/").status_code == 404


def test_swagger_ui_is_served_from_our_own_static_files(owner_client):
    html = owner_client.get(reverse("api-swagger")).content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn" not in html.lower()


def test_openapi_schema_generates_without_warnings_or_errors(db):
    """Every endpoint of every app is described, and no enum gets a hash for a name."""
    from django.core.management import call_command

    out, err = io.StringIO(), io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out, stderr=err)
    schema = out.getvalue()
    assert "Warning" not in err.getvalue()
    for path in (
        "/api/v1/chains/",
        "/api/v1/coach/sessions/",
        "/api/v1/critiques/",
        "/api/v1/audits/",
    ):
        assert path in schema
    # A critique's status is a described string (it adds "stalled" to the model's states).
    for name in ("ChainStatusEnum:", "CoachSessionStatusEnum:"):
        assert name in schema


def test_a_body_past_the_upload_limit_is_a_413_in_the_error_shape(owner_api):
    response = owner_api.post(
        "/api/v1/chains/", {"query": "Is it?", "source_text": "a" * 3_000_000}, format="json"
    )
    assert response.status_code == 413
    assert response.json()["code"] == "REQUEST_TOO_LARGE"
