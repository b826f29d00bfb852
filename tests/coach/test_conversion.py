"""The coach's draft becomes a chain's phases with the student's words where they belong."""

import pytest

from coach.domain.conversion import (
    degree_of,
    facts,
    phase_one_payload,
    phase_three_payload,
    phase_two_payload,
    source_text,
)
from tests.coach.builders import GOOD_TEXT


def test_the_source_text_is_the_argument_in_plain_paragraphs_without_labels():
    text = source_text(GOOD_TEXT["en"])
    paragraphs = text.split("\n\n")
    assert paragraphs[0] == GOOD_TEXT["en"]["claim"]
    assert paragraphs[3] == GOOD_TEXT["en"]["warrant"]
    assert len(paragraphs) == 7
    assert ":" not in text


def test_phase_one_uses_grounds_as_facts_backing_as_citation_and_the_claim():
    draft = GOOD_TEXT["en"] | {
        "claim": "Should schools ban phones",
        "grounds": "Grades rose 6% after bans. Attention improved too.",
    }
    payload = phase_one_payload(draft, reference="Coach session 1")
    assert payload["data"]["facts"] == ["Grades rose 6% after bans.", "Attention improved too."]
    assert payload["data"]["citations"] == [
        {"source": GOOD_TEXT["en"]["groundsBacking"], "reference": "Coach session 1"}
    ]
    assert payload["data"]["evidence_type"] == "statistical"
    assert payload["claim"]["statement"] == "Should schools ban phones."


def test_phase_two_takes_the_warrant_and_its_backing_verbatim_and_judges_them():
    payload = phase_two_payload(GOOD_TEXT["en"], reference="Coach session 1")
    assert payload["warrant"]["principle"] == GOOD_TEXT["en"]["warrant"]
    assert payload["warrant"]["strength"] == "strong"
    assert payload["backing"]["authority"] == GOOD_TEXT["en"]["warrantBacking"]
    assert payload["backing"]["strength"] == "strong"
    # The qualifier is never taken for the warrant, nor the grounds for the backing.
    assert GOOD_TEXT["en"]["qualifier"] not in str(payload)
    assert GOOD_TEXT["en"]["grounds"] not in str(payload)


def test_a_one_sided_warrant_or_vague_backing_is_judged_weak():
    draft = GOOD_TEXT["en"] | {
        "warrant": "Kids like cake if hungry",
        "warrantBacking": "research on bullying",
    }
    payload = phase_two_payload(draft, reference="r")
    assert payload["warrant"]["strength"] == "weak"
    assert payload["backing"]["strength"] == "weak"


@pytest.mark.parametrize(
    ("qualifier", "degree"),
    [
        ("Probably, in most secondary schools", "probably"),
        ("Probablemente, en la mayoría de los institutos", "probably"),
        ("Certainly", "certainly"),
        ("In most cases", "presumably"),
        ("Tal vez", "possibly"),
        ("Apparently so", "apparently"),
        ("With great force", None),
    ],
)
def test_the_qualifiers_degree_is_read_from_the_students_modal_word(qualifier, degree):
    assert degree_of(qualifier) == degree


def test_phase_three_keeps_the_rebuttal_and_the_qualifier_with_confidence_in_its_band():
    draft = GOOD_TEXT["en"] | {"qualifier": "Certainly, in every school"}
    payload = phase_three_payload(draft, {}, reference="r")
    assert payload["rebuttal"]["exceptions"] == [GOOD_TEXT["en"]["rebuttal"]]
    assert payload["qualifier"]["degree"] == "certainly"
    assert 90 <= payload["qualifier"]["confidence_pct"] <= 100
    assert payload["qualifier"]["rationale"] == "Certainly, in every school"


def test_a_backing_citation_names_its_sentence_in_the_chains_whole_source_text():
    """QA1 #8: the citation said "sentence 2" (of warrant + backing) for a later paragraph."""
    from coach.domain.conversion import source_text
    from toulmini_site.text.sentences import sentences

    draft = {
        **GOOD_TEXT["en"],
        "warrantBacking": "According to the OECD report of 2020, attention research supports this.",
    }
    cites = phase_two_payload(draft, reference="r")["backing"]["citations"]
    numbered = [c["reference"] for c in cites if c["reference"].startswith("sentence ")]
    assert numbered, cites
    where = next(
        s.index + 1
        for s in sentences(source_text(draft))
        if s.text.startswith(draft["warrantBacking"][:30])
    )
    assert all(ref.startswith(f"sentence {where}:") for ref in numbered)
    assert where > 2


def test_grounds_split_into_facts_keep_abbreviations_and_decimals_whole():
    assert facts("Dr. Lee measured a 3.5 point rise in the U.S. schools. Scores fell later.") == [
        "Dr. Lee measured a 3.5 point rise in the U.S. schools.",
        "Scores fell later.",
    ]


def test_a_warrant_is_judged_against_the_drafts_claim():
    """The rule is general and two-sided, so only the claim it repeats makes it weak."""
    restated = (
        "If schools ban phones during lessons, schools should generally ban phones during lessons"
    )
    payload = phase_two_payload(GOOD_TEXT["en"] | {"warrant": restated}, reference="r")
    assert payload["warrant"] == {
        "principle": restated,
        "logic_type": payload["warrant"]["logic_type"],
        "strength": "weak",
    }
    other_claim = GOOD_TEXT["en"] | {"warrant": restated, "claim": "Homework should be optional"}
    assert phase_two_payload(other_claim, reference="r")["warrant"]["strength"] == "strong"


def test_a_missing_backing_is_cited_as_the_students_own_and_judged_weak():
    payload = phase_two_payload(GOOD_TEXT["en"] | {"warrantBacking": "  "}, reference="Coach 7")
    assert payload["backing"] == {
        "authority": "(the student's backing)",
        "citations": [{"source": "student", "reference": "Coach 7"}],
        "strength": "weak",
    }
