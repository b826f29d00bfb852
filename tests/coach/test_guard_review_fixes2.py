"""A second review's leaks through the guard, played through the server's whole path with the
dev voices' "uniforms" draft: "like yours" followed by what the rule says, "did you know" before
a bare statement with a many-digit figure, a framing phrase ("if", "given that", "con", "si")
carrying a new figure before a question, and "surely you can see that ..." are withheld; the
near miss beside each (a rule like theirs named and nothing said of it, a hint where to look, a
figure the student gave, a real question) still shows."""

import time

import pytest

from coach.domain.authorship import Authorship
from tests.coach.builders import guard_seen

EN_MSG = "uniforms are bad"
ES_MSG = "el uniforme es malo"
EN_WARRANT_MSG = "rules that hurt pupils should go"
ES_WARRANT_MSG = "las normas que hacen daño a los alumnos sobran"
CASE = ("language", "step", "message", "field", "sentence", "part")


def _shown_text(language: str, step: str, message: str, field: str, sentence: str) -> str:
    return guard_seen(language, step, message, field, sentence).text.lower()


# Each case: (language, step, student's message, field, sentence, words of the part it would
# state or of the near miss that must show).


# "like yours" names their rule; what follows it, when it says what the rule says, is offered.
LIKE_YOURS_WITHHELD = [
    (
        "es",
        "warrant",
        ES_WARRANT_MSG,
        "a",
        "Una regla como la tuya que diga que las normas que perjudican el aprendizaje se "
        "quitan funciona.",
        "perjudican el aprendizaje",
    ),
    (
        "en",
        "warrant",
        EN_WARRANT_MSG,
        "a",
        "A warrant like yours would say that any rule which harms learning should be dropped.",
        "harms learning",
    ),
    (
        "en",
        "warrant",
        EN_WARRANT_MSG,
        "a",
        "A rule like yours that says any rule which harms learning should be dropped works.",
        "harms learning",
    ),
    (
        "es",
        "warrant",
        ES_WARRANT_MSG,
        "a",
        "Una garantía como la tuya diría que toda norma que perjudique el aprendizaje sobra.",
        "perjudique el aprendizaje",
    ),
]
LIKE_YOURS_PASSED = [
    ("en", "warrant", EN_WARRANT_MSG, "a", "A rule like yours works well here.", "like yours"),
    ("es", "warrant", ES_WARRANT_MSG, "a", "Una regla como la tuya funciona aquí.", "como la tuya"),
]


@pytest.mark.parametrize(CASE, LIKE_YOURS_WITHHELD)
def test_what_a_rule_like_theirs_says_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(CASE, LIKE_YOURS_PASSED)
def test_a_rule_like_theirs_named_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# "Did you know" before a bare statement (no "that"), a figure of any length: judged as said.
KNOWING_WITHHELD = [
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "Did you know 40 pupils were sent home last year for their uniform?",
        "40 pupils",
    ),
    ("en", "grounds", EN_MSG, "a", "Did you know uniforms cost families £300 a year?", "300"),
    ("en", "grounds", EN_MSG, "a", "Do you know families spend £300 on uniforms?", "300"),
    ("en", "grounds", EN_MSG, "a", "Did you realise uniforms cost families £300 a year?", "300"),
]
# A hint where to look, a real question.
KNOWING_PASSED = [
    (
        "en",
        "groundsBacking",
        EN_MSG,
        "a",
        "Did you know the office keeps records of this?",
        "office keeps records",
    ),
    ("en", "groundsBacking", EN_MSG, "a", "Do you know who ran the survey?", "who ran"),
    ("es", "groundsBacking", ES_MSG, "a", "¿Sabes quién hizo la encuesta?", "quién hizo"),
]


