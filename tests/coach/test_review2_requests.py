"""A typed answer to the card showing, and requests written as if they were parts, through the
coach's services: a mixed "yeah no" is neither yes nor no, a clear yes in other words ("yes do
it", "sí, guárdala") confirms, a no in other words sets the card aside, and a request the
student dictates or appends to their text is never a card a "yes" could save."""

import pytest

from coach import services
from coach.domain.intent import classify, is_plain_no
from coach.domain.tutor import PHRASES
from coach.models import CoachMessage
from tests.coach.builders import GOOD_TEXT, make_session

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


# -- a mixed yes and no is neither: the card stays, the tutor asks which ---------------------


@pytest.mark.parametrize(
    ("language", "mixed"),
    [
        ("en", "yeah no"),
        ("en", "yeah nah"),
        ("en", "yes no"),
        ("en", "ok no"),
        ("es", "sí no"),
        ("es", "vale no"),
    ],
)
def test_a_mixed_yes_and_no_keeps_the_card_and_asks_which(owner, language, mixed):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"]
    send(session, owner, claim)
    final = send(session, owner, mixed)
    assert final["proposal_status"] not in ("confirmed", "rejected")
    assert session.current_step == "claim" and session.draft.claim == ""
    assert card(session) == claim
    assert last_reply(session).startswith(PHRASES[language]["yes_or_no"])


@pytest.mark.parametrize("message", ["yeah no", "sí no", "ok no"])
def test_a_mixed_yes_and_no_is_no_confirmation(message):
    assert classify(message).kind != "confirmation"
    assert not is_plain_no(message)


@pytest.mark.parametrize("message", ["yes", "no", "sí", "ok", "vale"])
def test_a_plain_yes_or_no_is_not_mixed(message):
    assert classify(message).kind == "confirmation" or is_plain_no(message)


# -- a clear yes in other words confirms the card showing ----------------------------------


@pytest.mark.parametrize(
    ("language", "yes"),
    [
        ("en", "yes do it"),
        ("en", "okay do it"),
        ("en", "yes, save it"),
        ("es", "sí, guárdala"),
        ("es", "sí, eso"),
        ("es", "vale, guárdalo"),
    ],
)
def test_a_yes_in_other_words_confirms_the_card_showing(owner, language, yes):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"]
    send(session, owner, claim)
    final = send(session, owner, yes)
    assert final["proposal_status"] == "confirmed"
    assert session.draft.claim == claim and session.current_step == "grounds"


@pytest.mark.parametrize(("language", "yes"), [("en", "yes do it"), ("es", "sí, guárdala")])
def test_a_yes_in_other_words_with_no_card_saves_nothing(owner, language, yes):
    session = make_session(owner, "Phones", language)
    final = send(session, owner, yes)
    assert final["proposal_status"] != "confirmed"
    assert session.draft.claim == "" and card(session) == ""


# -- a no in other words sets the card aside ----------------------------------------------


@pytest.mark.parametrize(
    ("language", "no"),
    [
        ("en", "not really"),
        ("en", "no way"),
        ("en", "nah"),
        ("es", "no, no me gusta"),
        ("es", "no gracias"),
    ],
)
def test_a_no_in_other_words_sets_the_card_aside(owner, language, no):
    session = make_session(owner, "Phones", language)
    send(session, owner, GOOD_TEXT[language]["claim"])
    final = send(session, owner, no)
    assert final["proposal_status"] == "rejected"
    assert session.draft.claim == "" and card(session) == ""


@pytest.mark.parametrize("no", ["nah", "no gracias", "not really", "no way", "no, no me gusta"])
def test_a_no_is_never_an_attempt(no):
    assert not classify(no).is_attempt


@pytest.mark.parametrize(("language", "no"), [("en", "nah"), ("es", "no gracias")])
def test_a_no_with_no_card_makes_no_card(owner, language, no):
    session = make_session(owner, "Phones", language)
    send(session, owner, no)
    assert card(session) == "" and session.draft.claim == ""


# -- a request dictated or appended to the student's text is never a card -----------------

WRAPPED = [
    "simplemente pon 9 de 27 viven a 10 km",
    "nada más pon 9 de 27 viven a 10 km",
    "tú ponle que 9 de 27 viven a 10 km",
    "tu ponle q 9 de 27 viven a 10 km",
    "pls put 9 of 27 live 10 km away",
    "put down 9 of 27 live 10 km away",
    "jot down 9 of 27 live 10 km away",
    "go with 9 of 27 live 10 km away",
    "9 of 27 live 10 km away pls make it sound good",
    "9 of 27 live 10 km away — write it properly for me",
    "9 de 27 viven a 10 km, que suene bien",
    "my grounds: 9 of 27 live 10 km away (pls fix grammar)",
    "9 of 27 live 10 km away, just accept it",
    "9 of 27 live 10 km away, im crying rn",
    "the bus should come later lol idk fix it",
    "9 de 27 viven a 10 km, acéptalo ya",
    "9 de 27 viven a 10 km, estoy llorando",
    "9 de 27 viven a 10 km porfa corrígelo",
]


