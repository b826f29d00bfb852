"""Nothing a teacher types is lost (in chromium): feedback typed and sent with "Save and
return" without saving first reaches the student; the running total follows the typing."""

from tests.browser import BROWSER, log_in
from tests.classrooms.builders import build_world
from toulmini_site.classrooms import services

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"


def test_feedback_typed_then_returned_without_saving_reaches_the_student(browser_page, live_server):
    world = build_world()
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    teacher, base = browser_page, live_server.url
    url = f"/submissions/{sub.pk}/"

    log_in(teacher, base, "ms-teacher", PASSWORD, then=url)
    teacher.fill("#id_comment_claim", "Say who the claim applies to.")
    teacher.fill("#id_points_claim", "3")
    teacher.fill("#id_points_warrant", "2")
    assert teacher.inner_text("#points-total") == "5"  # the running total, before any save
    teacher.fill("#id_overall", "A good start.")
    teacher.click("#return")  # no "Save draft" first
    teacher.click("#return-anyway")  # four parts have no points: the page asks first
    teacher.wait_for_selector("text=Returned: the student now sees your feedback.")
    assert teacher.input_value("#id_comment_claim") == "Say who the claim applies to."

    student = teacher.context.browser.new_context().new_page()
    log_in(student, base, "ana", PASSWORD, then=url)
    feedback = student.inner_text("#returned-feedback")
    assert "Say who the claim applies to." in feedback and "A good start." in feedback
    assert "3/4" in feedback and "Total: 5 / 24" in feedback


def test_a_refused_return_keeps_everything_typed_and_returns_nothing(browser_page, live_server):
    world = build_world()
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    teacher, base = browser_page, live_server.url
    log_in(teacher, base, "ms-teacher", PASSWORD, then=f"/submissions/{sub.pk}/")
    teacher.eval_on_selector("#feedback-form form", "form => { form.noValidate = true; }")
    teacher.fill("#id_comment_data", "Name the study.")
    teacher.fill("#id_points_data", "9")  # above the maximum of 4
    teacher.click("#return")
    teacher.wait_for_selector("#feedback-form .error")
    assert teacher.input_value("#id_comment_data") == "Name the study."
    assert teacher.input_value("#id_points_data") == "9"
    sub.refresh_from_db()
    assert sub.state == "turned_in"
