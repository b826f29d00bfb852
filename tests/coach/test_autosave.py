"""Server-side autosave of the coach's draft boxes: kept as typed, put back on a fresh page
load (any device), dropped when the draft is saved or a turn writes the part, refused when
stale (nothing written), and only for the session's owner."""

import pytest
from django.test import Client
from django.urls import reverse

from coach import services
from coach.models import CoachAutosave, CoachDraft
from tests.coach.builders import give_proposal
from toulmini_site.privacy.services import user_export

pytestmark = pytest.mark.django_db

JSON = {"Accept": "application/json"}


def _url(session, name="autosave"):
    return reverse(f"coach:{name}", kwargs={"pk": session.pk})


def _keep(client, session, *, draft_version=1, autosave_version=0, **boxes):
    return client.post(
        _url(session),
        {"draft_version": draft_version, "autosave_version": autosave_version, **boxes},
        headers=JSON,
    )


def _box(page: str, step: str) -> str:
    return page.split(f'name="{step}"')[1].split(">", 1)[1].split("</textarea>")[0]


def test_typed_text_is_kept_and_back_in_its_box_on_a_fresh_page_load(owner, session):
    answer = _keep(Client(), session)  # anonymous first: sent to log in, nothing kept
    assert answer.status_code == 302 and not CoachAutosave.objects.exists()
    tab = Client()
    tab.force_login(owner)
    answer = _keep(tab, session, claim="Phones distract pupils", grounds="")
    assert answer.status_code == 200
    body = answer.json()
    assert body["autosave_version"] == 1 and "Draft kept on the server at" in body["status"]
    assert CoachDraft.objects.get(session=session).claim == ""  # the draft is not saved
    device = Client()  # another browser: nothing of the first in it
    device.force_login(owner)
    page = device.get(_url(session, "detail")).content.decode()
    assert _box(page, "claim") == "Phones distract pupils"
    assert _box(page, "grounds") == ""
    assert 'name="autosave_version" value="1"' in page
    assert "is back in its boxes" in page


def test_another_user_cannot_keep_or_see_a_draft(owner, other_user, session):
    mine = Client()
    mine.force_login(owner)
    _keep(mine, session, claim="My private claim")
    theirs = Client()
    theirs.force_login(other_user)
    assert _keep(theirs, session, autosave_version=1, claim="Intruder").status_code == 404
    assert theirs.get(_url(session, "detail")).status_code == 404
    assert CoachAutosave.objects.get(session=session).values == {"claim": "My private claim"}


def test_a_stale_autosave_is_refused_and_nothing_is_written(owner_client, session):
    assert _keep(owner_client, session, claim="Tab one").json()["autosave_version"] == 1
    # A second tab that loaded before the first kept its text: refused, the first stays.
    answer = _keep(owner_client, session, autosave_version=0, claim="Tab two")
    assert answer.status_code == 409 and answer.json()["code"] == "STALE_DRAFT"
    assert CoachAutosave.objects.get(session=session).values == {"claim": "Tab one"}
    # The draft saved meanwhile (version 2 now): a page showing version 1 is refused.
    services.draft_update(session=session, values={"grounds": "Saved data"}, draft_version=1)
    answer = _keep(owner_client, session, autosave_version=1, claim="Late")
    assert answer.status_code == 409 and answer.json()["code"] == "STALE_VERSION"
    assert not CoachAutosave.objects.exists()  # the save dropped it; the stale page added none


def test_saving_the_draft_drops_the_kept_text(owner_client, session):
    _keep(owner_client, session, claim="Typed, then saved")
    owner_client.post(_url(session, "draft"), {"draft_version": 1, "claim": "Typed, then saved"})
    assert not CoachAutosave.objects.exists()
    page = owner_client.get(_url(session, "detail")).content.decode()
    assert _box(page, "claim") == "Typed, then saved"
    assert 'name="autosave_version" value="0"' in page


def test_a_turn_writing_a_part_drops_that_part_only(owner_client, session):
    _keep(owner_client, session, claim="My typed claim", rebuttal="Unless it is an emergency")
    give_proposal(session, "The tutor's claim for phones", step="claim")
    services.proposal_confirm(session=session)
    kept = CoachAutosave.objects.get(session=session)
    assert kept.values == {"rebuttal": "Unless it is an emergency"}
    page = owner_client.get(_url(session, "detail")).content.decode()
    assert _box(page, "claim") == "The tutor&#x27;s claim for phones"
    assert _box(page, "rebuttal") == "Unless it is an emergency"


def test_a_part_changed_behind_the_kept_text_is_not_put_over_it(owner_client, session):
    _keep(owner_client, session, claim="Kept over the empty claim")
    # Written without going through the services' drop (as another process might).
    CoachDraft.objects.filter(session=session).update(claim="Newer saved claim")
    page = owner_client.get(_url(session, "detail")).content.decode()
    assert _box(page, "claim") == "Newer saved claim"


def test_text_equal_to_the_saved_draft_keeps_nothing(owner_client, session):
    _keep(owner_client, session, claim="Something")
    answer = _keep(owner_client, session, autosave_version=1, claim="  ")
    assert answer.json() == {"autosave_version": 0, "status": answer.json()["status"]}
    assert "Nothing to keep" in answer.json()["status"]
    assert not CoachAutosave.objects.exists()


def test_the_kept_text_is_in_the_owner_s_export_and_goes_with_the_session(owner, session):
    client = Client()
    client.force_login(owner)
    _keep(client, session, claim="Exported while unsaved")
    exported = user_export(user=owner)["coach_sessions"][0]["autosave"]
    assert [row["values"] for row in exported] == [{"claim": "Exported while unsaved"}]
    session.delete()
    assert not CoachAutosave.objects.exists()
