"""The chain pages on a phone (390 px) and a desktop (1280 px), in Debian's chromium."""

import os

from tests.arguments.factories import make_chain
from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER
PASSWORD = "pw-for-tests-123"
FITS = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
ORDER = ["data", "warrant", "backing", "qualifier", "claim", "rebuttal"]


def shot(page, name):
    # Set TOULMINI_SCREENSHOTS=/some/dir to look at what the test saw.
    where = os.environ.get("TOULMINI_SCREENSHOTS")
    if where:
        page.screenshot(path=f"{where}/{name}.png", full_page=True)


def tops(page) -> dict[str, float]:
    return {part: page.locator(f".diagram .part-{part}").bounding_box()["y"] for part in ORDER}


def test_the_chain_list_fits_a_phone_without_sideways_scrolling(browser_page, live_server):
    owner = make_user("owner", password=PASSWORD)
    make_chain(owner, engine="manual", phases=4, query="Should schools start later? " * 4)
    make_chain(owner, engine="manual", phases=1)
    make_chain(owner)
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "owner", PASSWORD, then="/chains/")

    shot(page, "chains_list_390")
    assert page.evaluate(FITS)
    assert page.locator("table.list th", has_text="Verdict").is_visible()
    assert not page.locator("table.list th", has_text="Created").is_visible()


def test_the_diagram_reads_in_toulmin_order_on_a_phone_and_keeps_its_layout_on_a_desktop(
    browser_page, live_server
):
    owner = make_user("owner", password=PASSWORD)
    chain = make_chain(owner, engine="manual", phases=4)
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "owner", PASSWORD, then=chain.get_absolute_url())

    shot(page, "chain_390")
    y = tops(page)
    assert [y[part] for part in ORDER] == sorted(y.values())
    assert page.evaluate(FITS)
    arrow = (
        "p => getComputedStyle(document.querySelector('.diagram .part-' + p), '::after').content"
    )
    assert page.evaluate(arrow, "data") == '"↓"'
    assert page.evaluate(arrow, "rebuttal") == "none"

    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "chain_1280")
    y = tops(page)
    # The classic layout: data, qualifier and claim on one line, warrant and backing below.
    assert y["data"] == y["qualifier"] == y["claim"]
    assert y["claim"] < y["warrant"] < y["backing"]
    assert page.evaluate(arrow, "data") == "none"
