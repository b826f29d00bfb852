"""A completed coach session's argument as AIF: API and page, owner, other user, anonymous."""

import arguebuf
import pytest
from django.urls import reverse

from coach import services
from coach.models import CoachSession
from tests.coach.builders import GOOD_TEXT

pytestmark = pytest.mark.django_db


def completed(session: CoachSession) -> CoachSession:
    services.draft_update(session=session, values=GOOD_TEXT["en"], draft_version=1)
    CoachSession.objects.filter(pk=session.pk).update(status="completed")
    session.refresh_from_db()
    return session


def api_url(session: CoachSession) -> str:
    return reverse("coach_api:export", kwargs={"pk": session.pk}) + "?format=aif"


def test_the_owner_downloads_the_completed_argument_as_aif(owner_api, session):
    response = owner_api.get(api_url(completed(session)))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    document = response.json()
    texts = {n["text"] for n in document["nodes"] if n["type"] == "I"}
    assert texts == {GOOD_TEXT["en"][step] for step in GOOD_TEXT["en"] if step != "qualifier"}
    claim = next(n for n in document["nodes"] if n["text"] == GOOD_TEXT["en"]["claim"])
    assert claim["toulmin"]["qualifier_text"] == GOOD_TEXT["en"]["qualifier"]
    graph = arguebuf.load.aif(document)
    assert (len(graph.atom_nodes), len(graph.scheme_nodes)) == (6, 4)


def test_an_unfinished_session_cannot_be_exported_yet(owner_api, session):
    response = owner_api.get(api_url(session))

    assert (response.status_code, response.json()["code"]) == (409, "COACH_NOT_COMPLETED")


def test_another_user_gets_404_and_anonymous_401(session, other_api, api_client):
    completed(session)

    assert other_api.get(api_url(session)).status_code == 404
    assert api_client.get(api_url(session)).status_code == 401


def test_the_completed_session_page_links_the_download_for_its_owner_only(session, owner_client):
    page_url = reverse("coach:export_aif", kwargs={"pk": session.pk})
    assert page_url not in owner_client.get(reverse("coach:detail", args=[session.pk])).text
    completed(session)

    html = owner_client.get(reverse("coach:detail", args=[session.pk])).text
    download = owner_client.get(page_url)
    owner_client.logout()
    anonymous = owner_client.get(page_url)

    assert page_url in html
    assert download.status_code == 200 and download.json()["nodes"]
    assert anonymous.status_code == 302


def test_the_page_download_is_404_for_another_user(session, other_client):
    completed(session)

    response = other_client.get(reverse("coach:export_aif", kwargs={"pk": session.pk}))

    assert response.status_code == 404
