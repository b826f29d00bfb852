"""Bad input is a 400 (or 413) in our error shape, never a 500, and nothing is stored."""

import io

import pytest
from django.core.exceptions import RequestDataTooBig
from django.test import RequestFactory

from arguments.models import Chain
from council.models import Audit, Critique
from tests.arguments.factories import make_chain
from toulmini_site.classrooms.models import Classroom

pytestmark = pytest.mark.django_db

DOCUMENT = "Phones distract students. Therefore schools should ban phones in class, mostly."


def _raw(api, url: str, body: bytes, method: str = "post"):
    return getattr(api, method)(url, data=body, content_type="application/json")


@pytest.mark.parametrize(
    "body",
    [
        b'{"text": "Phones distract.\\u0000 Ban them."}',
        b'{"text": "Phones distract \\ud800 students."}',  # a lone surrogate
        b'{"text": "fine", "title": "\\udc00"}',
    ],
)
def test_nul_and_lone_surrogates_are_refused_in_any_field(owner_api, body):
    response = _raw(owner_api, "/api/v1/critiques/", body)
    assert response.status_code == 400
    assert response.json()["code"] == "INVALID_INPUT"
    assert "NUL characters or unpaired surrogates" in response.json()["error"]
    assert Critique.objects.count() == 0


def test_nul_inside_a_free_form_phase_payload_names_its_path(owner_api, owner):
    chain = make_chain(owner, engine=Chain.Engine.MANUAL)
    body = b'{"data": [{"text": "ok"}, {"text": "bad\\u0000"}], "claim": {"statement": "x"}}'
    response = owner_api.post(
        f"/api/v1/chains/{chain.pk}/phases/1/", data=body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["details"] == [
        {"loc": "data.1.text", "msg": "Text may not contain NUL characters or unpaired surrogates."}
    ]


def test_nul_in_an_aif_node_is_refused(owner_api):
    body = (
        b'{"nodes": [{"nodeID": "1", "type": "I", "text": "Phones\\u0000"}],'
        b' "edges": [], "locutions": []}'
    )
    response = _raw(owner_api, "/api/v1/chains/import/", body)
    assert response.status_code == 400
    assert response.json()["details"][0]["loc"] == "nodes.0.text"


def test_json_inside_a_string_field_is_checked_too(owner_api):
    response = owner_api.post(
        "/api/v1/toulmin/inject_logic_bridge/",
        {
            "query": "Should schools ban phones in class?",
            "data_json": '{"text": "x\\u0000"}',
            "claim_json": "{}",
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["details"][0] == {
        "loc": "data.text",
        "msg": "Text may not contain NUL characters or unpaired surrogates.",
    }


def test_a_surrogate_pair_is_ordinary_text(owner_api):
    response = _raw(
        owner_api,
        "/api/v1/critiques/",
        b'{"text": "Phones \\ud83d\\ude00 distract students. So ban them."}',
    )
    assert response.status_code == 202


def test_too_many_form_fields_are_a_400_in_the_api(api_client):
    fields = "&".join(f"f{n}=x" for n in range(1100)).encode()
    response = api_client.post(
        "/api/v1/auth/token/", data=fields, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "TOO_MANY_FIELDS"


def test_too_many_form_fields_are_a_400_page(client):
    fields = "&".join(f"f{n}=x" for n in range(1100)).encode()
    response = client.post(
        "/accounts/login/", data=fields, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert b"too many form fields" in response.content


def test_too_many_query_parameters_are_a_400(owner_api):
    query = "&".join(f"f{n}=x" for n in range(1100))
    response = owner_api.get(f"/api/v1/chains/?{query}")
    assert response.status_code == 400
    assert response.json()["code"] == "TOO_MANY_FIELDS"


def test_a_class_budget_of_2_to_the_31_is_refused(owner_api):
    response = owner_api.post(
        "/api/v1/classes/", {"name": "Big", "daily_model_calls": 2**31}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["details"][0]["loc"] == "daily_model_calls"
    assert not Classroom.objects.exists()


@pytest.mark.parametrize("text", ["...", "1, 2, 3.", "!! ?? --", "ok"])
def test_an_audit_of_a_text_with_no_sentence_is_refused_at_once(owner_api, text):
    response = owner_api.post("/api/v1/audits/", {"text": text}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "DOCUMENT_NO_SENTENCE"
    assert not Audit.objects.exists()


def test_the_audit_page_refuses_a_text_with_no_sentence(owner_client):
    response = owner_client.post("/audits/new/", {"text": "1. 2. 3."})
    assert response.status_code == 400
    assert b"no sentence to read" in response.content
    assert not Audit.objects.exists()


# -- bodies too large ----------------------------------------------------------------------


def test_a_body_declared_too_large_is_refused_unread(owner_api, settings):
    settings.REQUEST_MAX_BYTES = 10_000
    response = owner_api.post(
        "/api/v1/chains/import/",
        data=b"{}",
        content_type="application/json",
        CONTENT_LENGTH=str(300 * 1024 * 1024),
    )
    assert response.status_code == 413
    assert response.json()["code"] == "REQUEST_TOO_LARGE"


def test_an_upload_page_refuses_a_large_body_with_a_page(owner_client, settings):
    settings.REQUEST_MAX_BYTES = 10_000
    upload = io.BytesIO(b"Phones distract students. " * 1000)
    upload.name = "essay.txt"
    response = owner_client.post("/critiques/new/", {"file": upload})
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")
    assert b"10,000 bytes" in response.content
    assert not Critique.objects.exists()


def test_the_upload_handler_stops_at_the_cap(settings):
    """Past the cap the handler raises at once: the memory handler after it never holds more
    than the cap (a body whose length was not declared ends here, not on disk)."""
    settings.REQUEST_MAX_BYTES = 50_000
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 10**9  # keep it in memory, to measure it
    upload = io.BytesIO(b"x" * 200_000)
    upload.name = "big.txt"
    request = RequestFactory().post("/api/v1/critiques/", {"file": upload})
    with pytest.raises(RequestDataTooBig):
        request.FILES  # noqa: B018 - reading it parses the body
    memory = request.upload_handlers[1]
    assert memory.file is None or memory.file.tell() <= 50_000 + 65_536


def test_a_refused_body_is_a_page_that_wsgi_servers_accept(client, settings):
    """No hop-by-hop header (a 'Connection: close' made wsgiref and gunicorn answer 500)."""
    from wsgiref.util import is_hop_by_hop

    settings.REQUEST_MAX_BYTES = 1024
    response = client.post(
        "/accounts/login/", {"username": "a", "password": "b", "pad": "x" * 2000}
    )
    assert response.status_code == 413
    assert not [name for name in response.headers if is_hop_by_hop(name)]


def test_the_refusal_page_speaks_spanish(client, settings):
    settings.REQUEST_MAX_BYTES = 1024
    response = client.post(
        "/accounts/login/", {"pad": "x" * 2000}, headers={"accept-language": "es"}
    )
    assert response.status_code == 413
    assert "La solicitud supera los 1\u00a0024 bytes" in response.content.decode()


def test_an_aif_import_with_a_5000_digit_integer_is_a_400_in_the_api(owner_api):
    body = b'{"nodes": [{"nodeID": ' + b"9" * 5000 + b', "type": "I", "text": "x"}], "edges": []}'
    response = _raw(owner_api, "/api/v1/chains/import/", body)
    assert response.status_code == 400


def test_an_aif_file_with_a_5000_digit_integer_is_a_400_page(owner_client):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from arguments.models import Chain

    body = b'{"nodes": [{"nodeID": ' + b"9" * 5000 + b', "type": "I", "text": "x"}], "edges": []}'
    upload = SimpleUploadedFile("big.aif.json", body, "application/json")
    response = owner_client.post(reverse("arguments:chain_import"), {"file": upload})
    assert response.status_code == 400
    assert "number too long" in response.content.decode()
    assert not Chain.objects.exists()


def test_an_aif_id_that_is_a_huge_integer_is_refused_not_converted():
    from arguments.domain.aif import aif_import
    from arguments.domain.toulmin import ToulminError

    with pytest.raises(ToulminError):
        aif_import({"nodes": [{"nodeID": 10**5000, "type": "I", "text": "x"}], "edges": []})
