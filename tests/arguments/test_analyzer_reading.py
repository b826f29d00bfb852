"""How the offline analyzer reads ordinary arguments: stated rules found wherever they stand,
implicit warrants reconstructed and marked, concessions taken as objections, conclusion
markers naming the claim, the qualifier following the claim's hedge, and languages it cannot
read refused. Each text runs with the rules alone and with the shipped sentence-role model."""

from __future__ import annotations

import pytest

from arguments.domain.analyzer import NotInText, analyze_phase, phase1, unreadable
from arguments.domain.reading import concedes, read, rule_kind
from arguments.domain.toulmin import ChainState, apply_phase, evaluate
from arguments.offline import sentence_roles
from tests.arguments.texts import ARABIC


@pytest.fixture(params=["rules", "model"])
def roles(request):
    return sentence_roles() if request.param == "model" else None


def run_chain(query: str, text: str, roles) -> ChainState:
    """The whole chain as the app runs it, up to its verdict or its circuit breaker."""
    state = ChainState(query=query)
    while (result := evaluate(state)).status == "in_progress":
        inputs = {
            "phase": result.next_phase,
            "query": query,
            "source_text": text,
            "components": state.as_json(),
        }
        output = analyze_phase(inputs, roles=roles).model_dump(mode="json")
        state = apply_phase(state, result.next_phase, output)
    return state


BIKE_LANES = (
    "Cities should build protected bike lanes. "
    "Because safer street design reduces collisions between cars and cyclists, building "
    "protected lanes makes a city safer for everyone. "
    "In Montreal, streets with protected lanes had 28 percent fewer injuries than similar "
    "streets without them."
)


def test_the_bike_lanes_text_completes_with_its_because_sentence_as_the_warrant(roles):
    state = run_chain("Should cities build protected bike lanes?", BIKE_LANES, roles)
    assert state.verdict is not None, evaluate(state).termination_reason
    assert state.warrant.principle == (
        "Because safer street design reduces collisions between cars and cyclists, building "
        "protected lanes makes a city safer for everyone."
    )
    assert state.warrant.strength == "strong"
    assert not any(f.startswith("Because safer") for f in state.data.facts)


DISTRACTION = (
    "Phones should be banned in class. "
    "A survey of 2,000 teachers found that phones were the most common distraction in "
    "lessons. "
    "In general, when students are distracted, they learn less."
)


def test_a_rule_opening_with_in_general_is_the_stated_warrant(roles):
    state = run_chain("Should phones be banned in class?", DISTRACTION, roles)
    assert state.warrant.principle == "In general, when students are distracted, they learn less."
    assert state.warrant.strength == "strong"
    assert "In general, when students are distracted, they learn less." not in state.data.facts
    assert state.verdict is not None


def test_a_rule_is_found_wherever_it_stands_and_a_particular_because_is_no_rule():
    assert rule_kind("Whenever cyclists are separated from cars, both are safer.") == "marked"
    assert rule_kind("Parents worry less, in general, when buses are on time.") == "marked"
    assert rule_kind("Because shade cools pavement, trees make streets cooler.") == "marked"
    assert rule_kind("Art and history belong to everyone.") == "universal"
    # near misses: a particular cause, a past event, a datum with "all" or "if"
    assert rule_kind("Because my son was bullied, we chose to teach him at home.") == ""
    assert rule_kind("In New York, all chain restaurants have listed calories since 2008.") == ""
    assert rule_kind("If you visit at seven, you will find thirty dog owners there.") == ""
    assert rule_kind("Everyone should vote in every election.") == ""  # an obligation, a claim


YEAR_ROUND = (
    "Year-round schooling would help our students. "
    "Over a long summer, pupils forget part of what they learned, and teachers spend "
    "September reviewing. "
    "A shorter break keeps the material fresh. "
    "Therefore, our district should adopt a year-round calendar."
)


