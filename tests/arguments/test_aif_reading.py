"""How an AIF graph is read as one Toulmin chain: which node is the claim when several could
be, how premises and attackers shared between inferences count once, which nodes are noted as
unused, and where the query comes from."""

from __future__ import annotations

import pytest

from arguments.domain.aif import NOTE_TEXT_MAX, aif_import
from arguments.domain.toulmin import QUERY_MAX, QUERY_MIN, ToulminError

DATUM = {"evidence_type": "statistical", "citations": [{"source": "EEA", "reference": "2024"}]}


def i_node(node_id, text, **toulmin):
    return {
        "nodeID": node_id,
        "text": text,
        "type": "I",
        **({"toulmin": toulmin} if toulmin else {}),
    }


def s_node(node_id, node_type):
    return {"nodeID": node_id, "text": "Default", "type": node_type}


def edge(source, target):
    return {"edgeID": f"{source}>{target}", "fromID": source, "toID": target}


def support(ra, premises, conclusion):
    return [*(edge(p, ra) for p in premises), edge(ra, conclusion)]


def test_the_conclusion_with_the_most_premises_is_the_claim_and_the_other_is_noted():
    # "b" comes first in the document and by id: the premises decide, not the order
    nodes = [
        i_node("b", "Buses should run all night long."),
        i_node("b1", "Night workers have no way home."),
        s_node("ra2", "RA"),
        i_node("z", "Cities should ban cars downtown.", scope="general"),
        i_node("a1", "Downtown air is the worst in the country.", **DATUM),
        i_node("a2", "Traffic deaths doubled downtown last year."),
        s_node("ra1", "RA"),
    ]
    edges = [*support("ra2", ["b1"], "b"), *support("ra1", ["a1", "a2"], "z")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."
    assert imported.notes[0] == {
        "node": "b",
        "text": "Buses should run all night long.",
        "msg": "another conclusion; a chain has one claim, so it is not used",
    }
    assert [n["node"] for n in imported.notes].count("b") == 1


def test_a_third_conclusion_is_noted_too():
    nodes = [i_node("a", "Cities should ban cars downtown.", scope="general")]
    edges = []
    for n, conclusion in enumerate(("a", "a", "b", "c")):
        nodes.append(i_node(f"p{n}", f"Premise number {n} of the graph."))
        nodes.append(s_node(f"ra{n}", "RA"))
        edges += support(f"ra{n}", [f"p{n}"], conclusion)
    nodes += [i_node("b", "Buses should run all night."), i_node("c", "Trams should be free.")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."
    another = [n["node"] for n in imported.notes if n["msg"].startswith("another conclusion")]
    assert sorted(another) == ["b", "c"]


def test_a_premise_with_its_own_support_is_not_a_claim():
    # s supports d1, which supports the claim: d1 is concluded by an RA but supports further.
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general"),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
        i_node("s", "The EEA measured it for ten years."),
        s_node("ra2", "RA"),
    ]
    edges = [*support("ra2", ["s"], "d1"), *support("ra1", ["d1"], "c")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."
    assert not any(n["msg"].startswith("another conclusion") for n in imported.notes)


def test_premises_of_two_inferences_count_once_in_order():
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general"),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        i_node("d2", "Traffic deaths doubled downtown last year."),
        i_node("d3", "Shops downtown lose customers to malls."),
        s_node("ra1", "RA"),
        s_node("ra2", "RA"),
    ]
    edges = [*support("ra1", ["d1", "d2"], "c"), *support("ra2", ["d2", "d3"], "c")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["data"]["facts"] == [
        "Downtown air is the worst in the country.",
        "Traffic deaths doubled downtown last year.",
        "Shops downtown lose customers to malls.",
    ]


def test_an_attacker_of_two_conflicts_counts_once():
    qualifier = {"degree": "probably", "confidence_pct": 65, "rationale": "Two data, one rule."}
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general", qualifier=qualifier),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
        i_node(
            "w",
            "Whatever harms the health of citizens should be banned.",
            role="warrant",
            logic_type="deductive",
            strength="strong",
        ),
        i_node(
            "bk",
            "The WHO guidelines on air quality say so.",
            citations=[{"source": "WHO", "reference": "2021"}],
            strength="strong",
        ),
        s_node("ra2", "RA"),
        i_node("x", "Delivery vans must still reach the shops.", strength="weak"),
        s_node("ca1", "CA"),
        s_node("ca2", "CA"),
    ]
    edges = [
        *support("ra1", ["d1", "w"], "c"),
        *support("ra2", ["bk"], "w"),
        edge("x", "ca1"),
        edge("ca1", "c"),
        edge("x", "ca2"),
        edge("ca2", "c"),
    ]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["rebuttal"]["exceptions"] == [
        "Delivery vans must still reach the shops."
    ]


def test_a_claim_only_attacked_is_found_and_an_attacker_of_an_attacker_is_not_the_claim():
    nodes = [  # the attacker first: it would win a tie
        i_node("x", "Delivery vans must reach the shops."),
        i_node("c", "Cities should ban cars downtown."),
        s_node("ca1", "CA"),
        i_node("y", "Vans can deliver at night instead."),
        s_node("ca2", "CA"),
    ]
    edges = [edge("x", "ca1"), edge("ca1", "c"), edge("y", "ca2"), edge("ca2", "x")]
    # The claim is found (no datum supports it, so the import is refused naming it).
    with pytest.raises(ToulminError, match=r"node c, “Cities should ban cars downtown\.”"):
        aif_import({"nodes": nodes, "edges": edges})


def test_a_node_a_chain_has_no_place_for_is_noted_by_its_type():
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general"),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
        s_node("l1", "L"),
        {"nodeID": "l2", "type": "L"},  # no text at all
    ]
    imported = aif_import({"nodes": nodes, "edges": support("ra1", ["d1"], "c")})
    assert imported.notes[-2:] == [
        {
            "node": "l1",
            "text": "Default",
            "msg": "L-node not used: a Toulmin chain has no place for it",
        },
        {"node": "l2", "text": "", "msg": "L-node not used: a Toulmin chain has no place for it"},
    ]


