"""One reading for every app: the offline audit's Toulmin criteria (claim, grounds, warrant,
rebuttal) quote the very sentences the chain's offline analyzer takes as claim, data, stated
warrant and objections, essay after essay; and the offline philosophers' findings about
grounding agree with it."""

from __future__ import annotations

import pytest

from arguments.offline import analyzer_phase, sentence_reading
from council.domain.audit.state import Criterion
from council.domain.critique.offline import level_one
from council.services.offline import audit_assessment

UNIFORMS = (
    "School uniforms should be compulsory.\n\n"
    "A 2023 UNESCO report found that pupils in schools with uniforms reported 20% less "
    "bullying about clothes. In general, when students look the same, fewer of them are "
    "teased for what they wear. Families also spend less on clothes over a school year.\n\n"
    "Of course, some pupils feel that uniforms limit how they express themselves. "
    "Therefore, our schools should require uniforms."
)
PHONES = (
    "Our schools are failing, and the reason is in every pocket. "
    "Since phones were invented, grades have fallen, so phones must be the cause. "
    "Teachers report that students check their phones during lessons. "
    "Some parents worry that they could not reach their children in an emergency. "
    "The school board should ban phones from the first bell to the last."
)
LIBRARY = (
    "The council must keep the library open on Sundays. Families who work all week have no "
    "other day to go, and the branch manager told the council that Sunday loans are a fifth "
    "of the week's total. Whenever a public service opens when people are free, more of them "
    "use it. Admittedly, Sunday staff cost more."
)
ESSAYS = {"uniforms": UNIFORMS, "phones": PHONES, "library": LIBRARY}


def chain_reading(text: str) -> tuple[list[str], str]:
    """The chain's data and warrant for ``text`` (offline analyzer, shipped model)."""
    components = analyzer_phase(1, query="", source_text=text, components={})
    components = components.model_dump(mode="json")
    phase2 = analyzer_phase(2, query="", source_text=text, components=components)
    return components["data"]["facts"], phase2.warrant.principle


def audit(text: str, part: str):
    criterion = Criterion(id=part, name=part.title(), analyzer=part)
    return audit_assessment(text=text, criterion=criterion)


@pytest.mark.parametrize("name", ESSAYS)
def test_the_audits_grounds_are_the_chains_data(name):
    text = ESSAYS[name]
    facts, _warrant = chain_reading(text)
    grounds = audit(text, "grounds")
    assert [e.content for e in grounds.evidence] == facts
    assert grounds.numeric_score >= 3


@pytest.mark.parametrize("name", ESSAYS)
def test_the_audits_warrant_is_the_chains_stated_warrant_or_says_it_is_implicit(name):
    text = ESSAYS[name]
    _facts, warrant = chain_reading(text)
    found = audit(text, "warrant")
    if warrant.startswith("The author assumes"):
        assert found.evidence == []
        assert "left implicit" in found.reasoning
    elif warrant not in text:  # the data do not bear on the claim: no rule to quote
        assert found.evidence == []
    else:
        assert [e.content for e in found.evidence] == [warrant]


def test_a_unesco_report_is_grounds_and_an_in_general_rule_the_warrant():
    grounds = [e.content for e in audit(UNIFORMS, "grounds").evidence]
    assert any(g.startswith("A 2023 UNESCO report found") for g in grounds)
    warrant = [e.content for e in audit(UNIFORMS, "warrant").evidence]
    assert warrant == [
        "In general, when students look the same, fewer of them are teased for what they wear."
    ]


def test_a_false_cause_sentence_is_never_the_warrant():
    found = audit(PHONES, "warrant")
    assert not any("phones must be the cause" in e.content for e in found.evidence)


def test_the_audits_objections_are_the_chains():
    rebuttal = [e.content for e in audit(UNIFORMS, "rebuttal").evidence]
    assert rebuttal == [
        "Of course, some pupils feel that uniforms limit how they express themselves."
    ]


def test_aristotle_finds_grounding_where_the_chain_reads_evidential_data():
    assert not any(
        f["area"] == "Evidence"
        for f in level_one("aristotle", UNIFORMS, [], sentence_reading(UNIFORMS))
    )
    bare = "Zoos should close. They are cruel places. Animals deserve better lives."
    findings = level_one("aristotle", bare, [], sentence_reading(bare))
    assert any(f["claim"].startswith("No empirical grounding") for f in findings)
