"""Every refusal of an AIF document, with its exact code, message and details: what a person
importing a file reads when it cannot be used (test_aif.py checks codes and places only)."""

from __future__ import annotations

import pytest

from arguments.domain.aif import AIF_MAX_BYTES, _node_of, _with_nodes, aif_import
from arguments.domain.toulmin import ToulminError

CLAIM = {"nodeID": "1", "text": "Cities should ban cars downtown.", "type": "I"}
D = {"nodeID": "2", "text": "Downtown air is the worst.", "type": "I"}
RA = {"nodeID": "3", "text": "Default Inference", "type": "RA"}
S = [{"edgeID": "e1", "fromID": "2", "toID": "3"}, {"edgeID": "e2", "fromID": "3", "toID": "1"}]


def g(nodes, edges, **more):
    return {"nodes": nodes, "edges": edges, **more}


CASES = {
    "not-json": "{not json",
    "bytes-not-utf8": b'{"nodes": "\xff"}',
    "nested-too-deep": "[" * 100_000 + "]" * 100_000,
    "not-an-object": "[1, 2]",
    "no-nodes": {"edges": []},
    "no-edges": {"nodes": []},
    "nodes-not-a-list": {"nodes": {}, "edges": []},
    "edges-not-a-list": {"nodes": [], "edges": "x"},
    "locutions-not-a-list": {"nodes": [], "edges": [], "locutions": {}},
    "toulmin-not-an-object": {"nodes": [], "edges": [], "toulmin": "x"},
    "node-not-an-object": g([1], []),
    "node-id-an-object": g([{**CLAIM, "nodeID": {"x": 1}}], []),
    "node-id-a-boolean": g([{**CLAIM, "nodeID": True}], []),
    "node-id-blank": g([{**CLAIM, "nodeID": "  "}], []),
    "node-id-twice": g([CLAIM, {**D, "nodeID": "1"}], []),
    "unknown-node-type": g([{**CLAIM, "type": "Q"}], []),
    "node-type-a-number": g([{**CLAIM, "type": 5}], []),
    "i-node-blank": g([{**CLAIM, "text": "  "}], []),
    "ra-text-a-number": g([{**RA, "text": 5}], []),
    "timestamp-a-number": g([{**CLAIM, "timestamp": 5}], []),
    "node-toulmin-a-list": g([{**CLAIM, "toulmin": []}], []),
    "edge-not-an-object": g([CLAIM], ["x"]),
    "edge-id-missing": g([CLAIM, D, RA], [{"edgeID": None, "fromID": "2", "toID": "3"}]),
    "edge-id-twice": g([CLAIM, D, RA], [S[0], {**S[1], "edgeID": "e1"}]),
    "edge-from-missing": g([CLAIM, D, RA], [{"edgeID": "e1", "toID": "3"}]),
    "edge-from-unknown": g([CLAIM, D, RA], [{"edgeID": "e1", "fromID": "9", "toID": "3"}]),
    "edge-to-itself": g([CLAIM, D, RA], [{"edgeID": "e1", "fromID": "3", "toID": "3"}]),
    "i-node-to-i-node": g([CLAIM, D], [{"edgeID": "e1", "fromID": "2", "toID": "1"}]),
    "two-conclusions": g([CLAIM, D, RA], [*S, {"edgeID": "e3", "fromID": "3", "toID": "2"}]),
    "cycle": g(
        [CLAIM, D, RA, {**RA, "nodeID": "4"}],
        [
            *S,
            {"edgeID": "e3", "fromID": "1", "toID": "4"},
            {"edgeID": "e4", "fromID": "4", "toID": "2"},
        ],
    ),
    "no-claim": g([CLAIM, D], []),
    "claim-too-short": g([{**CLAIM, "text": "Is it?"}, D, RA], S),
    "too-large": '{"nodes": [], "edges": [], "pad": "' + "x" * AIF_MAX_BYTES + '"}',
}


