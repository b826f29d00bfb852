"""Accepting a part and asking about one's own part, through the coach's services (the path
the page takes): a genuine attempt goes straight to a card, a typed yes confirms the card
showing as its button does, a near miss ("yes but change X", "no") does not, and a question
naming a part is answered about that part."""

import json

import pytest

from coach import services
from coach.domain.intent import accepts_with_change, classify, is_plain_no
from coach.domain.tutor import GUIDING_QUESTIONS, PHRASES, offline_turn
from coach.models import CoachMessage
from tests.coach.builders import GOOD_TEXT, answer, make_session

pytestmark = pytest.mark.django_db


def send(session, owner, message):
    turn = services.turn_start(session=session, user=owner, message=message)
    events = list(services.turn_events(session=session, turn=turn))
    session.refresh_from_db()
    session.draft.refresh_from_db()
    return events[-1]


def card(session):
    pending = CoachMessage.objects.filter(session=session, proposal_decision="pending").last()
    return pending.proposal["value"] if pending else ""


def last_reply(session):
    return session.messages.filter(role="assistant").order_by("-id").first().text


# -- a genuine attempt goes straight to a card; a typed yes confirms it --------------------


@pytest.mark.parametrize(
    ("language", "yes"), [("en", "yes"), ("en", "ok"), ("es", "sí"), ("es", "vale"), ("es", "dale")]
)
def test_a_typed_yes_confirms_the_card_showing_as_the_button_does(owner, language, yes):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"]
    first = send(session, owner, claim)
    assert first["proposal_status"] == "kept" and card(session) == claim
    final = send(session, owner, yes)
    assert final["proposal_status"] == "confirmed"
    assert final["session"]["current_step"] == "grounds"
    assert session.draft.claim == claim
    assert session.draft.sources()["claim"] == "student"
    assert card(session) == ""
    assert final["result"]["assistantText"] == last_reply(session)  # the next step's opening


def test_a_yes_after_a_newer_attempt_is_not_taken_for_the_older_card(owner, fake_llm):
    session = make_session(owner, "Phones", "en")
    older = GOOD_TEXT["en"]["claim"]
    offered = {"field": "claim", "value": older, "rationale": "Your own words."}
    # A model offers the first attempt, then answers a newer one without a card: the older
    # card still shows.
    fake_llm(
        responses=[
            answer(proposedUpdate=offered, confidence=0.9, shouldAdvance=True),
            answer(assistantText="Tell me more.", confidence=0.3),
            answer(assistantText="Which one do you mean?", confidence=0.3),
        ]
    )
    send(session, owner, older)
    assert card(session) == older
    send(session, owner, "Phones should be banned in class for everyone")
    final = send(session, owner, "yes")
    assert final["proposal_status"] != "confirmed"
    assert session.draft.claim == "" and session.current_step == "claim"


# -- near misses: not a plain yes ---------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "yes but change 95% to most"),
        ("en", "ok but make it shorter"),
        ("en", "yes, but only for older pupils"),
        ("es", "sí, pero cambia el número"),
        ("es", "vale pero quita lo del huevo"),
    ],
)
def test_a_yes_that_brings_a_change_confirms_nothing_and_asks_for_the_changed_version(
    owner, language, message
):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"]
    send(session, owner, claim)
    final = send(session, owner, message)
    assert final["proposal_status"] != "confirmed"
    assert session.current_step == "claim" and session.draft.claim == ""
    assert card(session) == claim  # the card still shows; nothing new was offered
    assert last_reply(session).startswith(PHRASES[language]["amend"].split(":")[0])


@pytest.mark.parametrize(
    "message", ["Unless it rains, but yes", "Vale, salvo que llueva", "ok. Unless it rains"]
)
def test_a_rebuttal_after_a_filler_is_no_change_request(message):
    assert not accepts_with_change(message)
    assert classify(message).kind != "help"


@pytest.mark.parametrize(("language", "no"), [("en", "no"), ("en", "nope, not that"), ("es", "no")])
def test_a_typed_no_sets_the_card_aside_and_saves_nothing(owner, language, no):
    session = make_session(owner, "Phones", language)
    send(session, owner, GOOD_TEXT[language]["claim"])
    final = send(session, owner, no)
    assert final["proposal_status"] == "rejected"
    assert session.current_step == "claim" and session.draft.claim == ""
    assert card(session) == ""
    assert last_reply(session).split()[0] == PHRASES[language]["set_aside"].split()[0]


