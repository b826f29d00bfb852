"""Doubt about the claim, with the one calibrated reading: the chain asks when the reader's
calibrated confidence in its claim is below CLAIM_SURE, in English and in Spanish, and when a
language model's claim is one the reader doubts; a correction re-runs a model-run chain too,
and the model's answers keep the sentences the owner gave; a verdict is never surer than the
claim it rests on."""

from __future__ import annotations

import json

import pytest

from arguments import services as chain_services
from arguments.domain.confidence import CLAIM_SURE, claim_unsure
from arguments.domain.corrections import owner_roles_kept, qualifier_held
from arguments.domain.reading import read
from arguments.models import Chain, ChainCorrection
from arguments.offline import model_claim_meant, sentence_roles
from tests.arguments import builders as b
from tests.classrooms.builders import api_as, build_world

# A letter whose first sentence is a personal detail and whose conclusion comes last.
LETTER = (
    "I have lived on Maple Street for thirty-one years and raised three children here. "
    "The council wants to turn the empty lot into a parking garage. "
    "A garage would bring more traffic past the primary school. "
    "The lot should become a small park instead."
)
THESIS, PERSONAL = 3, 0
# The same shape in Spanish, and a Spanish text that marks its conclusion.
CARTA = (
    "Vivo en la calle Mayor desde hace treinta años y he criado aquí a tres hijos. "
    "El ayuntamiento quiere convertir el solar vacío en un aparcamiento. "
    "Un aparcamiento traería más coches delante del colegio. "
    "El solar debería convertirse en un pequeño parque."
)
MARCADO = (
    "Los adolescentes duermen una hora menos de lo que necesitan. "
    "Según un estudio de la Universidad de Granada, el cansancio baja las notas. "
    "Por lo tanto, los institutos deberían empezar las clases a las nueve."
)
# A letter whose claim the reader is sure of (it says so first and answers the question).
SURE = (
    "Secondary schools should start later in the morning. "
    "Teenagers need eight to ten hours of sleep, and most get fewer on school nights. "
    "In general, students who sleep enough learn better and are safer on the road."
)


@pytest.fixture
def world(db):
    return build_world()


def run(owner, text: str, query: str = "Letter to the editor", engine: str = "offline") -> Chain:
    chain = chain_services.chain_create(owner=owner, query=query, source_text=text, engine=engine)
    return chain_services.chain_run(chain=chain, until="end")


def model_answers(claim: str, confidence: int = 90):
    """A fake model's four answers, with ``claim`` as its claim and ``confidence`` as its
    qualifier's; it records each request's messages."""
    degree = "certainly" if confidence >= 90 else "presumably"
    outputs = {
        1: {"data": b.data(), "claim": b.claim(statement=claim)},
        2: b.PHASE_OUTPUTS[2](),
        3: {
            "rebuttal": b.rebuttal(),
            "qualifier": b.qualifier(degree=degree, confidence_pct=confidence),
        },
        4: b.PHASE_OUTPUTS[4](),
    }
    seen: list[str] = []

    def handler(request):
        seen.append(json.dumps(request.messages))
        return outputs[int(request.purpose[-1])]

    return handler, seen


# -- one calibrated reading, one threshold -------------------------------------------------


def test_the_chain_keeps_the_readings_own_calibrated_confidence(world):
    chain = run(world.student, LETTER)
    reading = read("Letter to the editor", LETTER, sentence_roles())
    assert chain.claim_confidence == reading.claim_confidence
    assert [c["index"] for c in chain.claim_candidates] == [
        c.sentence.index for c in reading.candidates
    ]
    assert [c["confidence"] for c in chain.claim_candidates] == [
        c.confidence for c in reading.candidates
    ]


@pytest.mark.parametrize(
    ("confidence", "asks"),
    [(CLAIM_SURE - 0.001, True), (CLAIM_SURE, False), (0.9, False), (0.05, True)],
)
def test_the_chain_asks_below_claim_sure_and_runs_from_it(confidence, asks, monkeypatch):
    reading = read("Letter to the editor", LETTER, sentence_roles())
    first = reading.candidates[0]
    monkeypatch.setattr(
        reading, "candidates", [type(first)(**{**first.__dict__, "confidence": confidence})]
    )
    assert claim_unsure(reading) is asks


