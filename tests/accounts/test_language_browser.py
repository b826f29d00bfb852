"""The language switch in a real browser: one click turns the page Spanish, and the choice
follows the user to a browser that never chose (Debian's chromium via Playwright)."""

from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"


def test_the_header_switch_turns_the_page_spanish_and_the_account_remembers(
    browser_page, live_server, spanish_catalog
):
    make_user("ana", password=PASSWORD)
    base = live_server.url
    page = browser_page
    log_in(page, base, "ana", PASSWORD, then="/classes/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.click(".language-switch button[value=es]")
    page.wait_for_url(f"{base}/classes/")  # back on the same page
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.inner_text("h1") == "Clases"
    assert page.get_attribute(".language-switch button[value=es]", "aria-current") == "true"

    # Another browser profile, no cookie, an English browser: the account's language wins.
    context = page.context.browser.new_context(locale="en-US")
    try:
        other = context.new_page()
        log_in(other, base, "ana", PASSWORD, then="/")
        assert other.locator("html").get_attribute("lang") == "es"
        assert "Cerrar sesión" in other.inner_text("header")
    finally:
        context.close()
