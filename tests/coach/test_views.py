"""The coach pages as their owner, as another user (404) and anonymous (redirect to log in)."""

import pytest
from django.urls import reverse

from coach import services
from coach.models import CoachSession
from tests.coach.builders import GOOD_TEXT, give_proposal, make_session

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name, session=None):
    return reverse(f"coach:{name}", kwargs={"pk": session.pk} if session else {})


SESSION_PAGES = [
    ("get", "detail", {}),
    ("post", "turn", {"message": "hello"}),
    ("post", "confirm", {}),
    ("post", "reject", {}),
    ("post", "draft", {"draft_version": 1, "claim": "x"}),
    ("post", "chain", {}),
]


@pytest.mark.parametrize(("method", "name", "data"), SESSION_PAGES)
def test_another_users_session_pages_are_not_found(other_client, session, method, name, data):
    response = getattr(other_client, method)(url(name, session), data)
    assert response.status_code == 404
    assert session.messages.count() == 1


@pytest.mark.parametrize(("method", "name", "data"), SESSION_PAGES)
def test_anonymous_visitors_are_sent_to_log_in(client, session, method, name, data):
    response = getattr(client, method)(url(name, session), data)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_anonymous_visitors_cannot_see_the_list_or_start_a_session(client):
    assert client.get(url("index"))["Location"].startswith(reverse("login"))
    assert client.post(url("create"), {"topic": "x"})["Location"].startswith(reverse("login"))
    assert not CoachSession.objects.exists()


def test_the_list_shows_only_my_sessions(owner_client, owner, other_user):
    make_session(owner, "My phones topic")
    make_session(other_user, "Their secret topic")
    page = owner_client.get(url("index")).content.decode()
    assert "My phones topic" in page
    assert "Their secret topic" not in page


def test_the_list_is_paginated_twenty_a_page(owner_client, owner):
    for n in range(23):
        make_session(owner, f"Topic number {n:02d}")

    first = owner_client.get(url("index")).content.decode()
    second = owner_client.get(url("index"), {"page": 2}).content.decode()

    assert first.count("Topic number") == 20 and "Page 1 of 2" in first and "?page=2" in first
    assert second.count("Topic number") == 3 and "Page 2 of 2" in second


def test_starting_a_session_redirects_to_it(owner_client, owner):
    response = owner_client.post(url("create"), {"topic": "Phones", "language": "es"})
    session = CoachSession.objects.get(owner=owner)
    assert response["Location"] == url("detail", session)
    assert session.language == "es"


def test_a_session_without_topic_is_refused_with_the_form_shown_again(owner_client):
    response = owner_client.post(url("create"), {"topic": "", "language": "en"})
    assert response.status_code == 400
    assert not CoachSession.objects.exists()


def test_the_page_shows_seven_fields_the_current_step_chat_and_diagram(owner_client, session):
    page = owner_client.get(url("detail", session)).content.decode()
    for step in GOOD_TEXT["en"]:
        assert f'name="{step}"' in page
        assert f'data-diagram-step="{step}"' in page
    assert page.count('aria-current="step"') == 1
    assert 'data-step-row="claim" aria-current="step"' in page
    assert "Step 1 of 7" in page
    assert 'id="chat-form"' in page
    assert "coach/coach.js" in page


def test_htmx_gets_the_workspace_fragment_only(owner_client, session):
    page = owner_client.get(url("detail", session), **HTMX).content.decode()
    assert page.lstrip().startswith('<div id="workspace"')
    assert "<html" not in page


def test_a_plain_message_runs_the_turn_and_redirects(owner_client, session):
    response = owner_client.post(url("turn", session), {"message": GOOD_TEXT["en"]["claim"]})
    assert response.status_code == 302
    assert list(session.messages.values_list("role", flat=True)) == [
        "assistant",
        "user",
        "assistant",
    ]
    # Without JavaScript the anchor brings the newest message into view.
    assert response["Location"] == url("detail", session) + "#newest"
    newest = session.messages.order_by("-id").first()
    page = owner_client.get(url("detail", session)).content.decode()
    assert f'data-message-id="{newest.pk}" id="newest"' in page


def test_an_htmx_message_answers_with_the_updated_workspace(owner_client, session):
    claim = GOOD_TEXT["en"]["claim"]
    page = owner_client.post(url("turn", session), {"message": claim}, **HTMX).content.decode()
    assert 'id="proposal-card"' in page
    assert claim in page
    # "yes" typed while the card shows confirms it: the workspace moves to the grounds.
    page = owner_client.post(url("turn", session), {"message": "yes"}, **HTMX).content.decode()
    assert 'id="proposal-card"' not in page
    assert 'data-step="grounds"' in page and claim in page


