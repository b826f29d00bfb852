"""AIF and Argdown through the API and the pages: export, import, round trip, errors."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from arguments.demo import DEMO_CHAINS
from arguments.domain.aif import AIF_MAX_BYTES
from arguments.domain.toulmin import COMPONENT_ORDER
from arguments.models import Chain
from arguments.services import chain_create, chain_run
from tests.arguments.aif_cases import MALFORMED
from tests.arguments.factories import make_chain

pytestmark = pytest.mark.django_db

URL = "/api/v1/chains"
FORMATS = {
    "aif": ("application/json", ".aif.json"),
    "argdown": ("text/plain; charset=utf-8", ".argdown"),
}


def export_url(chain: Chain, fmt: str) -> str:
    return f"{URL}/{chain.pk}/export/?format={fmt}"


def components(chain: Chain) -> dict:
    return {name: getattr(chain, name) for name in COMPONENT_ORDER}


# -- export -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_owner_downloads_the_chain_as_an_attachment(owner, owner_api, fmt):
    chain = make_chain(owner, engine="manual", phases=4)

    response = owner_api.get(export_url(chain, fmt))

    content_type, ending = FORMATS[fmt]
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == (
        f'attachment; filename="toulmin-chain-{chain.pk}{ending}"'
    )
    body = response.content.decode()
    assert chain.claim["statement"] in body


@pytest.mark.parametrize("fmt", FORMATS)
def test_another_user_gets_404_and_anonymous_401(owner, other_api, api_client, fmt):
    chain = make_chain(owner, phases=4, engine="manual")

    hidden = other_api.get(export_url(chain, fmt))
    anonymous = api_client.get(export_url(chain, fmt))

    assert (hidden.status_code, hidden.json()["code"]) == (404, "NOT_FOUND")
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "NOT_AUTHENTICATED")


def test_the_aif_export_is_an_aif_document_with_the_claim_attacked(owner, owner_api):
    chain = make_chain(owner, engine="manual", phases=4)

    document = owner_api.get(export_url(chain, "aif")).json()

    claim = next(n for n in document["nodes"] if n["text"] == chain.claim["statement"])
    into_claim = [e["fromID"] for e in document["edges"] if e["toID"] == claim["nodeID"]]
    types = {n["nodeID"]: n["type"] for n in document["nodes"]}
    assert sorted(types[n] for n in into_claim) == ["CA", "RA"]
    assert document["locutions"] == []


def test_an_unknown_format_names_every_format(owner, owner_api):
    chain = make_chain(owner)

    response = owner_api.get(export_url(chain, "pdf"))

    assert response.status_code == 400
    assert "aif" in response.json()["error"] and "argdown" in response.json()["error"]


def test_the_chain_page_offers_both_downloads(owner, owner_client):
    chain = make_chain(owner, phases=2, engine="manual")

    html = owner_client.get(chain.get_absolute_url()).content.decode()

    for fmt in ("aif", "argdown"):
        assert reverse("arguments:chain_export", args=[chain.pk, fmt]) in html


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_page_downloads_for_the_owner_only(owner, owner_client, fmt):
    chain = make_chain(owner, phases=1, engine="manual")
    url = reverse("arguments:chain_export", args=[chain.pk, fmt])

    mine = owner_client.get(url)
    owner_client.logout()
    anonymous = owner_client.get(url)

    assert mine.status_code == 200
    assert mine["Content-Type"] == FORMATS[fmt][0]
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_page_download_is_404_for_another_user(owner, other_client, fmt):
    chain = make_chain(owner, phases=1, engine="manual")

    response = other_client.get(reverse("arguments:chain_export", args=[chain.pk, fmt]))

    assert response.status_code == 404


# -- round trip ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "demo", [d for d in DEMO_CHAINS if d["source_text"]], ids=lambda d: d["expect"]
)
def test_export_then_import_preserves_every_component(owner, owner_api, demo):
    chain = chain_create(owner=owner, query=demo["query"], source_text=demo["source_text"])
    chain = chain_run(chain=chain, until="end")
    assert (chain.verdict_status or chain.status) == demo["expect"]

    document = owner_api.get(export_url(chain, "aif")).content
    response = owner_api.post(f"{URL}/import/", document, content_type="application/json")

    assert response.status_code == 201, response.content
    imported = Chain.objects.get(pk=response.json()["id"])
    assert components(imported) == components(chain)
    assert (imported.query, imported.engine) == (chain.query, "manual")
    assert (imported.status, imported.termination_reason) == (
        chain.status,
        chain.termination_reason,
    )
    assert response.json()["notes"] == []


def test_a_chain_stopped_before_any_claim_exports_a_graph_that_cannot_come_back(owner, owner_api):
    empty = next(d for d in DEMO_CHAINS if not d["source_text"])
    chain = chain_run(chain=chain_create(owner=owner, query=empty["query"]), until="end")

    document = owner_api.get(export_url(chain, "aif")).json()
    response = owner_api.post(f"{URL}/import/", document, format="json")

    assert document["nodes"] == [] and document["toulmin"]["status"] == "terminated"
    assert (response.status_code, response.json()["code"]) == (400, "AIF_NO_CLAIM")


# -- import -------------------------------------------------------------------------------


def test_a_file_upload_imports_too_and_notes_name_the_nodes_left_out(owner_api):
    graph = {
        "nodes": [
            {"nodeID": "a", "text": "Cities should ban cars downtown.", "type": "I"},
            {"nodeID": "b", "text": "Downtown air is the worst in the city.", "type": "I"},
            {"nodeID": "c", "text": "Default Inference", "type": "RA"},
            {"nodeID": "d", "text": "An unrelated remark", "type": "I"},
        ],
        "edges": [
            {"edgeID": "1", "fromID": "b", "toID": "c"},
            {"edgeID": "2", "fromID": "c", "toID": "a"},
        ],
    }
    upload = SimpleUploadedFile("map.json", json.dumps(graph).encode(), "application/json")

    response = owner_api.post(f"{URL}/import/", {"file": upload}, format="multipart")

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["engine"], body["next_phase"]) == ("manual", 2)
    assert body["data"]["facts"] == ["Downtown air is the worst in the city."]
    assert "d" in {note["node"] for note in body["notes"]}


@pytest.mark.parametrize(("document", "code", "loc"), MALFORMED)
def test_a_malformed_document_is_a_400_naming_what_is_wrong_and_saves_nothing(
    owner_api, document, code, loc
):
    body = document if isinstance(document, str) else json.dumps(document)

    response = owner_api.post(f"{URL}/import/", body, content_type="application/json")

    assert response.status_code == 400
    error = response.json()
    assert error["code"] == code
    assert error["error"]
    assert error["details"][0]["loc"].startswith(loc)
    assert Chain.objects.count() == 0


def test_an_upload_over_2_mb_is_refused_unread(owner_api):
    upload = SimpleUploadedFile("big.json", b" " * (AIF_MAX_BYTES + 1), "application/json")

    response = owner_api.post(f"{URL}/import/", {"file": upload}, format="multipart")

    assert (response.status_code, response.json()["code"]) == (400, "AIF_TOO_LARGE")


def test_multipart_without_a_file_says_what_is_missing(owner_api):
    response = owner_api.post(f"{URL}/import/", {"other": "x"}, format="multipart")

    assert (response.status_code, response.json()["missing"]) == (400, ["file"])


def test_importing_needs_authentication(api_client):
    response = api_client.post(f"{URL}/import/", {"nodes": [], "edges": []}, format="json")

    assert (response.status_code, response.json()["code"]) == (401, "NOT_AUTHENTICATED")
    assert Chain.objects.count() == 0


def test_the_imported_chain_belongs_to_the_importer_only(owner, owner_api, other_api):
    chain = make_chain(owner, engine="manual", phases=2)
    document = owner_api.get(export_url(chain, "aif")).content

    made = other_api.post(f"{URL}/import/", document, content_type="application/json").json()

    assert Chain.objects.get(pk=made["id"]).owner.username == "intruder"
    assert owner_api.get(f"{URL}/{made['id']}/").status_code == 404


def test_the_openapi_schema_documents_the_import_and_the_formats(owner_api):
    text = owner_api.get(reverse("api-schema"), {"format": "json"}).content.decode()

    assert "/api/v1/chains/import/" in text
    assert "AIF_NO_CLAIM" in text and "- argdown" in text


# -- the new-chain page's import form ------------------------------------------------------


def test_the_new_chain_page_offers_an_aif_file_field(owner_client):
    html = owner_client.get(reverse("arguments:chain_new")).content.decode()

    assert reverse("arguments:chain_import") in html
    assert 'type="file"' in html and 'enctype="multipart/form-data"' in html


def test_importing_a_file_on_the_page_opens_the_new_chain(owner, owner_client):
    chain = make_chain(owner, engine="manual", phases=4)
    document = owner_client.get(reverse("arguments:chain_export", args=[chain.pk, "aif"]))
    upload = SimpleUploadedFile("chain.aif.json", document.content, "application/json")

    response = owner_client.post(reverse("arguments:chain_import"), {"file": upload})

    imported = Chain.objects.exclude(pk=chain.pk).get()
    assert response.status_code == 302 and response["Location"] == imported.get_absolute_url()
    assert components(imported) == components(chain)


def test_a_bad_file_on_the_page_shows_the_error_and_saves_nothing(owner_client):
    upload = SimpleUploadedFile("bad.json", b'{"nodes": []}', "application/json")

    response = owner_client.post(reverse("arguments:chain_import"), {"file": upload})

    assert response.status_code == 400
    assert 'no "edges" list' in response.content.decode().replace("&quot;", '"')
    assert Chain.objects.count() == 0


@pytest.mark.parametrize("phases, offered", [(0, False), (1, True)])
def test_the_page_offers_aif_and_argdown_only_once_there_is_a_claim(
    owner, owner_client, phases, offered
):
    chain = make_chain(owner, engine="manual", phases=phases)
    html = owner_client.get(chain.get_absolute_url()).content.decode()

    assert reverse("arguments:chain_export", args=[chain.pk, "json"]) in html
    for fmt in ("aif", "argdown"):
        assert (reverse("arguments:chain_export", args=[chain.pk, fmt]) in html) is offered


def test_the_import_notes_on_the_page_name_each_node_by_its_text(owner_client):
    document = {
        "nodes": [
            {"nodeID": "1", "text": "Cities should ban cars downtown.", "type": "I"},
            {"nodeID": "2", "text": "Downtown air is the worst.", "type": "I"},
            {"nodeID": "3", "text": "Default Inference", "type": "RA"},
            {"nodeID": "9", "text": "A loose remark about parking.", "type": "I"},
        ],
        "edges": [
            {"edgeID": "e1", "fromID": "2", "toID": "3"},
            {"edgeID": "e2", "fromID": "3", "toID": "1"},
        ],
    }
    upload = SimpleUploadedFile("g.json", json.dumps(document).encode(), "application/json")

    response = owner_client.post(reverse("arguments:chain_import"), {"file": upload}, follow=True)

    assert "Node 9 “A loose remark about parking.”: not imported" in response.content.decode()


def test_a_failed_import_keeps_the_query_and_text_typed_on_the_page(owner_client):
    # One form: the import button posts the typed fields too, and they come back.
    page = owner_client.get(reverse("arguments:chain_new")).content.decode()
    assert page.count('enctype="multipart/form-data"') == 1
    assert f' action="{reverse("arguments:chain_import")}"' not in page
    assert f'formaction="{reverse("arguments:chain_import")}"' in page
    upload = SimpleUploadedFile("bad.json", b"{not json", "application/json")

    response = owner_client.post(
        reverse("arguments:chain_import"),
        {
            "file": upload,
            "query": "Should schools start later?",
            "source_text": "Teens sleep late.",
        },
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert "not valid JSON" in html
    assert "Should schools start later?</textarea>" in html
    assert "Teens sleep late.</textarea>" in html
    assert Chain.objects.count() == 0


def test_reloading_the_import_address_goes_back_to_the_new_chain_page(owner_client):
    response = owner_client.get(reverse("arguments:chain_import"))

    assert response.status_code == 302
    assert response["Location"] == reverse("arguments:chain_new")


def test_the_engine_choice_is_a_fieldset_with_a_legend_and_no_empty_label(owner_client):
    html = owner_client.get(reverse("arguments:chain_new")).content.decode()

    assert "<legend>Engine</legend>" in html
    assert 'for=""' not in html


def test_the_page_import_needs_a_login(client):
    upload = SimpleUploadedFile("x.json", b"{}", "application/json")

    response = client.post(reverse("arguments:chain_import"), {"file": upload})

    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert Chain.objects.count() == 0
