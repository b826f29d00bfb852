"""AIF graphs for the import's tests, and the graphs it must refuse (each with the code and
the path its error names), shared by the domain's tests (test_aif) and the API's
(test_exchange)."""

import pytest

from arguments.domain.aif import AIF_MAX_BYTES


def graph(nodes, edges) -> dict:
    return {"nodes": nodes, "edges": edges, "locutions": []}


CLAIM = {"nodeID": "1", "text": "Cities should ban cars downtown.", "type": "I"}
DATUM = {"nodeID": "2", "text": "Downtown air is the worst.", "type": "I"}
RA = {"nodeID": "3", "text": "Default Inference", "type": "RA"}
SUPPORT = [
    {"edgeID": "e1", "fromID": "2", "toID": "3"},
    {"edgeID": "e2", "fromID": "3", "toID": "1"},
]

MALFORMED = [
    pytest.param("{not json", "INVALID_JSON", "(root)", id="not-json"),
    pytest.param(
        {"nodes": [], "edges": [], "toulmin": "x"}, "INVALID_AIF", "toulmin", id="toulmin-not-obj"
    ),
    pytest.param("[" * 100_000 + "]" * 100_000, "INVALID_JSON", "(root)", id="nested-too-deep"),
    pytest.param("[1, 2]", "INVALID_AIF", "(root)", id="not-an-object"),
    pytest.param({"edges": []}, "INVALID_AIF", "nodes", id="no-nodes"),
    pytest.param({"nodes": {}, "edges": []}, "INVALID_AIF", "nodes", id="nodes-not-a-list"),
    pytest.param(
        graph([{**CLAIM, "nodeID": {"x": 1}}], []), "INVALID_AIF", "nodes.0.nodeID", id="bad-id"
    ),
    pytest.param(
        graph([CLAIM, {**DATUM, "nodeID": "1"}], []), "INVALID_AIF", "nodes.1.nodeID", id="dup-id"
    ),
    pytest.param(graph([{**CLAIM, "type": "Q"}], []), "INVALID_AIF", "nodes.0.type", id="bad-type"),
    pytest.param(
        graph([CLAIM, DATUM, RA], [*SUPPORT[:1], {"edgeID": "e2", "fromID": "3", "toID": "99"}]),
        "INVALID_AIF",
        "edges.1.toID",
        id="unknown-node",
    ),
    pytest.param(
        graph([CLAIM, DATUM], [{"edgeID": "e1", "fromID": "2", "toID": "1"}]),
        "INVALID_AIF",
        "edges.0",
        id="i-to-i",
    ),
    pytest.param(
        graph(
            [CLAIM, DATUM, RA, {**RA, "nodeID": "4"}],
            [
                *SUPPORT,
                {"edgeID": "e3", "fromID": "1", "toID": "4"},
                {"edgeID": "e4", "fromID": "4", "toID": "2"},
            ],
        ),
        "INVALID_AIF",
        "node ",
        id="cycle",
    ),
    pytest.param(graph([CLAIM, DATUM], []), "AIF_NO_CLAIM", "nodes", id="no-claim"),
    pytest.param(
        graph([{**CLAIM, "text": "Is it?"}, DATUM, RA], SUPPORT),
        "INVALID_INPUT",
        "claim.statement",
        id="claim-a-question",
    ),
    pytest.param(
        '{"nodes": [], "edges": [], "pad": "' + "x" * AIF_MAX_BYTES + '"}',
        "AIF_TOO_LARGE",
        "(root)",
        id="too-large",
    ),
]
