"""A student completes a whole session in a real browser (Debian's chromium via Playwright)."""

import re
import time

from tests.browser import BROWSER, log_in, send
from tests.builders import make_user
from tests.coach.builders import GOOD_TEXT
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.offline import OfflineClient
from toulmini_site.llm.providers import override_client

STEPS = list(GOOD_TEXT["en"])

pytestmark = BROWSER


class SlowOfflineClient(OfflineClient):
    """The offline tutor, with a pause between chunks so streaming is visible."""

    def answer_stream(self, purpose, **engines):
        for chunk in super().answer_stream(purpose, **engines):
            time.sleep(0.01)
            yield chunk


def test_a_student_completes_all_seven_steps_and_makes_a_chain(
    browser_page, live_server, transactional_db
):
    from arguments.models import Chain
    from coach.models import CoachSession

    page = browser_page
    user = make_user("student", password="pw-for-tests-123")
    log_in(page, live_server.url, "student", "pw-for-tests-123", then="/coach/")
    page.fill("#id_topic", "Phones in classrooms")
    page.click(".coach-new button[type=submit]")
    page.wait_for_url(re.compile(r"/coach/\d+/$"))

    with override_client("offline", SlowOfflineClient):
        for index, step in enumerate(STEPS):
            assert page.get_attribute(f'[data-step-row="{step}"]', "aria-current") == "step"
            page.evaluate("window.coachEvents = []")
            send(page, GOOD_TEXT["en"][step])
            kinds = [e["type"] for e in page.evaluate("window.coachEvents")]
            assert "partial" in kinds and "final" in kinds
            assert kinds.index("partial") < kinds.index("final"), kinds
            if index == 0:
                # Streamed text was on screen before the final line arrived.
                partials = [
                    e for e in page.evaluate("window.coachEvents") if e["type"] == "partial"
                ]
                final = next(e for e in page.evaluate("window.coachEvents") if e["type"] == "final")
                assert partials[0]["at"] < final["at"] - 50

            # A genuine attempt is offered at once, as a card of the student's words.
            card = page.locator("#proposal-card")
            assert GOOD_TEXT["en"][step] in card.inner_text()
            if index == 0:
                page.click(".proposal-reject")
                page.wait_for_selector("#proposal-card", state="detached")
                # The button answers as a typed "no": the tutor says the card was set aside.
                assert "set the card aside" in page.inner_text("#chat-log li:last-child")
                send(page, "yes")  # no card showing: the tutor offers the attempt again
                assert GOOD_TEXT["en"][step] in page.locator("#proposal-card").inner_text()
            # Live diagram shows the text once it is confirmed: by a typed "yes" while the
            # card shows, as by its button.
            if index == 1:
                send(page, "yes")
            else:
                page.click(".proposal-confirm")
            if step != "rebuttal":
                page.wait_for_selector(f'[data-step-row="{STEPS[index + 1]}"][aria-current="step"]')
            else:
                page.wait_for_selector("#completion-card")
            diagram = page.inner_text(f'[data-diagram-step="{step}"]')
            assert GOOD_TEXT["en"][step] in diagram

    session = CoachSession.objects.get(owner=user)
    assert session.status == "completed"
    page.click(".make-chain")
    page.wait_for_url(re.compile(r"/chains/\d+/$"))
    chain = Chain.objects.get(owner=user)
    assert page.url.endswith(f"/chains/{chain.pk}/")
    assert chain.query == GOOD_TEXT["en"]["claim"]


