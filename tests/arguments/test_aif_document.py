"""The AIF documents written out, whole: every node's id, type, text, timestamp and toulmin
fields, and every edge, in order, for a full chain, a terminated one and a coach draft."""

from __future__ import annotations

from datetime import UTC, datetime

from arguments.domain.aif import chain_aif, texts_aif
from arguments.domain.toulmin import evaluate, state_from_json
from tests.arguments import builders as b
from tests.arguments.builders import WEAK_WARRANT_REASON

AT = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
STAMP = "2026-03-04 05:06:07"


def compact(document: dict) -> tuple[list, list]:
    """(id, type, text, toulmin) per node and (id, from, to) per edge; checks the rest."""
    assert document["locutions"] == []
    assert all(n["timestamp"] == STAMP for n in document["nodes"])
    assert all(e["formEdgeID"] is None and len(e) == 4 for e in document["edges"])
    nodes = [(n["nodeID"], n["type"], n["text"], n.get("toulmin")) for n in document["nodes"]]
    edges = [(e["edgeID"], e["fromID"], e["toID"]) for e in document["edges"]]
    return nodes, edges


QUALIFIER = {
    "degree": "presumably",
    "confidence_pct": 75,
    "rationale": "Strong evidence, a weak objection.",
}
VERDICT = {
    "status": "sustained",
    "reasoning": "The data and a strong warrant support the claim; the objection is weak.",
    "final_statement": "Schools should start later.",
}
FULL_NODES = [
    (
        "1",
        "I",
        "Schools should start later in the morning.",
        {"role": "claim", "scope": "general", "qualifier": QUALIFIER, "verdict": VERDICT},
    ),
    ("2", "I", "Teenagers need 8 to 10 hours of sleep a night.", {"role": "datum"}),
    ("3", "I", "Students sleep well.", {"role": "datum"}),
    (
        "4",
        "I",
        "Students who sleep enough learn better than those who do not.",
        {"role": "warrant", "logic_type": "inductive", "strength": "strong"},
    ),
    (
        "5",
        "RA",
        "Default Inference",
        {
            "role": "inference",
            "citations": [{"source": "American Academy of Pediatrics", "reference": "2016 policy"}],
            "evidence_type": "expert",
        },
    ),
    (
        "10",
        "I",
        "Decades of sleep research in adolescents",
        {
            "role": "backing",
            "citations": [
                {"source": "University of Minnesota", "reference": "2014 start-time study"}
            ],
            "strength": "strong",
        },
    ),
    ("11", "RA", "Default Inference", None),
    (
        "14",
        "I",
        "Unless bus schedules cannot be changed.",
        {"role": "rebuttal", "kind": "exception", "strength": "weak"},
    ),
    ("15", "CA", "Default Conflict", None),
    (
        "18",
        "I",
        "A district that moved to 8:30 saw no change.",
        {"role": "rebuttal", "kind": "counterexample", "strength": "weak"},
    ),
    ("19", "CA", "Default Conflict", None),
]
FULL_EDGES = [
    ("6", "2", "5"),
    ("7", "3", "5"),
    ("8", "4", "5"),
    ("9", "5", "1"),
    ("12", "10", "11"),
    ("13", "11", "4"),
    ("16", "14", "15"),
    ("17", "15", "1"),
    ("20", "18", "19"),
    ("21", "19", "1"),
]


def test_a_full_chain_is_the_whole_graph_in_creation_order():
    state = state_from_json(
        "Should schools start later?",
        b.full_chain(
            data=b.data(facts=[*b.data()["facts"], "Students sleep well."]),
            rebuttal=b.rebuttal(counterexamples=["A district that moved to 8:30 saw no change."]),
        ),
    )
    document = chain_aif(state, evaluate(state), created_at=AT)

    assert compact(document) == (FULL_NODES, FULL_EDGES)
    assert document["toulmin"] == {
        "query": "Should schools start later?",
        "status": "complete",
        "termination_reason": "",
    }


