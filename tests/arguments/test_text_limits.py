"""Honest limits: a text over the length limit is refused on the page and by the API, keeping
what was typed and analysing nothing; a text in a script or a language the offline analyzer
cannot read ends the chain with a message naming the language it reads."""

from __future__ import annotations

from django.urls import reverse

from arguments.models import Chain
from arguments.services import SOURCE_TEXT_MAX
from tests.arguments.texts import ARABIC

URL = "/api/v1"
LONG = ("Cities should build protected bike lanes. " * 1500)[:60_000]


def test_the_page_refuses_an_over_long_text_saying_so_and_keeps_it(owner_client):
    response = owner_client.post(
        reverse("arguments:chain_new"),
        {"query": "Should cities build bike lanes?", "source_text": LONG, "engine": "offline"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "The text is 60000 characters long; at most 50,000 are analysed." in html
    assert "Nothing was cut or analysed" in html
    assert "needs a text to analyse" not in html  # too long is not missing
    assert LONG[-200:] in html  # the whole text is kept for the student to shorten
    assert not Chain.objects.exists()


def test_the_text_box_has_no_maxlength_that_would_cut_a_paste_silently(owner_client):
    html = owner_client.get(reverse("arguments:chain_new")).content.decode()
    box = html[html.index('name="source_text"') - 200 : html.index('name="source_text"') + 200]
    assert "maxlength" not in box
    assert f"up to {SOURCE_TEXT_MAX:,} characters" in html


def test_the_api_refuses_an_over_long_text_with_its_limit(owner_api):
    body = {"query": "Should cities build bike lanes?", "source_text": LONG}
    response = owner_api.post(f"{URL}/chains/", body, format="json")
    assert response.status_code == 400
    payload = response.json()
    assert payload["details"][0]["loc"] == "source_text"
    assert "50000" in payload["details"][0]["msg"]
    assert not Chain.objects.exists()


def test_an_arabic_text_ends_the_chain_naming_the_language_read(owner_api):
    body = {"query": "Should schools start later?", "source_text": ARABIC}
    created = owner_api.post(f"{URL}/chains/", body, format="json").json()
    response = owner_api.post(f"{URL}/chains/{created['id']}/run/", {"until": "end"}, format="json")
    payload = response.json()
    assert payload["status"] == "terminated"
    assert payload["termination_reason"].startswith(
        "LANGUAGE NOT READ: the offline analyzer reads English and Spanish only"
    )
    assert "DATA MISSING" not in payload["termination_reason"]


FRENCH = (
    "Les écoles devraient commencer plus tard le matin, car les adolescents ont besoin de "
    "dormir davantage. Plusieurs études montrent que les élèves qui dorment bien apprennent "
    "mieux. Le ministère doit donc changer les horaires."
)


def test_a_french_text_ends_the_chain_naming_its_language_and_the_one_read(owner_api):
    body = {"query": "Should schools start later?", "source_text": FRENCH}
    created = owner_api.post(f"{URL}/chains/", body, format="json").json()
    response = owner_api.post(f"{URL}/chains/{created['id']}/run/", {"until": "end"}, format="json")
    payload = response.json()
    assert payload["status"] == "terminated"
    reason = payload["termination_reason"]
    assert reason.startswith(
        "LANGUAGE NOT READ: the offline analyzer reads English and Spanish only"
    )
    assert "this text reads as French" in reason
    assert "MISSING" not in reason


def test_an_arabic_text_shows_its_message_on_the_page(owner_client, owner):
    owner_client.post(
        reverse("arguments:chain_new"),
        {"query": "Should schools start later?", "source_text": ARABIC, "engine": "offline"},
    )
    chain = Chain.objects.get(owner=owner)
    owner_client.post(reverse("arguments:chain_run", args=[chain.pk]), {"until": "end"})
    html = owner_client.get(chain.get_absolute_url()).content.decode()
    assert "LANGUAGE NOT READ: the offline analyzer reads English and Spanish only" in html


def test_the_refusal_is_in_the_readers_language(owner_client):
    owner_client.cookies["django_language"] = "es"
    response = owner_client.post(
        reverse("arguments:chain_new"),
        {
            "query": "¿Deben las ciudades hacer carriles bici?",
            "source_text": LONG,
            "engine": "offline",
        },
        HTTP_ACCEPT_LANGUAGE="es",
    )
    html = response.content.decode()
    assert "El texto tiene 60000 caracteres; se analizan como máximo 50" in html
    assert "No se ha recortado ni analizado nada" in html
    assert not Chain.objects.exists()
