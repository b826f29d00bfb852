"""The offline philosophers: each finds its own kind of problem, quoting the text."""

from __future__ import annotations

import pytest

from council.domain.critique.offline import deeper, level_one
from council.domain.critique.quotes import normalize
from council.services.critique_council import run_critique_council
from tests.council.texts import SOUND, WEAK
from toulmini_site.llm.offline import OfflineClient


@pytest.mark.parametrize(
    ("agent", "expected"),
    [
        ("popper", "Unfalsifiable framing ('ultimately')"),
        ("descartes", "Foundation asserted as indubitable ('obviously')"),
        ("descartes", "The term 'leverages' is used without definition"),
        ("russell", "Vague quantifier ('many')"),
        ("russell", "Possible contradiction"),
        ("aristotle", "The document states no purpose"),
        ("aristotle", "No empirical grounding"),
        ("kant", "The rule admits an exception ('except')"),
        ("kant", "Normative claim ('should')"),
        ("leibniz", "Conclusion ('Therefore') drawn without a stated sufficient reason"),
    ],
)
def test_each_philosopher_finds_its_own_kind_of_problem(agent, expected):
    findings = level_one(agent, WEAK)

    assert any(f["claim"].startswith(expected) for f in findings), [f["claim"] for f in findings]


@pytest.mark.parametrize(
    "agent", ["aristotle", "descartes", "kant", "leibniz", "popper", "russell"]
)
def test_every_finding_quotes_the_text_verbatim(agent):
    for finding in level_one(agent, WEAK):
        assert finding["evidence"] in WEAK
        for child in deeper(agent, finding["evidence"]):
            assert child["evidence"] in finding["evidence"]


def test_anecdotes_taken_for_a_rule_are_flagged_by_aristotle():
    findings = level_one("aristotle", "The children I have met are all shy. So every child is shy.")

    claims = [f["claim"] for f in findings]
    assert any(c.startswith("Generalisation from personal anecdote ('I have met')") for c in claims)


def test_not_only_is_not_a_claim_of_optimality():
    claims = [f["claim"] for f in level_one("leibniz", "It is not only cheap but also fast.")]

    assert not any("optimality" in c for c in claims)


def test_a_month_named_may_is_not_a_hedge():
    assert level_one("popper", "The vote is on 3 May 2025 and 10 members attend it.") == []


def test_the_offline_council_finds_the_weak_documents_problems():
    data = run_critique_council(WEAK, client=OfflineClient())

    assert data["no_findings"] is False and data["degraded"] is False
    assert {a for p in data["points"] for a in p["agents"]} == {
        "aristotle",
        "descartes",
        "kant",
        "leibniz",
        "popper",
        "russell",
    }
    document = normalize(WEAK)
    nodes = [n for tree in data["trees"].values() for top in tree for n in _walk(top)]
    assert all(normalize(n["evidence"]) in document for n in nodes)
    assert any(n["id"].count(".") == 1 for n in nodes)  # it decomposes below level 1


def test_the_offline_council_finds_nothing_in_a_sound_record():
    data = run_critique_council(SOUND, client=OfflineClient())

    assert data["points"] == []
    assert data["no_findings"] is True
    assert data["final_assessment"].startswith("No significant findings")


def test_the_offline_council_is_deterministic():
    first = run_critique_council(WEAK, client=OfflineClient())
    second = run_critique_council(WEAK, client=OfflineClient())

    assert first == second


def test_without_a_client_the_offline_philosophers_answer():
    assert run_critique_council(SOUND)["no_findings"] is True


def _walk(node):
    yield node
    for child in node["sub_critiques"]:
        yield from _walk(child)


BLOCK = (
    "Our aim is to cut costs. Costs rose 4% in 2023. Staff agree. Managers agree. "
    "Suppliers agree. So costs must fall."
)


@pytest.mark.parametrize(
    ("document", "undivided"),
    [
        (BLOCK, True),  # six sentences, no paragraph, heading or list
        (BLOCK.replace(" Suppliers agree.", ""), False),  # five sentences: too short to judge
        (BLOCK.replace(" Managers", "\n\nManagers"), False),  # a paragraph break
        (BLOCK.replace(" Managers", "\n- Managers"), False),  # a list item on a later line
        (BLOCK.replace(" Managers", "\n2) Managers"), False),  # a numbered item
        ("# Costs\n" + BLOCK, False),  # a heading
    ],
)
def test_aristotle_flags_one_undivided_block_of_six_sentences_or_more(document, undivided):
    areas = [f["area"] for f in level_one("aristotle", document)]
    assert ("Structure" in areas) is undivided


@pytest.mark.parametrize(
    ("sentence", "quoted"),
    [
        ("a" * 80, "a" * 80),
        ("word " * 20 + "end", " ".join(["word"] * 15) + "…"),  # cut at a word, never inside one
        ("Schools should ban phones, " + "x" * 60, "Schools should ban phones…"),
        # 79 characters are kept before the "…": here the 79th is the space after a whole word.
        ("b " + "a" * 76 + " tail end", "b " + "a" * 76 + "…"),
        ("We wrote it in LaTeX " + "y" * 70, "We wrote it in LaTeX…"),  # only ,;: are trimmed
    ],
)
def test_an_earlier_sentence_is_quoted_whole_or_cut_at_a_word(sentence, quoted):
    from council.domain.critique.offline import _cut

    assert _cut(sentence) == quoted


def test_every_rule_area_has_its_narrowing_and_its_repair():
    from council.domain.critique.offline import _REPAIR, _WHERE, PHILOSOPHERS

    areas = {rule.area for p in PHILOSOPHERS.values() for rule in p.rules}
    assert areas <= _WHERE.keys() and areas <= _REPAIR.keys()


def test_every_philosopher_of_the_council_has_one_offline_record_and_each_fallacy_one_owner():
    from arguments.domain.fallacies import TAXONOMY
    from council.domain.critique.agents import AGENT_NAMES
    from council.domain.critique.offline import PHILOSOPHERS

    assert sorted(PHILOSOPHERS) == sorted(AGENT_NAMES)
    owned = [f for p in PHILOSOPHERS.values() for f in p.fallacies]
    assert sorted(owned) == sorted(TAXONOMY)


def test_an_empty_summary_of_an_incomplete_council_says_the_absence_is_not_established():
    from council.domain.critique.offline import offline_summary

    summary = offline_summary({"points": [], "failed_agents": ["kant"], "agents_total": 6})
    assert summary == {
        "final_assessment": "No point reached the threshold, but the council was incomplete (5 "
        "of 6 agents completed without error); the absence of findings is not established."
    }


@pytest.mark.parametrize(
    ("text", "shortened"),
    [("x" * 240, "x" * 240), ("x" * 241, "x" * 237 + "..."), ("a \n b", "a b")],
)
def test_a_long_text_is_shortened_to_240_characters_with_dots(text, shortened):
    from council.domain.critique.formatter import _shorten

    assert _shorten(text) == shortened
