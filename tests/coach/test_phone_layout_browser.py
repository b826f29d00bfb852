"""The coach page's layout in a real browser: on a phone the site's header is one short bar
with a menu, the conversation is part of the page (a long reply is read from its first line,
the message box and its Send button under it), and on a wide screen the message box stands
apart from the proposal card above it."""

import os
import time

from coach import services
from tests.browser import BROWSER, log_in, send
from tests.builders import make_user
from tests.coach.builders import GOOD_TEXT, give_proposal
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client

pytestmark = BROWSER

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}
PASSWORD = "pw-for-tests-123"

EXPLANATION = (
    "A claim is the position you want your reader to accept at the end: not a topic, not a "
    "feeling, but a statement someone could disagree with. It says what should change, or "
    "what is the case, and for whom. A good claim is narrow enough to defend in a page. "
)
LONG_REPLY = "FIRST LINE. " + EXPLANATION * 8 + "What do you want your reader to accept?"


class SlowExplainingModel(FakeClient):
    """A model that answers with a reply taller than a phone's screen, streamed slowly."""

    def __init__(self):
        def explain(request):
            return {
                "assistantText": LONG_REPLY,
                "step": request.inputs["step"],
                "proposedUpdate": None,
                "confidence": 0.9,
                "shouldAdvance": False,
            }

        super().__init__(explain)

    def answer_stream(self, purpose, **engines):
        for chunk in super().answer_stream(purpose, **engines):
            time.sleep(0.005)
            yield chunk


def _box(page, selector):
    return page.eval_on_selector(
        selector, "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }"
    )


def test_on_a_phone_the_header_is_one_short_bar_whose_menu_opens_the_links(
    browser_page, live_server
):
    make_user("ana", password=PASSWORD)
    page = browser_page
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, "ana", PASSWORD, then="/coach/")
    top, bottom = _box(page, "header.site-header")
    assert bottom - top <= 64  # it was four lines (about 185 px) before the menu
    critiques = page.locator("header nav a[href='/critiques/']")
    assert not critiques.is_visible()
    page.click("header summary")
    assert critiques.is_visible()
    page.keyboard.press("Escape")
    assert not critiques.is_visible()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    # Wide screens: the links are in the bar, no button to press.
    page.set_viewport_size(WIDE)
    assert critiques.is_visible() and not page.locator("header summary").is_visible()
    top, bottom = _box(page, "header.site-header")
    assert bottom - top <= 64


def test_without_javascript_the_phone_menu_still_opens(browser_page, live_server):
    make_user("ana", password=PASSWORD)
    context = browser_page.context.browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    try:
        log_in(page, live_server.url, "ana", PASSWORD, then="/coach/")
        link = page.locator("header nav a[href='/critiques/']")
        assert not link.is_visible()
        page.click("header summary")
        link.click()
        page.wait_for_url(f"{live_server.url}/critiques/")
    finally:
        context.close()


def test_on_a_phone_a_long_reply_shows_from_its_first_line(browser_page, live_server):
    owner = make_user("ana", password=PASSWORD)
    session = services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    page = browser_page
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, "ana", PASSWORD, then=f"/coach/{session.pk}/")
    with override_client("offline", SlowExplainingModel):
        send(page, "What is a claim?")
    last = "#chat-log li:last-child"
    assert "FIRST LINE" in page.inner_text(last)
    top, bottom = _box(page, last)
    assert bottom - top > PHONE["height"]  # taller than the screen: the case the tester saw
    assert 0 <= top <= 40  # read from its first line, not its end
    # The conversation scrolls with the page, not inside a box of its own.
    assert page.eval_on_selector("#chat-log", "e => e.scrollHeight <= e.clientHeight + 1")
    assert page.evaluate("document.activeElement.id") == "id_message"
    where = os.environ.get("COACH_SCREENSHOTS")
    if where:
        page.screenshot(path=f"{where}/coach-long-reply-390.png")  # what shows after the turn
    # Below the reply, the message box and its Send button are whole, one scroll away.
    page.eval_on_selector("#chat-form", "e => e.scrollIntoView({block: 'end'})")
    send_top, send_bottom = _box(page, "#chat-form button[type=submit]")
    assert send_top >= 0 and send_bottom <= PHONE["height"]


def test_on_a_phone_a_short_reply_the_message_box_and_send_show_together(browser_page, live_server):
    owner = make_user("ana", password=PASSWORD)
    session = services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    for n in range(5):  # a conversation longer than the screen
        session.messages.create(role="user", text=f"My answer number {n}, at some length. " * 3)
        session.messages.create(role="assistant", text="A question back, at some length. " * 3)
    page = browser_page
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, "ana", PASSWORD, then=f"/coach/{session.pk}/")
    send(page, "What is a claim?")
    top, _ = _box(page, "#chat-log li:last-child")
    _, send_bottom = _box(page, "#chat-form button[type=submit]")
    assert top >= 0 and send_bottom <= PHONE["height"]


def test_on_a_wide_screen_the_message_box_stands_apart_from_the_proposal_card(
    browser_page, live_server
):
    owner = make_user("ana", password=PASSWORD)
    session = services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    page = browser_page
    page.set_viewport_size(WIDE)
    log_in(page, live_server.url, "ana", PASSWORD, then=f"/coach/{session.pk}/")
    _, card_bottom = _box(page, "#proposal-card")
    label_top, label_bottom = _box(page, "#chat-form label")
    box_top, _ = _box(page, "#id_message")
    assert label_top - card_bottom >= 18  # it sat close under the card, as if part of it
    assert box_top >= label_bottom  # the label on its own line, above its box
