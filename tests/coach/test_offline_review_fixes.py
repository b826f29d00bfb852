"""Regressions the offline tutor's review found: framing that backtracked for seconds on a
run of fillers, framing peeled without bound, and requests or genuine attempts read as the
other. Each is tried in several voices, with near misses that must keep working."""

import json
import time

import pytest

from coach.domain.intent import classify, has_slot, own_text
from coach.domain.phrases import reply_language
from coach.domain.tutor import offline_turn
from evaluations.coach.voices import VOICES_OFFLINE_TUNE, YES, inputs_for, load

VOICES = load(VOICES_OFFLINE_TUNE)


def _saved(language: str, step: str, message: str) -> str:
    """What the tutor proposes to save for ``message``, then for "yes"."""
    first = inputs_for(VOICES, language, "library", step, message, [])
    second = inputs_for(VOICES, language, "library", step, YES[language], [message])
    answers = [json.loads(offline_turn(first)), json.loads(offline_turn(second))]
    return " ".join((a.get("proposedUpdate") or {}).get("value", "") for a in answers).strip()


# -- a run of fillers with no stop ends quickly ------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: own_text("ok " * 2000),
        lambda: classify("ok " * 300 + "i get it"),
        lambda: classify("vale " * 300 + "ya lo pillo"),
        lambda: own_text("ok, okay, so, sure " * 400),
    ],
)
def test_a_long_run_of_fillers_is_read_in_linear_time(call):
    started = time.process_time()
    call()
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize(
    ("message", "own"),
    [
        ("ok, ok. Uniforms should be optional", "Uniforms should be optional"),
        ("okay okay. Uniforms should be optional", "Uniforms should be optional"),
        ("right, got it. Uniforms are bad", "Uniforms are bad"),
        ("sure thing. Schools should start later", "Schools should start later"),
        ("vale, ya lo pillo. Los uniformes sobran", "Los uniformes sobran"),
        ("ahí va mi intento: Los uniformes sobran", "Los uniformes sobran"),
    ],
)
def test_fillers_before_a_stop_are_still_stripped(message, own):
    assert own_text(message) == own


def test_fillers_with_no_stop_are_stripped_only_as_a_run_with_a_strong_one():
    # "ok" is never a part's first word; "so" alone may be ("So many ...").
    assert own_text("ok so i think uniforms are bad") == "i think uniforms are bad"
    assert own_text("so uniforms are bad") == "so uniforms are bad"


# -- framing is peeled a bounded number of times --------------------------------------


@pytest.mark.parametrize(
    "message", ["what about that " * 1000, "ok. " * 1000, "the claim would be that " * 500]
)
def test_repeated_framing_never_recurses_without_end(message):
    assert classify(message).kind in {"help", "attempt"}


def test_framing_before_a_claim_still_leaves_the_claim_to_decide():
    assert classify("ok. Uniforms should be optional for students in every school").is_attempt


# -- a proposition frame around the tutor's words is a request -----------------------


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "what about that thing you said before?"),
        ("en", "what about that the one you suggested"),
        ("en", "What about that whatever you think works"),
        ("en", "ok. what about that your idea?"),
        ("es", "¿y si pongo que lo que dijiste antes?"),
        ("es", "¿y si pongo que eso que me dijiste?"),
        ("es", "y si pongo que lo que tú digas"),
        ("es", "¿Y si digo que tu idea?"),
        ("en", "what about that thing from the article?"),
        ("en", "What about that idea from before"),
        ("en", "what about that thing?"),
        ("es", "¿y si pongo que lo del artículo?"),
        ("es", "¿Y si digo que lo de antes?"),
    ],
)
def test_a_frame_around_the_tutors_words_is_a_request_never_saved(language, message):
    assert classify(message).kind == "help"
    assert _saved(language, "claim", message) == ""