@pytest.mark.parametrize(CASE, KNOWING_WITHHELD)
def test_a_bare_fact_to_know_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(CASE, KNOWING_PASSED)
def test_a_hint_or_a_question_to_know_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# A framing phrase before a question ("if", "given that", "con", "si") or a statement before
# "o me equivoco" that carries a new fact or figure states it.
FRAMING_WITHHELD = [
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "If 40 pupils were sent home for their uniform last year, what does that show?",
        "40 pupils",
    ),
    (
        "en",
        "grounds",
        EN_MSG,
        "a",
        "Given that 40 pupils were sent home last year, does the rule work?",
        "40 pupils",
    ),
    (
        "es",
        "grounds",
        ES_MSG,
        "a",
        "Con 40 alumnos expulsados por el uniforme el año pasado, ¿funciona la norma?",
        "40 alumnos",
    ),
    (
        "es",
        "grounds",
        ES_MSG,
        "a",
        "Si mandaron a casa a 40 alumnos el año pasado, ¿qué demuestra eso?",
        "40 alumnos",
    ),
    (
        "es",
        "grounds",
        ES_MSG,
        "a",
        "¿El uniforme cuesta 300 euros al año a las familias, o me equivoco?",
        "300 euros",
    ),
    ("es", "grounds", ES_MSG, "a", "Con 30 alumnos en tu clase, ¿a cuántos preguntaste?", "30"),
    ("en", "grounds", EN_MSG, "a", "With 30 pupils in your class, how many did you ask?", "30"),
]
# A figure the student gave is theirs (in the message, then in the draft's grounds); a frame
# with nothing new in it.
FRAMING_PASSED = [
    (
        "es",
        "grounds",
        "en mi clase somos 30 alumnos",
        "a",
        "Con 30 alumnos en tu clase, ¿a cuántos preguntaste?",
        "30 alumnos",
    ),
    (
        "en",
        "grounds",
        "there are 30 pupils in my class",
        "a",
        "With 30 pupils in your class, how many did you ask?",
        "30 pupils",
    ),
    (
        "es",
        "groundsBacking",
        ES_MSG,
        "a",
        "Con 40 alumnos mandados a casa, ¿de dónde sale esa cifra?",
        "40 alumnos",
    ),
    (
        "en",
        "groundsBacking",
        EN_MSG,
        "a",
        "If 40 students were sent home, where does that figure come from?",
        "40 students",
    ),
    (
        "en",
        "groundsBacking",
        EN_MSG,
        "a",
        "If a reader doubts your survey, what would you show them?",
        "doubts your survey",
    ),
    (
        "es",
        "groundsBacking",
        ES_MSG,
        "a",
        "Si un lector duda de tu encuesta, ¿qué le enseñarías?",
        "duda de tu encuesta",
    ),
]


@pytest.mark.parametrize(CASE, FRAMING_WITHHELD)
def test_a_frame_carrying_a_new_figure_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(CASE, FRAMING_PASSED)
def test_a_frame_with_their_figure_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# "Surely you can see that ...": what they are to see is stated.
SEE_THAT_WITHHELD = [
    (
        "en",
        "warrant",
        EN_WARRANT_MSG,
        "a",
        "Surely you can see that any rule which harms learning should be dropped?",
        "harms learning",
    ),
    (
        "es",
        "warrant",
        ES_WARRANT_MSG,
        "a",
        "¿Seguro que puedes ver que cualquier norma que perjudique el aprendizaje sobra?",
        "perjudique el aprendizaje",
    ),
]
SEE_THAT_PASSED = [
    (
        "en",
        "warrant",
        EN_WARRANT_MSG,
        "a",
        "Can you see which word makes it general?",
        "which word",
    ),
    (
        "es",
        "warrant",
        ES_WARRANT_MSG,
        "a",
        "¿Puedes ver qué palabra la hace general?",
        "qué palabra",
    ),
]


@pytest.mark.parametrize(CASE, SEE_THAT_WITHHELD)
def test_what_they_are_to_see_is_withheld(language, step, message, field, sentence, part):
    assert part not in _shown_text(language, step, message, field, sentence)


@pytest.mark.parametrize(CASE, SEE_THAT_PASSED)
def test_a_question_what_they_see_passes(language, step, message, field, sentence, part):
    assert part in _shown_text(language, step, message, field, sentence)


# Long input costs time in proportion to its length: 20,000 characters of one new trigger.
@pytest.mark.parametrize(
    ("language", "frame"),
    [
        ("en", "did you know "),
        ("en", "a rule like yours that "),
        ("es", "una regla como la tuya que "),
        ("es", "Con 40 alumnos, ¿"),
        ("es", "¿Seguro que puedes ver que "),
    ],
)
def test_a_long_run_of_new_triggers_is_judged_in_bounded_time(language, frame):
    authorship = Authorship(
        own_texts=("uniforms are bad",),
        said="School uniforms uniforms are bad",
        step="grounds",
        topic="School uniforms",
        language=language,
    )
    text = (frame * (20_000 // len(frame) + 1))[:20_000] + "?"
    started = time.process_time()
    authorship.composes(text)
    assert time.process_time() - started < 4.0
