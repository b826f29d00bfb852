"""POST /api/v1/fallacies/: the fallacy check as owner (any user), anonymous, and on bad input."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from arguments.domain.fallacies import TAXONOMY
from evaluations.fallacies import PHONE_BAN_OP_ED
from tests.i18n.untranslated import untranslated
from toulmini_site.llm import LLMTimeout
from toulmini_site.llm.models import LLMCall

pytestmark = pytest.mark.django_db

URL = "/api/v1/fallacies/"
CAUSE = "Since phones were invented, grades have fallen, so phones must be the cause."


def test_the_phone_ban_op_ed_gets_false_cause_and_hasty_generalization(owner_api):
    response = owner_api.post(URL, {"text": PHONE_BAN_OP_ED}, format="json")
    assert response.status_code == 200
    found = response.json()["fallacies"]
    assert {f["type"] for f in found} >= {"false_cause", "hasty_generalization"}
    for f in found:
        assert set(f) == {"type", "label", "quote", "start", "end", "explanation", "confidence"}
        assert PHONE_BAN_OP_ED[f["start"] : f["end"]] == f["quote"]
        assert f["label"] == TAXONOMY[f["type"]].label
    assert [f["confidence"] for f in found] == sorted(
        (f["confidence"] for f in found), reverse=True
    )
    assert {f["quote"] for f in found} >= {CAUSE, "all bullying today happens online"}


def test_the_answer_follows_the_requests_language_and_the_type_never_changes(owner_api):
    spanish = {"HTTP_ACCEPT_LANGUAGE": "es"}
    found = owner_api.post(URL, {"text": CAUSE}, format="json", **spanish).json()["fallacies"]
    assert found[0]["type"] == "false_cause"
    assert found[0]["label"] == "Falsa causa"
    assert not found[0]["explanation"].startswith("It concludes")
    assert untranslated(f"<p>{found[0]['explanation']}</p>") == []
    assert set(found[0]) == {"type", "label", "quote", "start", "end", "explanation", "confidence"}
    english = owner_api.post(URL, {"text": CAUSE}, format="json").json()["fallacies"]
    assert english[0]["label"] == "False cause"
    assert english[0]["explanation"].startswith("It concludes that one thing caused another")
    refused = owner_api.post(URL, {"text": ""}, format="json", **spanish).json()
    assert refused["code"] == "INVALID_INPUT"
    assert refused["error"].startswith("La petición no es válida")


def test_a_spanish_ad_hominem_is_named_in_spanish(owner_api):
    text = "Mira quién habla de educación: un diputado que compró su título. No le hagáis caso."
    spanish = {"HTTP_ACCEPT_LANGUAGE": "es"}
    found = owner_api.post(URL, {"text": text}, format="json", **spanish).json()["fallacies"]
    assert found[0]["type"] == "ad_hominem"
    said = found[0]["explanation"]
    assert "mira quién habla" in said or "compró su título" in said  # quoted as found
    assert untranslated(f"<p>{found[0]['explanation']}</p>") == []


def test_a_text_without_a_fallacy_gets_an_empty_list(owner_api):
    text = "Smoking is unhealthy because tar damages the lining of the lungs."
    response = owner_api.post(URL, {"text": text}, format="json")
    assert response.status_code == 200
    assert response.json() == {"fallacies": []}


def test_any_signed_in_user_may_check_a_text_and_nothing_is_saved(other_api):
    response = other_api.post(URL, {"text": CAUSE, "engine": "offline"}, format="json")
    assert response.status_code == 200
    assert [f["type"] for f in response.json()["fallacies"]] == ["false_cause"]
    assert LLMCall.objects.count() == 0


def test_anonymous_is_401(api_client):
    response = api_client.post(URL, {"text": CAUSE}, format="json")
    assert response.status_code == 401
    assert response.json()["code"] == "NOT_AUTHENTICATED"


@pytest.mark.parametrize(
    ("body", "loc"),
    [
        ({"text": ""}, "text"),
        ({"text": "   "}, "text"),
        ({}, "text"),
        ({"text": "x" * 5001}, "text"),
        ({"text": 5}, "text"),  # a number is not a text, though DRF would turn it into "5"
        ({"text": True}, "text"),
        ({"text": CAUSE, "engine": "gpt"}, "engine"),
    ],
)
def test_empty_over_long_or_bad_engine_is_400_in_the_shared_shape(owner_api, body, loc):
    response = owner_api.post(URL, body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "INVALID_INPUT"
    assert error["error"]
    assert [d["loc"] for d in error["details"]] == [loc]


def test_five_thousand_characters_are_accepted(owner_api):
    text = (CAUSE + " ") * (5000 // (len(CAUSE) + 1))
    response = owner_api.post(URL, {"text": text[:5000]}, format="json")
    assert response.status_code == 200
    assert response.json()["fallacies"]


def test_llm_engine_without_a_model_is_400_model_not_configured(owner_api):
    response = owner_api.post(URL, {"text": CAUSE, "engine": "llm"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "MODEL_NOT_CONFIGURED"


def test_llm_engine_without_a_model_says_so_in_the_readers_language(owner_api):
    response = owner_api.post(
        URL, {"text": CAUSE, "engine": "llm"}, format="json", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("Este servidor no tiene configurado ningún modelo")


def test_under_a_model_its_answer_is_validated_and_quotes_located(owner_api, fake_llm):
    fake = fake_llm(
        responses=[
            # First answer breaks the taxonomy: the client asks again with the errors.
            {
                "fallacies": [
                    {"type": "post_hoc", "quote": CAUSE, "explanation": "x", "confidence": 0.9}
                ]
            },
            {
                "fallacies": [
                    {
                        "type": "false_cause",
                        "quote": "grades have fallen",
                        "explanation": "Coming after is not being caused by.",
                        "confidence": 0.7,
                    },
                    {
                        "type": "straw_man",
                        "quote": "words that are not there",
                        "explanation": "x",
                        "confidence": 0.9,
                    },
                ]
            },
        ]
    )
    response = owner_api.post(URL, {"text": CAUSE}, format="json")  # the model by default
    assert response.status_code == 200
    (found,) = response.json()["fallacies"]
    assert found["type"] == "false_cause"
    assert CAUSE[found["start"] : found["end"]] == "grades have fallen"
    assert "BEGIN USER DATA" in fake.requests[0].messages[-1]["content"]
    assert "fallacies.0.type" in fake.requests[1].messages[-1]["content"]
    assert LLMCall.objects.filter(purpose="arguments.fallacies").count() == 2


def test_the_offline_engine_can_still_be_chosen_when_a_model_is_configured(owner_api, fake_llm):
    fake = fake_llm(responses=[])
    response = owner_api.post(URL, {"text": CAUSE, "engine": "offline"}, format="json")
    assert response.status_code == 200
    assert response.json()["fallacies"][0]["type"] == "false_cause"
    assert fake.requests == []


def test_a_model_failure_is_502_model_failed(owner_api, fake_llm):
    fake_llm(responses=[LLMTimeout("The model did not answer in time.")])
    response = owner_api.post(URL, {"text": CAUSE}, format="json")
    assert response.status_code == 502
    assert response.json()["code"] == "MODEL_FAILED"


def test_the_endpoint_is_in_the_openapi_schema(db):
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out, stderr=io.StringIO())
    schema = out.getvalue()
    assert "/api/v1/fallacies/:" in schema
    assert "hasty_generalization" in schema


def test_the_offline_provider_answers_the_fallacy_call_like_the_detector(db):
    from arguments.domain.fallacies import detect_fallacies
    from arguments.services import fallacies_detect
    from toulmini_site.llm.offline import OfflineClient

    through_client = fallacies_detect(
        text=PHONE_BAN_OP_ED, engine="offline", client=OfflineClient()
    )
    assert [(f.type, f.quote) for f in through_client] == [
        (f.type, f.quote) for f in detect_fallacies(PHONE_BAN_OP_ED)
    ]
    assert LLMCall.objects.filter(provider="offline", purpose="arguments.fallacies").count() == 1