def test_a_sure_claim_runs_to_a_verdict_without_asking(world):
    chain = run(world.student, SURE, query="Should schools start later?")
    assert chain.claim_candidates == [] and chain.claim_confidence >= CLAIM_SURE
    assert chain.verdict_status


# -- Spanish chains ask too ----------------------------------------------------------------


def test_a_spanish_chain_unsure_of_its_claim_asks(world):
    chain = run(world.student, CARTA, query="Carta al director")
    assert chain.awaiting_claim and chain.verdict_status == ""
    assert 2 <= len(chain.claim_candidates) <= 3
    assert all(c["confidence"] < CLAIM_SURE for c in chain.claim_candidates)
    assert THESIS in [c["index"] for c in chain.claim_candidates]
    chain = chain_services.chain_correct(
        chain=chain, author=world.student, sentence_index=THESIS, role="claim"
    )
    assert chain.status != Chain.Status.IN_PROGRESS
    assert chain.claim["statement"] == "El solar debería convertirse en un pequeño parque."


def test_a_spanish_text_that_marks_its_conclusion_runs_but_less_sure_than_english(world):
    chain = run(world.student, MARCADO, query="Carta al director")
    assert not chain.awaiting_claim
    english = read("Should schools start later?", SURE, sentence_roles()).claim_confidence
    assert CLAIM_SURE <= chain.claim_confidence < english


# -- a model-run chain asks when the reader doubts the model's claim -----------------------


def test_a_model_chain_asks_when_the_reader_doubts_the_models_claim(world, fake_llm):
    handler, _seen = model_answers(
        "I have lived on Maple Street for thirty-one years and raised three children here."
    )
    fake = fake_llm(handler)
    chain = run(world.student, LETTER, engine="llm")
    assert chain.awaiting_claim and chain.verdict_status == "" and chain.claim is None
    first, *others = chain.claim_candidates
    assert (first["index"], first.get("model")) == (PERSONAL, True)
    assert first["confidence"] < CLAIM_SURE and THESIS in [c["index"] for c in others]
    assert len(fake.requests) == 1  # one call: the model's phase 1
    chain = chain_services.chain_run(chain=chain, until="end")  # waits, no second call
    assert chain.awaiting_claim and len(fake.requests) == 1


def test_a_model_chain_whose_claim_the_reader_accepts_runs_held_to_it(world, fake_llm):
    handler, _seen = model_answers("Secondary schools should start later in the morning.", 97)
    fake_llm(handler)
    chain = run(world.student, SURE, query="Should schools start later?", engine="llm")
    assert chain.status == Chain.Status.COMPLETE and chain.claim_candidates == []
    sure = chain.claim_confidence
    assert CLAIM_SURE <= sure < 0.97
    assert chain.qualifier["confidence_pct"] == round(100 * sure)
    assert "how sure the reader is that this is the claim" in chain.qualifier["rationale"]


def test_a_model_claim_in_its_own_words_is_weighed_by_meaning_and_holds_the_verdict(
    world, fake_llm
):
    """No sentence says the model's claim again, so the chain does not ask; the reader weighs
    it by meaning against its candidates, and the verdict is held to that."""
    own_words = "Vacant land near schools is best used for recreation."
    handler, _seen = model_answers(own_words)
    fake_llm(handler)
    chain = run(world.student, LETTER, engine="llm")
    assert chain.status == Chain.Status.COMPLETE and chain.claim_candidates == []
    reading = read("Letter to the editor", LETTER, sentence_roles())
    assert 0 < chain.claim_confidence < reading.claim_confidence
    assert chain.qualifier["confidence_pct"] == round(100 * chain.claim_confidence)


