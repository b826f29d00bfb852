"""Server-side autosave of the essay and the teacher's feedback: kept as typed, put back on
return, dropped on save, refused when stale (never over newer work), and only for the owner."""

import pytest
from django.test import Client

from tests.classrooms.builders import assignment
from toulmini_site.classrooms import autosave, services
from toulmini_site.classrooms.models import Autosave, Submission

pytestmark = pytest.mark.django_db

JSON = {"Accept": "application/json"}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def essay(world):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    sub, _ = services.submission_start(submission=sub)
    return services.submission_essay_save(submission=sub, text="First saved paragraph.")


def _keep(client, sub, text, *, version=None, draft=0, headers=JSON):
    return client.post(
        f"/submissions/{sub.pk}/autosave/essay/",
        {
            "text": text,
            "version": sub.essay_version if version is None else version,
            "draft_version": draft,
        },
        headers=headers,
    )


def test_the_student_s_draft_is_kept_and_put_back_in_the_box_on_return(world, essay):
    client = logged_in(world.student)
    answer = _keep(client, essay, "First saved paragraph. And a second, unsaved one.")
    assert answer.status_code == 200
    body = answer.json()
    assert body["draft_version"] == 1 and "Draft kept on the server at" in body["status"]
    essay.refresh_from_db()
    assert essay.essay_text == "First saved paragraph."  # the essay itself is not saved
    page = client.get(f"/submissions/{essay.pk}/").content.decode()
    box = page.split('name="text"')[1].split("</textarea>")[0]
    assert "And a second, unsaved one." in box
    assert 'name="draft_version" value="1"' in page and "Draft kept on the server at" in page


def test_saving_the_essay_drops_the_kept_draft(world, essay):
    client = logged_in(world.student)
    _keep(client, essay, "A draft.")
    client.post(
        f"/submissions/{essay.pk}/essay/",
        {"text": "The saved essay.", "version": essay.essay_version, "draft_version": 1},
    )
    assert not Autosave.objects.filter(submission=essay).exists()
    page = client.get(f"/submissions/{essay.pk}/").content.decode()
    assert "The saved essay." in page and "A draft." not in page


def test_a_stale_page_s_autosave_does_not_overwrite_the_essay_saved_since(world, essay):
    client = logged_in(world.student)
    loaded = essay.essay_version
    services.submission_essay_save(
        submission=essay, text="Newer text saved in another tab.", version=loaded
    )
    answer = _keep(client, essay, "Old tab's typing.", version=loaded)
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "STALE_VERSION" and body["version"] == loaded + 1
    assert body["current"] == {"text": "Newer text saved in another tab."}
    essay.refresh_from_db()
    assert essay.essay_text == "Newer text saved in another tab."
    assert not Autosave.objects.filter(submission=essay).exists()


def test_a_second_tab_s_older_draft_does_not_overwrite_a_newer_draft(world, essay):
    client = logged_in(world.student)
    assert _keep(client, essay, "Tab one, newest.", draft=0).json()["draft_version"] == 1
    answer = _keep(client, essay, "Tab two, typed on an older page.", draft=0)
    assert answer.status_code == 409 and answer.json()["code"] == "STALE_DRAFT"
    assert answer.json()["current"] == {"text": "Tab one, newest."}
    assert Autosave.objects.get(submission=essay).values == {"text": "Tab one, newest."}
    assert _keep(client, essay, "Tab one, more.", draft=1).json()["draft_version"] == 2


def test_without_javascript_the_keep_button_keeps_the_draft_and_shows_the_page(world, essay):
    client = logged_in(world.student)
    page = client.get(f"/submissions/{essay.pk}/").content.decode()
    assert f'formaction="/submissions/{essay.pk}/autosave/essay/"' in page
    answer = _keep(client, essay, "Typed without scripts.", headers={})
    assert answer.status_code == 302 and answer["Location"].endswith("#essay-form")
    shown = client.get(answer["Location"]).content.decode()
    assert "Typed without scripts." in shown and "Draft kept on the server at" in shown
    # A stale plain post comes back as the page, with the typed text still in the box.
    refused = _keep(client, essay, "Typed on a stale page.", draft=0, headers={})
    assert refused.status_code == 409
    assert "Typed on a stale page." in refused.content.decode()
    assert 'name="draft_version" value="1"' in refused.content.decode()


def test_the_text_as_saved_keeps_nothing(world, essay):
    client = logged_in(world.student)
    _keep(client, essay, "A draft.")
    answer = _keep(client, essay, "First saved paragraph.", draft=1)
    assert answer.json()["draft_version"] == 0
    assert not Autosave.objects.filter(submission=essay).exists()


@pytest.mark.parametrize("role", ["teacher", "classmate", "outsider"])
def test_no_one_but_the_student_keeps_a_draft_of_the_essay(world, essay, role):
    answer = _keep(logged_in(world.user(role)), essay, "Not mine to write.")
    assert answer.status_code in (403, 404)
    assert not Autosave.objects.exists()


def test_anonymous_cannot_keep_a_draft(world, essay):
    answer = _keep(Client(), essay, "Who am I?")
    assert answer.status_code == 302 and "/login" in answer["Location"]
    assert not Autosave.objects.exists()


