"""Under the Content-Security-Policy, htmx still swaps and chromium reports no violation."""

from tests.arguments.factories import make_chain
from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER


def _violations(page) -> list[str]:
    messages: list[str] = []
    page.on(
        "console",
        lambda m: messages.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return messages


def test_htmx_runs_a_phase_in_place_under_the_policy(browser_page, live_server, transactional_db):
    page = browser_page
    violations = _violations(page)
    owner = make_user("student", password="pw-for-tests-123")
    chain = make_chain(owner)
    url = f"/chains/{chain.pk}/"
    log_in(page, live_server.url, "student", "pw-for-tests-123", then=url)
    page.evaluate("window.__same_document = true")  # gone if the page were reloaded

    page.click("#chain button[value=next]")
    page.wait_for_selector("#chain button[value=next] >> text=Run phase 2")

    assert page.evaluate("window.__same_document") is True  # swapped by htmx, not navigated
    assert page.evaluate("window.htmx.config.includeIndicatorStyles") is False
    assert page.locator("head style").count() == 0
    assert violations == []


def test_a_blocked_inline_script_is_reported(browser_page, live_server, transactional_db):
    """The listener above can see a violation: an injected inline script is refused."""
    page = browser_page
    violations = _violations(page)
    page.goto(f"{live_server.url}/")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.__ran = true'; document.body.appendChild(s); }"
    )
    page.wait_for_timeout(200)
    assert page.evaluate("window.__ran === undefined")
    assert violations


def test_the_api_docs_render_under_the_policy(browser_page, live_server, transactional_db):
    page = browser_page
    violations = _violations(page)
    make_user("student", password="pw-for-tests-123")
    log_in(page, live_server.url, "student", "pw-for-tests-123", then="/api/docs/swagger/")
    page.wait_for_selector(".opblock")
    assert page.locator(".opblock").count() > 10
    assert violations == []
