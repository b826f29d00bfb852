"""Server-side autosave in chromium: text typed on one device is there on another (no
browser storage shared), the "kept at" line shows, and saving drops the draft."""

from tests.browser import BROWSER, log_in
from tests.classrooms.builders import assignment, build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Autosave, Submission

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"


def _other_device(page, base, username, url):
    """A new browser context: no cookies, no localStorage of the first one."""
    other = page.context.browser.new_context().new_page()
    other.set_default_timeout(15_000)
    log_in(other, base, username, PASSWORD, then=url)
    return other


def test_an_essay_typed_on_one_device_is_in_the_box_on_another(browser_page, live_server):
    world = build_world()
    essay = assignment(world.classroom, "essay", title="Later school start")
    services.assignment_publish(assignment=essay)
    sub = Submission.objects.get(assignment=essay, student=world.student)
    page, base = browser_page, live_server.url
    url = f"/submissions/{sub.pk}/"
    log_in(page, base, "ana", PASSWORD, then=url)
    text = "Schools should start later because teenagers sleep late. " * 14
    page.fill("#id_text", text)
    page.wait_for_function(
        "() => document.querySelector('#essay-form [data-autosave-status]')"
        ".textContent.includes('Draft kept on the server at')"
    )
    assert Autosave.objects.get(submission=sub).values["text"] == text
    sub.refresh_from_db()
    assert sub.essay_text == ""  # kept as a draft, not saved as the essay

    laptop = _other_device(page, base, "ana", url)
    assert laptop.input_value("#id_text") == text
    assert "Draft kept on the server at" in laptop.inner_text("#essay-form")
    laptop.click("#essay-form button[type=submit]:not([name])")  # "Save essay"
    laptop.wait_for_selector(".msg-success, [role=status]")
    sub.refresh_from_db()
    assert sub.essay_text == text.strip() and not Autosave.objects.filter(submission=sub).exists()


def test_feedback_typed_on_one_device_is_there_on_another(browser_page, live_server):
    world = build_world()
    sub, _ = services.submission_start(submission=world.submission)
    sub = services.submission_turn_in(submission=sub)
    page, base = browser_page, live_server.url
    url = f"/submissions/{sub.pk}/"
    log_in(page, base, "ms-teacher", PASSWORD, then=url)
    page.fill("#id_comment_claim", "Say who the claim applies to.")
    page.wait_for_function(
        "() => document.querySelector('#feedback-form [data-autosave-status]')"
        ".textContent.includes('Draft kept on the server at')"
    )
    other = _other_device(page, base, "ms-teacher", url)
    assert other.input_value("#id_comment_claim") == "Say who the claim applies to."
