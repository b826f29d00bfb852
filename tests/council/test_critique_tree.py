"""The critique tree: limits, one call per level, quoted spans, ids and quote checking."""

from __future__ import annotations

import logging
import re

from council.domain.critique import KantAgent
from council.domain.critique.quotes import normalize, quote_in
from council.services.critique_council import execute_reasoning_tree
from tests.council.critique_builders import critique_halves
from toulmini_site.llm.client import LLMUnavailable
from toulmini_site.llm.fake import FakeClient


def _tree(model, document, **kwargs):
    client = FakeClient(model)
    tree = execute_reasoning_tree(agent=KantAgent(), content=document, client=client, **kwargs)
    return tree, client


def _all(tree):
    return [n for top in tree.nodes for n in top.walk()]


def test_tree_makes_one_model_call_per_level(critique_model, critique_document):
    tree, client = _tree(critique_model, critique_document, max_depth=3)

    assert len(client.requests) == 3
    assert [len(r.inputs["targets"]) for r in client.requests] == [1, 2, 4]
    assert [r.inputs["level"] for r in client.requests] == [1, 2, 3]
    assert tree.levels == 3


def test_tree_goes_no_deeper_than_max_depth(critique_model, critique_document):
    tree, client = _tree(critique_model, critique_document, max_depth=2)

    assert len(client.requests) == 2
    depths = {n.id.count(".") + 1 for n in _all(tree)}
    assert depths == {1, 2}
    leaves = [n for n in _all(tree) if n.id.count(".") == 1]
    assert all("stopped:max_depth" in n.flags for n in leaves)


def test_node_ids_follow_the_path_from_the_root(critique_model, critique_document):
    tree, _ = _tree(critique_model, critique_document, max_depth=3)

    ids = [n.id for n in _all(tree)]
    assert ids[:4] == ["KANT-1", "KANT-1.1", "KANT-1.1.1", "KANT-1.1.2"]
    assert "KANT-2.2.1" in ids


def test_a_child_works_on_its_parents_quoted_span(critique_model, critique_document):
    tree, client = _tree(critique_model, critique_document, max_depth=2)

    level_two = client.requests[1].inputs["targets"]
    assert {t["id"]: t["span"] for t in level_two} == {n.id: n.evidence for n in tree.nodes}
    for parent in tree.nodes:
        for child in parent.sub_critiques:
            assert normalize(child.evidence) in normalize(parent.evidence)


def test_branch_below_the_confidence_floor_is_not_decomposed(critique_model, critique_document):
    critique_model.confidence = 0.29
    tree, client = _tree(critique_model, critique_document, confidence_floor=0.3)

    assert len(client.requests) == 1
    assert all("stopped:low_confidence" in n.flags for n in tree.nodes)


def test_branch_at_the_confidence_floor_is_decomposed(critique_model, critique_document):
    critique_model.confidence = 0.3
    _, client = _tree(critique_model, critique_document, confidence_floor=0.3, max_depth=2)

    assert len(client.requests) == 2


def test_atomic_quote_is_not_decomposed(critique_model):
    critique_model.quote = lambda span: [span.split(".")[0]]  # "Short claim here"
    tree, client = _tree(critique_model, "Short claim here. Another one follows it then.")

    assert len(client.requests) == 1
    assert tree.nodes[0].flags == ["stopped:atomic"]


def test_quote_equal_to_its_parent_is_treated_as_atomic(critique_model, critique_document):
    # Level 1 quotes halves of the document; level 2 quotes its parent's whole span again.
    critique_model.quote = lambda span: (
        critique_halves(span) if span == critique_document else [span]
    )
    critique_model.claim = lambda agent, quote, level: f"At level {level}, {agent} objects."
    tree, client = _tree(critique_model, critique_document, max_depth=3)

    assert len(client.requests) == 2
    child = tree.nodes[0].sub_critiques[0]
    assert child.evidence == tree.nodes[0].evidence
    assert "stopped:atomic" in child.flags


def test_agent_can_stop_a_branch(critique_model, critique_document):
    critique_model.decompose = False
    tree, client = _tree(critique_model, critique_document)

    assert len(client.requests) == 1
    assert all("stopped:agent_stopped" in n.flags for n in tree.nodes)


def test_quote_not_in_the_document_lowers_confidence_and_is_flagged(critique_model):
    critique_model.quote = lambda span: ["words the document never contained at all"]
    tree, client = _tree(critique_model, "A document about something else entirely, at length.")

    node = tree.nodes[0]
    assert node.quote_found is False
    assert "quote_not_found" in node.flags
    assert node.confidence == 0.4  # 0.8 halved
    assert "stopped:unverified_quote" in node.flags
    assert len(client.requests) == 1