def test_a_thesis_first_and_a_therefore_last_are_the_claim_and_neither_is_a_datum(roles):
    out = phase1("Should our district adopt year-round schooling?", YEAR_ROUND, roles)
    assert out.claim.statement == "Our district should adopt a year-round calendar."
    assert not any(f.startswith(("Year-round schooling", "Therefore")) for f in out.data.facts)
    assert out.data.facts[0].startswith("Over a long summer")


SCOOTERS = (
    "E-scooters are great for cities. "
    "I ride a scooter from the train to my office in 6 minutes instead of 25 on foot. "
    "Of course, some riders leave them lying on the pavement. "
    "Yes, that is annoying. "
    "Admittedly, the batteries wear out."
)


def test_concessions_are_objections_never_data_nor_the_claim(roles):
    query = "Are electric scooters good for cities?"
    state = run_chain(query, SCOOTERS, roles)
    assert state.claim.statement == "E-scooters are great for cities."
    assert not any(f.startswith(("Of course", "Yes", "Admittedly")) for f in state.data.facts)
    objections = state.rebuttal.exceptions + state.rebuttal.counterexamples
    assert "Of course, some riders leave them lying on the pavement." in objections
    assert "Admittedly, the batteries wear out." in objections


@pytest.mark.parametrize(
    "sentence",
    [
        "Of course, a short reading task can build a habit.",
        "Yes, it is annoying.",
        "Sure, young drivers crash more often.",
        "Some parents worry that a later start clashes with work.",
        "Neighbours fear more traffic and less parking.",
        "Hedges do take land out of production, I grant you.",
        "It is true that the charge hits poorer families harder.",
    ],
)
def test_a_concession_in_any_voice_gives_the_other_side(sentence):
    assert concedes(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Dogs that run freely are calmer at home, our vet says.",
        "The branch manager told the council that Sunday loans are a fifth of the total.",
        "Shoppers quickly get used to bringing their own.",
    ],
)
def test_a_report_or_a_plain_statement_is_no_concession(sentence):
    assert not concedes(sentence)


def test_an_answer_to_a_concession_is_the_authors_not_an_objection():
    text = (
        "Raising the driving age would be a mistake. "
        "Without a car I could not reach my job, as no bus runs after 7 pm. "
        "Sure, young drivers crash more often. "
        "But that is about experience, and you gain experience by driving."
    )
    reading = read("Should the driving age be raised?", text)
    assert [s.index for s in reading.objections] == [2]


@pytest.mark.parametrize(
    ("claim", "degree"),
    [
        ("Homework probably does little good for young children.", "probably"),
        ("A sugar tax might reduce childhood obesity.", "possibly"),
        ("Homework is apparently of little use for young children.", "apparently"),
    ],
)
def test_the_qualifier_follows_the_claims_hedge(claim, degree, roles):
    text = (
        f"{claim} "
        "A review of 40 studies by Harris Cooper found a weak link in children under eleven. "
        "Critics argue that practice at home builds habits. "
        "Others say that parents want to see what is taught."
    )
    state = run_chain("Is it worth it?", text, roles)
    assert state.claim.statement == claim
    assert state.qualifier.degree == degree


def test_irrelevant_data_stop_the_chain_naming_the_sentences_weighed(roles):
    text = (
        "The school should buy new tablets for every class. "
        "The canteen served pizza on Friday. My cousin plays football on Saturdays."
    )
    state = run_chain("Should the school buy tablets?", text, roles)
    reason = evaluate(state).termination_reason
    assert reason.startswith("WARRANT REJECTED: strength is 'weak'")
    assert "sentences 2 and 3" in reason
    assert "Add a fact about the claim's subject" in reason


def test_a_text_in_a_script_it_cannot_read_is_refused_naming_what_it_reads():
    with pytest.raises(NotInText) as refused:
        phase1("Should schools start later?", ARABIC)
    assert str(refused.value).startswith("LANGUAGE NOT READ: the offline analyzer reads English")
    assert "DATA MISSING" not in str(refused.value)


