"""AIF export and import: how long a chain takes each way, and a graph at the 2 MB limit.

Run: ``.venv/bin/python -m benchmarks.aif``. Pure domain code: no database, no server.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime

from arguments.domain.aif import AIF_MAX_BYTES, aif_import, chain_aif
from arguments.domain.argdown import chain_argdown
from arguments.domain.toulmin import evaluate, state_from_json
from benchmarks.harness import small

CHAIN = {
    "data": {
        "facts": [f"Fact number {i} about school start times." for i in range(5)],
        "citations": [{"source": "A survey", "reference": "Table 2"}],
        "evidence_type": "statistical",
    },
    "claim": {"statement": "Schools should start later in the morning.", "scope": "general"},
    "warrant": {
        "principle": "Students who sleep enough learn better than those who do not.",
        "logic_type": "inductive",
        "strength": "strong",
    },
    "backing": {
        "authority": "Decades of sleep research",
        "citations": [{"source": "University of Minnesota", "reference": "2014"}],
        "strength": "strong",
    },
    "rebuttal": {"exceptions": ["Unless buses cannot move."], "strength": "weak"},
    "qualifier": {"degree": "presumably", "confidence_pct": 75, "rationale": "Good evidence."},
    "verdict": {
        "status": "sustained",
        "reasoning": "The data and a strong warrant support the claim; the objection is weak.",
        "final_statement": "Schools should start later.",
    },
}


def big_graph() -> str:
    """A flat argument just under the limit: one claim, one RA, thousands of premises."""
    nodes = [
        {"nodeID": "c", "text": "Cities should ban cars downtown.", "type": "I"},
        {"nodeID": "ra", "text": "Default Inference", "type": "RA"},
    ]
    edges = [{"edgeID": "e-c", "fromID": "ra", "toID": "c"}]
    document = {"nodes": nodes, "edges": edges, "locutions": []}
    size = len(json.dumps(document))  # grown by each item's own length: dumping it whole
    i = 0  # each time took minutes at 2 MB
    while True:
        node = {"nodeID": f"p{i}", "text": f"Premise {i} about traffic.", "type": "I"}
        edge = {"edgeID": f"e{i}", "fromID": f"p{i}", "toID": "ra"}
        grown = size + len(json.dumps(node)) + len(json.dumps(edge)) + 4  # two ", "
        if grown >= AIF_MAX_BYTES - 300:
            break
        nodes.append(node)
        edges.append(edge)
        size = grown
        i += 1
    text = json.dumps(document)
    assert len(text) == size, (len(text), size)
    return text


def timed(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    state = state_from_json("Should schools start later?", CHAIN)
    evaluation = evaluate(state)
    at = datetime(2026, 1, 1, tzinfo=UTC)
    document = json.dumps(chain_aif(state, evaluation, created_at=at))
    figures = {
        "AIF export of a complete chain": lambda: chain_aif(state, evaluation, created_at=at),
        "Argdown export of the same": lambda: chain_argdown(state, evaluation),
        "AIF import of it (round trip)": lambda: aif_import(document),
    }
    for label, run in figures.items():
        print(f"{label + ':':<34}{timed(run, 10 if small() else 200):.2f} ms median")
    big = big_graph()
    nodes = len(json.loads(big)["nodes"])
    print(
        f"AIF import at the limit ({len(big.encode()):,} bytes, {nodes:,} nodes): "
        f"{timed(lambda: aif_import(big), 1 if small() else 3):.0f} ms median"
    )


if __name__ == "__main__":
    main()