def test_a_model_claim_meaning_the_readers_likely_claim_keeps_more_than_one_meaning_none():
    sure_query = "Should schools start later?"
    paraphrase = model_claim_meant(sure_query, SURE, "School days ought to begin later for teens.")
    other = model_claim_meant(sure_query, SURE, "Homework should be banned in every school.")
    reader = read(sure_query, SURE, sentence_roles()).claim_confidence
    assert other < CLAIM_SURE <= paraphrase <= reader


def test_a_spanish_model_claim_in_its_own_words_is_not_weighed_by_meaning():
    # the sentence encoder reads English only
    assert model_claim_meant("Carta al director", CARTA, "Los niños necesitan parques.") is None


# -- a correction re-runs a model-run chain ------------------------------------------------


def test_picking_the_claim_reruns_a_model_chain_and_the_model_keeps_it(world, fake_llm):
    handler, seen = model_answers(
        "I have lived on Maple Street for thirty-one years and raised three children here."
    )
    fake_llm(handler)
    chain = run(world.student, LETTER, engine="llm")
    assert chain.awaiting_claim
    chain = chain_services.chain_correct(
        chain=chain, author=world.student, sentence_index=THESIS, role="claim"
    )
    assert chain.status == Chain.Status.COMPLETE
    # the fake model still says the personal detail; the owner's word is kept
    assert chain.claim["statement"] == "The lot should become a small park instead."
    assert chain.claim_candidates == [] and chain.claim_confidence is None
    assert "owner_marked" in seen[-4] and "The lot should become a small park" in seen[-4]
    assert "owner_marked" not in seen[0]


def test_data_and_rebuttal_marked_on_a_model_chain_are_kept_in_its_parts(world, fake_llm):
    handler, _seen = model_answers("The lot should become a small park instead.")
    fake_llm(handler)
    chain = run(world.student, LETTER, engine="llm")
    for index, role in ((THESIS, "claim"), (1, "data"), (PERSONAL, "rebuttal")):
        chain = chain_services.chain_correct(
            chain=chain, author=world.student, sentence_index=index, role=role
        )
    assert "The council wants to turn the empty lot into a parking garage." in chain.data["facts"]
    assert any("Maple Street" in e for e in chain.rebuttal["exceptions"])
    assert ChainCorrection.objects.filter(chain=chain).count() == 3


def test_the_api_corrects_a_model_chain_for_its_owner_only(world, fake_llm):
    handler, _seen = model_answers(
        "I have lived on Maple Street for thirty-one years and raised three children here."
    )
    fake_llm(handler)
    chain = run(world.student, LETTER, engine="llm")
    url = f"/api/v1/chains/{chain.pk}/corrections/"
    body = {"sentence": THESIS, "role": "claim"}
    assert api_as(world.classmate).post(url, body, format="json").status_code == 404
    assert api_as(world.teacher).post(url, body, format="json").status_code == 404
    assert api_as(None).post(url, body, format="json").status_code in (401, 403)
    response = api_as(world.student).post(url, body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "complete"


def test_a_chain_your_own_ai_runs_is_corrected_but_not_run_by_the_server(world):
    chain = chain_services.chain_create(
        owner=world.student, query="Letter", source_text=LETTER, engine="manual"
    )
    response = api_as(world.student).post(
        f"/api/v1/chains/{chain.pk}/corrections/", {"sentence": 3, "role": "claim"}, format="json"
    )
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["next_phase"]) == ("in_progress", 1)
    assert response.json()["claim"] is None  # your AI runs it, told the owner's claim
    assert chain.attempts.count() == 0


# -- the domain rules, without the database ------------------------------------------------


def test_owner_roles_kept_puts_each_given_sentence_in_its_part():
    given = {
        "claim": ["Therefore, the lot should become a park."],
        "data": ["The lot is empty."],
        "warrant": ["Children who have a park nearby play outside more often."],
        "rebuttal": ["Some neighbours want parking."],
    }
    one = owner_roles_kept(1, b.PHASE_OUTPUTS[1](), given)
    assert one["claim"]["statement"] == "The lot should become a park."
    assert one["data"]["facts"][-1] == "The lot is empty."
    two = owner_roles_kept(2, b.PHASE_OUTPUTS[2](), given)
    assert two["warrant"]["principle"] == given["warrant"][0]
    three = owner_roles_kept(3, b.PHASE_OUTPUTS[3](), given)
    assert three["rebuttal"]["exceptions"][-1] == "Some neighbours want parking."
    assert owner_roles_kept(1, b.PHASE_OUTPUTS[1](), {}) == b.PHASE_OUTPUTS[1]()
    assert owner_roles_kept(1, {"claim": 3}, given) == {"claim": 3}  # refused later


