"""A critique page updates itself in a real browser when the run finishes (Debian's chromium)."""

import os
import re
from pathlib import Path

import pytest
from django.db import connections

from tests.conftest import make_user

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed at /usr/bin/chromium (apt-get install chromium)",
    ),
]


@pytest.fixture
def critique_page(live_server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS
        )
        page = browser.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            browser.close()
            # Code run while Playwright's loop is active gets its own database connection
            # (Django keys connections by context); close it, or PostgreSQL cannot drop the
            # test database.
            connections.close_all()


def test_a_queued_critique_page_shows_the_result_once_the_council_has_run(
    critique_page, live_server, transactional_db, critique_document
):
    from council.models import Critique
    from council.services.critique import critique_run

    page = critique_page
    owner = make_user("writer", password="pw-for-tests-123")
    # Queued as the database backend would leave it, until a worker picks it up.
    critique = Critique.objects.create(owner=owner, title="Remote work", document=critique_document)
    page.goto(f"{live_server.url}/accounts/login/?next={critique.get_absolute_url()}")
    page.fill("#id_username", "writer")
    page.fill("#id_password", "pw-for-tests-123")
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r"/critiques/\d+/$"))
    assert "Kant: queued" in page.inner_text("#critique-run")

    critique_run(critique_id=critique.pk)  # the worker's job, done while the page polls

    page.wait_for_selector("#critique-run >> text=Points by area")
    assert page.get_attribute("#critique-run", "hx-trigger") is None  # polling has stopped
    page.click("#critique-run details.tree summary >> text=Kant")
    assert page.locator("#critique-run details.tree[open] code", has_text="KANT-1").count() >= 1
