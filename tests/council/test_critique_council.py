"""The council: calls per run, concurrency, self-critique, synthesis, degraded runs, output."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from council.domain.critique import format_critique_output
from council.domain.critique.adjustments import apply_adjustments, validate_adjustments
from council.domain.critique.agents import self_critique_result
from council.domain.critique.schemas import Adjustment, CritiqueNode, SelfCritiqueReply
from council.domain.critique.synthesis import rank_points
from council.services.critique_council import run_critique_council
from toulmini_site.llm.client import LLMTimeout, LLMUnavailable
from toulmini_site.llm.fake import FakeClient

AGENTS = ["aristotle", "descartes", "kant", "leibniz", "popper", "russell"]


def _node(node_id, *, claim="A claim", evidence="some quoted words", confidence=0.8, **kw):
    return CritiqueNode(
        id=node_id,
        claim=claim,
        evidence=evidence,
        confidence=confidence,
        severity=kw.get("severity", "Medium"),
        area=kw.get("area", "Clarity"),
    )


# -- the run -----------------------------------------------------------------------------


def test_full_council_at_depth_three_makes_twenty_five_calls(critique_model, critique_document):
    client = FakeClient(critique_model)
    data = run_critique_council(critique_document, client=client, max_depth=3)

    purposes = [r.purpose for r in client.requests]
    assert purposes.count("council.critique.tree") == 18
    assert purposes.count("council.critique.self") == 6
    assert purposes.count("council.critique.summary") == 1
    assert len(purposes) == 25
    assert set(data["trees"]) == set(AGENTS)
    assert data["degraded"] is False


def test_every_level_of_every_agent_is_one_call(critique_model, critique_document):
    client = FakeClient(critique_model)
    run_critique_council(critique_document, client=client, max_depth=3)

    levels = [
        (r.inputs["agent"], r.inputs["level"])
        for r in client.requests
        if r.purpose == "council.critique.tree"
    ]
    assert sorted(levels) == sorted((a, lv) for a in AGENTS for lv in (1, 2, 3))


def test_the_six_agents_work_concurrently(critique_model, critique_document):
    # Each call waits up to 1 s for six of its kind to be in flight: agents that ran one after
    # another would never get there, and the counts below would stay at 1.
    critique_model.together = {"council.critique.tree": 6, "council.critique.self": 6}
    client = FakeClient(critique_model.measured)
    run_critique_council(critique_document, client=client, max_depth=3)

    # Six tree calls in flight at once: the agents ran side by side (timings are the
    # benchmark's). The six self-critiques run beside the last level, in their own pool.
    assert critique_model.max_in_flight_by_purpose["council.critique.tree"] == 6
    assert critique_model.max_in_flight_by_purpose["council.critique.self"] == 6
    assert len(client.calls) == 25


def test_the_self_critiques_run_beside_the_last_level_and_read_the_levels_above(
    critique_model, critique_document
):
    self_started = threading.Event()
    waited = []

    def last_level_waits_for_the_self_critiques(request):
        if request.purpose == "council.critique.self":
            self_started.set()
        elif request.purpose == "council.critique.tree" and request.inputs["level"] == 3:
            waited.append(self_started.wait(timeout=5))
        return critique_model(request)

    client = FakeClient(last_level_waits_for_the_self_critiques)
    data = run_critique_council(critique_document, client=client, max_depth=3)

    assert waited == [True] * 6  # every third level was still in flight when they started
    reads = [r.inputs for r in client.requests if r.purpose == "council.critique.self"]
    assert len(reads) == 6
    for inputs in reads:
        ids = [n["id"] for n in inputs["own"]]
        ids += [n["id"] for nodes in inputs["others"].values() for n in nodes]
        assert ids and all(i.count(".") <= 1 for i in ids)  # levels 1 and 2 (KANT-1.2)
    assert any(i.count(".") == 1 for i in ids)
    # The third level is in the trees and the points all the same.
    assert data["trees"]["kant"][0]["sub_critiques"][0]["sub_critiques"]
    assert data["degraded"] is False


def test_a_self_critique_adjusts_a_point_while_the_last_level_grows_beneath_it(
    critique_model, critique_document
):
    critique_model.adjust = {
        "kant": [
            {"target_claim_id": "KANT-1.1", "confidence_delta": -0.3, "reasoning": "Overstated"},
            {"target_claim_id": "KANT-1.1.1", "confidence_delta": -0.3, "reasoning": "Leaf"},
        ]
    }
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    middle = data["trees"]["kant"][0]["sub_critiques"][0]
    assert middle["id"] == "KANT-1.1" and middle["confidence"] == 0.5
    # The leaves, which the self-critique did not read, follow the point they look into.
    assert [leaf["confidence"] for leaf in middle["sub_critiques"]] == [0.5, 0.5]
    assert data["trees"]["kant"][0]["sub_critiques"][1]["sub_critiques"][0]["confidence"] == 0.8
    (rejected,) = data["adjustments"]["kant"]["rejected"]
    assert rejected["target_claim_id"] == "KANT-1.1.1"
    assert rejected["reason"] == "unknown claim id"


def test_results_keep_the_council_order_whatever_finishes_first(critique_model, critique_document):
    def slow_first_agents(request):
        order = AGENTS.index(request.inputs.get("agent", "russell"))
        time.sleep(0.02 * (len(AGENTS) - order))  # aristotle slowest, russell fastest
        return critique_model(request)

    data = run_critique_council(
        critique_document, client=FakeClient(slow_first_agents), max_depth=1
    )

    assert list(data["trees"]) == AGENTS
    assert list(data["adjustments"]) == AGENTS


def test_progress_is_reported_on_the_callers_thread(critique_model, critique_document):
    seen_threads, stages, levels = set(), [], set()

    def on_progress(progress):
        seen_threads.add(threading.get_ident())
        stages.append(progress["stage"])
        levels.update(a["level"] for a in progress["agents"].values())

    run_critique_council(
        critique_document, client=FakeClient(critique_model), on_progress=on_progress
    )

    assert seen_threads == {threading.get_ident()}
    tree_threads = {t for purpose, t in critique_model.threads if purpose.endswith(".tree")}
    assert threading.get_ident() not in tree_threads  # the agents ran in the pool
    assert stages[0] == "critique" and stages[-1] == "done"
    assert "self_critique" in stages and "synthesis" in stages
    assert levels >= {1, 2, 3}


def test_self_critique_adjustments_change_the_final_confidence(critique_model, critique_document):
    critique_model.points = 1
    critique_model.adjust = {
        "kant": [{"target_claim_id": "KANT-1", "confidence_delta": -0.2, "reasoning": "Overstated"}]
    }
    data = run_critique_council(critique_document, client=FakeClient(critique_model), max_depth=1)

    assert data["trees"]["kant"][0]["confidence"] == 0.6
    assert data["trees"]["popper"][0]["confidence"] == 0.8
    assert data["adjustments"]["kant"]["accepted"][0]["reasoning"] == "Overstated"


def test_a_failed_agent_degrades_the_run_and_is_named(critique_model, critique_document):
    critique_model.fail = lambda r: (
        LLMTimeout("The language model did not answer in time.")
        if r.inputs.get("agent") == "kant"
        else None
    )
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    assert data["degraded"] is True
    assert data["agents_failed"] == ["kant"]
    assert data["failures"][0]["agent"] == "kant"
    assert data["failures"][0]["stage"] == "level 1"
    assert data["trees"]["kant"] == []
    assert data["trees"]["popper"] != []
    assert "Kant failed at level 1" in format_critique_output(data)


def test_a_failed_node_level_names_the_nodes(critique_model, critique_document):
    critique_model.fail = lambda r: (
        LLMUnavailable("The language model server answered 503.")
        if r.inputs.get("agent") == "popper" and r.inputs.get("level") == 3
        else None
    )
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    (failure,) = data["failures"]
    assert failure["stage"] == "level 3"
    assert failure["nodes"] == ["POPPER-1.1", "POPPER-1.2", "POPPER-2.1", "POPPER-2.2"]
    assert data["agents_failed"] == []


def test_a_failed_self_critique_keeps_the_tree_and_degrades(critique_model, critique_document):
    critique_model.fail = lambda r: (
        LLMUnavailable("busy")
        if r.purpose == "council.critique.self" and r.inputs["agent"] == "russell"
        else None
    )
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    assert data["failures"] == [
        {"agent": "russell", "stage": "self-critique", "nodes": [], "error": "busy"}
    ]
    assert data["trees"]["russell"] != []
    assert "russell" not in data["adjustments"]


def test_a_failed_summary_falls_back_to_a_plain_assessment(critique_model, critique_document):
    critique_model.fail = lambda r: (
        LLMUnavailable("busy") if r.purpose == "council.critique.summary" else None
    )
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    assert data["degraded"] is True
    assert data["failures"][-1]["stage"] == "synthesis summary"
    assert data["final_assessment"].startswith("Analysis identified")


def test_no_findings_when_every_agent_ran_and_found_nothing(critique_model, critique_document):
    critique_model.points = 0
    critique_model.summary = "No significant findings."
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    assert data["no_findings"] is True
    assert data["points"] == []
    assert "NO SIGNIFICANT FINDINGS" in format_critique_output(data)


def test_no_findings_is_not_claimed_when_an_agent_failed(critique_model, critique_document):
    critique_model.points = 0
    critique_model.fail = lambda r: (
        LLMUnavailable("down") if r.inputs.get("agent") == "leibniz" else None
    )
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    assert data["points"] == []
    assert data["no_findings"] is False
    assert "NO SIGNIFICANT FINDINGS" not in format_critique_output(data)
    assert "Leibniz failed at level 1: down" in format_critique_output(data)


def test_no_findings_is_not_claimed_when_every_agent_failed(critique_model, critique_document):
    critique_model.fail = lambda r: LLMUnavailable("down")
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    assert data["agents_failed"] == AGENTS
    assert data["no_findings"] is False
    assert "not established" in data["final_assessment"]


def test_a_crashing_agent_is_recorded_without_its_internals(critique_model, critique_document):
    critique_model.fail = lambda r: (
        KeyError("secret internals") if r.inputs.get("agent") == "descartes" else None
    )
    data = run_critique_council(critique_document, client=FakeClient(critique_model))

    failure = data["failures"][0]
    assert (failure["agent"], failure["stage"]) == ("descartes", "critique")
    assert failure["error"] == "internal error (KeyError)"
    assert data["agents_failed"] == ["descartes"]


def test_empty_document_is_refused_before_any_call(critique_model):
    client = FakeClient(critique_model)
    with pytest.raises(ValueError, match="empty"):
        run_critique_council("   \n", client=client)
    assert client.requests == []


# -- adjustments -------------------------------------------------------------------------


def test_adjustment_of_an_unknown_claim_is_rejected_and_logged(caplog):
    caplog.set_level(logging.WARNING)
    result = validate_adjustments(
        agent="kant",
        proposed=[Adjustment(target_claim_id="KANT-9", confidence_delta=0.1)],
        own_ids={"KANT-1"},
        other_owners={},
    )

    assert result["accepted"] == []
    assert result["rejected"][0]["reason"] == "unknown claim id"
    assert [r.getMessage() for r in caplog.records] == [
        "kant: adjustment of 'KANT-9' rejected: unknown claim id"
    ]


def test_a_rejected_adjustment_does_not_stop_the_ones_after_it(caplog):
    caplog.set_level(logging.WARNING)
    reply = SelfCritiqueReply(
        adjustments=[
            Adjustment(target_claim_id="KANT-1", confidence_delta=float("nan")),
            Adjustment(target_claim_id="KANT-2", confidence_delta=0.1),
        ]
    )
    result = self_critique_result(
        "kant", reply, [{"id": "KANT-1"}, {"id": "KANT-2"}], {"popper": [{"id": "POPPER-1"}]}
    )

    assert [(r["target_claim_id"], r["reason"]) for r in result["rejected"]] == [
        ("KANT-1", "delta is not a number")
    ]
    assert [a["target_claim_id"] for a in result["accepted"]] == ["KANT-2"]
    assert [r.getMessage() for r in caplog.records] == [
        "kant: adjustment of 'KANT-1' rejected: delta is not a number"
    ]


def test_adjustment_of_another_agents_claim_is_rejected():
    result = validate_adjustments(
        agent="kant",
        proposed=[Adjustment(target_claim_id="POPPER-1", confidence_delta=-0.1)],
        own_ids={"KANT-1"},
        other_owners={"POPPER-1": "popper"},
    )

    assert result["accepted"] == []
    assert result["rejected"][0]["reason"].startswith("belongs to popper")


@pytest.mark.parametrize(("asked", "applied"), [(0.9, 0.35), (-2.0, -0.35), (0.2, 0.2)])
def test_adjustment_deltas_are_clamped(asked, applied):
    result = validate_adjustments(
        agent="kant",
        proposed=[Adjustment(target_claim_id="KANT-1", confidence_delta=asked)],
        own_ids={"KANT-1"},
        other_owners={},
    )

    (accepted,) = result["accepted"]
    assert accepted["confidence_delta"] == applied
    assert accepted["clamped"] is (asked != applied)


def test_several_adjustments_of_one_claim_still_total_at_most_the_clamp():
    nodes = [_node("KANT-1", confidence=0.5), _node("KANT-2", confidence=0.9)]
    apply_adjustments(
        nodes,
        [
            {"target_claim_id": "KANT-1", "confidence_delta": 0.35},
            {"target_claim_id": "KANT-1", "confidence_delta": 0.35},
            {"target_claim_id": "KANT-2", "confidence_delta": 0.35},
        ],
    )

    assert nodes[0].confidence == 0.85
    assert nodes[1].confidence == 1.0


def test_several_small_adjustments_of_one_claim_add_up():
    nodes = [_node("KANT-1", confidence=0.5)]
    apply_adjustments(
        nodes,
        [
            {"target_claim_id": "KANT-1", "confidence_delta": 0.1},
            {"target_claim_id": "KANT-1", "confidence_delta": 0.15},
        ],
    )

    assert nodes[0].confidence == 0.75


def test_a_level_the_self_critique_did_not_read_follows_its_read_ancestor():
    leaf, other_leaf = _node("KANT-1.1.1", confidence=0.45), _node("KANT-1.2.1", confidence=0.6)
    middle = _node("KANT-1.1", confidence=0.45)
    middle.sub_critiques = [leaf]
    untouched = _node("KANT-1.2", confidence=0.6)
    untouched.sub_critiques = [other_leaf]
    top = _node("KANT-1", confidence=0.7)
    top.sub_critiques = [middle, untouched]
    apply_adjustments(
        [top],
        [
            {"target_claim_id": "KANT-1", "confidence_delta": 0.1},
            {"target_claim_id": "KANT-1.1", "confidence_delta": -0.05},
        ],
        read_depth=2,
    )

    assert (top.confidence, middle.confidence, leaf.confidence) == (0.8, 0.4, 0.4)
    assert (untouched.confidence, other_leaf.confidence) == (0.6, 0.6)


# -- synthesis ---------------------------------------------------------------------------


def test_points_below_the_threshold_are_dropped():
    trees = {
        "kant": [_node("KANT-1", confidence=0.39, evidence="alpha beta")],
        "popper": [_node("POPPER-1", confidence=0.4, evidence="gamma delta", claim="Other")],
    }

    points = rank_points(trees, threshold=0.4)

    assert [p["claim_ids"] for p in points] == [["POPPER-1"]]


def test_near_duplicates_from_different_agents_merge_and_name_both():
    trees = {
        "kant": [_node("KANT-1", claim="The term synergy is undefined", confidence=0.75)],
        "russell": [
            _node(
                "RUSSELL-1",
                claim="Undefined term synergy",
                severity="High",
                confidence=0.5,
                area="Precision",
            )
        ],
    }

    (point,) = rank_points(trees)

    assert point["agents"] == ["kant", "russell"]
    assert point["severity"] == "High"  # the merged point is sure enough for High
    assert point["confidence"] == 0.75
    assert sorted(point["claim_ids"]) == ["KANT-1", "RUSSELL-1"]


def test_different_criticisms_of_different_passages_stay_apart():
    trees = {
        "kant": [_node("KANT-1", claim="Undefined term synergy", evidence="first passage")],
        "russell": [_node("RUSSELL-1", claim="Undefined term synergy", evidence="second one")],
    }

    assert len(rank_points(trees)) == 2


def test_a_child_restating_its_parent_merges_into_one_point():
    parent = _node("KANT-1", claim="Normative claim without principle", evidence="you must go")
    parent.sub_critiques.append(
        _node("KANT-1.1", claim="Normative claim without a principle", evidence="must go")
    )
    parent.sub_critiques.append(
        _node("KANT-1.2", claim="Exception for oneself", evidence="you must", area="Principles")
    )

    points = rank_points({"kant": [parent]})

    assert sorted(p["claim_ids"] for p in points) == [["KANT-1", "KANT-1.1"], ["KANT-1.2"]]


def test_a_child_looking_closer_at_the_same_problem_is_part_of_its_parents_point():
    # The child says something new (where the problem sits), in the parent's area: the tree
    # keeps it, the list of points does not count it twice.
    parent = _node("KANT-1", claim="Normative claim without principle", evidence="you must go")
    parent.sub_critiques.append(
        _node("KANT-1.1", claim="The words at fault are 'must'; state the rule", evidence="must")
    )
    parent.sub_critiques[0].sub_critiques.append(
        _node("KANT-1.1.1", claim="Another angle entirely", evidence="must", area="Logic")
    )

    points = rank_points({"kant": [parent]})

    assert sorted(p["claim_ids"] for p in points) == [["KANT-1", "KANT-1.1"], ["KANT-1.1.1"]]


def test_points_rank_by_confidence_and_severity_only_breaks_ties():
    trees = {
        "kant": [
            _node("KANT-1", claim="low sure", evidence="aaa bbb", severity="Low", confidence=1.0),
            _node(
                "KANT-2",
                claim="crit unsure",
                evidence="ccc ddd",
                severity="Critical",
                confidence=0.5,
            ),
            _node("KANT-3", claim="high mid", evidence="eee fff", severity="High", confidence=0.8),
            _node("KANT-4", claim="med mid", evidence="ggg hhh", severity="Medium", confidence=0.8),
        ]
    }

    assert [p["critique"] for p in rank_points(trees)] == [
        "low sure",
        "high mid",
        "med mid",
        "crit unsure",
    ]


# -- output ------------------------------------------------------------------------------


def test_formatter_lists_points_with_their_agents_and_failures():
    text = format_critique_output(
        {
            "final_assessment": "Two problems.",
            "points": [
                {
                    "area": "Clarity",
                    "critique": "Undefined term.",
                    "severity": "High",
                    "confidence": 0.712,
                    "agents": ["kant", "russell"],
                    "evidence": "synergy",
                    "unverified_quote": True,
                }
            ],
            "no_findings": False,
            "failures": [
                {"agent": "popper", "stage": "level 2", "nodes": ["POPPER-1"], "error": "x"}
            ],
        }
    )

    assert "STATUS: DEGRADED" in text
    assert "[1] AREA: Clarity | SEVERITY: High | CONFIDENCE: 0.71 | AGENTS: Kant, Russell" in text
    assert 'EVIDENCE: "synergy" (NOT FOUND IN DOCUMENT)' in text
    assert "Popper failed at level 2 (POPPER-1): x" in text
    assert "NO SIGNIFICANT FINDINGS" not in text


def test_formatter_says_no_significant_findings_only_for_no_findings():
    found = {"final_assessment": "", "points": [], "no_findings": True}
    empty_but_unsure = {"final_assessment": "", "points": [], "no_findings": False}
    contradictory = {
        "points": [],
        "no_findings": True,
        "failures": [{"agent": "kant", "stage": "level 1", "error": "down"}],
    }

    assert "RESULT: NO SIGNIFICANT FINDINGS." in format_critique_output(found)
    assert "NO SIGNIFICANT FINDINGS" not in format_critique_output(empty_but_unsure)
    assert "STATUS: COMPLETE" in format_critique_output(empty_but_unsure)
    assert "NO SIGNIFICANT FINDINGS" not in format_critique_output(contradictory)


def test_high_severity_needs_a_confident_judge():
    trees = {"russell": [_node("RUSSELL-1", claim="Vague", severity="High", confidence=0.6)]}
    (point,) = rank_points(trees)
    assert (point["severity"], point["confidence"]) == ("Medium", 0.6)
