"""The chain export's schema says what each format is sent as, and the Markdown export turns
no Markdown in user text into an image or a link."""

from __future__ import annotations

import pytest

from tests.arguments.factories import make_chain

pytestmark = pytest.mark.django_db

TRAP = (
    "Should schools ban phones? ![pixel](http://evil.example/p.png) "
    "[click](http://evil.example) \\[x](y)"
)


def test_the_markdown_export_neutralises_images_and_links_from_user_text(owner, owner_api):
    markdown_it = pytest.importorskip("markdown_it")
    chain = make_chain(owner, query=TRAP, phases=1)
    response = owner_api.get(f"/api/v1/chains/{chain.pk}/export/?format=markdown")
    assert response.status_code == 200
    html = markdown_it.MarkdownIt().render(response.content.decode())
    assert "<img" not in html and "<a " not in html
    assert "![pixel](http://evil.example/p.png)" in html  # shown as the text it was


def test_the_export_schema_gives_each_format_its_media_type(api_client):
    import json

    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    schema = json.loads(response.content)
    content = schema["paths"]["/api/v1/chains/{id}/export/"]["get"]["responses"]["200"]["content"]
    assert set(content) == {"application/json", "text/markdown", "text/plain"}
    assert content["text/markdown"]["schema"]["type"] == "string"


def test_each_format_is_sent_as_the_schema_says(owner, owner_api):
    chain = make_chain(owner, phases=1)
    sent = {
        fmt: owner_api.get(f"/api/v1/chains/{chain.pk}/export/?format={fmt}")["Content-Type"]
        for fmt in ("json", "markdown", "aif", "argdown")
    }
    assert sent == {
        "json": "application/json",
        "markdown": "text/markdown; charset=utf-8",
        "aif": "application/json",
        "argdown": "text/plain; charset=utf-8",
    }
