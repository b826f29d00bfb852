"""The smaller things of issue 36, each seen on its page: joining confirms, the new-assignment
form reads well (labels, legends, the tutor level's help))."""

import re

import pytest
from django.test import Client

from tests.conftest import make_user

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
    assert "kB" not in audit
    client.cookies["django_language"] = "es"
    spanish = client.get("/audits/new/").content.decode()
    # Django's Spanish format groups with a (non-breaking) space, as the RAE recommends.
    assert "100\u00a0000 caracteres" in spanish and "100,000" not in spanish
