"""A reviewer's leaks through the guard, played through the server's whole path (the tutor's
inputs, an answer carrying the sentence, what is shown) with the dev voices' "uniforms" draft:
each sentence that states a part the student has not written is withheld, and the near miss
beside it (feedback on their own text, a move to them, an example elsewhere) still shows."""

import time

import pytest

from coach.domain.authorship import Authorship
from tests.coach.builders import guard_seen

EN_MSG = "uniforms are bad"
ES_MSG = "el uniforme es malo"


def _shown_text(language: str, step: str, message: str, field: str, sentence: str) -> str:
    return guard_seen(language, step, message, field, sentence).text.lower()


# (language, step, student's message, field, sentence, words of the part it would state)
WITHHELD = [
    # A second-person word inside a statement does not make it feedback.
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Schools should make uniforms optional for pupils over fourteen no matter what you think.",
        "over fourteen",
    ),
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Schools should make uniforms optional for pupils over fourteen like you.",
        "over fourteen",
    ),
    (
        "en",
        "warrantBacking",
        "everyone knows uniforms are expensive",
        "q",
        "Have you thought "
        "of quoting the Children's Commissioner, which found that uniforms cost your family 300 "
        "pounds a year?",
        "300 pounds",
    ),
    (
        "es",
        "warrantBacking",
        "todo el mundo sabe que el uniforme es caro",
        "q",
        "¿Has pensado "
        "en el Defensor del Menor, que dice que el uniforme le cuesta a tu familia 300 euros al "
        "año?",
        "300 euros",
    ),
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "Did you know that your school sent 40 pupils home last year for uniform faults?",
        "40 pupils",
    ),
    (
        "es",
        "grounds",
        ES_MSG,
        "a",
        "¿Sabías que tu instituto mandó a casa a 40 alumnos el año pasado?",
        "40 alumnos",
    ),
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "Remember that your head teacher sent 40 pupils home last year.",
        "40 pupils",
    ),
    (
        "es",
        "grounds",
        ES_MSG,
        "a",
        "Recuerda que tu director mandó a casa a 40 alumnos el año pasado.",
        "40 alumnos",
    ),
    (
        "en",
        "grounds",
        EN_MSG,
        "q",
        "Last year 40 pupils at your school were sent home for small uniform faults.",
        "40 pupils",
    ),
]

PASSED = [
    (
        "es",
        "grounds",
        ES_MSG,
        "a",
        "Contar tú mismo es una buena forma de conseguir datos sin depender de internet.",
        "contar tú mismo",
    ),
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "Counting them yourself is a good way to get figures without relying on the internet.",
        "counting them yourself",
    ),
    ("en", "claim", EN_MSG, "a", "You could say who uniforms are bad for.", "who uniforms"),
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Your claim does not yet say what should change.",
        "what should change",
    ),
    (
        "es",
        "claim",
        ES_MSG,
        "a",
        "Tu tesis todavía no dice qué debería cambiar.",
        "qué debería cambiar",
    ),
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "Have you thought about what happened at your school?",
        "what happened",
    ),
    ("es", "grounds", ES_MSG, "a", "¿Has pensado en lo que pasó en tu instituto?", "lo que pasó"),
]


@pytest.mark.parametrize(("language", "step", "message", "field", "sentence", "part"), WITHHELD)
def test_a_part_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(("language", "step", "message", "field", "sentence", "part"), PASSED)
def test_feedback_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# An example framed as being about another topic may not carry a part on the student's.
EXAMPLE_WITHHELD = [
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "For example, in a debate about phones, schools should make uniforms optional for "
        "pupils over fourteen.",
        "over fourteen",
    ),
    (
        "es",
        "claim",
        ES_MSG,
        "a",
        "Por ejemplo, en un debate sobre móviles, el instituto debería hacer el uniforme "
        "opcional desde los catorce.",
        "catorce",
    ),
]

