"""The API's reference is a page of ours (issue 36: Swagger UI had 137 axe violations): every
operation of the schema in the site's frame; Swagger UI stays one link away. Its axe check is in
tests/accessibility (the student's pages)."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_reference_lists_every_operation_of_the_schema_in_the_sites_frame(owner_client):
    html = owner_client.get("/api/docs/").content.decode()
    assert '<html lang="en">' in html and 'class="language-switch"' in html
    for operation in (
        "GET /api/v1/me/",
        "PUT /api/v1/submissions/{id}/feedback/",
        "POST /api/v1/chains/",
        "POST /api/v1/auth/token/",
    ):
        assert f"<code>{operation}</code>" in html, operation
    assert 'href="/api/docs/swagger/"' in html and 'href="/api/schema/"' in html


def test_the_reference_is_for_logged_in_users(client):
    assert client.get("/api/docs/").status_code == 302