def test_turned_in_work_keeps_no_draft(world, essay):
    services.submission_turn_in(submission=essay)
    essay.refresh_from_db()
    answer = _keep(logged_in(world.student), essay, "After turning in.")
    assert answer.status_code == 409 and not Autosave.objects.exists()


def test_a_draft_over_the_limit_is_refused(world, essay):
    answer = _keep(logged_in(world.student), essay, "x" * (services.ESSAY_MAX_CHARS + 1))
    assert answer.status_code == 400 and not Autosave.objects.exists()


def test_another_user_s_draft_is_never_shown(world, essay):
    autosave.autosave_write(
        owner=world.student,
        submission=essay,
        form="essay",
        values={"text": "Ana's private draft."},
        based_on=essay.essay_version,
        version=0,
    )
    page = logged_in(world.teacher).get(f"/submissions/{essay.pk}/").content.decode()
    assert "Ana's private draft." not in page


# -- the teacher's feedback ---------------------------------------------------------------


@pytest.fixture
def turned_in(world, essay):
    return services.submission_turn_in(submission=essay)


def _keep_feedback(client, sub, version=0, draft=0, **comments):
    return client.post(
        f"/submissions/{sub.pk}/autosave/feedback/",
        {"version": version, "draft_version": draft, **comments},
        headers=JSON,
    )


def test_a_teacher_s_unsaved_feedback_is_kept_and_put_back_for_that_teacher_only(world, turned_in):
    teacher = logged_in(world.teacher)
    answer = _keep_feedback(teacher, turned_in, comment_claim="Clear claim, typed only.")
    assert answer.status_code == 200 and answer.json()["draft_version"] == 1
    page = teacher.get(f"/submissions/{turned_in.pk}/").content.decode()
    assert "Clear claim, typed only." in page.split('name="comment_claim"')[1]
    co_page = logged_in(world.co_teacher).get(f"/submissions/{turned_in.pk}/").content.decode()
    assert "Clear claim, typed only." not in co_page
    student_page = logged_in(world.student).get(f"/submissions/{turned_in.pk}/").content.decode()
    assert "Clear claim, typed only." not in student_page


def test_saving_feedback_drops_the_author_s_draft_and_shows_another_teacher_s_beside(
    world, turned_in
):
    _keep_feedback(logged_in(world.co_teacher), turned_in, comment_data="Co-teacher draft.")
    _keep_feedback(logged_in(world.teacher), turned_in, comment_claim="Teacher's draft.")
    services.feedback_save(
        submission=turned_in,
        author=world.teacher,
        comments={"claim": "Saved."},
        points={},
        version=0,
    )
    assert list(Autosave.objects.values_list("owner__username", flat=True)) == ["co-teacher"]
    co_page = logged_in(world.co_teacher).get(f"/submissions/{turned_in.pk}/").content.decode()
    kept = co_page.split('id="feedback-kept-draft"')[1].split("</div>")[0]
    assert "Co-teacher draft." in kept  # shown beside the newer feedback, not put over it
    box = co_page.split('name="comment_data"')[1].split("</textarea>")[0]
    assert "Co-teacher draft." not in box
    stale = _keep_feedback(logged_in(world.co_teacher), turned_in, version=0, draft=1)
    assert stale.status_code == 409 and stale.json()["version"] == 1


@pytest.mark.parametrize("role", ["student", "classmate", "outsider"])
def test_only_the_class_s_teachers_keep_feedback_drafts(world, turned_in, role):
    answer = _keep_feedback(logged_in(world.user(role)), turned_in, comment_claim="No.")
    assert answer.status_code in (403, 404) and not Autosave.objects.exists()


def test_an_unknown_form_is_not_found(world, essay):
    answer = logged_in(world.student).post(f"/submissions/{essay.pk}/autosave/points/", {})
    assert answer.status_code == 404


def test_a_second_htmx_save_of_the_feedback_form_is_not_taken_for_a_stale_one(world, turned_in):
    teacher = logged_in(world.teacher)
    url = f"/submissions/{turned_in.pk}/feedback/"
    first = teacher.post(
        url, {"version": 0, "base": "", "comment_claim": "One."}, headers={"HX-Request": "true"}
    ).content.decode()
    assert 'name="version" value="1"' in first  # the form shown again edits the saved one
    again = teacher.post(
        url,
        {
            "version": 1,
            "base": first.split('name="base" value="')[1].split('"')[0].replace("&quot;", '"'),
            "comment_claim": "Two.",
        },
        headers={"HX-Request": "true"},
    )
    turned_in.refresh_from_db()
    assert turned_in.feedback.comments["claim"] == "Two." and "Saved." in again.content.decode()


def test_the_kept_at_line_is_in_the_page_language(world, essay, spanish_catalog):
    client = logged_in(world.student)
    answer = _keep(client, essay, "Un borrador.", headers={**JSON, "Accept-Language": "es"})
    assert answer.json()["status"].startswith("Borrador guardado en el servidor a las")
    page = client.get(f"/submissions/{essay.pk}/", headers={"Accept-Language": "es"})
    assert "Guardar como borrador (aún sin guardar)" in page.content.decode()
