"""The coach's draft boxes autosave in chromium: a part typed on one device is in its box on
another (no browser storage shared), and saving the draft drops the kept text."""

from coach import services
from coach.models import CoachAutosave, CoachDraft
from tests.browser import BROWSER, log_in
from tests.builders import make_user

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"
CLAIM = "Phones should stay out of lessons because they pull attention away."


def test_a_part_typed_on_one_device_is_in_its_box_on_another(browser_page, live_server):
    owner = make_user("ana")
    session = services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    page, base = browser_page, live_server.url
    url = f"/coach/{session.pk}/"
    log_in(page, base, "ana", PASSWORD, then=url)
    page.fill("#id_claim", CLAIM)
    page.wait_for_function(
        "() => document.querySelector('.coach-draft [data-autosave-status]')"
        ".textContent.includes('Draft kept on the server at')"
    )
    assert CoachAutosave.objects.get(session=session).values == {"claim": CLAIM}
    assert CoachDraft.objects.get(session=session).claim == ""  # kept, not saved

    other = page.context.browser.new_context().new_page()  # no cookies, no localStorage
    other.set_default_timeout(15_000)
    log_in(other, base, "ana", PASSWORD, then=url)
    assert other.input_value("#id_claim") == CLAIM
    assert other.input_value("#id_grounds") == ""
    assert "back in its boxes" in other.inner_text(".coach-draft")
    other.click(".coach-draft button[type=submit]")  # "Save my edits"
    other.wait_for_function(
        "() => !document.querySelector('.coach-draft .autosave-status').textContent.trim()"
    )
    assert CoachDraft.objects.get(session=session).claim == CLAIM
    assert not CoachAutosave.objects.filter(session=session).exists()
