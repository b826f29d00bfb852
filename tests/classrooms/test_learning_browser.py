"""Teachers see learning (in chromium): the class analytics page at 1280 and 390 px in both
languages, and machine-drafted feedback that a teacher accepts, edits and discards, after
which the student sees only what the teacher saved."""

import pytest

from tests.browser import BROWSER, log_in
from tests.classrooms.builders import build_world, turned_in_coach_work
from toulmini_site.classrooms.models import Feedback

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (390, "es")])
def test_the_class_analytics_page_shows_charts_and_tables(
    browser_page, live_server, width, language
):
    world = build_world()
    submission = turned_in_coach_work(world)
    Feedback.objects.create(submission=submission, points={"claim": 1}, author=world.teacher)
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    page.context.set_extra_http_headers({"Accept-Language": language})
    log_in(
        page,
        live_server.url,
        "ms-teacher",
        PASSWORD,
        then=f"/classes/{world.classroom.pk}/analytics/",
    )
    assert page.locator("svg.bars[role=img]").count() == 2
    assert page.locator("table.reflow").count() == 3
    heading = page.inner_text("h1")
    assert (
        heading == {"en": "Where the class struggles", "es": "Dónde le cuesta a la clase"}[language]
    )
    # Nothing runs off a phone's screen.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    page.select_option("#assignment", str(world.coach.pk))
    page.click(".state-filter button")
    page.wait_for_url(f"**assignment={world.coach.pk}**")
    named = page.locator("section[aria-labelledby=students-title] tbody th").all_inner_texts()
    assert named == ["ben"]  # the classmate has not started; ana has turned in


def test_a_teacher_accepts_edits_and_discards_drafts_and_the_student_sees_only_the_saved(
    browser_page, live_server
):
    world = build_world()
    submission = turned_in_coach_work(world)
    teacher, base = browser_page, live_server.url
    url = f"/submissions/{submission.pk}/"
    log_in(teacher, base, "ms-teacher", PASSWORD, then=url)
    teacher.click("#feedback-drafts form >> text=Draft feedback for me")
    teacher.wait_for_selector("#draft-claim")
    assert "machine-written" in teacher.inner_text("#feedback-drafts")
    claim_draft = teacher.input_value("#draft-comment-claim")
    warrant_draft = teacher.input_value("#draft-comment-warrant")
    teacher.click("#draft-claim button[value=accept]")
    teacher.wait_for_selector("#draft-claim.draft-accepted")
    teacher.fill("#draft-comment-data", "Find one fact you could check.")
    teacher.fill("#draft-points-data", "1")
    teacher.click("#draft-data button[value=edit]")
    teacher.wait_for_selector("#draft-data.draft-edited")
    teacher.click("#draft-warrant button[value=discard]")
    teacher.wait_for_selector("#draft-warrant.draft-discarded")
    # The saved parts are in the teacher's feedback form too.
    assert teacher.input_value("#id_comment_data") == "Find one fact you could check."
    assert teacher.input_value("#id_comment_claim") == claim_draft
    teacher.click("#return")
    teacher.click("#return-anyway")  # the other parts have no points: the page asks first
    teacher.wait_for_selector("text=Returned: the student now sees your feedback.")

    student = teacher.context.browser.new_context().new_page()
    log_in(student, base, "ana", PASSWORD, then=url)
    page = student.content()
    assert "Find one fact you could check." in student.inner_text("#returned-feedback")
    assert warrant_draft not in page
    assert "machine-written" not in page and "feedback-drafts" not in page


@pytest.mark.parametrize(("width", "language"), [(1280, "en"), (390, "es")])
def test_the_student_and_the_teacher_see_how_an_essay_was_written(
    browser_page, live_server, width, language
):
    world = build_world("essay")
    url = f"/submissions/{world.submission.pk}/"
    student, base = browser_page, live_server.url
    student.set_viewport_size({"width": width, "height": 900})
    student.context.set_extra_http_headers({"Accept-Language": language})
    log_in(student, base, "ana", PASSWORD, then=url)
    box = student.locator("#essay-form textarea")
    box.click()
    student.evaluate(
        """() => {
          const box = document.querySelector('#essay-form textarea');
          const data = new DataTransfer();
          data.setData('text', 'Pasted from my notes. ');
          box.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
        }"""
    )
    box.type("Phones distract students in class.")
    student.click("#essay-form button[type=submit]:not([name=turn_in])")
    student.wait_for_selector("#process-report")
    report = student.inner_text("#process-report")
    assert "22" in report  # the pasted characters, counted by the browser
    assert student.locator("#process-report svg[role=img]").count() == 1
    overflow = student.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0

    teacher = student.context.browser.new_context(
        extra_http_headers={"Accept-Language": language}
    ).new_page()
    log_in(teacher, base, "ms-teacher", PASSWORD, then=url)
    assert "22" in teacher.inner_text("#process-report")
