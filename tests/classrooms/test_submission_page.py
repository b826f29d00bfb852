"""The submission page: everything the assignment produced, to the right people, and the
feedback form that loses nothing (Return sends what is typed)."""

import pytest
from django.test import Client
from django.utils.html import escape

from tests.classrooms.builders import ESSAY, assignment
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Submission

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def turned_in(world):
    sub, _ = services.submission_start(submission=world.submission)
    return services.submission_turn_in(submission=sub)


@pytest.fixture
def critiqued_essay(world, django_capture_on_commit_callbacks):
    essay = assignment(world.classroom, "essay", with_critique=True)
    sub = Submission.objects.get(assignment=essay, student=world.student)
    services.submission_essay_save(submission=sub, text=ESSAY)
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.submission_turn_in(submission=sub)
    sub.critique.refresh_from_db()
    assert sub.critique.finished and sub.critique.result["points"]
    return sub


def test_return_with_the_typed_feedback_saves_it_then_returns(world, turned_in):
    response = logged_in(world.teacher).post(
        f"/submissions/{turned_in.pk}/return/",
        # Five parts have no points: the teacher confirmed returning anyway (ungraded_ok).
        {
            "comment_claim": "Who is affected?",
            "points_claim": "3",
            "overall": "Good.",
            "ungraded_ok": "1",
        },
    )
    assert response.status_code == 302
    turned_in.refresh_from_db()
    assert turned_in.state == "returned"
    assert turned_in.feedback.comments == {"claim": "Who is affected?"}
    assert turned_in.feedback.points == {"claim": 3} and turned_in.feedback.overall == "Good."
    page = logged_in(world.student).get(f"/submissions/{turned_in.pk}/").content.decode()
    assert "Who is affected?" in page and "3/4" in page


def test_return_from_htmx_redirects_the_whole_page_once_saved(world, turned_in):
    response = logged_in(world.teacher).post(
        f"/submissions/{turned_in.pk}/return/",
        {"comment_claim": "Kept", "points_claim": "2", "ungraded_ok": "1"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/submissions/{turned_in.pk}/"
    turned_in.refresh_from_db()
    assert turned_in.state == "returned" and turned_in.feedback.points == {"claim": 2}


def test_an_invalid_return_keeps_what_was_typed_and_returns_nothing(world, turned_in):
    response = logged_in(world.teacher).post(
        f"/submissions/{turned_in.pk}/return/",
        {"comment_claim": "Keep this comment", "points_claim": "9", "overall": "And this"},
    )
    body = response.content.decode()
    assert response.status_code == 400
    assert "Keep this comment" in body and "And this" in body and 'value="9"' in body
    assert "Nothing was saved" in body
    turned_in.refresh_from_db()
    assert turned_in.state == "turned_in" and not hasattr(turned_in, "feedback")


def test_a_bare_return_keeps_the_saved_draft(world, turned_in):
    services.feedback_save(
        submission=turned_in, author=world.teacher, comments={"data": "Cite it."}, points={}
    )
    logged_in(world.teacher).post(f"/submissions/{turned_in.pk}/return/")
    turned_in.refresh_from_db()
    assert turned_in.state == "returned" and turned_in.feedback.comments == {"data": "Cite it."}


def test_the_feedback_form_has_a_total_labels_and_the_return_button_inside_it(world, turned_in):
    services.feedback_save(
        submission=turned_in, author=world.teacher, comments={}, points={"data": 2, "claim": 3}
    )
    page = logged_in(world.teacher).get(f"/submissions/{turned_in.pk}/").content.decode()
    form = page[
        page.index('class="feedback-form"') : page.index("</form>", page.index("feedback-form"))
    ]
    assert 'id="return"' in form and 'formaction="/submissions/' in form
    assert '<output id="points-total" data-total>5</output> / 24' in form
    for part in ("data", "claim", "warrant", "backing", "rebuttal", "qualifier"):
        assert f'<label for="id_comment_{part}">' in form


def test_work_returned_without_feedback_tells_the_student_so(world, turned_in):
    logged_in(world.teacher).post(f"/submissions/{turned_in.pk}/return/", follow=True)
    page = logged_in(world.student).get(f"/submissions/{turned_in.pk}/").content.decode()
    assert "returned this work without written feedback" in page


@pytest.mark.parametrize("role", ["teacher", "co_teacher", "student"])
def test_the_essay_critique_is_on_the_submission_page(world, critiqued_essay, role):
    page = logged_in(world.user(role)).get(f"/submissions/{critiqued_essay.pk}/")
    body = page.content.decode()
    assert page.status_code == 200 and 'id="critique"' in body
    assert critiqued_essay.critique.result["final_assessment"][:40] in body
    first = critiqued_essay.critique.result["points"][0]["critique"]
    assert escape(first[:30]) in body  # as the page writes it ("it's" -> "it&#x27;s")
    # The link to the critique's own page is for its owner; the teacher reads it here.
    link = critiqued_essay.critique.get_absolute_url()
    assert (f'href="{link}"' in body) == (role == "student")
    assert logged_in(world.user(role)).get(link).status_code == (200 if role == "student" else 404)


@pytest.mark.parametrize("role", ["classmate", "outsider"])
def test_no_one_else_sees_the_essay_or_its_critique(world, critiqued_essay, role):
    assert logged_in(world.user(role)).get(f"/submissions/{critiqued_essay.pk}/").status_code == 404


def test_the_returned_work_export_carries_the_critique(world, critiqued_essay):
    services.submission_return(submission=critiqued_essay)
    exported = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/returned.json").json()
    detail = exported["returned"][0]["work_detail"]
    assert detail["critique"]["id"] == critiqued_essay.critique_id
    assert detail["critique"]["points"]


@pytest.mark.parametrize("role", ["teacher", "co_teacher"])
def test_the_teacher_reads_the_students_own_source_text_on_the_submission_page(world, role):
    task = assignment(world.classroom, "chain", source_text="")
    sub = Submission.objects.get(assignment=task, student=world.student)
    services.submission_start(submission=sub, engine="offline", source_text=ESSAY)
    body = logged_in(world.user(role)).get(f"/submissions/{sub.pk}/").content.decode()
    assert "The text the chain analysed" in body and "American Academy of Pediatrics" in body


def test_the_essay_critique_reads_in_the_readers_language_from_what_it_stores(
    world, critiqued_essay
):
    from django.utils import translation

    from council.said import render

    critique = critiqued_essay.critique
    assessment = critique.result["final_assessment"]
    client = logged_in(world.teacher)
    spanish = client.get(f"/submissions/{critiqued_essay.pk}/", HTTP_ACCEPT_LANGUAGE="es")
    body = spanish.content.decode()
    with translation.override("es"):
        expected = render(critique.said[assessment], translation.gettext)
    assert escape(expected[:40]) in body and assessment[:40] not in body
    first = critique.result["points"][0]
    assert escape(first["critique"][:30]) not in body  # the English finding is not shown
    with translation.override("es"):
        area = translation.gettext(first["area"])
    assert area != first["area"] and f"{area} · " in body