def test_quote_check_ignores_case_spacing_and_typographic_quotes():
    document = normalize("He said \u201cthe  plan\nworks\u201d \u2014 and left.")

    assert quote_in('"The plan works" - and', document)
    assert quote_in("...he said", document)
    assert not quote_in("the plan fails", document)
    assert not quote_in("   ", document)


def _child_quoting_outside_its_parent(critique_model, document, *, max_depth):
    """One point per level; the child quotes the document's second half, its parent the first."""
    first, second = critique_halves_of(document)
    critique_model.points = 1
    critique_model.quote = lambda span: [first] if span == document else [second]
    return _tree(critique_model, document, max_depth=max_depth)


def test_child_quoting_outside_its_parent_is_penalised(critique_model, critique_document):
    tree, _ = _child_quoting_outside_its_parent(critique_model, critique_document, max_depth=2)

    child = tree.nodes[0].sub_critiques[0]
    assert child.quote_found is True
    assert "quote_outside_parent" in child.flags
    assert child.confidence == 0.64


def test_a_child_quoting_outside_its_parent_is_not_decomposed(critique_model, critique_document):
    tree, client = _child_quoting_outside_its_parent(critique_model, critique_document, max_depth=3)

    child = tree.nodes[0].sub_critiques[0]
    assert child.confidence >= 0.3  # above the floor: only the quote stops it
    assert "stopped:unverified_quote" in child.flags
    assert child.sub_critiques == []
    assert len(client.requests) == 2


def critique_halves_of(text):
    from tests.council.critique_builders import critique_halves

    return critique_halves(text)


def test_failed_level_keeps_the_tree_and_names_the_nodes_it_was_decomposing(
    critique_model, critique_document
):
    critique_model.fail = lambda r: (
        LLMUnavailable("The language model server answered 503.")
        if r.inputs["level"] == 2
        else None
    )
    tree, client = _tree(critique_model, critique_document)

    assert [n.id for n in tree.nodes] == ["KANT-1", "KANT-2"]
    assert all("decomposition_failed" in n.flags for n in tree.nodes)
    assert {n.error for n in tree.nodes} == {
        "Decomposition failed: The language model server answered 503."
    }
    assert len(client.requests) == 2  # the failed level ends the tree: no third call
    (failure,) = tree.failures
    assert (failure.agent, failure.stage, failure.nodes) == (
        "kant",
        "level 2",
        ["KANT-1", "KANT-2"],
    )
    assert "503" in failure.error
    assert not tree.failed  # it produced a tree, so the agent itself did not fail


def test_failed_first_level_fails_the_agent(critique_model, critique_document):
    critique_model.fail = lambda r: LLMUnavailable("down")
    tree, _ = _tree(critique_model, critique_document)

    assert tree.failed
    assert tree.nodes == []
    assert tree.failures[0].stage == "level 1"


def test_answers_for_unknown_targets_are_ignored(critique_model, critique_document, caplog):
    caplog.set_level(logging.INFO, logger="council.domain.critique.tree")

    def reply(request):
        if request.inputs["level"] == 1:
            return critique_model(request)
        return {
            "groups": [
                {"target_id": "KANT-9", "points": [_point("Remote work")]},
                {"target_id": " kant-1 ", "points": [_point("Remote work", decompose=False)]},
            ]
        }

    tree = execute_reasoning_tree(
        agent=KantAgent(), content=critique_document, client=FakeClient(reply), max_depth=2
    )

    assert [c.id for c in tree.nodes[0].sub_critiques] == ["KANT-1.1"]  # matched despite case
    assert tree.nodes[1].sub_critiques == []
    assert [r.getMessage() for r in caplog.records] == [
        "kant answered for unknown target 'KANT-9'; ignored"
    ]


def test_a_mistyped_id_for_the_only_target_still_counts(critique_document, caplog):
    caplog.set_level(logging.INFO, logger="council.domain.critique.tree")
    reply = {"groups": [{"target_id": "Kant-root", "points": [_point("Remote work")]}]}
    client = FakeClient(lambda r: reply if r.inputs["level"] == 1 else {"groups": []})
    tree = execute_reasoning_tree(agent=KantAgent(), content=critique_document, client=client)

    assert [n.evidence for n in tree.nodes] == ["Remote work"]
    assert [r.getMessage() for r in caplog.records] == [
        "kant answered for 'Kant-root'; taken as 'KANT'"
    ]


