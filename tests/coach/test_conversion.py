from coach.domain.conversion import phase_one_payload, source_text
from tests.coach.conftest import GOOD_TEXT


def test_source_text_lays_out_every_part_in_labelled_paragraphs_in_toulmin_order():
    text = source_text(GOOD_TEXT["en"])
    labels = [para.split(":", 1)[0] for para in text.split("\n\n")]
    assert labels == [
        "Claim",
        "Grounds",
        "Warrant",
        "Backing for the grounds",
        "Backing for the warrant",
        "Qualifier",
        "Rebuttal",
    ]


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