EXAMPLE_PASSED = [
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "For example, in a debate about phones, a claim might be “Schools should ban phones "
        "in lessons”.",
        "ban phones",
    ),
    (
        "es",
        "claim",
        ES_MSG,
        "a",
        "Por ejemplo, en un debate sobre móviles, una tesis podría ser «El instituto debería "
        "prohibir los móviles en clase».",
        "prohibir los móviles",
    ),
]


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "part"), EXAMPLE_WITHHELD
)
def test_an_example_elsewhere_carrying_their_part_is_withheld(
    language, step, message, field, sentence, part
):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "part"), EXAMPLE_PASSED
)
def test_an_example_on_another_topic_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# A statement of the part ending on a question tag leads the student, however the tag is set
# off; a real question (or a tag on feedback) passes.
TAG_WITHHELD = [
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Schools should make uniforms optional for pupils who are over fourteen, right?",
        "over fourteen",
    ),
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Schools should make uniforms optional for pupils over fourteen — don't you think?",
        "over fourteen",
    ),
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Schools should make uniforms optional for pupils over fourteen... right?",
        "over fourteen",
    ),
    (
        "es",
        "claim",
        ES_MSG,
        "a",
        "El instituto debería hacer el uniforme opcional desde los catorce ¿no?",
        "catorce",
    ),
    (
        "es",
        "claim",
        ES_MSG,
        "a",
        "¿El instituto debería hacer el uniforme opcional desde los catorce, no crees?",
        "catorce",
    ),
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Schools should make uniforms optional for pupils over "
        "fourteen, wouldn't you agree with that idea?",
        "over fourteen",
    ),
]

TAG_PASSED = [
    (
        "en",
        "claim",
        EN_MSG,
        "a",
        "Your claim says uniforms are bad — but bad for whom?",
        "bad for whom",
    ),
    ("en", "claim", EN_MSG, "a", "You could say who they are bad for, right?", "who they are"),
    (
        "es",
        "claim",
        ES_MSG,
        "a",
        "Tu tesis dice que el uniforme es malo, ¿verdad?",
        "tu tesis dice",
    ),
    ("es", "claim", ES_MSG, "a", "Es un comienzo... ¿pero malo para quién?", "malo para quién"),
]


@pytest.mark.parametrize(("language", "step", "message", "field", "sentence", "part"), TAG_WITHHELD)
def test_a_part_before_a_question_tag_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(("language", "step", "message", "field", "sentence", "part"), TAG_PASSED)
def test_a_real_question_or_a_tag_on_feedback_passes(
    language, step, message, field, sentence, part
):
    assert part in _shown_text(language, step, message, field, sentence)


# A word offered for the part is offered even when named as a word; the student's own word
# talked about is not.
WORD_WITHHELD = [
    ("en", "qualifier", EN_MSG, "a", "What if you added the word “usually”?", "usually"),
    ("es", "qualifier", ES_MSG, "a", "¿Y si añades la palabra «normalmente»?", "normalmente"),
]

WORD_PASSED = [
    ("en", "claim", EN_MSG, "a", "What if you dropped the word “bad”?", "the word “bad”"),
    ("es", "claim", ES_MSG, "a", "¿Y si cambias la palabra «malo»?", "la palabra «malo»"),
]


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "part"), WORD_WITHHELD
)
def test_a_word_offered_for_the_part_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(("language", "step", "message", "field", "sentence", "part"), WORD_PASSED)
def test_their_own_word_talked_about_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# Long input costs time in proportion to its length, not its square: 40,000 characters of one
# frame repeated took seconds per frame kind before (each frame's piece ran to the end).
@pytest.mark.parametrize("frame", ["did you know that ", "a rule that ", "you could say that "])
def test_a_long_run_of_frames_is_judged_in_bounded_time(frame):
    authorship = Authorship(
        own_texts=("uniforms are bad",),
        said="School uniforms uniforms are bad",
        step="grounds",
        topic="School uniforms",
    )
    text = (frame * (40_000 // len(frame) + 1))[:40_000]
    started = time.process_time()
    authorship.composes(text)
    # Under 1 s alone; it took 4.2 s on a clean clone's suite with two workers on two busy
    # cores. What this catches (quadratic or worse) took minutes.
    assert time.process_time() - started < 10.0