def test_extra_points_are_trimmed_to_the_limit(critique_document):
    points = [_point("Remote work", decompose=False) for _ in range(9)]
    client = FakeClient(lambda r: {"groups": [{"target_id": "KANT", "points": points}]})
    tree = execute_reasoning_tree(agent=KantAgent(), content=critique_document, client=client)

    assert len(tree.nodes) == 5


def test_extra_children_are_trimmed_to_their_own_limit(critique_model, critique_document):
    def windows(span):
        """Nine different exact quotes of ``span``, each half its words long."""
        found = [m.span() for m in re.finditer(r"\S+", span)]
        size = len(found) // 2
        return [span[found[i][0] : found[i + size - 1][1]] for i in range(9)]

    critique_model.points = 9
    critique_model.quote = windows
    tree, _ = _tree(critique_model, critique_document, max_depth=2)

    assert len(tree.nodes) == 5
    assert [len(n.sub_critiques) for n in tree.nodes] == [3] * 5


def test_severity_is_accepted_in_any_case(critique_document):
    point = {**_point("Remote work", decompose=False), "severity": "critical"}
    client = FakeClient(lambda r: {"groups": [{"target_id": "KANT", "points": [point]}]})
    tree = execute_reasoning_tree(agent=KantAgent(), content=critique_document, client=client)

    assert tree.nodes[0].severity == "Critical"


def test_invalid_model_output_is_corrected_by_retrying(critique_document):
    replies = [
        {"groups": [{"target_id": "KANT", "points": [{**_point("Remote work"), "confidence": 7}]}]},
        {"groups": [{"target_id": "KANT", "points": [_point("Remote work", decompose=False)]}]},
    ]
    client = FakeClient(responses=replies)
    tree = execute_reasoning_tree(agent=KantAgent(), content=critique_document, client=client)

    assert [c.outcome for c in client.calls] == ["invalid_output", "ok"]
    assert tree.nodes[0].confidence == 0.7


def _point(quote, *, decompose=True):
    return {
        "claim": f"About {quote}",
        "evidence": quote,
        "confidence": 0.7,
        "severity": "Medium",
        "decompose": decompose,
    }


def test_a_child_that_repeats_its_parent_word_for_word_is_dropped(
    critique_model, critique_document
):
    # Level 2 answers each parent with its own claim about its own quote, and one new point.
    critique_model.quote = lambda span: (
        critique_halves(span) if span == critique_document else [span, span.split()[0]]
    )
    tree, _ = _tree(critique_model, critique_document, max_depth=2)

    for parent in tree.nodes:
        assert [c.claim for c in parent.sub_critiques] == [
            f"kant objects to: {parent.evidence.split()[0]}"
        ]
        assert all(c.claim != parent.claim for c in parent.sub_critiques)


def test_a_fallacy_in_the_taxonomy_is_kept_and_any_other_name_dropped(
    critique_model, critique_document
):
    def top_node(name: str):
        critique_model.fallacy = name
        tree, _ = _tree(critique_model, critique_document, max_depth=1)
        return tree.nodes[0]

    assert top_node("False Cause").fallacy == "false_cause"
    unknown = top_node("post_hoc_ergo_propter_hoc")
    assert unknown.fallacy == ""
    assert "fallacy_outside_taxonomy" in unknown.flags
    assert "fallacy_outside_taxonomy" not in top_node("").flags


def test_the_model_is_told_the_taxonomy_of_fallacies(critique_model, critique_document):
    _, client = _tree(critique_model, critique_document, max_depth=1)

    system = client.requests[0].messages[0]["content"]
    assert "hasty_generalization:" in system and '"fallacy"' in system


def test_a_failed_level_finishes_the_builder():
    from council.domain.critique.tree import TreeBuilder

    builder = TreeBuilder(agent=KantAgent(), content="Promises must be kept. Always.")
    assert builder.next_level() == 1
    builder.fail("down")
    assert builder.next_level() is None
    assert [f.stage for f in builder.tree.failures] == ["level 1"]


def test_an_empty_quote_neither_overlaps_nor_shares_words_with_another():
    from council.domain.critique.quotes import jaccard, overlaps

    assert overlaps("", "Promises must be kept") is False
    assert overlaps("must be kept", "Promises must be kept") is True
    assert jaccard("", "Promises must be kept") == 0.0
    assert jaccard("Promises kept", "Promises broken") == 1 / 3


def test_an_ellipsis_character_compares_as_three_dots():
    assert normalize("Promises \u2026 kept") == "promises ... kept"
    assert quote_in("Promises\u2026", "We said: promises... and more.")
