"""On a phone the coach's message box is on the first screen, and after Confirm the keyboard
focus is in the message box, not back at the top of the page."""

from coach import services
from tests.browser import BROWSER, log_in
from tests.builders import make_user
from tests.coach.builders import GOOD_TEXT, give_proposal

pytestmark = BROWSER


def test_the_message_box_is_on_the_first_screen_of_a_phone(browser_page, live_server):
    owner = make_user("ana")
    session = services.session_create(
        owner=owner, topic="Should schools ban phones during lessons?", language="en"
    )
    for n in range(6):  # a conversation longer than the screen, each message answered
        session.messages.create(role="user", text=f"My answer number {n}, at some length. " * 3)
        session.messages.create(role="assistant", text="A question back, at some length. " * 3)
    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "ana", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    bottom = page.eval_on_selector("#id_message", "e => e.getBoundingClientRect().bottom")
    assert bottom <= 844
    send = "#chat-form button[type=submit]"
    assert page.eval_on_selector(send, "e => e.getBoundingClientRect().bottom") <= 844


def test_after_confirm_the_focus_is_in_the_message_box(browser_page, live_server):
    owner = make_user("ana")
    session = services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    page = browser_page
    log_in(page, live_server.url, "ana", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    page.focus(".proposal-confirm")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.proposal-confirm')")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.id === 'id_message'"
    )
    assert page.evaluate("document.activeElement.id") == "id_message"
