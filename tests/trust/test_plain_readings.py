"""Backing and warrants read by what they say, and findings that speak plainly.

Regression tests for judgements a teacher could not trust: a named study or report the audit
did not count as backing, a general rule put in everyday words that nobody read as a warrant,
a title quoted as if it were the argument, a permission taken for a hedge, an objection the
author is about to answer taken for a prediction, and a personal attack or an appeal to what
everyone does that the fallacy rules missed. The examples are our own
(``evaluations/trust/examples.json``), written before the rules changed, in two halves: the
dev half was read while the rules were written, the frozen half never was.
"""

from __future__ import annotations

import pytest

from arguments.offline import check_fallacies, sentence_reading
from council.domain.audit.analyzers import assess
from council.domain.critique.offline import PHILOSOPHERS, level_one
from council.services.critique_council import run_critique_council
from evaluations.trust import EXAMPLES
from toulmini_site.llm.offline import OfflineClient

CLAIM = "Our town should act on this now."


def cases(judge: str, kind: str | None = None) -> list:
    """pytest params over both halves: (half, text) with ids like frozen-2."""
    params = []
    for half in ("dev", "frozen"):
        group = EXAMPLES[half][judge]
        texts = group[kind] if kind else group
        params += [pytest.param(half, text, id=f"{half}-{i}") for i, text in enumerate(texts)]
    return params


def role(sentence: str) -> str:
    """The role the one reading gives ``sentence`` after a plain claim."""
    return sentence_reading(f"{CLAIM} {sentence}")[sentence]


# -- backing and warrants --------------------------------------------------------------------


@pytest.mark.parametrize(("half", "sentence"), cases("backing", "yes"))
def test_a_named_study_report_expert_or_institution_is_backing(half, sentence):
    assert role(sentence) == "backing"


@pytest.mark.parametrize(("half", "sentence"), cases("backing", "no"))
def test_a_report_card_or_a_friend_is_not_backing(half, sentence):
    assert role(sentence) != "backing"


@pytest.mark.parametrize(("half", "sentence"), cases("warrant", "yes"))
def test_a_general_rule_in_everyday_words_is_the_warrant(half, sentence):
    assert role(sentence) == "warrant"


@pytest.mark.parametrize(("half", "sentence"), cases("warrant", "no"))
def test_something_that_happened_once_is_not_a_warrant(half, sentence):
    assert role(sentence) != "warrant"


ESSAYS = [
    pytest.param(essay, id=f"{half}-{i}")
    for half in ("dev", "frozen")
    for i, essay in enumerate(EXAMPLES[half]["essays"])
]


@pytest.mark.parametrize("essay", ESSAYS)
def test_the_audit_counts_a_named_study_as_backing(essay):
    text = essay["text"]
    read = assess(
        text=text, analyzer="backing", criterion_name="Backing", roles=sentence_reading(text)
    )
    assert read.numeric_score >= 3
    assert any("report" in e.content or "study" in e.content for e in read.evidence)


@pytest.mark.parametrize("essay", ESSAYS)
def test_the_audit_quotes_a_rule_stated_with_when(essay):
    text = essay["text"]
    found = assess(
        text=text, analyzer="warrant", criterion_name="Warrant", roles=sentence_reading(text)
    )
    assert [e.content for e in found.evidence if e.content.startswith("When ")]
    assert "No sentence states the warrant" not in found.reasoning


@pytest.mark.parametrize("essay", ESSAYS)
def test_kant_sees_the_principle_the_essay_states(essay):
    text = essay["text"]
    findings = level_one("kant", text, [], sentence_reading(text))
    assert not [f for f in findings if f["claim"].startswith("Normative claim (")]


# -- findings that speak plainly ---------------------------------------------------------


def all_findings(text: str) -> list[dict]:
    roles = sentence_reading(text)
    fallacies = [f.model_dump() for f in check_fallacies(text)]
    return [f for agent in PHILOSOPHERS for f in level_one(agent, text, fallacies, roles)]


@pytest.mark.parametrize("essay", ESSAYS)
def test_no_finding_quotes_the_title_as_the_argument(essay):
    assert not [f for f in all_findings(essay["text"]) if f["evidence"] == essay["title"]]


@pytest.mark.parametrize("essay", ESSAYS)
def test_the_thesis_is_never_a_red_herring(essay):
    assert not [
        f
        for f in all_findings(essay["text"])
        if f.get("fallacy") == "red_herring" and essay["thesis"] in f["evidence"]
    ]
    assert not [
        f
        for f in check_fallacies(essay["text"])
        if f.type == "red_herring" and essay["thesis"] in f.quote
    ]


@pytest.mark.parametrize("essay", ESSAYS)
def test_high_severity_is_kept_for_findings_the_judge_is_sure_of(essay):
    points = run_critique_council(essay["text"], client=OfflineClient())["points"]
    assert points
    for point in points:
        assert point["severity"] != "High" or point["confidence"] >= 0.7, point


def popper(sentence: str) -> list[str]:
    return [f["claim"] for f in level_one("popper", sentence, [], sentence_reading(sentence))]


@pytest.mark.parametrize(("half", "sentence"), cases("permission"))
def test_a_permission_is_not_a_hedge(half, sentence):
    assert not [c for c in popper(sentence) if c.startswith("Hedged claim")]


@pytest.mark.parametrize(("half", "sentence"), cases("hedge"))
def test_a_real_hedge_is_still_named(half, sentence):
    assert [c for c in popper(sentence) if c.startswith("Hedged claim")]


@pytest.mark.parametrize(("half", "sentence"), cases("objection_intro"))
def test_an_objection_announced_with_will_is_not_a_prediction(half, sentence):
    assert not [c for c in popper(sentence) if c.startswith("Prediction")]
    assert role(sentence) == "rebuttal"


@pytest.mark.parametrize(("half", "sentence"), cases("prediction"))
def test_a_real_prediction_is_still_named(half, sentence):
    assert [c for c in popper(sentence) if c.startswith("Prediction")]


@pytest.mark.parametrize(("half", "text"), cases("ad_hominem"))
def test_never_even_so_why_listen_is_an_ad_hominem(half, text):
    assert [f for f in check_fallacies(text) if f.type == "ad_hominem"]


@pytest.mark.parametrize(("half", "text"), cases("bandwagon"))
def test_everyone_already_does_it_is_a_bandwagon_appeal(half, text):
    assert [f for f in check_fallacies(text) if f.type == "ad_populum"]


@pytest.mark.parametrize(("half", "text"), cases("clean"))
def test_a_record_or_a_result_named_is_neither(half, text):
    assert not [f for f in check_fallacies(text) if f.type in ("ad_hominem", "ad_populum")]
