"""The words a language model's chain parts rest on: found in the source text (as quoted, or
said again by a sentence) and highlighted on the chain's page and returned by the API, as an
offline chain's are; a part in the model's own words is said to be so, and nothing is
highlighted for it (a wrong sentence highlighted would be worse)."""

from __future__ import annotations

import pytest

from arguments import selectors
from arguments import services as chain_services
from arguments.domain.language import reading_in
from arguments.domain.located import locate, locate_words
from arguments.offline import chain_evidence
from evaluations.trust.located import tally
from tests.arguments import builders as b
from tests.classrooms.builders import api_as, build_world

TEXT = (
    "Secondary schools should start later in the morning. "
    "Teenagers need eight to ten hours of sleep, and most get fewer on school nights. "
    "In general, students who sleep enough learn better and are safer on the road."
)
QUOTED_CLAIM = "Secondary schools should start later in the morning."
QUOTED_FACT = "Teenagers need eight to ten hours of sleep, and most get fewer on school nights."
# The warrant reworded; a fact sharing the claim's words but making another point; the
# builders' backing and rebuttal, in the model's own words.
REWORDED_RULE = "Students who get enough sleep learn better and are safer on the road."
NEAR_MISS = "Schools that start later see better attendance."


def model_parts() -> dict:
    return {
        1: {
            "data": b.data(facts=[QUOTED_FACT, NEAR_MISS]),
            "claim": b.claim(statement=QUOTED_CLAIM),
        },
        2: {"warrant": b.warrant(principle=REWORDED_RULE), "backing": b.backing()},
        3: {
            "rebuttal": b.rebuttal(),
            "qualifier": b.qualifier(degree="certainly", confidence_pct=95),
        },
        4: b.PHASE_OUTPUTS[4](),
    }


@pytest.fixture
def world(db):
    return build_world()


@pytest.fixture
def model_chain(world, fake_llm):
    outputs = model_parts()
    fake_llm(lambda request: outputs[int(request.purpose[-1])])
    chain = chain_services.chain_create(
        owner=world.student, query="Should schools start later?", source_text=TEXT, engine="llm"
    )
    return chain_services.chain_run(chain=chain, until="end")


# -- finding the words, without the database -----------------------------------------------


def test_quoted_words_are_found_exactly_and_reworded_ones_by_their_sentence():
    found = {(f.part, f.item): f for f in locate(TEXT, model_parts()[1] | model_parts()[2])}
    claim = found[("claim", 0)]
    # the words themselves, without the full stop the quote ends with
    assert claim.match == "exact" and TEXT[claim.start : claim.end] == QUOTED_CLAIM[:-1]
    assert TEXT[found[("data", 0)].start : found[("data", 0)].end] == QUOTED_FACT[:-1]
    rule = found[("warrant", 0)]
    assert rule.match == "close" and rule.sentence_index == 2
    assert TEXT[rule.start : rule.end].startswith("In general, students")


def test_a_part_in_the_models_own_words_or_near_a_sentence_is_not_highlighted():
    found = {(f.part, f.item): f for f in locate(TEXT, model_parts()[1] | model_parts()[2])}
    for key in (("data", 1), ("backing", 0)):
        assert found[key].match == "own_words"
        assert found[key].start is None and found[key].sentence_index is None


def test_quotes_dashes_and_case_do_not_hide_a_quote():
    text = "The mayor said: “Parking is free on Sundays — for everyone.” Nobody believed him."
    found = locate_words("data", 0, '"parking is FREE on Sundays - for everyone"', text, [])
    assert found.match == "exact"
    assert text[found.start : found.end] == "Parking is free on Sundays — for everyone"


def test_a_short_phrase_alone_is_not_taken_for_a_quote():
    found = locate(TEXT, {"backing": {"authority": "the morning"}})
    assert found[0].match == "own_words"