def test_a_terminated_chain_carries_its_reason_and_only_the_parts_it_has():
    components = {"data": b.data(), "claim": b.claim(), "warrant": b.warrant(strength="weak")}
    state = state_from_json("Q?", components)
    document = chain_aif(state, evaluate(state), created_at=AT)

    nodes, edges = compact(document)
    assert [(n[0], n[1], (n[3] or {}).get("role")) for n in nodes] == [
        ("1", "I", "claim"),
        ("2", "I", "datum"),
        ("3", "I", "warrant"),
        ("4", "RA", "inference"),
    ]
    assert nodes[0][3] == {"role": "claim", "scope": "general"}  # no qualifier, no verdict
    assert edges == [("5", "2", "4"), ("6", "3", "4"), ("7", "4", "1")]
    assert document["toulmin"] == {
        "query": "Q?",
        "status": "terminated",
        "termination_reason": WEAK_WARRANT_REASON,
    }


def test_a_chain_without_a_claim_has_no_nodes():
    state = state_from_json("Q?", {})
    document = chain_aif(state, evaluate(state), created_at=AT)
    assert compact(document) == ([], [])
    assert document["toulmin"]["status"] == "in_progress"


def draft(**over) -> dict:
    texts = {
        "query": "Homework",
        "claim": " Homework should be optional. ",
        "grounds": ["Pupils score the same.", "  ", "Parents agree."],
        "warrant": " No effect, no duty. ",
        "grounds_backing": " Cooper 2006 ",
        "warrant_backing": " Policy principles ",
        "qualifier": " Probably ",
        "rebuttal": " Unless parents want practice. ",
        **over,
    }
    return texts_aif(**texts, created_at=AT)


def test_a_coach_draft_is_the_whole_graph_trimmed_and_without_blank_grounds():
    assert compact(draft()) == (
        [
            (
                "1",
                "I",
                "Homework should be optional.",
                {"role": "claim", "qualifier_text": "Probably"},
            ),
            ("2", "I", "Pupils score the same.", {"role": "datum"}),
            ("3", "I", "Parents agree.", {"role": "datum"}),
            ("4", "I", "Cooper 2006", {"role": "grounds_backing"}),
            ("5", "RA", "Default Inference", None),
            ("8", "RA", "Default Inference", None),
            ("11", "I", "No effect, no duty.", {"role": "warrant"}),
            ("12", "RA", "Default Inference", None),
            ("17", "I", "Policy principles", {"role": "backing"}),
            ("18", "RA", "Default Inference", None),
            ("21", "I", "Unless parents want practice.", {"role": "rebuttal", "kind": "exception"}),
            ("22", "CA", "Default Conflict", None),
        ],
        [
            ("6", "4", "5"),
            ("7", "5", "2"),
            ("9", "4", "8"),
            ("10", "8", "3"),
            ("13", "2", "12"),
            ("14", "3", "12"),
            ("15", "11", "12"),
            ("16", "12", "1"),
            ("19", "17", "18"),
            ("20", "18", "11"),
            ("23", "21", "22"),
            ("24", "22", "1"),
        ],
    )
    assert draft()["toulmin"] == {"query": "Homework"}


def test_a_draft_without_a_claim_is_an_empty_graph():
    document = draft(claim="  ")
    assert compact(document) == ([], [])
    assert document["toulmin"] == {"query": "Homework"}


def test_a_draft_with_only_a_claim_and_a_warrant_leaves_out_the_empty_parts():
    document = draft(
        grounds=[], grounds_backing="GB", warrant_backing=" ", qualifier=" ", rebuttal="  "
    )
    assert compact(document) == (
        [
            ("1", "I", "Homework should be optional.", {"role": "claim"}),
            ("2", "I", "No effect, no duty.", {"role": "warrant"}),
            ("3", "RA", "Default Inference", None),
        ],
        [("4", "2", "3"), ("5", "3", "1")],
    )


def test_a_draft_with_grounds_only_has_no_warrant_or_backing_nodes():
    document = draft(warrant=" ", grounds_backing="", grounds=["Pupils score the same."])
    nodes, edges = compact(document)
    assert [n[3]["role"] if n[3] else n[1] for n in nodes] == [
        "claim",
        "datum",
        "RA",
        "rebuttal",
        "CA",
    ]
    assert edges == [("4", "2", "3"), ("5", "3", "1"), ("8", "6", "7"), ("9", "7", "1")]
