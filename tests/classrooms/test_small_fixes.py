"""The smaller things of issue 36, each seen on its page: joining confirms, the new-assignment
form reads well (labels, legends, the tutor level's help))."""

import re

import pytest
from django.test import Client

from tests.builders import make_user
from toulmini_site.classrooms import services

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_joining_a_class_says_so_and_joining_again_says_already(world):
    dora = make_user("dora")
    client = _client(dora)
    first = client.post("/classes/join/", {"code": world.classroom.join_code}, follow=True)
    assert "You joined Debate 101" in first.content.decode()
    again = client.post("/classes/join/", {"code": world.classroom.join_code}, follow=True)
    assert "You are already in Debate 101" in again.content.decode()


def test_the_new_assignment_form_reads_well(world):
    page = _client(world.teacher).get(f"/classes/{world.classroom.pk}/assignments/new/")
    html = page.content.decode()
    # The label follows its check box, with no colon.
    assert re.search(
        r'id="id_published"[^>]*>\s*<label for="id_published">Publish now</label>', html
    )
    assert "Publish now:" not in html
    assert "For a “" not in html and "Settings for this kind of assignment: Essay (audited)" in html
    # The tutor level's help text is on the page, where aria-describedby points.
    described = re.search(r'<select name="tutor_help"[^>]*aria-describedby="([^"]+)"', html)
    assert described and f'id="{described.group(1)}"' in html
    assert "Questions only: the tutor only asks questions." in html


def test_the_login_error_shows_once(client, db):
    make_user("ana")
    html = client.post(
        "/accounts/login/", {"username": "ana", "password": "wrong"}
    ).content.decode()
    assert html.count("Please enter a correct username and password") == 1


def test_limits_are_said_alike_and_in_the_page_languages_number_format(world, spanish_catalog):
    client = _client(world.teacher)
    critique = client.get("/critiques/new/").content.decode()
    audit = client.get("/audits/new/").content.decode()
    assert "100,000 characters" in critique and "100,000 characters" in audit
    assert not re.search(r"\bkB\b", audit)  # a word, not two letters of a random CSRF token
    client.cookies["django_language"] = "es"
    spanish = client.get("/audits/new/").content.decode()
    # Django's Spanish format groups with a (non-breaking) space, as the RAE recommends.
    assert "100\u00a0000 caracteres" in spanish and "100,000" not in spanish


def test_the_class_grid_shows_points_of_graded_work(world):
    sub, _ = services.submission_start(submission=world.submission)
    sub = services.submission_turn_in(submission=sub)
    services.feedback_save(
        submission=sub, author=world.teacher, comments={}, points={"claim": 3, "data": 2}
    )
    html = _client(world.teacher).get(f"/classes/{world.classroom.pk}/").content.decode()
    assert re.search(r'class="cell-points"[^>]*>\s*5\s*/\s*24', html)


def _return_post(**points):
    data = {"overall": "Good."}
    for part in ("data", "claim", "warrant", "backing", "rebuttal", "qualifier"):
        data[f"comment_{part}"] = ""
        data[f"points_{part}"] = str(points.get(part, ""))
    return data


def test_returning_with_parts_ungraded_asks_first_and_returns_only_when_confirmed(world):
    sub, _ = services.submission_start(submission=world.submission)
    sub = services.submission_turn_in(submission=sub)
    client = _client(world.teacher)
    asked = client.post(f"/submissions/{sub.pk}/return/", _return_post(claim=3))
    html = asked.content.decode()
    assert asked.status_code == 200 and 'name="ungraded_ok"' in html
    assert "Warrant" in html.split('id="ungraded-prompt"')[1][:800]
    sub.refresh_from_db()
    assert sub.state == "turned_in"  # not returned yet, but the feedback is saved
    assert sub.feedback.points == {"claim": 3}
    done = client.post(
        f"/submissions/{sub.pk}/return/", {**_return_post(claim=3), "ungraded_ok": "1"}
    )
    assert done.status_code == 302
    sub.refresh_from_db()
    assert sub.state == "returned"


def test_returning_with_every_part_graded_asks_nothing(world):
    sub, _ = services.submission_start(submission=world.submission)
    sub = services.submission_turn_in(submission=sub)
    points = dict.fromkeys(("data", "claim", "warrant", "backing", "rebuttal", "qualifier"), 2)
    response = _client(world.teacher).post(f"/submissions/{sub.pk}/return/", _return_post(**points))
    assert response.status_code == 302
    sub.refresh_from_db()
    assert sub.state == "returned"


def test_coach_work_grades_both_backings_in_one_row_that_says_so(world):
    sub, _ = services.submission_start(submission=world.submission)
    services.submission_turn_in(submission=sub)
    html = _client(world.teacher).get(f"/submissions/{sub.pk}/").content.decode()
    assert "Backing (both: the grounds&#x27; and the warrant&#x27;s)" in html