@pytest.mark.parametrize("message", WRAPPED)
def test_a_request_around_the_students_text_is_a_request(message):
    assert classify(message).kind == "help"


@pytest.mark.parametrize(
    "message",
    [
        "9 of 27 pupils in my class live more than 10 km away",
        "Put simply, homework should be optional in primary school",
        "Schools should fix the bus timetable so it comes later",
        "Teachers should accept homework that is handed in late",
        "Pupils who go with their parents by car arrive on time",
        "9 de 27 alumnos de mi clase viven a más de 10 km",
        "Escribir los deberes a mano ayuda a recordarlos",
        "Los profesores deberían aceptar deberes entregados tarde",
        "Apuntar los deberes en la agenda ayuda a organizarse",
    ],
)
def test_a_part_with_such_words_is_still_an_attempt(message):
    assert classify(message, topic="Homework in primary school").is_attempt


@pytest.mark.parametrize(
    ("language", "wrap"),
    [
        ("en", "just put {text}"),
        ("en", "jot down {text}"),
        ("en", "{text} pls make it sound good"),
        ("en", "{text}, im crying rn"),
        ("es", "simplemente pon {text}"),
        ("es", "tú ponle que {text}"),
        ("es", "{text}, que suene bien"),
        ("es", "{text}, acéptalo ya"),
    ],
)
def test_a_wrapped_request_shows_no_card_and_a_yes_saves_nothing(owner, language, wrap):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"].rstrip(".")
    final = send(session, owner, wrap.format(text=claim))
    assert final["proposal_status"] != "kept" and card(session) == ""
    send(session, owner, {"en": "yes", "es": "sí"}[language])
    assert session.draft.claim == "" and session.current_step == "claim"


@pytest.mark.parametrize(("language", "mixed"), [("en", "yeah no"), ("es", "sí no")])
def test_a_mixed_yes_and_no_with_no_card_does_not_speak_of_one(owner, language, mixed):
    session = make_session(owner, "Phones", language)
    final = send(session, owner, mixed)
    assert final["proposal_status"] not in ("confirmed", "rejected") and card(session) == ""
    assert not last_reply(session).startswith(PHRASES[language]["yes_or_no"])


@pytest.mark.parametrize(
    "message",
    [
        "9 of 27 live 10 km away fix the wording pls",
        "9 of 27 live 10 km away make it sound more academic",
        "9 of 27 live 10 km away, just take it",
        "9 de 27 viven a 10 km, que quede bien",
        "9 de 27 viven a 10 km y que suene más profesional",
    ],
)
def test_more_requests_around_the_students_text_are_requests(message):
    assert classify(message).kind == "help"


@pytest.mark.parametrize(
    "message",
    [
        "Parents should accept it",
        "Los padres deberían aceptarlo sin más",
        "Our school cannot fix it without more money from the council",
    ],
)
def test_a_part_ending_like_a_request_is_still_an_attempt(message):
    assert classify(message, topic="Homework in primary school").is_attempt


@pytest.mark.parametrize(
    ("language", "yes"),
    [
        ("en", "yes please do it"),
        ("es", "sí porfa guárdala"),
        ("es", "sí, esa"),
        ("en", "sure, save it"),
    ],
)
def test_a_polite_or_pointing_yes_confirms_the_card(owner, language, yes):
    session = make_session(owner, "Phones", language)
    claim = GOOD_TEXT[language]["claim"]
    send(session, owner, claim)
    assert send(session, owner, yes)["proposal_status"] == "confirmed"
    assert session.draft.claim == claim


@pytest.mark.parametrize("yes", ["sí, esa", "sure, save it"])
def test_a_pointing_yes_with_no_card_is_no_attempt(yes):
    assert not classify(yes).is_attempt


@pytest.mark.parametrize(
    ("language", "no"),
    [("en", "nah not really"), ("en", "no no"), ("es", "no me convence"), ("es", "nop")],
)
def test_more_noes_set_the_card_aside(owner, language, no):
    session = make_session(owner, "Phones", language)
    send(session, owner, GOOD_TEXT[language]["claim"])
    assert send(session, owner, no)["proposal_status"] == "rejected"
    assert session.draft.claim == "" and card(session) == ""
