"""Classroom pages: what each role sees and what the forms do (access: test_access)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from coach import services as coach_services
from tests.builders import make_user
from tests.classrooms.builders import ESSAY, assignment
from tests.coach.builders import GOOD_TEXT
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Classroom, Submission

pytestmark = pytest.mark.django_db

GOOD_CLAIM = GOOD_TEXT["en"]["claim"]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_create_a_class_and_join_it_with_the_code_from_the_pages():
    teacher, student = make_user("t"), make_user("s")
    response = logged_in(teacher).post("/classes/", {"name": "Rhetoric"})
    classroom = Classroom.objects.get(name="Rhetoric")
    assert response["Location"] == f"/classes/{classroom.pk}/"
    joined = logged_in(student).post("/classes/join/", {"code": classroom.join_code.lower()})
    assert joined["Location"] == f"/classes/{classroom.pk}/"
    assert classroom.enrollments.filter(student=student).exists()


def test_a_wrong_code_says_so_on_the_classes_page():
    client = logged_in(make_user("s"))
    page = client.post("/classes/join/", {"code": "ZZZZ2222"}, follow=True).content.decode()
    assert "No class has that join code" in page


def test_the_grid_filters_by_state_and_the_fragment_answers_htmx(world):
    services.submission_start(submission=world.submission)
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/?state=in_progress"
    page = client.get(url).content.decode()
    assert 'data-student="ana"' in page and 'data-student="ben"' not in page
    fragment = client.get(url, headers={"HX-Request": "true", "HX-Target": "grid"})
    body = fragment.content.decode()
    assert body.lstrip().startswith('<div id="grid">') and "<html" not in body


def test_new_assignment_page_creates_and_publishes(world):
    client = logged_in(world.teacher)
    data = {
        "title": "Build an argument",
        "kind": "coach",
        "topic": "Uniforms",
        "language": "en",
        "published": "on",
        **{f"max_{p}": 4 for p in ("data", "claim", "warrant", "backing", "rebuttal")},
        "max_qualifier": 2,
    }
    response = client.post(f"/classes/{world.classroom.pk}/assignments/new/", data)
    made = world.classroom.assignments.get(title="Build an argument")
    assert response["Location"] == f"/assignments/{made.pk}/"
    assert made.maxima()["qualifier"] == 2
    assert Submission.objects.filter(assignment=made).count() == 2


def test_student_starts_from_the_assignment_page_and_lands_on_the_coach(world):
    response = logged_in(world.student).post(f"/assignments/{world.coach.pk}/start/")
    world.submission.refresh_from_db()
    assert response["Location"] == f"/coach/{world.submission.coach_session_id}/"


def test_teacher_sees_transcript_with_proposals_and_provenance(world):
    services.submission_start(submission=world.submission)
    world.submission.refresh_from_db()
    session = world.submission.coach_session
    coach_services.turn_run(session=session, user=world.student, message=GOOD_CLAIM)
    # A rewrite changes the text (a full stop), so the part is the tutor's proposal; a plain
    # "yes" would echo the student's own words and stay theirs.
    coach_services.turn_run(session=session, user=world.student, message="rewrite it")
    coach_services.proposal_confirm(session=session)
    page = logged_in(world.teacher).get(f"/submissions/{world.submission.pk}/").content.decode()
    assert GOOD_CLAIM in page
    assert "Proposal for claim" in page and "<strong>confirmed</strong>" in page
    assert "accepted tutor proposal" in page
    assert 'id="feedback-form"' in page


def test_feedback_form_saves_a_draft_the_student_sees_only_once_returned(world):
    services.submission_start(submission=world.submission)
    world.submission.refresh_from_db()
    services.submission_turn_in(submission=world.submission)
    teacher, student = logged_in(world.teacher), logged_in(world.student)
    url = f"/submissions/{world.submission.pk}/"
    saved = teacher.post(
        url + "feedback/",
        {"comment_claim": "Name who is affected.", "points_claim": 3, "overall": "Solid."},
        headers={"HX-Request": "true"},
    )
    assert saved.status_code == 200 and "Saved." in saved.content.decode()
    assert "<html" not in saved.content.decode()
    assert "Name who is affected." not in student.get(url).content.decode()
    teacher.post(url + "return/")
    page = student.get(url).content.decode()
    assert "Name who is affected." in page and "3/4" in page and 'id="feedback-form"' not in page
    other = logged_in(world.classmate).get(url)
    assert other.status_code == 404


def test_feedback_points_above_the_maximum_are_refused_on_the_page(world):
    response = logged_in(world.teacher).post(
        f"/submissions/{world.submission.pk}/feedback/", {"points_claim": 9}
    )
    assert response.status_code == 400
    assert not hasattr(Submission.objects.get(pk=world.submission.pk), "feedback")


def test_htmx_feedback_errors_come_back_as_a_200_fragment_that_htmx_swaps_in_place(world):
    """QA1 #2a: htmx does not swap a 400 (and the DEBUG script replaced the whole page)."""
    response = logged_in(world.teacher).post(
        f"/submissions/{world.submission.pk}/feedback/",
        {"points_claim": 9, "comment_claim": "Kept"},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert 'id="feedback-form"' in body and "<html" not in body
    assert 'class="error"' in body and "Kept" in body
    assert not hasattr(Submission.objects.get(pk=world.submission.pk), "feedback")


def test_htmx_save_of_a_turned_in_coach_draft_shows_that_it_was_not_saved(world):
    """QA1 #2b: the 409 was not swapped, so the student believed the edit was saved."""
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    session = sub.coach_session
    response = logged_in(world.student).post(
        f"/coach/{session.pk}/draft/",
        {"claim": "EDITED AFTER TURN IN", "draft_version": session.draft.version},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert "read-only" in body and "not saved" in body
    session.draft.refresh_from_db()
    assert session.draft.claim == ""


def test_an_htmx_request_refused_by_the_classroom_gets_the_message_before_its_target(world):
    chain_task = assignment(world.classroom, "chain", source_text=ESSAY)
    sub = Submission.objects.get(assignment=chain_task, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    services.submission_turn_in(submission=sub)
    client = logged_in(world.student)
    url = f"/chains/{sub.chain_id}/run/"
    response = client.post(url, headers={"HX-Request": "true"})
    assert response.status_code == 200 and response["HX-Reswap"] == "beforebegin"
    assert 'role="alert"' in response.content.decode()
    assert "<html" not in response.content.decode()
    assert client.post(url).status_code == 409


def test_the_feedback_button_says_the_student_sees_a_save_after_return(world):
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    client = logged_in(world.teacher)
    assert "Save draft" in client.get(f"/submissions/{sub.pk}/").content.decode()
    services.submission_return(submission=sub)
    page = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert "Save (visible to the student)" in page and "Save draft" not in page


def test_turn_in_sends_the_essay_typed_so_it_is_never_lost(world):
    """QA1 #5: clicking Turn in without Save essay threw the typed text away."""
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    client = logged_in(world.student)
    page = client.get(f"/submissions/{sub.pk}/").content.decode()
    assert 'id="turn-in" form="essay-form" name="turn_in"' in page
    assert 'id="essay-form"' in page
    client.post(f"/submissions/{sub.pk}/essay/", {"text": ESSAY, "turn_in": "1"})
    sub.refresh_from_db()
    assert sub.state == "turned_in" and sub.essay_text.strip() == ESSAY.strip()


def test_a_refused_turn_in_of_the_essay_keeps_the_text_typed(world):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    response = logged_in(world.student).post(
        f"/submissions/{sub.pk}/essay/", {"text": "   ", "turn_in": "1"}
    )
    sub.refresh_from_db()
    assert response.status_code == 400 and sub.state == "in_progress"
    assert "Write your essay" in response.content.decode()


def test_essay_upload_and_turn_in_from_the_submission_page(world):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    client = logged_in(world.student)
    upload = SimpleUploadedFile("essay.txt", ESSAY.encode(), content_type="text/plain")
    client.post(f"/submissions/{sub.pk}/essay/", {"text": "", "file": upload})
    sub.refresh_from_db()
    assert sub.essay_text.startswith("Schools should start later") and sub.state == "in_progress"
    client.post(f"/submissions/{sub.pk}/turn-in/")
    sub.refresh_from_db()
    assert sub.state == "turned_in" and sub.audit is not None


def test_bulk_return_from_the_grid(world):
    services.submission_start(submission=world.submission)
    world.submission.refresh_from_db()
    services.submission_turn_in(submission=world.submission)
    teacher = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/return/"
    asked = teacher.post(url, {"submission": [world.submission.pk]}).content.decode()
    world.submission.refresh_from_db()
    assert world.submission.state == "turned_in"
    assert "Return this work?" in asked and 'id="no-feedback-warning"' in asked
    done = teacher.post(url, {"submission": [world.submission.pk], "confirmed": "1"}, follow=True)
    world.submission.refresh_from_db()
    assert world.submission.state == "returned"
    assert "1 submission returned." in done.content.decode()


def test_bulk_return_with_nothing_ticked_says_to_select_work(world):
    page = (
        logged_in(world.teacher)
        .post(f"/classes/{world.classroom.pk}/return/", {}, follow=True)
        .content.decode()
    )
    assert "Select the turned-in work to return first." in page and "0 submission" not in page


def test_bulk_return_does_not_warn_when_feedback_is_written(world):
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    services.feedback_save(
        submission=sub, author=world.teacher, comments={"claim": "ok"}, points={}
    )
    asked = (
        logged_in(world.teacher)
        .post(f"/classes/{world.classroom.pk}/return/", {"submission": [sub.pk]})
        .content.decode()
    )
    assert "Return this work?" in asked and "no-feedback-warning" not in asked


def test_bulk_return_names_the_parts_without_points_before_returning(world):
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    graded = {"data": 3, "claim": 4, "warrant": 2, "backing": 1, "rebuttal": 2}
    services.feedback_save(
        submission=sub, author=world.teacher, comments={"claim": "ok"}, points=graded
    )
    teacher = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/return/"
    asked = teacher.post(url, {"submission": [sub.pk]}).content.decode()
    sub.refresh_from_db()
    assert sub.state == "turned_in"
    assert 'id="no-points-warning"' in asked and "Return anyway" in asked
    warning = asked.split('id="no-points-warning"')[1].split("</div>")[0]
    assert "Qualifier" in warning and "Claim" not in warning and "ana" in warning
    services.feedback_save(
        submission=sub,
        author=world.teacher,
        comments={"claim": "ok"},
        points={**graded, "qualifier": 1},
        version=sub.feedback.version,
    )
    asked = teacher.post(url, {"submission": [sub.pk]}).content.decode()
    assert "no-points-warning" not in asked and "Return anyway" not in asked
    teacher.post(url, {"submission": [sub.pk], "confirmed": "1"})
    sub.refresh_from_db()
    assert sub.state == "returned"


def test_adding_a_co_teacher_twice_says_they_already_teach(world):
    page = (
        logged_in(world.teacher)
        .post(f"/classes/{world.classroom.pk}/teachers/", {"username": "co-teacher"}, follow=True)
        .content.decode()
    )
    assert "co-teacher already teaches this class." in page and "now teaches" not in page


def test_the_owner_sees_an_overturned_review_on_the_chain_page(world):
    from arguments.models import Chain
    from arguments.services import chain_create, chain_review

    chain = chain_create(owner=world.student, query="Should homework be banned?")
    chain_review(
        chain=chain, reviewer=world.teacher, status=Chain.Review.OVERTURNED, note="Too hasty."
    )
    page = logged_in(world.student).get(f"/chains/{chain.pk}/").content.decode()
    assert "Overturned" in page and "Too hasty." in page


def test_nav_links_to_classes(world):
    page = logged_in(world.student).get("/classes/").content.decode()
    assert 'href="/classes/"' in page


def test_running_a_turned_in_chain_from_its_page_answers_409_not_a_server_error(world):
    chain_task = assignment(world.classroom, "chain", source_text=ESSAY)
    sub = Submission.objects.get(assignment=chain_task, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    services.submission_turn_in(submission=sub)
    response = logged_in(world.student).post(f"/chains/{sub.chain_id}/run/", {"until": "next"})
    assert response.status_code == 409
    assert "turned in for a class" in response.content.decode()


def test_the_audit_scores_sit_beside_the_points_as_a_suggestion_never_copied(
    world, django_capture_on_commit_callbacks
):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    services.submission_essay_save(submission=sub, text=ESSAY)
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.submission_turn_in(submission=sub)
    claim = sub.audit.results.get(criterion_id="claim").numeric_score
    page = logged_in(world.teacher).get(f"/submissions/{sub.pk}/").content.decode()
    # On the part's own 0-4 scale, not /5 beside 0-4 points (the audit's own score kept).
    assert (
        f"suggestion: {round(claim / 5 * 4, 1)} of 4 (it scored {claim} on its 1–5 scale)" in page
    )
    assert 'name="points_claim" min="0" max="4" id="id_points_claim">' in page  # left empty


def test_the_teacher_assignment_page_lists_every_student_with_progress(world):
    services.submission_start(submission=world.submission)
    page = logged_in(world.teacher).get(f"/assignments/{world.coach.pk}/").content.decode()
    assert "step 1/7" in page and "not started" in page and ">ben<" in page


def test_a_chain_assignment_without_a_source_text_needs_the_students_text_to_start(world):
    """QA1 #4: an empty source made a chain that stopped at once and could not be mended."""
    task = assignment(world.classroom, "chain")
    sub = Submission.objects.get(assignment=task, student=world.student)
    client = logged_in(world.student)
    refused = client.post(
        f"/assignments/{task.pk}/start/", {"engine": "offline", "source_text": "   "}
    )
    sub.refresh_from_db()
    assert refused.status_code == 400 and sub.state == "assigned" and sub.chain_id is None
    assert "paste the text" in refused.content.decode()
    started = client.post(
        f"/assignments/{task.pk}/start/", {"engine": "offline", "source_text": ESSAY}
    )
    sub.refresh_from_db()
    assert started.status_code == 302 and sub.chain.source_text.strip() == ESSAY.strip()


def test_the_api_refuses_to_start_a_chain_with_no_source_text_at_all(world):
    from tests.classrooms.builders import api_as

    task = assignment(world.classroom, "chain")
    response = api_as(world.student).post(f"/api/v1/assignments/{task.pk}/start/", {})
    assert response.status_code == 400
    assert response.json()["details"][0]["loc"] == "source_text"


def test_a_long_stop_reason_is_cut_at_a_word_with_an_ellipsis_and_kept_whole_in_a_title():
    from toulmini_site.classrooms.selectors import progress_of, shorten

    reason = "DATA MISSING: the source text has no sentence that supports the query. Add the text"
    short = shorten(reason, 80)
    assert len(short) <= 80 and short.endswith("…")
    assert reason.startswith(short[:-1]) and reason[len(short) - 1] == " "
    assert shorten("short reason", 80) == "short reason"
    row = {
        "chain_id": 1,
        "chain__status": "terminated",
        "chain__termination_reason": reason,
        "chain__next_phase": 1,
        "chain__verdict_status": "",
    }
    progress = progress_of("chain", row)
    assert progress["label"] == f"stopped: {short}" and progress["title"] == f"stopped: {reason}"


def test_an_essay_in_progress_with_no_text_is_not_called_not_started(world):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    page = logged_in(world.student).get(f"/submissions/{sub.pk}/").content.decode()
    assert "no text yet" in page and "not started" not in page


def test_the_submission_page_names_the_parts_instead_of_showing_their_keys(world):
    """QA1 #8: raw keys groundsBacking / warrantBacking showed in the table and transcript."""
    sub, _ = services.submission_start(submission=world.submission)
    session = sub.coach_session
    session.current_step = "groundsBacking"
    session.save(update_fields=["current_step"])
    coach_services.turn_run(session=session, user=world.student, message="The study by LSE")
    page = logged_in(world.teacher).get(f"/submissions/{sub.pk}/").content.decode()
    assert "Backing for the grounds" in page and "Backing for the warrant" in page
    assert ">groundsBacking<" not in page and "[groundsBacking]" not in page


def test_the_coach_and_chain_pages_of_assignment_work_link_back_to_the_submission(world):
    """QA1 #9: no way back from the work to the assignment where it is turned in."""
    sub, _ = services.submission_start(submission=world.submission)
    client = logged_in(world.student)
    coach_page = client.get(f"/coach/{sub.coach_session_id}/").content.decode()
    assert f'href="/submissions/{sub.pk}/" id="back-to-submission"' in coach_page
    assert "turn it in there" in coach_page
    task = assignment(world.classroom, "chain", source_text=ESSAY)
    chain_sub = Submission.objects.get(assignment=task, student=world.student)
    chain_sub, _ = services.submission_start(submission=chain_sub)
    chain_page = client.get(f"/chains/{chain_sub.chain_id}/").content.decode()
    assert f'href="/submissions/{chain_sub.pk}/" id="back-to-submission"' in chain_page


def test_work_outside_a_class_has_no_link_to_a_submission(world):
    from coach.services import session_create

    session = session_create(owner=world.student, topic="Phones")
    page = logged_in(world.student).get(f"/coach/{session.pk}/").content.decode()
    assert "back-to-submission" not in page


def test_revise_and_try_again_keeps_the_new_chain_linked_to_the_submission(world):
    """QA1 #4: "Revise the text and try again" made a chain the assignment did not know."""
    task = assignment(world.classroom, "chain")
    sub = Submission.objects.get(assignment=task, student=world.student)
    sub, _ = services.submission_start(submission=sub, source_text="Too thin.")
    old = sub.chain_id
    client = logged_in(world.student)
    page = client.get(f"/chains/new/?from={old}").content.decode()
    assert "Too thin." in page
    client.post(
        f"/chains/new/?from={old}",
        {"query": task.query, "source_text": ESSAY, "engine": "offline"},
    )
    sub.refresh_from_db()
    assert sub.chain_id != old and sub.chain.source_text.strip() == ESSAY.strip()
    # Near miss: an engine the assignment does not allow leaves the link as it is.
    linked = sub.chain_id
    client.post(
        f"/chains/new/?from={linked}",
        {"query": task.query, "source_text": ESSAY, "engine": "llm"},
    )
    sub.refresh_from_db()
    assert sub.chain_id == linked


def test_the_settings_help_says_the_budget_spares_offline_work_but_the_site_allowance_applies(
    world,
):
    page = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/").content.decode()
    assert "offline work never uses it" in page
    assert "site-wide daily allowance for offline work" in page  # README: QUOTA_OFFLINE_PER_DAY
    assert "offline work is never limited" not in page
