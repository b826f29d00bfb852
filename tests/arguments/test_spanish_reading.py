"""The offline reader reads Spanish: sentences, discourse markers, stated rules, concessions,
attributions and hedges, by the rules alone (the learned models never see Spanish), and the
fallacy rules name a Spanish ad hominem and false dilemma while clean near misses stay
silent."""

from __future__ import annotations

import pytest

from arguments.domain.analyzer import phase1, phase2, phase3
from arguments.domain.fallacies import detect_fallacies
from arguments.domain.fallacies.detector import SPANISH_DOUBT
from arguments.domain.language import reader_language, reading, reading_in
from arguments.domain.reading import read
from arguments.offline import check_fallacies, sentence_roles
from toulmini_site.text.sentences import sentences

QUERY = "¿Deberían los institutos empezar más tarde?"
ESSAY = (
    "Es cierto que algunas familias tendrían problemas para organizarse. "
    "Según un estudio de la Universidad de Granada, el 70 % de los adolescentes duerme menos "
    "de ocho horas. "
    "En general, un alumno que duerme poco aprende peor. "
    "Por lo tanto, los institutos probablemente deberían empezar más tarde."
)


class NoSpanish:
    """A learned model that fails the test if it is ever shown a text."""

    classes = ("ad_hominem",)

    def probabilities(self, *args, **kwargs):
        raise AssertionError("a learned model was shown Spanish")


def test_spanish_sentences_split_at_questions_and_exclamations_not_abbreviations():
    text = "El Sr. García, p. ej., dijo que no. ¿Por qué no? ¡Porque no quiero! En EE. UU. no."
    assert [s.text for s in sentences(text)] == [
        "El Sr. García, p. ej., dijo que no.",
        "¿Por qué no?",
        "¡Porque no quiero!",
        "En EE. UU. no.",
    ]


def test_english_numbered_abbreviation_still_holds():
    assert len(sentences("See No. 12 of the act. It is clear.")) == 2


def test_the_reading_finds_claim_data_rule_and_concession_in_spanish():
    reading_ = read(QUERY, ESSAY, sentence_roles())
    roles = {s.text.split()[0]: reading_.role_of(s) for s in reading_.sentences}
    assert roles == {"Es": "rebuttal", "Según": "data", "En": "warrant", "Por": "claim"}
    assert reading_.statement == "Los institutos probablemente deberían empezar más tarde."


def test_the_chain_parts_of_a_spanish_text_come_from_the_text():
    one = phase1(QUERY, ESSAY, sentence_roles())
    assert one.claim.statement == "Los institutos probablemente deberían empezar más tarde."
    assert one.data.citations[0].source == "estudio de la Universidad de Granada"
    components = one.model_dump(mode="json")
    two = phase2(QUERY, ESSAY, components, sentence_roles())
    assert two.warrant.principle == "En general, un alumno que duerme poco aprende peor."
    components |= two.model_dump(mode="json")
    three = phase3(QUERY, ESSAY, components, sentence_roles())
    assert three.rebuttal.exceptions == [
        "Es cierto que algunas familias tendrían problemas para organizarse."
    ]
    assert three.qualifier.degree == "probably"  # the claim's own hedge


def test_the_sentence_role_model_is_never_shown_spanish():
    reading_ = read(QUERY, ESSAY, NoSpanish())
    assert reading_.claim is not None
    phase1(QUERY, ESSAY, NoSpanish())


def test_a_spanish_reading_is_less_sure_than_the_same_english_one():
    """The qualifier's confidence is lowered for a text read by the rules alone."""
    english = (
        "It is true that some families would struggle to organise themselves. "
        "According to a study by the University of Granada, 70% of teenagers sleep less than "
        "eight hours. "
        "In general, a student who sleeps little learns worse. "
        "Therefore, secondary schools should start later."
    )
    spanish = ESSAY.replace("probablemente ", "")

    def confidence(query: str, text: str) -> int:
        components = phase1(query, text).model_dump(mode="json")
        components |= phase2(query, text, components).model_dump(mode="json")
        return phase3(query, text, components).qualifier.confidence_pct

    assert confidence(QUERY, spanish) < confidence("Should schools start later?", english)


def test_the_reading_language_returns_to_english_after_a_spanish_text():
    read(QUERY, ESSAY)
    assert reading() == "en"
    with reading_in("fr"):
        assert reading() == "en"  # only the languages read


AD_HOMINEM = (
    "¿Y ahora nos viene a hablar de salarios el ministro? Ese señor no ha trabajado en su vida. "
    "No le hagáis caso."
)
FALSE_DILEMMA = (
    "O aprobamos la reforma o el país se hunde para siempre. No hay término medio. "
    "Por eso hay que votarla."
)
NEAR_MISSES = [
    # a conflict of interest named so that the reader checks the data
    "Soy comerciante de la zona y tengo un interés: vendo más si pasa más gente. No me crean "
    "a mí, sino a los datos del ayuntamiento, que muestran más ventas tras peatonalizar.",
    # an honest either-or whose options are taken together
    "O financiamos la ciencia con dinero público o con mecenas privados, y ambos caminos "
    "tienen ventajas. Lo mejor es combinarlos.",
    # an either-or whose second option is an ordinary consequence, not a disaster
    "O estudias más o suspenderás el examen de junio.",
    # a disaster forecast with its source, no either-or
    "Si no invertimos en ciencia, el país fracasará en diez años, según el informe del CSIC.",
    # criticism of an argument, not of the person
    "El ministro dice que subir el salario mínimo destruye empleo, pero los datos de 2019 "
    "muestran que el empleo siguió creciendo.",
]


@pytest.mark.parametrize(
    ("text", "kind"), [(AD_HOMINEM, "ad_hominem"), (FALSE_DILEMMA, "false_dilemma")]
)
def test_a_spanish_ad_hominem_and_false_dilemma_are_named(text, kind):
    found = check_fallacies(text)
    assert found and found[0].type == kind
    assert found[0].holds_in(text)
    assert found[0].confidence <= 0.9 - SPANISH_DOUBT  # read by few rules: less sure


def test_an_either_or_whose_other_option_is_a_disaster_is_a_false_dilemma():
    """'O A o fracasaremos': the second option a threat, as 'A, or we will fail' in English."""
    text = "Hay que actuar ya. O cambiamos el horario o fracasaremos como país."
    found = check_fallacies(text)
    assert found and found[0].type == "false_dilemma"
    assert "o cambiamos el horario o fracasaremos" in found[0].explanation_params["words"].lower()


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_clean_spanish_near_misses_stay_silent(text):
    assert check_fallacies(text) == []


def test_the_fallacy_model_is_never_shown_spanish():
    found = detect_fallacies(AD_HOMINEM, model=NoSpanish())
    assert found[0].type == "ad_hominem"


def test_spanish_explanations_quote_the_words_as_written():
    found = check_fallacies(FALSE_DILEMMA)[0]
    assert found.explanation_key == "false_dilemma.frame"
    assert "o aprobamos la reforma o el país se hunde" in found.explanation_params["words"]


def test_reader_language_of_english_stays_english():
    assert reader_language("Schools should start later because teens need sleep.") == "en"
