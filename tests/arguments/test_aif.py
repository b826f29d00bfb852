"""AIF out and in, without the database: the mapping, the reader's checks, the round trip."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import arguebuf
import pytest

from arguments.domain.aif import aif_import, chain_aif, texts_aif
from arguments.domain.toulmin import ToulminError, evaluate, state_from_json
from tests.arguments import builders as b
from tests.arguments.aif_cases import CLAIM, DATUM, MALFORMED, RA, SUPPORT, graph

AT = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
QUERY = "Should schools start later?"


def export(**over) -> dict:
    state = state_from_json(QUERY, b.full_chain(**over))
    return chain_aif(state, evaluate(state), created_at=AT)


def export_upto(last: str) -> dict:
    parts = b.full_chain()
    names = list(parts)
    kept = {n: parts[n] for n in names[: names.index(last) + 1]}
    state = state_from_json(QUERY, kept)
    return chain_aif(state, evaluate(state), created_at=AT)


def by_role(document: dict, role: str) -> list[dict]:
    return [n for n in document["nodes"] if n.get("toulmin", {}).get("role") == role]


def edges_into(document: dict, node_id: str) -> list[str]:
    return [e["fromID"] for e in document["edges"] if e["toID"] == node_id]


def node(document: dict, node_id: str) -> dict:
    return next(n for n in document["nodes"] if n["nodeID"] == node_id)


# -- out ----------------------------------------------------------------------------------


def test_a_complete_chain_has_an_i_node_for_each_part_and_the_documented_shape():
    chain = b.full_chain(
        data=b.data(facts=["Teens need 9 hours of sleep.", "Most sleep 7 hours on school days."]),
        rebuttal=b.rebuttal(exceptions=["Unless buses cannot move."], counterexamples=["Town X"]),
    )
    state = state_from_json(QUERY, chain)
    document = chain_aif(state, evaluate(state), created_at=AT)

    assert set(document) >= {"nodes", "edges", "locutions"}
    assert document["locutions"] == []
    texts = {n["text"] for n in document["nodes"] if n["type"] == "I"}
    assert texts == {
        "Teens need 9 hours of sleep.",
        "Most sleep 7 hours on school days.",
        chain["claim"]["statement"],
        chain["warrant"]["principle"],
        chain["backing"]["authority"],
        "Unless buses cannot move.",
        "Town X",
    }
    for item in document["nodes"]:
        assert set(item) >= {"nodeID", "text", "type", "timestamp"}
        assert item["timestamp"] == "2026-03-04 05:06:07"
    for edge in document["edges"]:
        assert set(edge) == {"edgeID", "fromID", "toID", "formEdgeID"}


def test_the_data_and_warrant_support_the_claim_through_one_default_inference():
    document = export()
    claim = by_role(document, "claim")[0]["nodeID"]
    [ra] = edges_into(document, claim)[:1]

    assert node(document, ra) == {**node(document, ra), "type": "RA", "text": "Default Inference"}
    premises = {node(document, p)["toulmin"]["role"] for p in edges_into(document, ra)}
    assert premises == {"datum", "warrant"}


def test_the_backing_supports_the_warrant_through_a_second_inference():
    document = export()
    warrant = by_role(document, "warrant")[0]["nodeID"]
    [ra] = edges_into(document, warrant)

    assert node(document, ra)["type"] == "RA"
    assert [node(document, p)["toulmin"]["role"] for p in edges_into(document, ra)] == ["backing"]


def test_each_rebuttal_attacks_the_claim_through_its_own_conflict_node():
    document = export(rebuttal=b.rebuttal(exceptions=["One", "Two"], counterexamples=["Three"]))
    claim = by_role(document, "claim")[0]["nodeID"]
    conflicts = [n for n in edges_into(document, claim) if node(document, n)["type"] == "CA"]

    assert len(conflicts) == 3
    assert all(node(document, ca)["text"] == "Default Conflict" for ca in conflicts)
    attackers = [node(document, edges_into(document, ca)[0])["text"] for ca in conflicts]
    assert attackers == ["One", "Two", "Three"]


def test_ids_are_unique_and_every_edge_joins_existing_nodes():
    document = export(rebuttal=b.rebuttal(exceptions=["One", "Two"]))
    node_ids = [n["nodeID"] for n in document["nodes"]]
    edge_ids = [e["edgeID"] for e in document["edges"]]

    assert len(set(node_ids + edge_ids)) == len(node_ids) + len(edge_ids)
    for edge in document["edges"]:
        assert {edge["fromID"], edge["toID"]} <= set(node_ids)


def test_qualifier_verdict_and_strengths_are_kept_on_the_nodes():
    document = export()
    claim = by_role(document, "claim")[0]["toulmin"]

    assert claim["qualifier"] == b.qualifier()
    assert claim["verdict"] == b.verdict()
    assert by_role(document, "warrant")[0]["toulmin"]["strength"] == "strong"
    assert by_role(document, "backing")[0]["toulmin"]["citations"] == b.backing()["citations"]
    assert by_role(document, "rebuttal")[0]["toulmin"]["strength"] == "weak"


def test_a_chain_without_a_rebuttal_has_no_conflict_node():
    document = export_upto("backing")

    assert not [n for n in document["nodes"] if n["type"] == "CA"]
    assert len([n for n in document["nodes"] if n["type"] == "RA"]) == 2


# -- a reader we did not write: arguebuf --------------------------------------------------


def test_arguebuf_loads_the_export_with_the_expected_nodes_and_relations():
    document = export(rebuttal=b.rebuttal(exceptions=["Unless buses cannot move."]))
    graph = arguebuf.load.aif(json.loads(json.dumps(document)))

    atoms = {n.id: n.plain_text for n in graph.atom_nodes.values()}
    assert len(atoms) == 5
    schemes = {n.id: n for n in graph.scheme_nodes.values()}
    supports = [n for n in schemes.values() if isinstance(n.scheme, arguebuf.Support)]
    attacks = [n for n in schemes.values() if isinstance(n.scheme, arguebuf.Attack)]
    assert (len(supports), len(attacks)) == (2, 1)
    claim = by_role(document, "claim")[0]["nodeID"]
    [attack] = attacks
    assert [n.id for n in graph.outgoing_nodes(attack)] == [claim]
    assert [atoms[n.id] for n in graph.incoming_nodes(attack)] == ["Unless buses cannot move."]
    main = next(s for s in supports if claim in {n.id for n in graph.outgoing_nodes(s)})
    assert {atoms[n.id] for n in graph.incoming_nodes(main)} == {
        b.data()["facts"][0],
        b.warrant()["principle"],
    }


# -- round trip ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "chain",
    [
        pytest.param(b.full_chain(), id="sustained"),
        pytest.param(
            b.full_chain(
                rebuttal=b.rebuttal(strength="absolute", counterexamples=["A district failed"]),
                qualifier=b.qualifier(degree="possibly", confidence_pct=35),
                verdict=b.verdict(
                    status="overruled",
                    reasoning="The absolute exception defeats the data and the warrant here.",
                ),
            ),
            id="overruled",
        ),
        pytest.param(
            b.full_chain(verdict=b.verdict(status="remanded")),
            id="remanded",
        ),
        pytest.param(
            {
                k: v
                for k, v in b.full_chain(warrant=b.warrant(strength="weak")).items()
                if k in ("data", "claim", "warrant", "backing")
            },
            id="stopped-weak-warrant",
        ),
        pytest.param(
            {k: v for k, v in b.full_chain().items() if k in ("data", "claim")},
            id="phase-1-only",
        ),
    ],
)
def test_export_then_import_gives_the_same_components(chain):
    state = state_from_json(QUERY, chain)

    imported = aif_import(json.dumps(chain_aif(state, evaluate(state), created_at=AT)))

    assert imported.query == QUERY
    assert imported.components == {k: v for k, v in state.as_json().items() if v is not None}
    # Nothing is assumed or dropped; at most the next phase is said to be the user's.
    assert all("is left to you" in note["msg"] for note in imported.notes)
    assert len(imported.notes) == (
        0 if state.verdict or evaluate(state).status != "in_progress" else 1
    )


# -- in: graphs we did not write ----------------------------------------------------------


def foreign_graph() -> dict:
    """An AIFdb-style graph: numeric ids, two premises, one attacker, a dialogue node."""
    return {
        "nodes": [
            {"nodeID": 10, "text": "Cities should ban cars downtown.", "type": "I"},
            {"nodeID": 11, "text": "Downtown air is the worst in the city.", "type": "I"},
            {"nodeID": 12, "text": "Car traffic causes most of it.", "type": "I"},
            {"nodeID": 13, "text": "Default Inference", "type": "RA"},
            {"nodeID": 14, "text": "Shops would lose customers.", "type": "I"},
            {"nodeID": 15, "text": "Default Conflict", "type": "CA"},
            {"nodeID": 16, "text": "Bob: cars should go", "type": "L"},
        ],
        "edges": [
            {"edgeID": 1, "fromID": 11, "toID": 13},
            {"edgeID": 2, "fromID": 12, "toID": 13},
            {"edgeID": 3, "fromID": 13, "toID": 10},
            {"edgeID": 4, "fromID": 14, "toID": 15},
            {"edgeID": 5, "fromID": 15, "toID": 10},
        ],
        "locutions": [],
    }


def test_a_foreign_graph_fills_phase_1_and_says_what_it_assumed_and_left_out():
    imported = aif_import(foreign_graph())

    assert imported.query == "Cities should ban cars downtown."
    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."
    assert imported.components["data"]["facts"] == [
        "Downtown air is the worst in the city.",
        "Car traffic causes most of it.",
    ]
    assert set(imported.components) == {"data", "claim"}
    noted = {n["node"] for n in imported.notes}
    assert {"10", "11", "14", "16"} <= noted
    assert any("warrant" in n["msg"] for n in imported.notes if n["node"] == "10")


def test_the_claim_is_the_conclusion_not_a_premise_even_without_markers():
    graph = foreign_graph()
    # 12 now has its own support: a sub-argument; 10 stays the claim.
    graph["nodes"] += [
        {"nodeID": 20, "text": "A city survey counted the cars.", "type": "I"},
        {"nodeID": 21, "text": "Default Inference", "type": "RA"},
    ]
    graph["edges"] += [
        {"edgeID": 6, "fromID": 20, "toID": 21},
        {"edgeID": 7, "fromID": 21, "toID": 12},
    ]

    imported = aif_import(graph)

    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."
    assert any(n["node"] == "20" for n in imported.notes)


def test_only_an_i_node_can_be_marked_as_the_claim():
    graph = foreign_graph()
    graph["nodes"][3]["toulmin"] = {"role": "claim"}  # the RA-node

    imported = aif_import(graph)

    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."


def test_a_later_phase_that_breaks_a_rule_stops_the_import_there_with_the_node_named():
    document = export()
    warrant = by_role(document, "warrant")[0]
    warrant["toulmin"]["strength"] = "enormous"

    imported = aif_import(document)

    assert set(imported.components) == {"data", "claim"}
    assert any(
        n["node"] == warrant["nodeID"] and "warrant.strength" in n["msg"] for n in imported.notes
    )


def test_the_coach_draft_exports_as_aif_and_imports_as_phase_1():
    document = texts_aif(
        query="Homework",
        claim="Homework should be optional in primary school.",
        grounds=["Pupils who skip homework score the same on tests."],
        warrant="When an activity does not change outcomes, it need not be required.",
        grounds_backing="A 2006 meta-analysis by Cooper",
        warrant_backing="Educational policy principles",
        qualifier="Probably",
        rebuttal="Unless parents want practice at home.",
        created_at=AT,
    )

    kinds = [n["type"] for n in document["nodes"]]
    assert kinds.count("I") == 6 and kinds.count("CA") == 1 and kinds.count("RA") == 3
    graph = arguebuf.load.aif(document)
    assert len(graph.atom_nodes) == 6
    imported = aif_import(document)
    assert imported.components["claim"]["statement"] == (
        "Homework should be optional in primary school."
    )
    assert "warrant" not in imported.components  # no strength was ever judged


# -- in: malformed documents --------------------------------------------------------------


@pytest.mark.parametrize(("document", "code", "loc"), MALFORMED)
def test_a_malformed_document_is_refused_naming_what_is_wrong(document, code, loc):
    with pytest.raises(ToulminError) as caught:
        aif_import(document)

    assert caught.value.code == code
    assert caught.value.message
    assert caught.value.details[0]["loc"].startswith(loc)


def test_the_cycle_error_lists_the_nodes_in_the_circle():
    nodes = [CLAIM, DATUM, RA, {**RA, "nodeID": "4"}]
    edges = [
        *SUPPORT,
        {"edgeID": "e3", "fromID": "1", "toID": "4"},
        {"edgeID": "e4", "fromID": "4", "toID": "2"},
    ]

    with pytest.raises(ToulminError) as caught:
        aif_import(graph(nodes, edges))

    assert "1 → 4 → 2 → 3 → 1" in caught.value.message


def test_mutual_conflicts_are_not_a_cycle():
    nodes = [CLAIM, DATUM, RA, {"nodeID": "5", "text": "Shops lose.", "type": "I"}]
    nodes += [{"nodeID": "6", "text": "", "type": "CA"}, {"nodeID": "7", "text": "", "type": "CA"}]
    edges = [
        *SUPPORT,
        {"edgeID": "e3", "fromID": "5", "toID": "6"},
        {"edgeID": "e4", "fromID": "6", "toID": "1"},
        {"edgeID": "e5", "fromID": "1", "toID": "7"},
        {"edgeID": "e6", "fromID": "7", "toID": "5"},
    ]

    imported = aif_import(graph(nodes, edges))

    assert imported.components["claim"]["statement"] == CLAIM["text"]


def test_the_claim_error_names_the_claim_node():
    with pytest.raises(ToulminError) as caught:
        aif_import(graph([{**CLAIM, "text": "Is it?"}, DATUM, RA], SUPPORT))

    assert caught.value.details[0]["node"] == "1"
    assert "node 1" in caught.value.message


# -- in: what the import keeps and what it says ---------------------------------------------


def _supported(claim_text: str, datum_text: str, **document) -> dict:
    return {
        **graph([{**CLAIM, "text": claim_text}, {**DATUM, "text": datum_text}, RA], SUPPORT),
        **document,
    }


def test_line_breaks_inside_a_text_survive_the_round_trip():
    datum = "+ Leading plus and a line\nbreak inside the datum."
    chain = b.full_chain(data=b.data(facts=[datum]))
    state = state_from_json("Should schools start later?", chain)

    imported = aif_import(
        chain_aif(state, evaluate(state), created_at=datetime(2026, 1, 1, tzinfo=UTC))
    )

    assert imported.components["data"]["facts"] == [datum]


def test_a_query_too_long_is_replaced_by_the_claim_with_a_note_naming_it():
    imported = aif_import(
        _supported(CLAIM["text"], DATUM["text"], toulmin={"query": "Why? " * 500})
    )

    assert imported.query == CLAIM["text"]
    [note] = [n for n in imported.notes if "toulmin.query" in n["msg"]]
    assert note["node"] == "1"


def test_a_query_that_fits_is_kept_without_a_note():
    imported = aif_import(_supported(CLAIM["text"], DATUM["text"], toulmin={"query": "Ban cars?"}))

    assert imported.query == "Ban cars?"
    assert not [n for n in imported.notes if "toulmin.query" in n["msg"]]


def test_each_note_names_the_node_by_its_text_shortened():
    long_text = "An unrelated statement that nobody connected to anything at all, " * 3
    loose = {"nodeID": "9", "text": long_text, "type": "I"}
    document = _supported(CLAIM["text"], DATUM["text"])
    document["nodes"].append(loose)

    imported = aif_import(document)

    [note] = [n for n in imported.notes if n["node"] == "9"]
    assert note["text"].startswith("An unrelated statement") and note["text"].endswith("…")
    assert len(note["text"]) <= 80


@pytest.mark.parametrize(
    "nodes, edges",
    [
        pytest.param(
            [CLAIM, {**DATUM, "text": "But cars bring shoppers."}, {"nodeID": "4", "type": "CA"}],
            [
                {"edgeID": "e1", "fromID": "2", "toID": "4"},
                {"edgeID": "e2", "fromID": "4", "toID": "1"},
            ],
            id="only-attacked",
        ),
        pytest.param([CLAIM, RA], [{"edgeID": "e1", "fromID": "3", "toID": "1"}], id="no-premise"),
    ],
)
def test_a_claim_without_a_datum_is_refused_not_imported_empty(nodes, edges):
    with pytest.raises(ToulminError) as caught:
        aif_import(graph([{**n, "text": n.get("text", "Default Conflict")} for n in nodes], edges))

    assert caught.value.code == "AIF_NO_CLAIM"
    assert caught.value.details == [{"loc": "nodes", "msg": "the claim has no datum", "node": "1"}]


def test_a_coach_draft_reimported_cites_its_grounds_backing_and_notes_the_qualifier_text():
    document = texts_aif(
        query="Homework",
        claim="Homework should be optional in primary school.",
        grounds=["Pupils who skip homework score the same on tests."],
        warrant="When an activity does not change outcomes, it need not be required.",
        grounds_backing="A 2006 meta-analysis by Cooper",
        warrant_backing="Educational policy principles",
        qualifier="Probably, in most schools.",
        rebuttal="Unless parents want practice at home.",
        created_at=AT,
    )
    backing_id = next(
        n["nodeID"] for n in document["nodes"] if n["text"] == "A 2006 meta-analysis by Cooper"
    )

    imported = aif_import(document)

    assert imported.components["data"]["citations"] == [
        {"source": "A 2006 meta-analysis by Cooper", "reference": f"I-node {backing_id}"}
    ]
    assert not [n for n in imported.notes if n["node"] == backing_id]
    assert any("Probably, in most schools." in n["msg"] for n in imported.notes)
    # Each node is noted once: the warrant's "phase 2 not filled" is not followed by "unused".
    nodes = [n["node"] for n in imported.notes if "not imported into the chain" in n["msg"]]
    other = [n["node"] for n in imported.notes if "not imported into the chain" not in n["msg"]]
    assert not set(nodes) & set(other)


# -- the data's citations: once, on the inference, not copied onto every datum ----------------


def test_the_data_citations_ride_once_on_the_inference_to_the_claim():
    data = b.data(
        facts=["Teens need 9 hours of sleep.", "Grades rose after the change."],
        citations=[{"source": "National Sleep Survey", "reference": "table 2"}],
    )
    document = export(data=data)
    claim_id = by_role(document, "claim")[0]["nodeID"]
    inference = [n for n in document["nodes"] if n["type"] == "RA" and n.get("toulmin")]

    assert len(inference) == 1
    assert inference[0]["nodeID"] in edges_into(document, claim_id)
    assert inference[0]["toulmin"]["citations"] == data["citations"]
    assert inference[0]["toulmin"]["evidence_type"] == data["evidence_type"]
    assert [n["toulmin"] for n in by_role(document, "datum")] == [{"role": "datum"}] * 2
    assert json.dumps(document).count(json.dumps(data["citations"][0])) == 1


def test_an_earlier_export_with_citations_on_each_datum_still_imports_them():
    data = b.data(facts=["Teens need 9 hours of sleep.", "Grades rose after the change."])
    document = export(data=data)
    for n in document["nodes"]:
        if n["type"] == "RA":
            n.pop("toulmin", None)
    for n in by_role(document, "datum"):
        n["toulmin"] |= {"citations": data["citations"], "evidence_type": "empirical"}

    imported = aif_import(document)

    assert imported.components["data"]["citations"] == data["citations"]
    assert imported.components["data"]["evidence_type"] == "empirical"
