"""A chain the user's own AI runs (copied prompts, MCP) is weighed as a server model's is,
with no model call of ours: a phase 1 whose claim the offline reader doubts is kept as an
attempt and the chain asks which sentence is the claim, the AI's first; the owner's pick
sends it back to phase 1 with a prompt that tells the AI, and the answer pasted back keeps
the pick; a qualifier surer than the reader is of the claim is held down."""

from __future__ import annotations

import pytest

from arguments import services as chain_services
from arguments.domain.confidence import CLAIM_SURE
from arguments.models import Chain, PhaseAttempt
from tests.arguments import builders as b
from tests.classrooms.builders import api_as, build_world

# A letter whose first sentence is a personal detail and whose conclusion comes last.
LETTER = (
    "I grew up on Harbour Road and still swim off its slipway every summer morning. "
    "The port authority wants to fence off the slipway for cargo parking. "
    "Families from three streets use it as their only way into the sea. "
    "The slipway must stay open to the public."
)
PERSONAL, THESIS = 0, 3
PERSONAL_CLAIM = "I grew up on Harbour Road and still swim off its slipway every summer morning."
THESIS_CLAIM = "The slipway must stay open to the public."
SURE = (
    "Secondary schools should start later in the morning. "
    "Teenagers need eight to ten hours of sleep, and most get fewer on school nights. "
    "In general, students who sleep enough learn better and are safer on the road."
)


def phase_one(claim: str) -> dict:
    return {"data": b.data(), "claim": b.claim(statement=claim)}


@pytest.fixture
def world(db):
    return build_world()


def own_ai_chain(owner, text: str = LETTER, engine: str = "manual") -> Chain:
    return chain_services.chain_create(
        owner=owner, query="Letter to the editor", source_text=text, engine=engine
    )


@pytest.mark.parametrize("engine", ["manual", "mcp"])
def test_a_doubtful_claim_from_your_own_ai_is_asked_about_not_taken(world, engine):
    chain = own_ai_chain(world.student, engine=engine)
    chain = chain_services.chain_submit_phase(
        chain=chain, phase=1, payload=phase_one(PERSONAL_CLAIM)
    )
    assert chain.awaiting_claim and chain.claim is None and chain.next_phase == 1
    first, *others = chain.claim_candidates
    assert (first["index"], first.get("model")) == (PERSONAL, True)
    assert first["confidence"] < CLAIM_SURE and THESIS in [c["index"] for c in others]
    kept = PhaseAttempt.objects.get(chain=chain)
    assert (kept.accepted, kept.error_code) == (False, "CLAIM_UNSURE")
    assert PERSONAL_CLAIM in kept.raw_output


def test_the_pick_sends_your_own_ai_back_to_phase_one_with_the_owners_claim(world):
    chain = own_ai_chain(world.student)
    api = api_as(world.student)
    body = {"data": b.data(), "claim": b.claim(statement=PERSONAL_CLAIM)}
    response = api.post(f"/api/v1/chains/{chain.pk}/phases/1/", body, format="json")
    assert response.status_code == 200 and response.json()["claim"] is None
    assert response.json()["claim_candidates"][0]["model"] is True
    response = api.post(
        f"/api/v1/chains/{chain.pk}/corrections/",
        {"sentence": THESIS, "role": "claim"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["next_phase"]) == ("in_progress", 1)
    assert response.json()["claim_candidates"] == []
    prompt = api.get(f"/api/v1/chains/{chain.pk}/prompt/").json()["prompt"]
    assert "owner_marked" in prompt and THESIS_CLAIM in prompt
    # the AI still answers with the personal detail: the owner's claim is kept, not doubted
    response = api.post(f"/api/v1/chains/{chain.pk}/phases/1/", body, format="json")
    assert response.json()["claim"]["statement"] == THESIS_CLAIM
    assert response.json()["next_phase"] == 2 and response.json()["claim_confidence"] is None


def test_the_page_asks_with_your_own_ais_claim_first_and_its_prompt_tells_the_pick(world, client):
    chain = own_ai_chain(world.student)
    chain_services.chain_submit_phase(chain=chain, phase=1, payload=phase_one(PERSONAL_CLAIM))
    client.force_login(world.student)
    page = client.get(chain.get_absolute_url()).content.decode()
    asked = page[page.index('id="claim-doubt"') :]
    assert asked.index("Harbour Road") < asked.index("must stay open")
    response = client.post(
        f"/chains/{chain.pk}/correct/", {"sentence": THESIS, "role": "claim"}, follow=True
    )
    page = response.content.decode()
    assert 'id="claim-doubt"' not in page
    assert "owner_marked" in page and THESIS_CLAIM in page


def test_a_sure_claim_goes_on_and_the_qualifier_is_held_to_it(world):
    chain = own_ai_chain(world.student, text=SURE)
    chain = chain_services.chain_submit_phase(
        chain=chain,
        phase=1,
        payload=phase_one("Secondary schools should start later in the morning."),
    )
    assert chain.next_phase == 2 and chain.claim_candidates == []
    sure = chain.claim_confidence
    assert CLAIM_SURE <= sure < 0.97
    chain = chain_services.chain_submit_phase(chain=chain, phase=2, payload=b.PHASE_OUTPUTS[2]())
    three = {
        "rebuttal": b.rebuttal(),
        "qualifier": b.qualifier(degree="certainly", confidence_pct=97),
    }
    chain = chain_services.chain_submit_phase(chain=chain, phase=3, payload=three)
    assert chain.qualifier["confidence_pct"] == round(100 * sure)


def test_an_invalid_phase_one_is_refused_as_before_not_asked_about(world):
    chain = own_ai_chain(world.student)
    with pytest.raises(chain_services.PhaseRejected):
        chain_services.chain_submit_phase(
            chain=chain, phase=1, payload={"claim": b.claim(statement=PERSONAL_CLAIM)}
        )
    chain.refresh_from_db()
    assert chain.claim_candidates == [] and not chain.awaiting_claim


@pytest.mark.parametrize("who", ["teacher", "co_teacher", "classmate", "outsider", None])
def test_only_the_owner_corrects_a_chain_their_own_ai_runs(world, who):
    chain = own_ai_chain(world.student)
    chain_services.chain_submit_phase(chain=chain, phase=1, payload=phase_one(PERSONAL_CLAIM))
    user = getattr(world, who) if who else None
    response = api_as(user).post(
        f"/api/v1/chains/{chain.pk}/corrections/",
        {"sentence": THESIS, "role": "claim"},
        format="json",
    )
    assert response.status_code == (404 if user else 401) or (
        user is None and response.status_code == 403
    )
    chain.refresh_from_db()
    assert chain.awaiting_claim and not chain.corrections.exists()