REFUSALS = {
    "edge-from-missing": (
        "INVALID_AIF",
        "edges.0.fromID: fromID must be a non-empty string or an integer.",
        [
            {
                "loc": "edges.0.fromID",
                "msg": "edges.0.fromID: fromID must be a non-empty string or an integer.",
            }
        ],
    ),
    "not-json": (
        "INVALID_JSON",
        "The AIF document is not valid JSON: Expecting property name enclosed in double "
        "quotes at line 1 column 2",
        [
            {
                "loc": "(root)",
                "msg": "invalid JSON: Expecting property name enclosed in double quotes",
            }
        ],
    ),
    "bytes-not-utf8": (
        "INVALID_JSON",
        "The AIF document is not valid JSON: not UTF-8",
        [{"loc": "(root)", "msg": "invalid JSON: not UTF-8"}],
    ),
    "nested-too-deep": (
        "INVALID_JSON",
        "The AIF document is not valid JSON: nested too deeply",
        [{"loc": "(root)", "msg": "invalid JSON: nested too deeply"}],
    ),
    "not-an-object": (
        "INVALID_AIF",
        'An AIF document is a JSON object with "nodes" and "edges" lists.',
        [
            {
                "loc": "(root)",
                "msg": 'An AIF document is a JSON object with "nodes" and "edges" lists.',
            }
        ],
    ),
    "no-nodes": (
        "INVALID_AIF",
        'The AIF document has no "nodes" list.',
        [{"loc": "nodes", "msg": "required"}],
    ),
    "no-edges": (
        "INVALID_AIF",
        'The AIF document has no "edges" list.',
        [{"loc": "edges", "msg": "required"}],
    ),
    "nodes-not-a-list": (
        "INVALID_AIF",
        '"nodes" must be a list.',
        [{"loc": "nodes", "msg": '"nodes" must be a list.'}],
    ),
    "edges-not-a-list": (
        "INVALID_AIF",
        '"edges" must be a list.',
        [{"loc": "edges", "msg": '"edges" must be a list.'}],
    ),
    "locutions-not-a-list": (
        "INVALID_AIF",
        '"locutions" must be a list.',
        [{"loc": "locutions", "msg": '"locutions" must be a list.'}],
    ),
    "toulmin-not-an-object": (
        "INVALID_AIF",
        '"toulmin" must be an object.',
        [{"loc": "toulmin", "msg": '"toulmin" must be an object.'}],
    ),
    "node-not-an-object": (
        "INVALID_AIF",
        "nodes.0: a node must be a JSON object.",
        [{"loc": "nodes.0", "msg": "nodes.0: a node must be a JSON object."}],
    ),
    "node-id-an-object": (
        "INVALID_AIF",
        "nodes.0.nodeID: nodeID must be a non-empty string or an integer.",
        [
            {
                "loc": "nodes.0.nodeID",
                "msg": "nodes.0.nodeID: nodeID must be a non-empty string or an integer.",
            }
        ],
    ),
    "node-id-a-boolean": (
        "INVALID_AIF",
        "nodes.0.nodeID: nodeID must be a non-empty string or an integer.",
        [
            {
                "loc": "nodes.0.nodeID",
                "msg": "nodes.0.nodeID: nodeID must be a non-empty string or an integer.",
            }
        ],
    ),
    "node-id-blank": (
        "INVALID_AIF",
        "nodes.0.nodeID: nodeID must be a non-empty string or an integer.",
        [
            {
                "loc": "nodes.0.nodeID",
                "msg": "nodes.0.nodeID: nodeID must be a non-empty string or an integer.",
            }
        ],
    ),
    "node-id-twice": (
        "INVALID_AIF",
        "Node id '1' is used twice.",
        [{"loc": "nodes.1.nodeID", "msg": "Node id '1' is used twice."}],
    ),
    "unknown-node-type": (
        "INVALID_AIF",
        "Node 1: type 'Q' is not an AIF node type (CA, I, L, MA, PA, RA, TA, YA).",
        [
            {
                "loc": "nodes.0.type",
                "msg": "Node 1: type 'Q' is not an AIF node type (CA, I, L, MA, PA, RA, TA, YA).",
            }
        ],
    ),
    "node-type-a-number": (
        "INVALID_AIF",
        "Node 1: type 5 is not an AIF node type (CA, I, L, MA, PA, RA, TA, YA).",
        [
            {
                "loc": "nodes.0.type",
                "msg": "Node 1: type 5 is not an AIF node type (CA, I, L, MA, PA, RA, TA, YA).",
            }
        ],
    ),
    "i-node-blank": (
        "INVALID_AIF",
        "Node 1: text must be a string and an I-node's may not be empty.",
        [
            {
                "loc": "nodes.0.text",
                "msg": "Node 1: text must be a string and an I-node's may not be empty.",
            }
        ],
    ),
    "ra-text-a-number": (
        "INVALID_AIF",
        "Node 3: text must be a string.",
        [{"loc": "nodes.0.text", "msg": "Node 3: text must be a string."}],
    ),
    "timestamp-a-number": (
        "INVALID_AIF",
        "Node 1: timestamp must be a string.",
        [{"loc": "nodes.0.timestamp", "msg": "Node 1: timestamp must be a string."}],
    ),
    "node-toulmin-a-list": (
        "INVALID_AIF",
        "Node 1: toulmin must be an object.",
        [{"loc": "nodes.0.toulmin", "msg": "Node 1: toulmin must be an object."}],
    ),
    "edge-not-an-object": (
        "INVALID_AIF",
        "edges.0: an edge must be a JSON object.",
        [{"loc": "edges.0", "msg": "edges.0: an edge must be a JSON object."}],
    ),
    "edge-id-missing": (
        "INVALID_AIF",
        "edges.0.edgeID: edgeID must be a non-empty string or an integer.",
        [
            {
                "loc": "edges.0.edgeID",
                "msg": "edges.0.edgeID: edgeID must be a non-empty string or an integer.",
            }
        ],
    ),
    "edge-id-twice": (
        "INVALID_AIF",
        "Edge id 'e1' is used twice.",
        [{"loc": "edges.1.edgeID", "msg": "Edge id 'e1' is used twice."}],
    ),
    "edge-from-unknown": (
        "INVALID_AIF",
        "Edge e1: fromID '9' is not the id of any node.",
        [{"loc": "edges.0.fromID", "msg": "Edge e1: fromID '9' is not the id of any node."}],
    ),
    "edge-to-itself": (
        "INVALID_AIF",
        "Edge e1 joins node 3 to itself.",
        [{"loc": "edges.0", "msg": "Edge e1 joins node 3 to itself."}],
    ),
    "i-node-to-i-node": (
        "INVALID_AIF",
        "Edge e1 joins I-nodes 2 and 1 directly; AIF relates I-nodes only "
        "through RA, CA, MA or PA nodes.",
        [
            {
                "loc": "edges.0",
                "msg": "Edge e1 joins I-nodes 2 and 1 directly; AIF relates I-nodes "
                "only through RA, CA, MA or PA nodes.",
            }
        ],
    ),
    "two-conclusions": (
        "INVALID_AIF",
        "RA-node 3 has 2 conclusions (1, 2); an inference concludes one node.",
        [
            {
                "loc": "node 3",
                "msg": "RA-node 3 has 2 conclusions (1, 2); an inference concludes one node.",
            }
        ],
    ),
    "cycle": (
        "INVALID_AIF",
        "The graph supports itself in a circle: nodes 1 → 4 → 2 → 3 → 1.",
        [
            {
                "loc": "node 1",
                "msg": "The graph supports itself in a circle: nodes 1 → 4 → 2 → 3 → 1.",
            }
        ],
    ),
    "no-claim": (
        "AIF_NO_CLAIM",
        "The graph has no claim: no I-node is concluded by an RA-node (or attacked by a "
        "CA-node) without itself supporting or attacking another node.",
        [{"loc": "nodes", "msg": "no claim"}],
    ),
    "claim-too-short": (
        "INVALID_INPUT",
        "The data and claim found in the graph break the chain's rules — node 1 "
        "(claim.statement): String should have at least 10 characters",
        [
            {
                "loc": "claim.statement",
                "msg": "String should have at least 10 characters",
                "node": "1",
            }
        ],
    ),
    "too-large": (
        "AIF_TOO_LARGE",
        "The AIF document is 2,097,189 bytes; at most 2,097,152 are accepted.",
        [
            {
                "loc": "(root)",
                "msg": "The AIF document is 2,097,189 bytes; at most 2,097,152 are accepted.",
            }
        ],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_refusal_says_exactly_what_is_wrong_and_where(case):
    with pytest.raises(ToulminError) as caught:
        aif_import(CASES[case])

    code, message, details = REFUSALS[case]
    assert (caught.value.code, caught.value.message, caught.value.details) == (
        code,
        message,
        details,
    )


def test_a_missing_list_is_named_as_missing():
    with pytest.raises(ToulminError) as caught:
        aif_import({"nodes": []})
    assert caught.value.missing == ["edges"]


def test_integer_ids_name_the_same_nodes_as_strings():
    nodes = [{**node, "nodeID": int(node["nodeID"])} for node in (CLAIM, D, RA)]
    edges = [{"edgeID": 7, "fromID": 2, "toID": 3}, {"edgeID": 8, "fromID": 3, "toID": 1}]
    imported = aif_import(g(nodes, edges))
    assert imported.components["claim"]["statement"] == CLAIM["text"]
    assert imported.components["data"]["facts"] == [D["text"]]


def test_ids_and_texts_are_trimmed():
    nodes = [{**CLAIM, "nodeID": " 1 ", "text": "  " + CLAIM["text"] + "\n"}, D, RA]
    imported = aif_import(g(nodes, S))
    assert imported.components["claim"]["statement"] == CLAIM["text"]


# -- what an import notes ----------------------------------------------------------------------
def test_only_the_first_node_marked_as_the_claim_is_used_and_each_other_is_noted():
    marked = {"toulmin": {"role": "claim"}}
    nodes = [
        {**CLAIM, **marked},
        D,
        RA,
        {"nodeID": "4", "text": "A second claim, marked as one.", "type": "I", **marked},
        {"nodeID": "5", "text": "A third claim, marked as one.", "type": "I", **marked},
    ]
    imported = aif_import(g(nodes, S))
    second = "a second node marked as the claim; only the first is used"
    assert [n for n in imported.notes if n["node"] in ("4", "5")] == [
        {"node": "4", "text": "A second claim, marked as one.", "msg": second},
        {"node": "5", "text": "A third claim, marked as one.", "msg": second},
    ]


@pytest.mark.parametrize(
    ("length", "shown"),
    [(80, "x" * 80), (81, "x" * 79 + "…")],
)
def test_a_notes_text_is_cut_past_eighty_characters(length, shown):
    nodes = [CLAIM, D, RA, {"nodeID": "9", "text": "x" * length, "type": "I"}]
    imported = aif_import(g(nodes, S))
    assert {"node": "9", "text": shown, "msg": "not imported into the chain"} in imported.notes


def test_a_circle_is_found_after_a_part_of_the_graph_already_walked():
    nodes = [
        CLAIM,
        D,
        RA,
        {"nodeID": "4", "text": "A premise in a circle.", "type": "I"},
        {"nodeID": "5", "text": "Default Inference", "type": "RA"},
        {"nodeID": "6", "text": "Another premise in it.", "type": "I"},
        {"nodeID": "7", "text": "Default Inference", "type": "RA"},
    ]
    circle = [
        {"edgeID": "c1", "fromID": "4", "toID": "5"},
        {"edgeID": "c2", "fromID": "5", "toID": "6"},
        {"edgeID": "c3", "fromID": "6", "toID": "7"},
        {"edgeID": "c4", "fromID": "7", "toID": "4"},
    ]
    with pytest.raises(ToulminError) as caught:
        aif_import(g(nodes, [*S, *circle]))
    assert caught.value.message == "The graph supports itself in a circle: nodes 4 → 5 → 6 → 7 → 4."


def test_a_scheme_node_needs_no_text():
    ra_without_text = {"nodeID": "3", "type": "RA"}
    imported = aif_import(g([CLAIM, D, ra_without_text], S))
    assert imported.components["data"]["facts"] == [D["text"]]


# -- which node an error names ---------------------------------------------------------------
ROLES = {
    "data": ["d1", "d2"],
    "claim": ["c"],
    "rebuttal": ["x1", "k1", "x2"],
}


@pytest.mark.parametrize(
    ("loc", "node"),
    [
        ("data.facts.1", "d2"),
        ("data.facts.0", "d1"),
        ("data.facts.7", "d1"),  # past the list: the part's first node
        ("data.facts.2", "d1"),  # one past the last
        ("data.facts", "d1"),  # the list itself
        ("(root)", ""),
        ("data.citations.0.source", "d1"),
        ("rebuttal.exceptions.1", "x1"),  # the rebuttal's first node: only data have indexes
        ("claim.statement", "c"),
        ("warrant.strength", ""),  # a part with no node
        ("data.facts.x", "d1"),
    ],
)
def test_an_error_names_the_node_its_field_came_from(loc, node):
    assert _node_of(loc, ROLES) == node


def test_an_error_without_details_is_placed_at_the_root():
    error = ToulminError("Broken.", code="INVALID_INPUT")
    assert _with_nodes(error, ROLES) == [{"loc": "(root)", "msg": "Broken."}]
    detailed = ToulminError(
        "Broken.", code="INVALID_INPUT", details=[{"loc": "claim.scope", "msg": "bad"}]
    )
    assert _with_nodes(detailed, ROLES) == [{"loc": "claim.scope", "msg": "bad", "node": "c"}]


def test_a_claim_with_no_datum_is_refused_quoting_the_claim():
    with pytest.raises(ToulminError) as caught:
        aif_import(g([CLAIM, RA], [{"edgeID": "e1", "fromID": "3", "toID": "1"}]))
    assert caught.value.message == (
        "The graph's claim (node 1, “Cities should ban cars downtown.”) has no datum supporting "
        "it: a chain needs a claim and its data."
    )


def test_a_document_of_exactly_the_byte_limit_is_read():
    head, tail = '{"nodes": [], "edges": [], "pad": "', '"}'
    document = head + "x" * (AIF_MAX_BYTES - len(head) - len(tail)) + tail
    assert len(document.encode()) == AIF_MAX_BYTES
    with pytest.raises(ToulminError) as refused:
        aif_import(document)
    assert refused.value.code == "AIF_NO_CLAIM"  # read and parsed, not refused as too large
    with pytest.raises(ToulminError) as refused:
        aif_import(document.replace('"pad": "', '"pad": "x'))
    assert refused.value.code == "AIF_TOO_LARGE"