def test_a_long_note_text_is_cut_at_a_word_without_a_trailing_space():
    # The cut at 79 characters falls just after a space: the space is not kept before "…".
    claim = "x" * (NOTE_TEXT_MAX - 2) + " tail of the claim sentence."
    nodes = [
        i_node("c", claim),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
    ]
    imported = aif_import({"nodes": nodes, "edges": support("ra1", ["d1"], "c")})
    scope_note = next(n for n in imported.notes if n["msg"].startswith("no scope"))
    assert scope_note["text"] == "x" * (NOTE_TEXT_MAX - 2) + "…"


@pytest.mark.parametrize(
    ("asked", "query"),
    [
        ("q" * QUERY_MIN, "q" * QUERY_MIN),
        ("q" * (QUERY_MIN - 1), "Cities should ban cars downtown."),
        ("q" * QUERY_MAX, "q" * QUERY_MAX),
        ("q" * (QUERY_MAX + 1), "Cities should ban cars downtown."),
        (f"  {'q' * QUERY_MIN}  ", "q" * QUERY_MIN),
    ],
)
def test_the_query_is_the_documents_within_bounds_else_the_claims(asked, query):
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general"),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
    ]
    document = {"nodes": nodes, "edges": support("ra1", ["d1"], "c"), "toulmin": {"query": asked}}
    assert aif_import(document).query == query


