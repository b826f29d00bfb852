"""The offline tutor reads a message by what it does, in English and Spanish: a slot left for
the tutor to fill is not content, a message whose only statement is the student's own lack of
knowledge asks where to look, a yes/no question whether their own text or source is
acceptable asks for feedback, a rebuttal that only denies a circumstance exists is weak, and a
sentence about who will do the work is framing; a judgement with no criterion is a vague
claim, a warrant that is the claim plus one restates it, and a question whether one's own
part is good, real or too general is answered with the step's check. Each class is tried in
several frames, with near misses that must keep working."""

import json

import pytest

from coach.domain.heuristics import rebuttal_problem
from coach.domain.intent import classify, has_slot, only_framing, own_text
from coach.domain.tutor import WHERE_TO_LOOK, offline_turn
from evaluations.coach.voices import VOICES_OFFLINE_TUNE, YES, inputs_for, load

VOICES = load(VOICES_OFFLINE_TUNE)


def _play(language: str, step: str, message: str) -> tuple[dict, dict]:
    """The message, then "yes": both answers."""
    first = inputs_for(VOICES, language, "library", step, message, [])
    second = inputs_for(VOICES, language, "library", step, YES[language], [message])
    return json.loads(offline_turn(first)), json.loads(offline_turn(second))


def _saved(answers: tuple[dict, dict]) -> str:
    """The part a card offered: on the message itself, else on the "yes" after it."""
    values = [(a.get("proposedUpdate") or {}).get("value", "") for a in answers]
    return next((value for value in values if value), "")


# -- a slot left for the tutor ------------------------------------------------------------

SLOTS = ["[whatever you think works best]", "<something about quiet places>", "___", "{tbd}"]
SLOTS_ES = ["[lo que a ti te parezca mejor]", "<algo sobre estudiar tranquilo>", "___"]


@pytest.mark.parametrize(
    ("language", "lead", "slot"),
    [("en", lead, slot) for lead in ("My claim:", "Claim -", "I think") for slot in SLOTS]
    + [("es", lead, slot) for lead in ("Mi tesis:", "Tesis -", "Creo que") for slot in SLOTS_ES],
)
def test_a_slot_in_any_frame_is_a_request_never_saved(language, lead, slot):
    message = f"{lead} {slot}"
    assert has_slot(message)
    assert classify(message).kind == "help"
    assert _saved(_play(language, "claim", message)) == ""


@pytest.mark.parametrize(
    "message",
    [
        "unless ... (fill this bit in)",
        "a menos que … (complétalo tú)",
        "unless...",
    ],
)
def test_an_ellipsis_after_only_a_lead_is_a_slot(message):
    assert has_slot(message)


@pytest.mark.parametrize(
    ("language", "message", "inside"),
    [
        ("en", "Grounds: the [school] survey found 40% of students have no desk", "school"),
        ("es", "la encuesta del [AMPA] dice que el 40 % no tiene escritorio en casa", "AMPA"),
    ],
)
def test_a_bracket_around_one_word_is_an_insert_kept_in_the_part(language, message, inside):
    assert not has_slot(message)
    assert classify(message).kind == "attempt"
    assert inside in _saved(_play(language, "grounds", message))


@pytest.mark.parametrize(
    "message",
    [
        "The library should open in the evenings... at least until 6",
        "students need somewhere quiet... most of us share a room",
    ],
)
def test_an_ellipsis_inside_a_sentence_is_not_a_slot(message):
    assert not has_slot(message)
    assert classify(message).kind == "attempt"


# -- only the student's own lack of knowledge ----------------------------------------------

LACKS = {
    "en": [
        "{lead}I have no data at all about {topic}",
        "{lead}I've got zero stats on {topic}",
        "{lead}I genuinely know nothing about {topic}",
        "{lead}I don't have any facts about {topic}",
    ],
    "es": [
        "{lead}no tengo ningún dato sobre {topic}",
        "{lead}no sé nada de {topic}",
        "{lead}no tengo ni idea de {topic}",
        "{lead}no conozco ninguna cifra de {topic}",
    ],
}
LEADS = {"en": ["", "honestly ", "tbh "], "es": ["", "la verdad ", "es que "]}
TOPICS = {"en": ["school libraries", "canteen meat"], "es": ["el comedor", "las bibliotecas"]}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (language, form.format(lead=lead, topic=topic))
        for language, forms in LACKS.items()
        for form in forms
        for lead in LEADS[language]
        for topic in TOPICS[language]
    ],
)
def test_having_nothing_is_asking_where_to_look_and_never_a_part(language, message):
    assert classify(message).kind == "help"
    first, second = _play(language, "grounds", message)
    assert WHERE_TO_LOOK[language]["grounds"] in first["assistantText"]
    assert _saved((first, second)) == ""


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Half of my class said they have no data on their phones to study at home"),
        ("en", "I have no desk at home, and 40% of my class said the same in our survey"),
        ("es", "La mitad de mi clase dice que no tiene datos en el móvil para estudiar"),
    ],
)
def test_no_data_said_of_others_or_followed_by_facts_is_an_attempt(language, message):
    assert classify(message).kind == "attempt"
    assert _saved(_play(language, "grounds", message))


