"""A whole classroom round in a real browser (Debian's chromium via Playwright): the teacher
sets a coach assignment, a student joins with the code, completes the seven steps and turns
in; the teacher reads the transcript and provenance, gives feedback per part and returns it;
the student sees it, and a classmate sees none of it."""

import re

from tests.browser import BROWSER, log_in, send
from tests.builders import make_user
from tests.coach.builders import GOOD_TEXT

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"
STEPS = list(GOOD_TEXT["en"])


def test_teacher_and_students_complete_a_coach_assignment(
    browser_page, live_server, transactional_db
):
    from toulmini_site.classrooms.models import Classroom, Submission

    for name in ("teacher1", "ana", "ben"):
        make_user(name, password=PASSWORD)
    teacher = browser_page
    base = live_server.url

    # The teacher creates a class and a coach assignment.
    log_in(teacher, base, "teacher1", PASSWORD, then="/classes/")
    teacher.fill("#id_name", "Debate 101")
    teacher.click(".class-new button[type=submit]")
    teacher.wait_for_url(re.compile(r"/classes/\d+/$"))
    code = teacher.inner_text(".join-code")
    classroom = Classroom.objects.get(name="Debate 101")
    assert code == classroom.join_code
    teacher.click("text=New assignment")
    teacher.fill("#id_title", "Phones argument")
    teacher.check("input[name=kind][value=coach]")
    teacher.fill("#id_topic", "Phones in classrooms")
    teacher.click(".assignment-form button[type=submit]")
    teacher.wait_for_url(re.compile(r"/assignments/\d+/$"))

    # Two students join with the code (typed in lower case).
    browser = teacher.context.browser
    pages = {}
    for name in ("ana", "ben"):
        page = browser.new_context().new_page()
        page.set_default_timeout(15_000)
        log_in(page, base, name, PASSWORD, then="/classes/")
        page.fill("#id_code", code.lower())
        page.click(".class-join button[type=submit]")
        page.wait_for_url(f"{base}/classes/{classroom.pk}/")
        pages[name] = page
    ana, ben = pages["ana"], pages["ben"]

    # Ana starts, completes the seven steps with the offline tutor, and turns in.
    ana.click("text=Phones argument")
    ana.click(".start-form button[type=submit]")
    ana.wait_for_url(re.compile(r"/coach/\d+/$"))
    for index, step in enumerate(STEPS):
        send(ana, GOOD_TEXT["en"][step])  # a passing attempt is proposed at once
        ana.wait_for_selector(".proposal-confirm")
        if index % 2:
            send(ana, "yes")  # a typed yes confirms the card showing
        else:
            ana.click(".proposal-confirm")
        if step != "rebuttal":
            ana.wait_for_selector(f'[data-step-row="{STEPS[index + 1]}"][aria-current="step"]')
        else:
            ana.wait_for_selector("#completion-card")
    submission = Submission.objects.get(student__username="ana")
    ana.goto(f"{base}/submissions/{submission.pk}/")
    assert "complete 7/7" in ana.inner_text("body")
    ana.click("#turn-in")
    ana.wait_for_selector("#unsubmit")
    assert ana.inner_text("#submission-state") == "Turned in"

    # Saving edits on turned-in work says so in place (htmx does not swap the 409 itself).
    ana.goto(f"{base}/coach/{submission.coach_session_id}/")
    ana.fill("#id_claim", "EDITED AFTER TURN IN")
    ana.click(".coach-draft button[type=submit]")
    ana.wait_for_selector(".coach-error")
    assert "not saved" in ana.inner_text(".coach-error")
    assert ana.locator("header.site-header").count() == 1
    ana.goto(f"{base}/submissions/{submission.pk}/")

    # The teacher sees the transcript and where each part came from, writes feedback, returns.
    teacher.goto(f"{base}/classes/{classroom.pk}/")
    teacher.click('[data-student="ana"] a.badge')
    teacher.wait_for_url(f"{base}/submissions/{submission.pk}/")
    transcript = teacher.inner_text("#transcript")
    assert GOOD_TEXT["en"]["warrant"] in transcript and "confirmed" in transcript
    # The cards held only Ana's own words, so the parts are hers, not the tutor's.
    assert teacher.inner_text('[data-part="claim"] .provenance') == "typed by the student"
    # Out-of-range points past the browser's own check: the errors show in place.
    teacher.eval_on_selector("#feedback-form form", "form => { form.noValidate = true; }")
    teacher.fill("#id_points_claim", "99")
    teacher.click("#save-feedback")
    teacher.wait_for_selector("#feedback-form .error")
    assert teacher.locator("header.site-header").count() == 1
    assert teacher.locator("#transcript").count() == 1
    teacher.fill("#id_comment_claim", "A clear claim; say who it applies to.")
    teacher.fill("#id_points_claim", "4")
    teacher.fill("#id_comment_warrant", "Why does less distraction mean more learning?")
    teacher.fill("#id_points_warrant", "2")
    teacher.fill("#id_overall", "Well built.")
    teacher.click("#save-feedback")
    teacher.wait_for_selector("#feedback-form [role=status]")  # swapped in by htmx

    # Before it is returned, Ana sees no feedback.
    ana.reload()
    assert "A clear claim" not in ana.inner_text("body")
    teacher.click("#return")
    teacher.click("#return-anyway")  # four parts have no points: the page asks first
    teacher.wait_for_selector("text=Returned: the student now sees your feedback.")

    ana.reload()
    feedback = ana.inner_text("#returned-feedback")
    assert "A clear claim; say who it applies to." in feedback and "4/4" in feedback
    assert "Total: 6 / 24" in feedback

    # Ben sees none of it: not Ana's submission, not her feedback.
    response = ben.goto(f"{base}/submissions/{submission.pk}/")
    assert response.status == 404
    ben.goto(f"{base}/classes/{classroom.pk}/")
    assert "A clear claim" not in ben.inner_text("body") and "ana" not in ben.inner_text("main")