def test_a_few_foreign_words_in_an_english_text_are_read():
    assert unreadable("Schools should start later (المدارس). Teenagers need more sleep.") == ""
    assert unreadable("") == ""


def test_a_plain_answer_to_the_querys_question_is_the_claim(roles):
    text = (
        "Parents often blame video games for aggressive children. "
        "A study of 3,000 teenagers by Oxford University found no link between gaming time "
        "and aggressive behaviour. "
        "Video games do not make children violent."
    )
    out = phase1("Do video games make children violent?", text, roles)
    assert out.claim.statement == "Video games do not make children violent."


class Probabilities:
    """A stand-in model that gives each sentence the probabilities it is told."""

    def __init__(self, claim: list[float]) -> None:
        self.claim = claim

    def probabilities(self, sents, query):
        return [
            {"claim": p, "data": 0.0, "backing": 0.0, "rebuttal": 0.0, "none": 1 - p}
            for p in self.claim
        ]


def test_the_model_overrides_the_rules_only_where_they_are_not_sure():
    from arguments.domain.reading import COMBINATION, claim_score, find_claim
    from toulmini_site.text.sentences import sentences

    assert COMBINATION.lead is not None
    model = Probabilities([0.1, 0.9, 0.2])
    texts = (
        "Overall, buses matter. Trains run late. Fares went up.",  # a marker and first place
        "I think buses matter. Trains run late. Fares went up.",  # a stance and first place
        "Buses matter. Trains run late. Fares went up.",  # the first place alone
    )
    leads = []
    for text in texts:
        sents = sentences(text)
        lead = claim_score(sents[0], set()) - max(claim_score(s, set()) for s in sents[1:])
        leads.append(lead)
        chosen = find_claim("q", sents, roles=model)[1]
        assert chosen is not None
        assert chosen.index == (0 if lead >= COMBINATION.lead else 1)
    assert min(leads) < COMBINATION.lead <= max(leads)  # both outcomes are exercised


LETTER = (
    "I am a retired postman and a grandfather of four. "
    "Every afternoon teenagers skate on the steps of the war memorial. "
    "A skate park would give them somewhere safe to go."
)
ASIDES = (
    "Two of them were hurt on Mill Road last year. "
    "The police chase them off twice a week. "
    "The steps are cracked already. "
    "The council owns the land behind the leisure centre. "
)


def test_in_a_short_text_the_model_chooses_among_the_sentences_on_the_querys_subject():
    from arguments.domain.reading import find_claim
    from toulmini_site.text.sentences import sentences

    query = "Should the town build a skate park?"
    # the model favours the writer's personal detail, which shares no word with the query
    claim = find_claim(query, sentences(LETTER), roles=Probabilities([0.6, 0.1, 0.3]))[1]
    assert claim is not None and claim.index == 2
    # among the sentences on the subject the model still decides
    claim = find_claim(query, sentences(LETTER), roles=Probabilities([0.6, 0.35, 0.3]))[1]
    assert claim is not None and claim.index == 1


def test_the_model_chooses_freely_in_a_longer_text_or_when_no_sentence_is_on_the_subject():
    from arguments.domain.reading import COMBINATION, find_claim
    from toulmini_site.text.sentences import sentences

    longer = sentences(LETTER + " " + ASIDES)
    assert len(longer) > COMBINATION.short
    probs = Probabilities([0.6, 0.1, 0.3] + [0.0] * (len(longer) - 3))
    claim = find_claim("Should the town build a skate park?", longer, roles=probs)[1]
    assert claim is not None and claim.index == 0
    # a generic query: no sentence shares its words, so none is set aside
    generic = Probabilities([0.6, 0.1, 0.3])
    claim = find_claim("What does the writer want?", sentences(LETTER), roles=generic)[1]
    assert claim is not None and claim.index == 0