def test_a_spanish_models_claim_is_found_in_a_spanish_text():
    carta = (
        "Vivo en la calle Mayor desde hace treinta años. "
        "Un aparcamiento traería más coches delante del colegio. "
        "El solar debería convertirse en un pequeño parque."
    )
    with reading_in("es"):
        found = locate(
            carta, {"claim": {"statement": "El solar debe convertirse en un parque pequeño."}}
        )
    assert found[0].match == "close" and found[0].sentence_index == 2


def test_the_matcher_highlights_no_wrong_sentence_on_either_half_of_the_examples():
    """The tuning half is right throughout; the frozen half (never tuned on) highlights no
    wrong sentence (figures: ``python -m evaluations.trust.located``)."""
    tuning, frozen = tally("tuning"), tally("frozen")
    assert tuning["wrong highlight"] == 0 and tuning["missed"] <= 4
    assert frozen["wrong highlight"] <= 1
    assert frozen["right highlight"] >= 20


# -- the page and the API --------------------------------------------------------------------


def test_the_model_chains_page_highlights_its_parts_and_names_its_own_words(
    world, model_chain, client
):
    client.force_login(world.student)
    page = client.get(model_chain.get_absolute_url()).content.decode()
    assert '<mark class="ev ev-claim">' in page and QUOTED_CLAIM in page
    assert '<mark class="ev ev-warrant">' in page
    own = page[page.index('class="own-words"') :]
    own = own[: own.index("</div>")]
    assert b.backing()["authority"] in own and NEAR_MISS in own
    assert QUOTED_FACT not in own


def test_the_api_gives_a_model_chains_spans_to_its_owner(world, model_chain):
    response = api_as(world.student).get(f"/api/v1/chains/{model_chain.pk}/")
    assert response.status_code == 200
    spans = {(s["part"], s["item"]): s for s in response.json()["evidence"]}
    claim = spans[("claim", 0)]
    assert TEXT[claim["start"] : claim["end"]] == QUOTED_CLAIM[:-1]
    assert claim["confidence"] == model_chain.claim_confidence
    assert spans[("warrant", 0)]["match"] == "close"
    assert spans[("backing", 0)] | {"words": ""} == {
        "part": "backing",
        "item": 0,
        "words": "",
        "match": "own_words",
        "start": None,
        "end": None,
        "sentence_index": None,
        "confidence": None,
        "given": False,
    }


def test_an_offline_chains_spans_are_its_readers_sentences(world):
    chain = chain_services.chain_create(
        owner=world.student, query="Should schools start later?", source_text=TEXT
    )
    chain = chain_services.chain_run(chain=chain, until="end")
    spans = api_as(world.student).get(f"/api/v1/chains/{chain.pk}/").json()["evidence"]
    parts = chain_evidence(chain.query, chain.source_text, {})
    assert [(s["part"], s["start"], s["end"], s["confidence"]) for s in spans] == [
        (p.role, p.sentence.start, p.sentence.end, p.confidence) for p in parts
    ]
    assert {s["match"] for s in spans} == {"reader"}


@pytest.mark.parametrize("who", ["teacher", "co_teacher", "classmate", "outsider"])
def test_no_one_else_gets_a_chains_spans(world, model_chain, who):
    response = api_as(getattr(world, who)).get(f"/api/v1/chains/{model_chain.pk}/")
    assert response.status_code == 404 and "evidence" not in response.json()


def test_anonymous_gets_no_spans(world, model_chain):
    response = api_as(None).get(f"/api/v1/chains/{model_chain.pk}/")
    assert response.status_code in (401, 403) and "evidence" not in response.json()


def test_a_chain_your_own_ai_runs_has_its_parts_found_too(world):
    chain = chain_services.chain_create(
        owner=world.student, query="Should schools start later?", source_text=TEXT, engine="manual"
    )
    assert selectors.chain_evidence_spans(chain) == []  # no claim yet
    chain = chain_services.chain_submit_phase(chain=chain, phase=1, payload=model_parts()[1])
    spans = selectors.chain_evidence_spans(chain)
    assert [(s["part"], s["match"]) for s in spans] == [
        ("claim", "exact"),
        ("data", "exact"),
        ("data", "own_words"),
    ]
