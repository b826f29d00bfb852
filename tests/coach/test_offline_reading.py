"""How the offline tutor reads a student's message, in hard forms and many voices
(``tutor_voices_forms_*.json``, ``tutor_voices_after.json``): a request is never saved, a
genuine attempt is kept whatever its form, a weak part gets its specific next step, a
qualifier is never a "yes", a feedback request is answered, a filler stays out of the part."""

import json

import pytest

from coach.domain.heuristics import step_check
from coach.domain.intent import classify, own_text
from coach.domain.tutor import PRAISE, PROBLEMS, WHERE_TO_LOOK, offline_turn
from evaluations.coach.voices import (
    VOICES_AFTER,
    VOICES_FORMS_DEV,
    VOICES_FORMS_HELD,
    inputs_for,
    load,
    offline_figures,
    play_offline,
)

FORMS_DEV = load(VOICES_FORMS_DEV)
FORMS_HELD = load(VOICES_FORMS_HELD)


@pytest.mark.parametrize("voices", [FORMS_DEV, load(VOICES_AFTER)], ids=["forms dev", "after"])
def test_the_sets_tuned_on_play_without_a_failure(voices):
    played = play_offline(voices)
    assert [(p.message.message, p.failures) for p in played if p.failures] == []


# The held-out half is never tuned on: its figures are reported (docs/coach.md) and held here
# so that they can only get better.
HELD_AT_MOST = {
    "genuine attempts refused": 2,
    "requests saved as a part": 1,
    "feedback requests saved as a part": 1,
    "weak attempts praised": 1,
    "fillers saved into the part": 1,
}


def test_the_held_out_half_does_not_get_worse():
    figures = offline_figures(play_offline(FORMS_HELD))
    for name, most in HELD_AT_MOST.items():
        assert int(figures[name].split("/")[0]) <= most, (name, figures[name])


def _reply(language: str, step: str, message: str, earlier: tuple[str, ...] = ()) -> dict:
    inputs = inputs_for(FORMS_DEV, language, "bus", step, message, list(earlier))
    return json.loads(offline_turn(inputs))


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        # A "you" inside a statement's own clause is anyone, not the tutor.
        ("except in maths where you need to show you can work under time pressure", "attempt"),
        ("excepto en mates, donde hay que demostrar que sabes hacerlo con tiempo", "attempt"),
        ("if you could write it that would be great", "help"),
        ("¿qué puedes escribir tú?", "help"),
        # Requests typed in a hurry.
        ("gimme a warrant for the bus one", "help"),
        ("m escribes la tesis porfa", "help"),
        ("idk any facts about buses tbh", "help"),
        ("honestly no clue what evidence there is for this", "help"),
        ("Most parents have no idea what their children do online", "attempt"),
        ("porfa porfa, es la última vez que te lo pido", "help"),
        ("es que no lo entiendo", "concept"),
        # A question about the student's own part, said short.
        ("My teacher said a claim has to be specific. Is mine?", "feedback"),
        ("La profe dice que la tesis tiene que decir quién actúa. ¿La mía lo dice?", "feedback"),
        ("¿esto es suficiente como datos o añado algo?", "feedback"),
        ("Could you suggest a better claim than mine?", "help"),
        ("¿Me sugieres una tesis mejor que la mía?", "help"),
        # Hedges are qualifiers, never a "yes".
        ("most likely yes, in most subjects", "attempt"),
        ("seguramente sí, en casi todas las asignaturas", "attempt"),
        ("yes", "confirmation"),
    ],
)
def test_a_message_is_read_by_its_function(message, kind):
    assert classify(message, topic="Free bus passes").kind == kind


@pytest.mark.parametrize(
    ("message", "own"),
    [
        (
            "right, got it. Summer holidays should be four weeks",
            "Summer holidays should be four weeks",
        ),
        ("ok fine. In our poll 22 of 30 use chatbots", "In our poll 22 of 30 use chatbots"),
        (
            "ah vale, ya lo pillo. Las vacaciones deberían durar un mes",
            "Las vacaciones deberían durar un mes",
        ),
        ("ok so many students walk", "so many students walk"),  # "so many" is the part's
        ("ok fine.", "ok fine."),
    ],
)
def test_nods_after_a_filler_stay_out_of_the_part(message, own):
    assert own_text(message) == own


@pytest.mark.parametrize(
    ("step", "text", "claim", "problem"),
    [
        ("claim", "buses are good", "", "vague_claim"),  # short, but vague above all
        ("claim", "young people deserve more", "", "vague_claim"),
        ("claim", "el bus gratis mola", "", "vague_claim"),
        ("claim", "Are buses good?", "", "too_short"),
        ("groundsBacking", "got it off google", "", "vague_source"),
        ("groundsBacking", "I saw it on TikTok", "", "vague_source"),
        ("groundsBacking", "lo saqué de google", "", "vague_source"),
        ("groundsBacking", "The BBC showed it on its website", "", None),
        ("grounds", "los exámenes estresan muchísimo, es evidente", "", "opinion"),
        (
            "grounds",
            "la directora nos dijo en una charla que las notas de lectura bajan",
            "",
            None,
        ),
        (
            "warrant",
            "coursework is better than exams so schools should use it",
            "Final exams should be replaced by graded coursework",
            "restates_claim",
        ),
        (
            "warrant",
            "los trabajos son mejores que los exámenes así que hay que usarlos",
            "Los exámenes finales deberían sustituirse por trabajos evaluados",
            "restates_claim",
        ),
        (
            "warrant",
            "Students who can't afford to travel end up missing lessons",
            "The council should give every student a free bus pass",
            None,
        ),
        (
            "warrant",
            "Anything most students already do is better taught than forbidden",
            "Schools should let students use chatbots",
            None,
        ),
    ],
)
def test_a_part_is_judged_by_what_it_does(step, text, claim, problem):
    assert step_check(step, text, claim=claim).problem == problem


@pytest.mark.parametrize(
    ("language", "step", "message", "problem"),
    [
        ("en", "claim", "buses are good", "vague_claim"),
        ("es", "claim", "el bus gratis mola", "vague_claim"),
        ("en", "groundsBacking", "got it off google", "vague_source"),
        ("es", "groundsBacking", "lo saqué de google", "vague_source"),
    ],
)
def test_a_weak_part_is_met_with_its_next_step_not_praise(language, step, message, problem):
    reply = _reply(language, step, message)["assistantText"]
    assert reply.startswith(PROBLEMS[language][problem])
    assert PRAISE[language][step] not in reply


def test_no_facts_in_text_speak_gets_where_to_look():
    reply = _reply("en", "grounds", "idk any facts about buses tbh")["assistantText"]
    assert reply.startswith(WHERE_TO_LOOK["en"]["grounds"])


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "fix up my wording please"), ("es", "mejóralo")],
)
def test_tidying_at_full_coaching_keeps_every_fact_the_student_wrote(language, message):
    attempt = {
        "en": "the council should pay for bus passes, a ticket is £4 and 1 in 5 walk 40 mins",
        "es": "el ayuntamiento debería pagar el bono, cuesta 3 euros y 1 de cada 5 camina 40 min",
    }[language]
    reply = _reply(language, "claim", message, (attempt,))
    value = reply["proposedUpdate"]["value"]
    for fact in ("4", "1", "5", "40", "3"):
        assert attempt.count(fact) == value.count(fact)
    assert value.lower().rstrip(".") == attempt.lower()