def test_a_role_or_kind_on_a_warrant_or_backing_node_is_not_a_field_of_the_component():
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general"),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
        i_node(
            "w",
            "Whatever harms the health of citizens should be banned.",
            role="warrant",
            kind="rule",
            logic_type="deductive",
            strength="strong",
        ),
        i_node(
            "bk",
            "The WHO guidelines on air quality say so.",
            role="backing",
            kind="source",
            citations=[{"source": "WHO", "reference": "2021"}],
            strength="strong",
        ),
        s_node("ra2", "RA"),
    ]
    edges = [*support("ra1", ["d1", "w"], "c"), *support("ra2", ["bk"], "w")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["warrant"] == {
        "principle": "Whatever harms the health of citizens should be banned.",
        "logic_type": "deductive",
        "strength": "strong",
    }
    assert "kind" not in imported.components["backing"]
    assert "role" not in imported.components["backing"]


def test_support_in_a_circle_through_rephrasings_is_refused():
    nodes = [
        i_node("c", "Cities should ban cars downtown."),
        i_node("d", "Downtown air is the worst."),
        s_node("ma1", "MA"),
        s_node("ma2", "MA"),
    ]
    edges = [edge("c", "ma1"), edge("ma1", "d"), edge("d", "ma2"), edge("ma2", "c")]
    with pytest.raises(ToulminError, match="in a circle: nodes c → ma1 → d → ma2 → c"):
        aif_import({"nodes": nodes, "edges": edges})


def test_a_circle_behind_a_nodes_second_inference_is_found():
    nodes = [
        i_node("c", "Cities should ban cars downtown."),
        i_node("d", "Downtown air is the worst."),
        i_node("e", "Traffic is heavy downtown."),
        s_node("ra1", "RA"),
        s_node("ra2", "RA"),
        s_node("ra3", "RA"),
    ]
    # d supports c (ra1) and e (ra2); e supports d (ra3): the circle is d → ra2 → e → ra3 → d
    edges = [*support("ra1", ["d"], "c"), *support("ra2", ["d"], "e"), *support("ra3", ["e"], "d")]
    with pytest.raises(ToulminError, match="nodes d → ra2 → e → ra3 → d"):
        aif_import({"nodes": nodes, "edges": edges})


def test_a_ladder_of_shared_premises_is_walked_once():
    # Each level's two nodes both support both of the next level's: 2^40 paths, 160 nodes.
    # Walking each node once makes this instant; walking every path would never end.
    nodes = [i_node("top", "Cities should ban cars downtown.", scope="general")]
    edges = []
    below = ["top"]
    for level in range(40):
        pair = [f"n{level}a", f"n{level}b"]
        nodes += [i_node(n, f"Premise {n} of the ladder.") for n in pair]
        for k, conclusion in enumerate(below):
            ra = f"ra{level}{k}"
            nodes.append(s_node(ra, "RA"))
            edges += support(ra, pair, conclusion)
        below = pair
    nodes[2]["toulmin"] = DATUM
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["claim"]["statement"] == "Cities should ban cars downtown."


def base_graph(**claim_marks):
    nodes = [
        i_node("c", "Cities should ban cars downtown.", scope="general", **claim_marks),
        i_node("d1", "Downtown air is the worst in the country.", **DATUM),
        s_node("ra1", "RA"),
    ]
    return nodes, support("ra1", ["d1"], "c")


def test_a_query_that_is_not_text_is_noted_and_the_claim_asked_instead():
    nodes, edges = base_graph()
    imported = aif_import({"nodes": nodes, "edges": edges, "toulmin": {"query": 5}})
    assert imported.query == "Cities should ban cars downtown."
    assert imported.notes[0] == {
        "node": "c",
        "text": "Cities should ban cars downtown.",
        "msg": "toulmin.query is not a text of 5 to 2,000 characters; the claim's text is "
        "the query",
    }


def test_a_query_given_with_spaces_around_it_is_not_noted():
    nodes, edges = base_graph()
    document = {"nodes": nodes, "edges": edges, "toulmin": {"query": "  Ban cars?  "}}
    imported = aif_import(document)
    assert imported.query == "Ban cars?"
    assert not any(n["msg"].startswith("toulmin.query") for n in imported.notes)


WARRANT = {"role": "warrant", "logic_type": "deductive", "strength": "strong"}
BACKING = {"citations": [{"source": "WHO", "reference": "2021"}], "strength": "strong"}


def test_a_second_warrant_and_a_second_backing_are_noted_not_used():
    nodes, edges = base_graph()
    nodes += [
        i_node("w1", "Whatever harms the health of citizens should be banned.", **WARRANT),
        i_node("w2", "Whatever makes streets loud should be limited by law.", **WARRANT),
        i_node("b1", "The WHO guidelines on air quality say so.", **BACKING),
        i_node("b2", "The EU noise directive says so too.", **BACKING),
        s_node("ra2", "RA"),
    ]
    edges += [edge("w1", "ra1"), edge("w2", "ra1"), *support("ra2", ["b1", "b2"], "w1")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["warrant"]["principle"].startswith("Whatever harms")
    assert (
        imported.components["backing"]["authority"] == "The WHO guidelines on air quality say so."
    )
    by_node = {n["node"]: n["msg"] for n in imported.notes}
    assert by_node["w2"] == "a second warrant; a chain has one, so it is not used"
    assert by_node["b2"] == "not imported into the chain"
    assert "b1" not in by_node and "w1" not in by_node


def test_a_qualifier_text_is_noted_only_when_no_qualifier_was_imported():
    nodes, edges = base_graph(qualifier_text="most likely")
    notes = aif_import({"nodes": nodes, "edges": edges}).notes
    assert notes[-1] == {
        "node": "c",
        "text": "Cities should ban cars downtown.",
        "msg": "qualifier_text “most likely” not imported: the chain's qualifier (degree and "
        "confidence) is phase 3, left to you",
    }


def test_a_qualifier_text_beside_an_imported_qualifier_is_not_noted():
    qualifier = {"degree": "probably", "confidence_pct": 65, "rationale": "Two data, one rule."}
    nodes, edges = base_graph(qualifier=qualifier, qualifier_text="most likely")
    nodes += [
        i_node("w1", "Whatever harms the health of citizens should be banned.", **WARRANT),
        i_node("b1", "The WHO guidelines on air quality say so.", **BACKING),
        s_node("ra2", "RA"),
        i_node("x", "Delivery vans must still reach the shops.", strength="weak"),
        s_node("ca", "CA"),
    ]
    edges += [edge("w1", "ra1"), *support("ra2", ["b1"], "w1"), edge("x", "ca"), edge("ca", "c")]
    imported = aif_import({"nodes": nodes, "edges": edges})
    assert imported.components["qualifier"] == qualifier
    assert not any("qualifier_text" in n["msg"] for n in imported.notes)


def test_a_long_claim_without_data_is_quoted_to_eighty_characters():
    claim = "C" * 79 + "DE"  # 81 characters
    with pytest.raises(ToulminError) as refused:
        aif_import(
            {
                "nodes": [i_node("c", claim), i_node("x", "An attacker."), s_node("ca", "CA")],
                "edges": [edge("x", "ca"), edge("ca", "c")],
            }
        )
    assert f"(node c, “{'C' * 79}D”)" in refused.value.message


def test_two_errors_in_the_data_and_claim_are_listed_together():
    nodes = [
        i_node("c", "Too short", scope="general"),
        i_node("d1", "Downtown air is the worst in the country.", evidence_type="gossip"),
        s_node("ra1", "RA"),
    ]
    with pytest.raises(ToulminError) as refused:
        aif_import({"nodes": nodes, "edges": support("ra1", ["d1"], "c")})
    assert refused.value.message.startswith(
        "The data and claim found in the graph break the chain's rules — node d1 "
        "(data.evidence_type): "
    )
    assert "; node c (claim.statement): String should have at least 10 characters" in (
        refused.value.message
    )
