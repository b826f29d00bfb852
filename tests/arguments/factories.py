"""Builders of saved chains for tests that need the database."""

from arguments.demo import DEMO_CHAINS
from arguments.models import Chain
from arguments.services import chain_create, chain_submit_phase
from tests.arguments import builders as b

SOURCE = DEMO_CHAINS[0]["source_text"]
QUERY = DEMO_CHAINS[0]["query"]


def make_chain(owner, *, engine="offline", phases=0, query=QUERY, source_text=SOURCE) -> Chain:
    """A chain for ``owner`` with the first ``phases`` phases submitted from the builders."""
    chain = chain_create(owner=owner, query=query, source_text=source_text, engine=engine)
    for phase in range(1, phases + 1):
        chain = chain_submit_phase(chain=chain, phase=phase, payload=b.PHASE_OUTPUTS[phase]())
    return chain
