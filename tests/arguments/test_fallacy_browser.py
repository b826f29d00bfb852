"""The "Check a text for fallacies" page in Debian's chromium: anonymous, then a signed-in
user checking a text on a phone (390 px) and a desktop (1280 px), in English and Spanish."""

import os

from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER
PASSWORD = "pw-for-tests-123"
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
TEXT = (
    "Ever since our town installed the new traffic lights, maths results have gone up. "
    "Clearly, the traffic lights improved our students' results. And don't listen to the "
    "councillor who disagrees: he can't even keep his own garden tidy."
)


def shot(page, name):
    # Set TOULMINI_SCREENSHOTS=/some/dir to look at what the test saw.
    where = os.environ.get("TOULMINI_SCREENSHOTS")
    if where:
        page.screenshot(path=f"{where}/{name}.png", full_page=True)


def _check(page) -> None:
    page.fill("#id_text", TEXT)
    page.click("#checker form button[type=submit]")
    page.wait_for_selector(".fallacy-result")


def test_anonymous_is_sent_to_log_in(browser_page, live_server):
    page = browser_page
    page.goto(f"{live_server.url}/fallacies/")
    assert page.url == f"{live_server.url}/accounts/login/?next=/fallacies/"
    assert page.locator("#id_username").is_visible()


def test_a_signed_in_user_checks_a_text_on_a_phone_and_then_in_spanish(browser_page, live_server):
    make_user("ana", password=PASSWORD)
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "ana", PASSWORD, then="/")
    page.click("header summary")  # on a phone the links are in the header's menu
    page.click("nav >> text=Fallacies")
    page.wait_for_url(f"{live_server.url}/fallacies/")
    assert page.inner_text("h1") == "Check a text for fallacies"
    assert page.locator(".fallacy-types dt").count() == 14
    shot(page, "fallacies_empty_390_en")
    assert page.evaluate(FITS)

    _check(page)  # htmx: the checker is swapped in place
    shot(page, "fallacies_result_390_en")
    assert page.url == f"{live_server.url}/fallacies/"
    findings = page.locator(".fallacy-list > li")
    assert findings.count() >= 1
    assert page.locator(".checked-text mark").first.is_visible()
    first = findings.first.inner_text()
    assert first.split("\n")[0].split(" ", 1)[1].startswith(("Likely: ", "Possible: "))
    assert page.input_value("#id_text") == TEXT
    assert page.evaluate(FITS)

    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "fallacies_result_1280_en")

    page.click(".language-switch button[value=es]")
    page.wait_for_url(f"{live_server.url}/fallacies/")
    assert page.inner_text("h1") == "Revisar un texto en busca de falacias"
    shot(page, "fallacies_empty_1280_es")
    _check(page)
    shot(page, "fallacies_result_1280_es")
    assert page.inner_text(".fallacy-result h2") == "Lo que encontró el revisor"
    head = page.locator(".fallacy-list > li").first.inner_text()
    assert "Probable: " in head or "Posible: " in head

    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "fallacies_result_390_es")
    assert page.evaluate(FITS)

    page.fill("#id_text", "")
    page.click("#checker form button[type=submit]")
    page.wait_for_selector("#checker .error")
    assert "Pega o escribe el texto" in page.inner_text("#checker .error")
