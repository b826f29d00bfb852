"""Where each draft part came from: the student, the tutor, or the tutor then the student."""

import pytest
from django.urls import reverse

from coach import services
from coach.domain.provenance import after_confirm, after_hand_edit
from tests.coach.builders import GOOD_TEXT, give_proposal

EMPTY = {step: "" for step in GOOD_TEXT["en"]}


def test_a_part_typed_by_the_student_is_theirs():
    after = after_hand_edit({}, before=EMPTY, after={"claim": "Phones distract pupils"})
    assert after == {"claim": "student"}


def test_editing_an_accepted_proposal_makes_it_tutor_edited():
    before = EMPTY | {"claim": "Phones distract pupils."}
    after = after_hand_edit(
        {"claim": "tutor"}, before=before, after={"claim": "Phones distract most pupils."}
    )
    assert after == {"claim": "tutor_edited"}


def test_saving_an_unchanged_tutor_part_keeps_it_the_tutors():
    before = EMPTY | {"claim": "Phones distract pupils.", "grounds": ""}
    after = after_hand_edit(
        {"claim": "tutor"}, before=before, after={"claim": "Phones distract pupils.", "grounds": ""}
    )
    assert after == {"claim": "tutor"}


def test_emptying_a_part_drops_its_provenance():
    before = EMPTY | {"claim": "Phones distract pupils."}
    assert after_hand_edit({"claim": "tutor"}, before=before, after={"claim": ""}) == {}


def test_accepting_a_proposal_marks_the_part_as_the_tutors_even_over_typed_text():
    assert after_confirm({"claim": "student", "grounds": "student"}, step="claim") == {
        "claim": "tutor",
        "grounds": "student",
    }


@pytest.mark.django_db
def test_services_record_provenance_through_confirm_and_hand_edits(session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.proposal_confirm(session=session)
    session.draft.refresh_from_db()
    assert session.draft.sources() == {"claim": "tutor"}

    services.draft_update(
        session=session,
        values={**session.draft.as_dict(), "grounds": GOOD_TEXT["en"]["grounds"]},
        draft_version=session.draft.version,
    )
    session.draft.refresh_from_db()
    assert session.draft.sources() == {"claim": "tutor", "grounds": "student"}

    services.draft_update(
        session=session,
        values={"claim": "Schools should ban phones in every lesson"},
        draft_version=session.draft.version,
    )
    session.draft.refresh_from_db()
    assert session.draft.sources() == {"claim": "tutor_edited", "grounds": "student"}


@pytest.mark.django_db
def test_the_api_shows_the_provenance_of_each_part(owner_api, session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.proposal_confirm(session=session)
    body = owner_api.get(reverse("coach_api:session", kwargs={"pk": session.pk})).json()
    assert body["provenance"] == {"claim": "tutor"}


@pytest.mark.django_db
def test_the_page_says_discreetly_where_a_part_came_from(owner_client, session):
    services.draft_update(
        session=session, values={"grounds": GOOD_TEXT["en"]["grounds"]}, draft_version=1
    )
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.proposal_confirm(session=session)
    page = owner_client.get(reverse("coach:detail", kwargs={"pk": session.pk})).content.decode()
    assert 'data-source="tutor">accepted from the tutor<' in page
    assert 'data-source="student">written by you<' in page
    assert page.count("data-source=") == 2


def test_accepting_an_echo_of_the_students_own_text_keeps_it_theirs_but_a_changed_one_not():
    mine = ("Schools should ban phones",)
    assert after_confirm({}, step="claim", value="Schools should ban phones ", own_texts=mine) == {
        "claim": "student"
    }
    assert after_confirm(
        {"claim": "tutor_edited"}, step="claim", value="Schools should ban phones", own_texts=mine
    ) == {"claim": "tutor_edited"}
    assert after_confirm({}, step="claim", value="Schools should ban phones.", own_texts=mine) == {
        "claim": "tutor"
    }


def test_a_part_missing_before_and_empty_after_is_unchanged():
    assert after_hand_edit({"claim": "tutor"}, before={}, after={"claim": ""}) == {"claim": "tutor"}


def test_a_part_emptied_loses_its_provenance_and_one_never_given_stays_absent():
    provenance = {"claim": "tutor", "grounds": "student"}
    after = after_hand_edit(
        provenance, before={"claim": "a"}, after={"claim": "  ", "rebuttal": ""}
    )
    assert after == {"grounds": "student"}


def test_a_part_typed_after_a_filler_is_the_students_though_the_filler_is_not_in_it():
    # The server passes the messages as typed; the proposal is their own text without the
    # filler, as every judge reads it.
    typed = ("bueno, a ver, los móviles deberían prohibirse en clase",)
    value = "los móviles deberían prohibirse en clase"
    assert after_confirm({}, step="claim", value=value, own_texts=typed) == {"claim": "student"}
    assert after_confirm({}, step="claim", value="Los móviles, fuera.", own_texts=typed) == {
        "claim": "tutor"
    }
