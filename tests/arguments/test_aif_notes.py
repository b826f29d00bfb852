"""What an AIF import tells the user it assumed or left out, note by note, on graphs that
stop at each phase: the node each note names, its text and its message are pinned exactly."""

from __future__ import annotations

from arguments.domain.aif import ASSUMED_CITATION_SOURCE, aif_import

CLAIM_TEXT = "Cities should ban cars downtown."
DATUM_TEXT = "Downtown air is the worst in the country."
WARRANT_TEXT = "Whatever harms the health of citizens should be banned."
BACKING_TEXT = "The WHO guidelines on air quality say so clearly."
EXCEPTION_TEXT = "Delivery vans must still reach the shops downtown."
QUALIFIER = {"degree": "probably", "confidence_pct": 65, "rationale": "Two data, one warrant."}
VERDICT = {
    "status": "sustained",
    "reasoning": "The data and warrant hold against a weak exception.",
    "final_statement": "Cities should ban cars downtown.",
}


def node(node_id, text, node_type="I", **toulmin):
    out = {"nodeID": node_id, "text": text, "type": node_type}
    return {**out, "toulmin": toulmin} if toulmin else out


def edge(source, target):
    return {"edgeID": f"{source}-{target}", "fromID": source, "toID": target}


def note(node_id, text, msg):
    return {"node": node_id, "text": text, "msg": msg}


def graph(*, claim=None, datum=None, warrant=None, backing=None, attacker=None):
    nodes = [
        node("1", CLAIM_TEXT, **(claim or {})),
        node("2", DATUM_TEXT, **(datum or {})),
        node("3", "Default Inference", "RA"),
    ]
    edges = [edge("2", "3"), edge("3", "1")]
    if warrant is not None:
        nodes.append(node("4", WARRANT_TEXT, role="warrant", **warrant))
        edges.append(edge("4", "3"))
    if backing is not None:
        nodes += [node("6", BACKING_TEXT, **backing), node("7", "Default Inference", "RA")]
        edges += [edge("6", "7"), edge("7", "4")]
    if attacker is not None:
        nodes += [node("8", EXCEPTION_TEXT, **attacker), node("9", "Default Conflict", "CA")]
        edges += [edge("8", "9"), edge("9", "1")]
    return {"nodes": nodes, "edges": edges}


def whole_chain(claim: dict, *, attacker: dict) -> object:
    """A graph with every part up to phase 2, the claim's marks and one attacker, imported."""
    return aif_import(
        graph(
            claim={"scope": "specific", **claim},
            datum=DATUM,
            warrant=WARRANT,
            backing=BACKING,
            attacker=attacker,
        )
    )


DATUM = {"evidence_type": "statistical", "citations": [{"source": "EEA", "reference": "2024"}]}
WARRANT = {"logic_type": "deductive", "strength": "strong"}
BACKING = {"citations": [{"source": "WHO", "reference": "2021"}], "strength": "strong"}


def test_a_bare_graph_notes_each_assumption_on_its_node_and_where_the_chain_stops():
    imported = aif_import(graph())
    assert imported.notes == [
        note("2", DATUM_TEXT, "no evidence type given; taken as 'documentary'"),
        note("2", DATUM_TEXT, "no citations given; each datum cites its node in the document"),
        note("1", CLAIM_TEXT, "no scope given; taken as 'general'"),
        note("1", CLAIM_TEXT, "no premise is marked as the warrant: phase 2 is left to you"),
    ]
    assert imported.components["data"]["citations"] == [
        {"source": ASSUMED_CITATION_SOURCE, "reference": "I-node 2"}
    ]


def test_a_warrant_without_backing_is_noted_on_the_warrant():
    imported = aif_import(graph(claim={"scope": "specific"}, datum=DATUM, warrant=WARRANT))
    assert imported.notes == [
        note("4", WARRANT_TEXT, "nothing supports the warrant: phase 2 needs a backing"),
    ]
    assert sorted(imported.components) == ["claim", "data"]


