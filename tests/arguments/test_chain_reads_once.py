"""An offline chain run reads its source text once: the three phases that read sentences
(data and claim, warrant and backing, rebuttals and qualifier) share one reading, counted on
every thread by the benchmark's profile hook (``benchmarks.critique_reading``)."""

from __future__ import annotations

import pytest

from arguments.models import Chain
from arguments.services import chain_run
from benchmarks.critique_reading import ReadCounter
from tests.arguments.factories import make_chain

pytestmark = pytest.mark.django_db

SOURCE = (
    "Cities should ban cars from their centres. According to the council's 2023 report, "
    "traffic in the centre doubled in ten years, and the air grew worse with it. In general, "
    "fewer cars mean cleaner air. Of course, some shopkeepers worry about losing customers. "
    "Therefore the city must close the centre to cars."
)


def test_a_chain_run_to_the_end_reads_its_source_text_once(owner):
    chain = make_chain(owner, query="Should cities ban cars?", source_text=SOURCE)
    with ReadCounter(SOURCE) as counter:
        chain = chain_run(chain=chain, until="end")
    assert chain.status == Chain.Status.COMPLETE, chain.termination_reason
    assert counter.calls["sentence reading"] == 1
    assert counter.calls["sentence splitting"] == 1


def test_the_shared_reading_gives_the_chain_each_phase_would_read_on_its_own(owner):
    together = chain_run(
        chain=make_chain(owner, query="Should cities ban cars?", source_text=SOURCE),
        until="end",
    )
    apart = make_chain(owner, query="Should cities ban cars?", source_text=SOURCE)
    for _ in range(4):  # one phase per run: each run makes its own reading
        apart = chain_run(chain=apart, until="next")
    assert together.state().as_json() == apart.state().as_json()