def test_qualifier_held_never_raises_and_keeps_a_qualifier_already_below():
    out = b.PHASE_OUTPUTS[3]()  # 75%, presumably
    assert qualifier_held(out, None) == out
    assert qualifier_held(out, 0.8) == out
    held = qualifier_held(out, 0.6)["qualifier"]
    assert held["confidence_pct"] == 60 and held["degree"] != "certainly"


# -- the confidence shown for a stated rule and a named source ------------------------------


def test_rules_and_sources_are_shown_less_sure_in_a_long_text_than_in_a_short_one():
    """Measured on the tuning data (evaluations.trust.parts): in an essay, a letter or a short
    post a sentence read as a named source is right most of the time and a stated rule about
    half; in a long web text (more than LONG_TEXT sentences) a rule is right a quarter of the
    time at most and a source under half. The same sentences are shown at the value for the
    text's length, never "likely" in a long one; a rule in everyday words less sure than one
    with a marker."""
    from arguments.domain.confidence import (
        LONG_TEXT,
        MARKED_RULE,
        NAMED_SOURCE,
        OTHER_RULE,
        sentence_parts,
    )
    from arguments.domain.reading import LIKELY_CLAIM

    text = (
        "The council should keep the youth centre open. "
        "A 2021 survey by the Youth Sports Trust found that such centres draw teenagers off "
        "the streets. "
        "Young people who have somewhere to go stay out of trouble."
    )
    # the same argument with a long account of the centre's days after it
    days = " ".join(
        f"On day {n} of the holidays the hall was painted in colour number {n}."
        for n in range(1, LONG_TEXT)
    )
    short = {p.role: p.confidence for p in sentence_parts("", text, sentence_roles())}
    long = {p.role: p.confidence for p in sentence_parts("", f"{text} {days}", sentence_roles())}
    assert short["backing"] == NAMED_SOURCE.short and short["warrant"] == OTHER_RULE.short
    assert long["backing"] == NAMED_SOURCE.long and long["warrant"] == OTHER_RULE.long
    assert long["backing"] < short["backing"] and long["warrant"] < short["warrant"]
    assert max(MARKED_RULE.long, OTHER_RULE.long, NAMED_SOURCE.long) < LIKELY_CLAIM
    assert OTHER_RULE.short < MARKED_RULE.short and OTHER_RULE.long < MARKED_RULE.long


def test_a_spanish_verdict_is_held_to_the_claim_reading_and_says_so(world):
    from arguments.domain.wording import read_said
    from arguments.offline import analyzer_phase

    components: dict = {}
    for phase in (1, 2, 3):
        out = analyzer_phase(
            phase,
            query="Carta al director",
            source_text=CARTA,
            components=components,
            pinned={THESIS: "claim"},
            claim_confidence=0.3,
        )
        components |= out.model_dump(mode="json")
    assert components["qualifier"]["confidence_pct"] <= 30
    said = read_said(components["qualifier"]["rationale"])
    assert said is not None and said.key == "qualifier.rationale_rules_only_capped"


def test_a_marked_objection_is_shown_no_surer_than_measured():
    """A concession read as a rebuttal was an annotated rebuttal 6 times in 50 on the web
    texts: it is not shown at 80% any more, only as sure as the measure (or the model)."""
    from arguments.domain.confidence import MARKED_OBJECTION, sentence_parts

    text = (
        "The town should keep the library open on Sundays. "
        "Of course, some people say the staff cost too much. "
        "Families use the library most at weekends."
    )
    parts = {p.role: p.confidence for p in sentence_parts("", text, None)}
    assert parts["rebuttal"] == MARKED_OBJECTION < 0.5