def test_warrant_and_backing_keep_their_fields_without_the_role_or_the_text_field():
    imported = aif_import(
        graph(claim={"scope": "specific"}, datum=DATUM, warrant=WARRANT, backing=BACKING)
    )
    assert imported.notes == [
        note("1", CLAIM_TEXT, "nothing attacks the claim: phase 3 is left to you"),
    ]
    assert imported.components["warrant"] == {"principle": WARRANT_TEXT, **WARRANT}
    assert imported.components["backing"] == {"authority": BACKING_TEXT, **BACKING}


def test_a_principle_field_on_the_warrant_node_does_not_replace_its_text():
    warrant = {**WARRANT, "principle": "Something else entirely, longer than twenty."}
    backing = {**BACKING, "authority": "Someone else entirely, at some length."}
    imported = aif_import(
        graph(claim={"scope": "specific"}, datum=DATUM, warrant=warrant, backing=backing)
    )
    assert imported.components["warrant"]["principle"] == WARRANT_TEXT
    assert imported.components["backing"]["authority"] == BACKING_TEXT


def test_an_attack_without_a_qualifier_is_noted_and_the_attacker_left_unused():
    imported = aif_import(
        graph(
            claim={"scope": "specific"},
            datum=DATUM,
            warrant=WARRANT,
            backing=BACKING,
            attacker={"strength": "weak"},
        )
    )
    assert imported.notes == [
        note("1", CLAIM_TEXT, "the claim carries no qualifier: phase 3 is left to you"),
        note("8", EXCEPTION_TEXT, "not imported into the chain"),
    ]


def test_a_qualifier_without_a_verdict_fills_phase_three_and_notes_phase_four():
    imported = whole_chain({"qualifier": QUALIFIER}, attacker={"strength": "weak"})
    assert imported.notes == [
        note("1", CLAIM_TEXT, "the claim carries no verdict: phase 4 is left to you"),
    ]
    assert imported.components["rebuttal"] == {
        "exceptions": [EXCEPTION_TEXT],
        "counterexamples": [],
        "strength": "weak",
    }
    assert imported.components["qualifier"] == QUALIFIER


def test_a_whole_graph_imports_every_phase_with_no_note():
    imported = whole_chain(
        {"qualifier": QUALIFIER, "verdict": VERDICT}, attacker={"strength": "weak"}
    )
    assert imported.notes == []
    assert imported.components["verdict"] == VERDICT


def test_a_counterexample_alone_is_an_attack_that_phase_three_refuses_without_an_exception():
    imported = whole_chain(
        {"qualifier": QUALIFIER, "verdict": VERDICT},
        attacker={"kind": "counterexample", "strength": "strong"},
    )
    assert imported.notes == [
        note(
            "8",
            EXCEPTION_TEXT,
            "phase 3 not filled — rebuttal.exceptions: List should have at least 1 item after "
            "validation, not 0",
        ),
    ]
    assert "rebuttal" not in imported.components


def test_a_qualifier_outside_its_band_is_noted_on_the_claim_and_phase_three_left_out():
    qualifier = {**QUALIFIER, "confidence_pct": 70}
    imported = whole_chain(
        {"qualifier": qualifier, "verdict": VERDICT}, attacker={"strength": "weak"}
    )
    assert imported.notes == [
        note(
            "1",
            CLAIM_TEXT,
            "phase 3 not filled — qualifier: degree 'probably' needs a confidence of 50-69%, "
            "got 70% (which is 'presumably')",
        ),
        note("8", EXCEPTION_TEXT, "not imported into the chain"),
    ]


def test_a_long_qualifier_text_is_quoted_to_eighty_characters():
    text = "q" * 80 + "TAIL"
    imported = aif_import(graph(claim={"scope": "specific", "qualifier_text": text}, datum=DATUM))
    assert imported.notes[-1]["msg"].startswith(f"qualifier_text “{'q' * 80}” not imported")