def test_a_no_with_no_card_showing_is_answered_by_the_tutor(owner):
    session = make_session(owner, "Phones", "en")
    final = send(session, owner, "no")
    assert final["proposal_status"] == "none"
    assert is_plain_no("no") and not is_plain_no("no data on that")


# -- questions about one's own part ---------------------------------------------------------


def _draft(language, upto):
    steps = list(GOOD_TEXT[language])
    return {
        s: (GOOD_TEXT[language][s] if steps.index(s) < steps.index(upto) else "") for s in steps
    }


def _ask(language, step, message, *, card="", earlier=()):
    return json.loads(
        offline_turn(
            {
                "step": step,
                "language": language,
                "topic": "Phones",
                "draft": _draft(language, step),
                "draft_value": "",
                "user_message": message,
                "step_messages": list(earlier),
                "card": card,
            }
        )
    )


@pytest.mark.parametrize(
    ("language", "step", "message", "part"),
    [
        ("en", "warrant", "wait is my claim ok?", "claim"),
        ("en", "groundsBacking", "are my grounds good enough?", "grounds"),
        ("es", "grounds", "antes de seguir, mi tesis esta bien?", "claim"),
        ("es", "warrant", "¿mis datos están bien?", "grounds"),
        ("es", "qualifier", "una pregunta, ¿mi afirmación vale?", "claim"),
    ],
)
def test_a_question_naming_a_part_is_answered_about_that_part(language, step, message, part):
    answer = _ask(language, step, message)
    assert GOOD_TEXT[language][part] in answer["assistantText"]
    assert "proposedUpdate" not in answer
    # Not the step's opening question as if nothing had been said: led back to the step.
    lead = PHRASES[language]["back_to"].split("{")[0]
    assert answer.get("nextQuestion", "").startswith(lead)


def test_spanish_plural_parts_agree_in_the_answer():
    answer = _ask("es", "warrant", "¿mis datos están bien?")
    assert "Preguntas por tus datos" in answer["assistantText"]
    answer = _ask("es", "warrant", "oye mi tesis esta bien?")
    assert "Preguntas por tu tesis" in answer["assistantText"]


def test_a_question_with_a_card_showing_is_about_the_card_and_points_to_it():
    shown = "Schools should ban phones during lessons"
    answer = _ask("en", "claim", "is my claim ok?", card=shown, earlier=[shown])
    assert shown in answer["assistantText"]
    assert answer["nextQuestion"] == PHRASES["en"]["card_waiting"]
    assert GUIDING_QUESTIONS["en"]["claim"] not in json.dumps(answer, ensure_ascii=False)


def test_a_question_naming_a_part_over_a_card_for_another_is_about_the_part_named():
    shown = "Una lata de 500 ml lleva 160 mg de cafeína, más del doble de lo recomendado"
    answer = _ask("es", "grounds", "oye mi tesis esta bien?", card=shown, earlier=[shown])
    assert GOOD_TEXT["es"]["claim"] in answer["assistantText"]
    assert shown not in answer["assistantText"]
    # Then back to the grounds, whose card still shows.
    back = PHRASES["es"]["back_to"].format(your_part="tus datos")
    assert answer["nextQuestion"] == f"{back} {PHRASES['es']['card_waiting']}"


def test_mine_asks_about_the_current_part_whatever_else_it_names():
    warrant = "If students have a quiet place to work, they study more"
    answer = _ask("en", "warrant", "does mine just restate the claim?", earlier=[warrant])
    assert warrant in answer["assistantText"]


@pytest.mark.django_db(transaction=True)
def test_a_typed_yes_confirms_the_card_under_asgi_too(owner):
    """``aturn_events`` (the stream an ASGI server serves) takes the same path."""
    import asyncio

    session = make_session(owner, "Phones", "es")
    claim = GOOD_TEXT["es"]["claim"]
    send(session, owner, claim)
    turn = services.turn_start(session=session, user=owner, message="vale")

    async def collect():
        return [event async for event in services.aturn_events(session=session, turn=turn)]

    final = asyncio.run(collect())[-1]
    assert final["proposal_status"] == "confirmed"
    session.refresh_from_db()
    session.draft.refresh_from_db()
    assert session.current_step == "grounds" and session.draft.claim == claim