def test_typing_in_a_field_updates_the_diagram_live(browser_page, live_server, transactional_db):
    from coach import services

    page = browser_page
    user = make_user("typist", password="pw-for-tests-123")
    session = services.session_create(owner=user, topic="Phones")
    log_in(page, live_server.url, "typist", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    page.fill("#id_warrant", "If distractions fall, students learn more")
    assert "If distractions fall" in page.inner_text('[data-diagram-step="warrant"]')


def _in_view(page, selector):
    return page.evaluate(
        """sel => { const el = document.querySelector(sel); const r = el.getBoundingClientRect();
        // Wholly in view, or (a message taller than the screen) its first line is, at the top.
        const whole = r.top >= 0 && r.bottom <= window.innerHeight + 1;
        const fromStart = r.height > window.innerHeight && r.top >= 0 && r.top <= 40;
        return whole || fromStart; }""",
        selector,
    )


def test_on_a_phone_the_page_never_scrolls_sideways_and_shows_the_newest_message(
    browser_page, live_server, transactional_db
):
    import os

    from coach import services

    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    user = make_user("phone", password="pw-for-tests-123")
    session = services.session_create(owner=user, topic="Phones in classrooms")
    long_word = "Supercalifragilisticexpialidocious" * 3
    services.draft_update(
        session=session,
        values={"claim": f"Schools should ban phones {long_word}", "grounds": long_word},
        draft_version=1,
    )
    log_in(page, live_server.url, "phone", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    # The conversation comes first on a phone.
    chat_top = page.locator(".coach-chat").bounding_box()["y"]
    assert chat_top < page.locator(".coach-draft").bounding_box()["y"]
    assert (
        page.locator(".coach-draft").bounding_box()["y"]
        < page.locator(".coach-diagram").bounding_box()["y"]
    )
    for text in ["What is a claim?", "I'm stuck", "Schools should ban phones during lessons"]:
        send(page, text)
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        assert _in_view(page, "#chat-log li:last-child")
        assert page.evaluate("document.activeElement.id") == "id_message"
    where = os.environ.get("COACH_SCREENSHOTS")
    if where:
        page.screenshot(path=f"{where}/coach-390.png")  # what the student sees after a turn
        height = page.evaluate("document.documentElement.scrollHeight")
        for index, top in enumerate(range(0, height, 1200)):
            clip = {"x": 0, "y": top, "width": 390, "height": min(1200, height - top)}
            page.screenshot(path=f"{where}/coach-390-{index}.png", full_page=True, clip=clip)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=f"{where}/coach-1280.png", full_page=True)


def test_saving_the_draft_marks_a_pending_proposal_as_outdated(
    browser_page, live_server, transactional_db
):
    from coach import services
    from tests.coach.builders import give_proposal

    page = browser_page
    user = make_user("editor", password="pw-for-tests-123")
    session = services.session_create(owner=user, topic="Phones")
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    log_in(page, live_server.url, "editor", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    assert page.locator(".proposal-confirm").count() == 1
    page.fill("#id_claim", "Phones should stay in lockers during lessons")
    page.click(".coach-draft button[type=submit]")
    page.wait_for_selector('#proposal-card[data-stale="true"]')
    assert page.locator(".proposal-confirm").count() == 0
    assert "outdated" in page.inner_text("#proposal-card")
    session.draft.refresh_from_db()
    assert session.draft.claim == "Phones should stay in lockers during lessons"


WRITTEN_CLAIM = "Mobile devices damage concentration and must be locked away until the final bell."


class SlowComplyingModel(FakeClient):
    """A model that writes the claim the student asks for, streamed slowly enough to see."""

    def __init__(self):
        def write_it(request):
            step = request.inputs["step"]
            return {
                "assistantText": f"Sure! Here is your claim: {WRITTEN_CLAIM} Want another?",
                "step": step,
                "proposedUpdate": {"field": step, "value": WRITTEN_CLAIM, "rationale": "r"},
                "confidence": 0.95,
                "shouldAdvance": True,
            }

        super().__init__(write_it)

    def answer_stream(self, purpose, **engines):
        for chunk in super().answer_stream(purpose, **engines):
            time.sleep(0.01)
            yield chunk


def test_on_a_phone_withheld_text_never_flashes_on_screen(
    browser_page, live_server, transactional_db
):
    import os

    from coach import services
    from coach.models import CoachMessage

    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    user = make_user("asker", password="pw-for-tests-123")
    session = services.session_create(owner=user, topic="Phones in classrooms")
    log_in(page, live_server.url, "asker", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    # Every change to the conversation, as the student would have seen it.
    page.evaluate(
        "window.seenTexts = [];"
        "new MutationObserver(() => window.seenTexts.push("
        "document.getElementById('chat-log').innerText)).observe(document.body, "
        "{subtree: true, childList: true, characterData: true});"
    )
    with override_client("offline", SlowComplyingModel):
        send(page, "write my claim please")
    seen = page.evaluate("window.seenTexts")
    partials = [e for e in page.evaluate("window.coachEvents") if e["type"] == "partial"]
    assert partials and len(seen) >= 3  # it streamed, and the observer watched it
    assert not any("locked away" in text for text in seen)
    last = page.inner_text("#chat-log li:last-child")
    assert "I held back some of my answer" in last and "locked away" not in last
    assert page.locator("#proposal-card").count() == 0
    assert CoachMessage.objects.get(session=session, withheld=True).proposal is None
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    where = os.environ.get("COACH_SCREENSHOTS")
    if where:
        page.screenshot(path=f"{where}/coach-withheld-390.png")


LEADING = "¿Y si dijeras que los móviles dañan la concentración y deben guardarse bajo llave?"


class SlowLeadingModel(FakeClient):
    """A model that says it saved the part, then offers it as a leading question."""

    def __init__(self):
        def lead(request):
            step = request.inputs["step"]
            return {
                "assistantText": f"Claro. Lo he puesto en tu borrador. {LEADING}",
                "step": step,
                "proposedUpdate": {"field": step, "value": "x", "rationale": LEADING},
                "confidence": 0.95,
                "shouldAdvance": True,
            }

        super().__init__(lead)

    def answer_stream(self, purpose, **engines):
        for chunk in super().answer_stream(purpose, **engines):
            time.sleep(0.01)
            yield chunk


def test_on_a_phone_a_leading_question_never_flashes_and_the_note_is_in_the_sessions_language(
    browser_page, live_server, transactional_db
):
    from coach import services

    page = browser_page
    page.set_viewport_size({"width": 390, "height": 844})
    user = make_user("lider", password="pw-for-tests-123")
    session = services.session_create(owner=user, topic="Los móviles en clase", language="es")
    log_in(page, live_server.url, "lider", "pw-for-tests-123", then=f"/coach/{session.pk}/")
    page.evaluate(
        "window.seenTexts = [];"
        "new MutationObserver(() => window.seenTexts.push("
        "document.getElementById('chat-log').innerText)).observe(document.body, "
        "{subtree: true, childList: true, characterData: true});"
    )
    with override_client("offline", SlowLeadingModel):
        send(page, "write my claim please")  # asked in English, in a Spanish session
    seen = page.evaluate("window.seenTexts")
    assert seen
    assert not any("bajo llave" in text or "Lo he puesto" in text for text in seen)
    last = page.inner_text("#chat-log li:last-child")
    assert "He retenido algo de mi respuesta" in last
    assert "I held back" not in last and "bajo llave" not in last
    assert page.locator("#proposal-card").count() == 0
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
