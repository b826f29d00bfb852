"""The audit's Toulmin-part criteria carry a confidence measured for calibration (the share of
such answers that were right on the tuning short arguments, ``evaluations.audit_confidence``),
and the audit page shows its level as the chain shows its claim's; criteria with nothing to
measure against show no level."""

import pytest

from arguments.domain.reading import LIKELY_CLAIM, POSSIBLE_CLAIM
from council.domain.audit.calibration import (
    LIKELY,
    PART_CONFIDENCE,
    POSSIBLE,
    criterion_level,
    part_confidence,
)
from council.domain.audit.rubrics import STUDENT_ARGUMENT
from council.domain.audit.state import Criterion
from council.services.offline import audit_assessment
from tests.council.audit_builders import audit_make

ESSAY = (
    "The council must keep the library open on Sundays. Families who work all week have no "
    "other day to go, and the branch manager told the council that Sunday loans are a fifth "
    "of the week's total. Admittedly, Sunday staff cost more."
)
NO_OBJECTION = (
    "Our town should plant more trees along its streets. Shaded streets were four degrees "
    "cooler last summer, according to the council's own survey. Trees also slow the rain "
    "that floods the lower town."
)


def audit(text: str, part: str):
    criterion = Criterion(id=part, name=part.title(), analyzer=part)
    return audit_assessment(text=text, criterion=criterion)


@pytest.mark.parametrize("part", ["claim", "grounds", "rebuttal"])
def test_a_part_found_carries_the_measured_confidence_of_finding_it(part):
    answer = audit(ESSAY, part)
    assert answer.evidence, part  # the reading finds each of these parts here
    assert answer.relevance_confidence == PART_CONFIDENCE[part]["there"]


def test_a_part_not_found_carries_the_measured_confidence_of_its_absence():
    answer = audit(NO_OBJECTION, "rebuttal")
    assert not answer.evidence
    assert answer.relevance_confidence == part_confidence("rebuttal", there=False)
    assert answer.relevance_confidence != part_confidence("rebuttal", there=True)


def test_the_table_holds_shares_and_every_read_part():
    assert set(PART_CONFIDENCE) == {"claim", "grounds", "warrant", "rebuttal"}
    for answers in PART_CONFIDENCE.values():
        assert set(answers) == {"there", "absent"}
        assert all(0 < value < 1 for value in answers.values())


def test_levels_follow_the_chains_thresholds_and_only_for_measured_criteria():
    assert (LIKELY, POSSIBLE) == (LIKELY_CLAIM, POSSIBLE_CLAIM)
    assert criterion_level("grounds", 0.94) == "likely"
    assert criterion_level("warrant", 0.6) == "possible"
    assert criterion_level("grounds", 0.25) == "unsure"
    assert criterion_level("backing", 0.9) == ""  # no gold to measure backing against
    assert criterion_level("reasoning", 0.9) == ""
    assert criterion_level("claim", None) == ""


@pytest.mark.django_db
def test_the_audit_page_shows_the_level_of_measured_criteria_only(
    owner, owner_client, django_capture_on_commit_callbacks
):
    done = audit_make(
        django_capture_on_commit_callbacks,
        owner=owner,
        text=ESSAY,
        rubric_name=STUDENT_ARGUMENT.name,
    )
    page = owner_client.get(done.get_absolute_url()).content.decode()
    rows = {r.criterion_id: r for r in done.results.all()}
    grounds = next(r for r in rows.values() if r.analyzer == "grounds")
    backing = next(r for r in rows.values() if r.analyzer == "backing")
    assert grounds.relevance_confidence == PART_CONFIDENCE["grounds"]["there"]
    row_of = {cid: page.split(f'id="criterion-{cid}"')[1].split("</tr>")[0] for cid in rows}
    assert "likely right" in row_of[grounds.criterion_id]
    assert "right" not in row_of[backing.criterion_id].split("criterion-confidence")[-1]


@pytest.mark.django_db
def test_the_level_is_shown_in_spanish(owner, owner_client, django_capture_on_commit_callbacks):
    done = audit_make(
        django_capture_on_commit_callbacks,
        owner=owner,
        text=ESSAY,
        rubric_name=STUDENT_ARGUMENT.name,
    )
    page = owner_client.get(done.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "probablemente acertado" in page