# -- a yes/no question whether the student's own text or source is acceptable --------------


@pytest.mark.parametrize(
    "message",
    [
        "would my teacher accept a class survey as a source?",
        "Does an interview with our cook count as a proper source?",
        "Can I use the survey our parents' association did, or is that not allowed?",
        "is my source good enough?",
        "¿Una encuesta que hice yo en clase vale como fuente?",
        "¿Mi profe aceptaría esta garantía o es demasiado general?",
        "¿Sirve como fuente la entrevista que le hice a la cocinera?",
    ],
)
def test_asking_whether_ones_own_source_is_acceptable_is_feedback(message):
    assert classify(message).kind == "feedback"


@pytest.mark.parametrize(
    "message",
    [
        "can you find me a source that my teacher would accept?",
        "would a survey count? if so write it up for me",
        "¿me buscas una fuente que valga?",
        "¿para qué sirve el respaldo?",
        "what source would count?",
    ],
)
def test_asking_the_tutor_to_act_or_what_a_part_is_is_not_feedback(message):
    assert classify(message).kind != "feedback"


# -- a rebuttal that denies a circumstance exists -------------------------------------------

DENIALS = [
    "no one could really disagree with this",
    "there's honestly no situation where this wouldn't work",
    "I can't see anyone being against it",
    "nadie puede estar en contra de esto",
    "no hay ningún caso en que esto no funcione",
]


@pytest.mark.parametrize("denial", DENIALS)
def test_a_rebuttal_that_only_denies_is_weak(denial):
    assert rebuttal_problem(denial) == "insists"


@pytest.mark.parametrize(
    "rebuttal",
    [
        "unless no one actually turns up after 4 pm",
        "except when nothing else is on the menu",
        "nobody will come if it rains",
        "salvo que nadie quiera salir más tarde",
        "a menos que nadie vaya a la biblioteca por la tarde",
    ],
)
def test_a_rebuttal_naming_a_circumstance_with_no_one_in_it_passes(rebuttal):
    assert rebuttal_problem(rebuttal) is None


# -- who will do the work -------------------------------------------------------------------

DOERS = {
    "en": [
        "Fine, I'll do it myself then.",
        "OK forget it, I'll write it myself.",
        "never mind, I'll just do it on my own:",
        "I'll do it myself:",
    ],
    "es": ["Vale, lo hago yo.", "Bueno, ya lo escribo yo.", "déjalo, lo hago yo misma:"],
}
ATTEMPTS = {
    "en": "The library should stay open until 7 on weekdays",
    "es": "La biblioteca debería abrir hasta las siete entre semana",
}


@pytest.mark.parametrize(
    ("language", "doer"), [(lang, doer) for lang, doers in DOERS.items() for doer in doers]
)
def test_who_will_do_the_work_is_framing_kept_out_of_the_part(language, doer):
    attempt = ATTEMPTS[language]
    assert own_text(f"{doer} {attempt}") == attempt
    assert _saved(_play(language, "claim", f"{doer} {attempt}")) == attempt
    # Said alone, it holds no text: nothing is saved.
    assert only_framing(doer)
    assert classify(doer).kind != "attempt"
    assert _saved(_play(language, "claim", doer)) == ""


# -- a comparison or judgement with no criterion, a warrant that is the claim plus one ---------

