"""QA3 #1: at 390 px the council's lists, an audit and a critique never scroll sideways."""

import pytest

from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER

PHONE = {"width": 390, "height": 844}
PASSWORD = "pw-for-tests-123"


@pytest.fixture
def council_pages(transactional_db, critique_document):
    """A user with a finished critique (its formatted text has lines of 60 "=") and audit."""
    from council.services.audit import audit_create, rubrics_seed
    from council.services.critique import critique_create, critique_run
    from tests.council.audit_builders import AUDIT_LEAKY_OPINION

    owner = make_user("phone-reader", password=PASSWORD)
    critique = critique_create(
        owner=owner,
        title="Remote work and productivity (demo)",
        text=critique_document,
        enqueue=False,
    )
    critique = critique_run(critique_id=critique.pk)
    assert "=" * 60 in critique.formatted  # the unbreakable run QA saw
    rubrics_seed()  # an earlier transactional test may have flushed the migration's seed
    # The immediate task backend runs the audit once the (autocommitted) save is done.
    audit = audit_create(
        owner=owner, text=AUDIT_LEAKY_OPINION, case_id="2024-CV-000123", court_name="District"
    )
    audit.refresh_from_db()
    assert audit.status == "done"
    return ["/critiques/", "/audits/", audit.get_absolute_url(), critique.get_absolute_url()]


def test_council_pages_fit_a_phone_without_sideways_scroll(
    browser_page, live_server, council_pages
):
    page = browser_page
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, "phone-reader", PASSWORD, then=council_pages[0])
    too_wide = {}
    for url in council_pages:
        page.goto(f"{live_server.url}{url}")
        scroll, client = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        if scroll > client:
            too_wide[url] = scroll
    assert too_wide == {}
