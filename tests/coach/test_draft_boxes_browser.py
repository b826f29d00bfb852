"""On a phone the coach's draft boxes grow with what is written instead of clipping it to two
lines, and the scrolling conversation takes keyboard focus."""

from coach import services
from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER

LONG = "Phones should be banned in lessons because they distract every pupil. " * 8


def test_a_long_draft_part_shows_whole_at_390_px(browser_page, live_server):
    owner = make_user("ana")
    session = services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    url = f"/coach/{session.pk}/"
    log_in(page, live_server.url, "ana", "pw-for-tests-123", then=url)
    empty = page.eval_on_selector("#id_claim", "e => e.clientHeight")
    page.fill("#id_claim", LONG)
    height, needed = page.eval_on_selector("#id_claim", "e => [e.clientHeight, e.scrollHeight]")
    assert height > 3 * empty and needed <= height + 2  # nothing hidden behind a scrollbar
    assert page.get_attribute("#chat-log", "tabindex") == "0"
