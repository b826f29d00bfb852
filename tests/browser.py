"""Browser tests: Debian's chromium driven by Playwright's sync API, never a downloaded browser.

A test module opts in with ``pytestmark = BROWSER`` and the ``browser_page`` fixture (in
``tests/conftest.py``); without chromium the tests skip with a message saying how to get it.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

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

BROWSER = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Debian's chromium is not installed at /usr/bin/chromium (apt-get install chromium)",
    ),
]


def chromium_page() -> Iterator[Any]:
    """A fresh page in a headless chromium; closed, with its database connections, after."""
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop, which Django's ORM otherwise refuses: allowed
    # for as long as this page lives, and no longer (the rest of the session keeps the check).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield from _page(sync_playwright)
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _page(sync_playwright: Any) -> Iterator[Any]:
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
            # test database at the end of the run.
            connections.close_all()


def log_in(page: Any, base_url: str, username: str, password: str, *, then: str) -> None:
    """Log in through the login form and wait until the page at ``then`` is shown."""
    page.goto(f"{base_url}/accounts/login/?next={then}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base_url}{then}")


def send(page: Any, text: str) -> None:
    """Send ``text`` in the coach's chat and wait for the tutor's answer and the refreshed
    workspace."""
    count = page.locator("#chat-log li").count()
    page.fill("#id_message", text)
    page.click("#chat-form button[type=submit]")
    # The student's bubble and the tutor's answer, then the refreshed workspace.
    page.wait_for_function(
        "n => document.querySelectorAll('#chat-log li').length >= n "
        "&& !document.querySelector('.chat-msg.is-streaming') "
        "&& window.coachEvents.length && window.coachEvents.at(-1).type === 'refreshed'",
        arg=count + 2,
    )