VAGUE_CLAIMS = [
    ("en", "Electric buses would be better for everyone"),
    ("en", "honestly a four-day week is just way more useful"),
    ("en", "uniforms are the best option for all students"),
    ("en", "School gardens would be a good thing"),
    ("es", "los autobuses eléctricos serían mucho mejor para todos"),
    ("es", "la semana de cuatro días es más útil"),
    ("es", "yo creo que los huertos escolares son mejores que los patios"),
    ("es", "sería mejor para todo el mundo que haya huerto"),
]
CLAIMS_WITH_A_CRITERION = [
    ("en", "Electric buses would be cheaper for the council to run over ten years"),
    ("en", "A four-day week would be better for pupils who travel far, since they would rest"),
    ("es", "los autobuses eléctricos saldrían más baratos al ayuntamiento en diez años"),
    ("es", "un huerto sería mejor para los alumnos de primero, porque aprenderían biología"),
]


@pytest.mark.parametrize(("language", "claim"), VAGUE_CLAIMS)
def test_a_judgement_with_no_criterion_is_a_vague_claim_never_praised(language, claim):
    from coach.domain.heuristics import step_check
    from coach.domain.tutor import PRAISE, PROBLEMS

    assert step_check("claim", claim).problem == "vague_claim"
    first, _ = _play(language, "claim", claim)
    assert PROBLEMS[language]["vague_claim"] in first["assistantText"]
    assert PRAISE[language]["claim"] not in first["assistantText"]


@pytest.mark.parametrize(("language", "claim"), CLAIMS_WITH_A_CRITERION)
def test_a_claim_that_names_its_criterion_is_no_vague_claim(language, claim):
    from coach.domain.heuristics import step_check

    assert step_check("claim", claim).problem != "vague_claim"
    assert _saved(_play(language, "claim", claim)) == claim


@pytest.mark.parametrize(
    ("warrant", "claim"),
    [
        (
            "because electric buses are better than diesel ones, so the council should buy them",
            "The council should replace diesel buses with electric buses",
        ),
        (
            "The council should buy electric buses because they are better for everyone",
            "The council should replace diesel buses with electric buses",
        ),
        (
            "Since gardens are more useful, every school should have a garden",
            "Every primary school should have a vegetable garden",
        ),
    ],
)
def test_a_warrant_that_is_the_claim_plus_a_bare_comparison_restates_it(warrant, claim):
    from coach.domain.heuristics import warrant_problem

    assert warrant_problem(warrant, claim) == "restates_claim"


@pytest.mark.parametrize(
    "warrant",
    [
        "If a bus costs less to run and carries as many people, it is the better choice",
        "Children who work outdoors usually do better in science lessons",
        "When a change is better for health and costs nothing, a school should make it",
    ],
)
def test_a_real_rule_with_better_in_it_is_no_restatement(warrant):
    from coach.domain.heuristics import warrant_problem

    claim = "Every primary school should have a vegetable garden"
    assert warrant_problem(warrant, claim) is None


# -- a question whether one's own part is good, real or too general ---------------------------


@pytest.mark.parametrize(
    ("language", "step", "question", "own"),
    [
        ("en", "rebuttal", "Is this a proper rebuttal or just me moaning?", "Unless it rains"),
        ("en", "grounds", "is this actual data or just a guess?", "Our survey found 40%"),
        ("en", "warrant", "Does my rule work?", "If pupils rest, they learn better"),
        (
            "es",
            "rebuttal",
            "¿esto es una refutación de verdad o solo una queja?",
            "Salvo que llueva",
        ),
        ("es", "warrant", "¿Funciona mi regla?", "Si los alumnos descansan, suelen aprender mejor"),
        ("es", "qualifier", "¿mi matiz es muy vago?", "Probablemente, en primaria"),
    ],
)
def test_a_question_on_ones_own_part_is_feedback_answered_with_the_check(
    language, step, question, own
):
    from coach.domain.tutor import PRAISE, PROBLEMS

    assert classify(question).kind == "feedback"
    inputs = inputs_for(VOICES, language, "library", step, question, [own])
    reply = json.loads(offline_turn(inputs))["assistantText"]
    judged = [PRAISE[language][step], *PROBLEMS[language].values()]
    assert any(sentence.split(":")[0] in reply for sentence in judged)


def test_a_verb_joined_to_a_condition_is_no_imperative():
    from coach.domain.address import addressed_to_tutor

    assert not addressed_to_tutor("Si algo cuesta menos y enseña lo mismo, es mejor elegirlo")
    assert classify("Si algo cuesta menos y enseña lo mismo, es mejor elegirlo").is_attempt
    # Without the condition, or after a comma, the imperative still asks the tutor.
    assert addressed_to_tutor("enséñame un ejemplo y escribe la tesis")
    assert addressed_to_tutor("Si puedes, escríbeme la tesis")
