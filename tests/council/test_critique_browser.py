"""A critique page updates itself in a real browser when the run finishes (Debian's chromium)."""

from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER


def test_a_queued_critique_page_shows_the_result_once_the_council_has_run(
    browser_page, live_server, transactional_db, critique_document
):
    from council.models import Critique
    from council.services.critique import critique_run

    page = browser_page
    owner = make_user("writer", password="pw-for-tests-123")
    # Queued as the database backend would leave it, until a worker picks it up.
    critique = Critique.objects.create(owner=owner, title="Remote work", document=critique_document)
    log_in(page, live_server.url, "writer", "pw-for-tests-123", then=critique.get_absolute_url())
    assert "Kant: queued" in page.inner_text("#critique-run")

    critique_run(critique_id=critique.pk)  # the worker's job, done while the page polls

    page.wait_for_selector("#critique-run >> text=Points by area")
    assert page.get_attribute("#critique-run", "hx-trigger") is None  # polling has stopped
    page.click("#critique-run details.tree summary >> text=Kant")
    assert page.locator("#critique-run details.tree[open] code", has_text="KANT-1").count() >= 1