def test_a_too_long_message_shows_a_clear_error_and_keeps_the_text(owner_client, session):
    text = "x" * 5001
    page = owner_client.post(url("turn", session), {"message": text}, **HTMX).content.decode()
    assert "5001 characters long; the limit is 5000" in page
    assert text in page
    assert session.messages.count() == 1


def test_a_failed_turn_offers_a_retry(owner_client, session, fake_llm):
    from toulmini_site.llm import LLMUnavailable

    fake_llm(responses=[LLMUnavailable("The model server could not be reached.")])
    page = owner_client.post(url("turn", session), {"message": "hi"}, **HTMX).content.decode()
    assert "The model server could not be reached." in page
    assert 'class="coach-retry"' in page


def test_confirm_and_reject_work_as_plain_forms_and_with_htmx(owner_client, session):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    response = owner_client.post(url("confirm", session), {"draft_version": "1"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.current_step == "grounds"
    give_proposal(session, GOOD_TEXT["en"]["grounds"])
    page = owner_client.post(url("reject", session), **HTMX).content.decode()
    assert 'id="proposal-card"' not in page
    assert session.messages.filter(proposal_decision="rejected").count() == 1


def test_a_stale_confirm_shows_the_conflict(owner_client, session):
    services.draft_update(session=session, values={"claim": "other tab"}, draft_version=1)
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    page = owner_client.post(url("confirm", session), {"draft_version": "1"}, **HTMX)
    assert "another tab" in page.content.decode()


def test_a_proposal_made_before_a_hand_edit_is_shown_as_outdated_and_cannot_be_confirmed(
    owner_client, session
):
    give_proposal(session, GOOD_TEXT["en"]["claim"])
    services.draft_update(session=session, values={"claim": "My own claim"}, draft_version=1)
    page = owner_client.get(url("detail", session)).content.decode()
    assert 'data-stale="true"' in page and "outdated" in page
    assert "proposal-confirm" not in page
    # A confirm posted anyway (an old page) is refused and the draft keeps the student's text.
    response = owner_client.post(url("confirm", session), {"draft_version": "2"})
    assert response.status_code == 409
    assert "out of date" in response.content.decode()
    session.draft.refresh_from_db()
    assert session.draft.claim == "My own claim"


def test_fields_can_be_edited_by_hand(owner_client, session):
    data = {"draft_version": "1", **GOOD_TEXT["en"]}
    owner_client.post(url("draft", session), data)
    session.draft.refresh_from_db()
    assert session.draft.as_dict() == GOOD_TEXT["en"]
    assert session.draft.version == 2


def test_the_completion_card_turns_the_session_into_a_chain(owner_client, session):
    services.draft_update(session=session, values=GOOD_TEXT["en"], draft_version=1)
    CoachSession.objects.filter(pk=session.pk).update(status="completed")
    page = owner_client.get(url("detail", session)).content.decode()
    assert 'id="completion-card"' in page
    assert 'id="chat-form"' not in page
    response = owner_client.post(url("chain", session))
    session.refresh_from_db()
    assert session.chain_id is not None
    assert response.status_code == 302


def test_the_page_speaks_spanish_when_asked(owner_client, session, spanish_catalog):
    owner_client.cookies["django_language"] = "es"
    page = owner_client.get(url("detail", session)).content.decode()
    assert "Tu argumento" in page
    assert "Garantía" in page
    assert "Confirmar" not in page  # no proposal yet
    assert "Enviar" in page


def test_the_list_pages_in_spanish_too(owner_client, owner, spanish_catalog):
    for n in range(21):
        make_session(owner, f"Tema {n}")
    owner_client.cookies["django_language"] = "es"
    page = owner_client.get(url("index")).content.decode()
    assert "Página 1 de 2" in page and "Anteriores" in page


def test_a_refused_plain_message_shows_the_page_with_the_text_kept(owner_client, session):
    text = "x" * 5001
    response = owner_client.post(url("turn", session), {"message": text})
    assert response.status_code == 400
    assert text in response.content.decode()


def test_the_turn_limit_is_a_clear_error_that_keeps_the_text(
    owner_client, session, owner, monkeypatch
):
    monkeypatch.setattr(services, "TURNS_PER_MINUTE", 1)
    owner_client.post(url("turn", session), {"message": "first message"})
    response = owner_client.post(url("turn", session), {"message": "my careful second one"})
    assert response.status_code == 429
    page = response.content.decode()
    assert "Wait" in page and "has not been lost" in page
    assert "my careful second one" in page


def test_a_stale_hand_edit_is_refused_and_keeps_what_the_student_typed(owner_client, session):
    services.draft_update(session=session, values={"claim": "from the other tab"}, draft_version=1)
    data = {"draft_version": "1", "claim": "typed in this tab"}
    response = owner_client.post(url("draft", session), data)
    assert response.status_code == 409
    page = response.content.decode()
    assert "typed in this tab" in page
    assert "save again" in page
    session.draft.refresh_from_db()
    assert session.draft.claim == "from the other tab"


def test_the_chain_made_from_a_session_links_back_to_it(owner_client, session):
    from coach.models import CoachSession

    services.draft_update(session=session, values=GOOD_TEXT["en"], draft_version=1)
    CoachSession.objects.filter(pk=session.pk).update(status="completed", current_step="rebuttal")
    response = owner_client.post(url("chain", session))
    page = owner_client.get(response["Location"]).content.decode()
    assert f'href="/coach/{session.pk}/"' in page
    assert GOOD_TEXT["en"]["warrant"] in page
    assert "Qualifier:" not in page and "Grounds:" not in page


def test_provenance_and_an_outdated_proposal_read_in_spanish(
    owner_client, session, spanish_catalog
):
    give_proposal(session, GOOD_TEXT["es"]["claim"])
    services.draft_update(session=session, values={"claim": "Mi propia tesis"}, draft_version=1)
    owner_client.cookies["django_language"] = "es"
    page = owner_client.get(url("detail", session)).content.decode()
    assert "escrito por ti" in page
    assert "desactualizada" in page and "ya no se puede confirmar" in page
    assert "Descartar" in page


def test_a_refused_new_session_keeps_the_topic_and_still_lists_the_sessions(client, owner):
    services.session_create(owner=owner, topic="Phones in classrooms", language="en")
    client.force_login(owner)
    response = client.post("/coach/new/", {"topic": "School uniforms", "language": "xx"})
    body = response.content.decode()
    assert response.status_code == 400
    assert 'value="School uniforms"' in body and "Phones in classrooms" in body


def test_the_list_names_each_sessions_step_in_the_pages_language(owner_client, owner):
    session = make_session(owner, "Phones in classrooms")
    CoachSession.objects.filter(pk=session.pk).update(current_step="groundsBacking")
    assert "on step Backing for the grounds" in owner_client.get(url("index")).content.decode()
    owner_client.cookies["django_language"] = "es"
    page = owner_client.get(url("index")).content.decode()
    assert "Respaldo de los datos" in page and "groundsBacking" not in page


def test_a_stale_hand_edit_of_other_parts_is_merged_with_the_saved_draft(owner_client, session):
    import json

    loaded = session.draft.as_dict()
    services.draft_update(session=session, values={"claim": "from the other tab"}, draft_version=1)
    data = {
        "draft_version": "1",
        "base": json.dumps(loaded),
        **loaded,
        "warrant": "typed in this tab",
    }
    response = owner_client.post(url("draft", session), data)
    assert response.status_code == 302
    session.draft.refresh_from_db()
    assert session.draft.claim == "from the other tab"
    assert session.draft.warrant == "typed in this tab"


def test_a_stale_hand_edit_of_the_same_part_shows_the_saved_text_beside_it(owner_client, session):
    import json

    loaded = session.draft.as_dict()
    services.draft_update(session=session, values={"claim": "from the other tab"}, draft_version=1)
    data = {"draft_version": "1", "base": json.dumps(loaded), **loaded, "claim": "typed here"}
    response = owner_client.post(url("draft", session), data)
    page = response.content.decode()
    assert response.status_code == 409
    assert "typed here" in page and "from the other tab" in page and "Saved meanwhile" in page
    session.draft.refresh_from_db()
    assert session.draft.claim == "from the other tab"


def test_the_last_steps_proposal_is_confirmed_to_finish_not_to_continue(
    owner_client, session, spanish_catalog
):
    from coach.models import CoachSession

    give_proposal(session, GOOD_TEXT["en"]["claim"])
    assert "Confirm and continue" in owner_client.get(url("detail", session)).content.decode()
    CoachSession.objects.filter(pk=session.pk).update(current_step="rebuttal")
    session.messages.all().delete()
    give_proposal(session, GOOD_TEXT["en"]["rebuttal"], step="rebuttal")
    page = owner_client.get(url("detail", session)).content.decode()
    assert "Confirm and finish" in page and "Confirm and continue" not in page
    owner_client.cookies["django_language"] = "es"
    assert "Confirmar y terminar" in owner_client.get(url("detail", session)).content.decode()


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "I set the card aside; nothing was saved."), ("es", "He apartado la tarjeta")],
)
def test_the_reject_button_says_the_card_was_set_aside(owner, owner_client, language, said):
    # The button answers as a typed "no" does: the card's "Confirm it to save it" bubble must
    # not stay the newest word of the tutor once the card has gone.
    session = make_session(owner, language=language)
    give_proposal(session, GOOD_TEXT[language]["claim"])
    page = owner_client.post(url("reject", session), **HTMX).content.decode()
    newest = session.messages.order_by("-id").first()
    assert newest.role == "assistant" and newest.text.startswith(said)
    assert newest.step == "claim" and newest.proposal is None
    assert said in page