@pytest.mark.parametrize(
    ("message", "own"),
    [
        ("what about that schools start later?", "schools start later"),
        (
            "what about that students who sleep more think better?",
            "students who sleep more think better",
        ),
        ("¿y si pongo que los uniformes sobran?", "los uniformes sobran"),
        (
            "what about that things like phones distract students?",
            "things like phones distract students",
        ),
        ("¿y si pongo que lo de los uniformes es injusto?", "lo de los uniformes es injusto"),
        (
            "¿y si pongo que los alumnos que duermen más rinden mejor?",
            "los alumnos que duermen más rinden mejor",
        ),
    ],
)
def test_a_frame_around_a_proposition_of_ones_own_still_puts_it_forward(message, own):
    assert classify(message).is_attempt
    assert own_text(message) == own


# -- a slot is a placeholder, not any bracket or trailing ellipsis ---------------------


@pytest.mark.parametrize(
    ("language", "step", "message"),
    [
        ("en", "rebuttal", "Unless it rains..."),
        ("es", "rebuttal", "Salvo que llueva..."),
        ("en", "claim", "uniforms are bad..."),
        ("en", "claim", "ban uniforms..."),
        ("en", "claim", "uniforms are bad... (i think)"),
        ("en", "claim", "Uniforms should be optional for students over 14 [in my school]"),
        ("es", "grounds", "El año pasado mandaron a casa a 40 alumnos [de 4º de ESO]"),
        ("en", "claim", "Schools should <really> make uniforms optional"),
    ],
)
def test_a_genuine_attempt_with_an_aside_or_trailing_dots_is_no_slot(language, step, message):
    assert not has_slot(message)
    assert classify(message).is_attempt


@pytest.mark.parametrize(
    "message",
    [
        "My claim: [whatever you think works best]",
        "Mi tesis: [lo que a ti te parezca mejor]",
        "Claim - <something about quiet places>",
        "Tesis - <algo sobre estudiar tranquilo>",
        "Tesis: [pon aquí una que quede bien]",
        "Claim: [insert a good one here]",
        "Because [your reason here]",
        "Claim: [...]",
        "because…",
        "a menos que …",
    ],
)
def test_a_placeholder_or_a_bare_lead_is_still_a_slot(message):
    assert has_slot(message)
    assert classify(message).kind == "help"


# -- a world verb acting on a text object is a request ----------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "Give some reasons please",
        "Add a reason",
        "Make a better rule",
        "Give some proof",
        "Give us some evidence",
        "Bring the evidence please",
        "give me a couple of quotes",
        "Tell the teacher what to write",
        "tell my group what we should say",
    ],
)
def test_a_world_verb_on_a_text_object_asks_the_tutor(message):
    assert classify(message).kind == "help"
    assert _saved("en", "claim", message) == ""


@pytest.mark.parametrize(
    "message",
    [
        "Give students a reason to come to school on time",
        "Give us a longer break",
        "Keep the library open until 6",
        "Tell students the truth about junk food",
        "Make the school day shorter so students sleep more",
    ],
)
def test_a_world_verb_on_the_world_is_still_a_claim(message):
    assert classify(message).is_attempt


# -- a very short message is answered in the session's language -----------------------


def _reply(language: str, message: str) -> str:
    answer = json.loads(
        offline_turn(inputs_for(VOICES, language, "library", "grounds", message, []))
    )
    return answer["assistantText"]


@pytest.mark.parametrize("message", ["no data", "nope no facts", "no idea man", "no way", "no"])
def test_a_short_english_message_sharing_no_with_spanish_is_answered_in_english(message):
    assert reply_language(message, "en") == "en"
    assert "demasiado" not in _reply("en", message)
    assert "Dónde" not in _reply("en", message)


@pytest.mark.parametrize(
    ("session", "message", "language"),
    [
        ("en", "no tengo datos", "es"),
        ("en", "no tengo ni idea", "es"),
        ("en", "¿y eso?", "es"),
        ("es", "no data", "es"),
        ("es", "I have no data", "en"),
    ],
)
def test_a_short_message_with_its_own_language_words_still_switches(session, message, language):
    assert reply_language(message, session) == language
