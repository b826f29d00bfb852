"""Nothing typed is lost (issue 36), tried in chromium as a user would:

- a coach turn keeps the text typed in a draft box, and saving the draft keeps an unsent message;
- a teacher who goes Back to a stale feedback page and saves keeps the server's saved comment;
- text typed and left behind (essay, feedback) is there again on returning.
"""

import re

from coach import services as coach_services
from tests.browser import BROWSER, log_in, send
from tests.builders import make_user
from tests.classrooms.builders import assignment, build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Feedback, Submission

pytestmark = BROWSER


PASSWORD = "pw-for-tests-123"


def test_a_coach_turn_keeps_the_draft_typed_and_saving_keeps_the_unsent_message(
    browser_page, live_server
):
    owner = make_user("ana")
    session = coach_services.session_create(
        owner=owner, topic="Phones in classrooms", language="en"
    )
    page = browser_page
    url = f"/coach/{session.pk}/"
    log_in(page, live_server.url, "ana", PASSWORD, then=url)
    page.fill("#id_warrant", "Whatever distracts pupils harms their learning.")
    send(page, "I think phones should be banned in lessons.")
    assert page.input_value("#id_warrant") == "Whatever distracts pupils harms their learning."

    page.fill("#id_message", "A message I have not sent yet")
    page.click(".coach-draft button[type=submit]")  # "Save my edits"
    page.wait_for_function(
        "() => document.querySelector('#id_warrant').defaultValue.startsWith('Whatever')"
    )
    assert page.input_value("#id_message") == "A message I have not sent yet"
    session.draft.refresh_from_db()
    assert session.draft.warrant == "Whatever distracts pupils harms their learning."


def _turned_in(world):
    sub, _ = services.submission_start(submission=world.submission)
    return services.submission_turn_in(submission=sub)


def test_back_to_a_stale_feedback_page_then_save_keeps_the_servers_comment(
    browser_page, live_server
):
    world = build_world()
    sub = _turned_in(world)
    teacher, base = browser_page, live_server.url
    url = f"/submissions/{sub.pk}/"
    log_in(teacher, base, "ms-teacher", PASSWORD, then=url)
    teacher.on("dialog", lambda dialog: dialog.accept())
    teacher.fill("#id_comment_data", "Name the study you cite.")
    teacher.fill("#id_points_data", "3")
    teacher.click("#save-feedback")
    teacher.wait_for_selector("#feedback-form [role=status]")
    teacher.click(f"a[href='/classes/{world.classroom.pk}/']")
    teacher.wait_for_url(re.compile(rf"/classes/{world.classroom.pk}/$"))
    teacher.go_back()
    teacher.wait_for_url(f"{base}{url}")
    teacher.fill("#id_comment_claim", "Say who the claim applies to.")
    teacher.click("#save-feedback")
    teacher.wait_for_selector("#feedback-form [role=status], #feedback-form .error")

    feedback = Feedback.objects.get(submission=sub)
    assert feedback.comments.get("data") == "Name the study you cite."
    assert feedback.points.get("data") == 3
    # Merged field by field (no field conflicts): the Claim comment is saved too.
    assert feedback.comments.get("claim") == "Say who the claim applies to."


def test_an_essay_typed_and_left_is_there_on_returning(browser_page, live_server):
    world = build_world()
    essay = assignment(world.classroom, "essay", title="Later school start")
    services.assignment_publish(assignment=essay)
    sub = Submission.objects.get(assignment=essay, student=world.student)
    page, base = browser_page, live_server.url
    url = f"/submissions/{sub.pk}/"
    log_in(page, base, "ana", PASSWORD, then=url)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.accept()))
    text = "Schools should start later because teenagers sleep late. " * 14  # 800+ characters
    page.fill("#id_text", text)
    page.click(f"a[href='/classes/{world.classroom.pk}/']")
    page.wait_for_url(re.compile(rf"/classes/{world.classroom.pk}/$"))
    assert dialogs == ["beforeunload"]  # warned before leaving with unsaved text
    page.goto(f"{base}{url}")
    assert page.input_value("#id_text") == text


def test_feedback_typed_and_left_is_there_on_returning(browser_page, live_server):
    world = build_world()
    sub = _turned_in(world)
    page, base = browser_page, live_server.url
    url = f"/submissions/{sub.pk}/"
    log_in(page, base, "ms-teacher", PASSWORD, then=url)
    page.on("dialog", lambda dialog: dialog.accept())
    page.fill("#id_overall", "A careful piece of work; the backing needs a source.")
    page.click(f"a[href='/classes/{world.classroom.pk}/']")
    page.wait_for_url(re.compile(rf"/classes/{world.classroom.pk}/$"))
    page.goto(f"{base}{url}")
    assert page.input_value("#id_overall") == (
        "A careful piece of work; the backing needs a source."
    )
