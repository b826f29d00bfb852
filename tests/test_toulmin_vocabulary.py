"""The one Toulmin vocabulary (``toulmini_site.toulmin``): each app names the parts as the
vocabulary does, and every map between two vocabularies is total and lands where it says."""

from __future__ import annotations

from typing import get_args

import pytest

from arguments.domain.reading import read
from arguments.domain.toulmin import COMPONENT_ORDER, PHASES
from arguments.views import PART_LABELS as ROLE_LABELS
from coach.domain import conversion
from coach.domain.steps import STEPS, ToulminStep
from council.domain.audit.analyzers import READ_ROLES
from council.domain.audit.rubrics import STUDENT_ARGUMENT
from toulmini_site import toulmin
from toulmini_site.classrooms.domain import drafting
from toulmini_site.classrooms.domain.grading import PART_LABELS, PARTS
from toulmini_site.text.sentences import sentences


def test_the_chain_names_its_components_and_phases_as_the_vocabulary():
    assert COMPONENT_ORDER == toulmin.COMPONENTS
    assert {n: p.components for n, p in PHASES.items()} == dict(toulmin.PHASE_COMPONENTS)
    written = [c for parts in toulmin.PHASE_COMPONENTS.values() for c in parts]
    assert sorted(written) == sorted(toulmin.COMPONENTS)  # each written once


def test_the_coach_walks_the_vocabularys_steps():
    assert STEPS == toulmin.COACH_STEPS == get_args(ToulminStep)
    assert sorted(conversion.SOURCE_ORDER) == sorted(toulmin.COACH_STEPS)


def test_the_classrooms_grade_the_vocabularys_parts():
    assert PARTS == toulmin.PARTS
    assert set(PART_LABELS) == set(toulmin.PARTS)
    assert set(toulmin.COMPONENTS) - set(toulmin.PARTS) == {"verdict"}


def test_the_audit_rubric_reads_the_vocabularys_criteria():
    ids = tuple(c.id for c in STUDENT_ARGUMENT.criteria if c.id != "security")
    assert ids == toulmin.CRITERIA
    assert READ_ROLES is toulmin.CRITERION_ROLES


def test_the_reading_gives_only_the_vocabularys_sentence_roles():
    text = (
        "Schools should start later in the morning. According to the American Academy of "
        "Pediatrics, teenagers need 8 to 10 hours of sleep. In general, students who sleep "
        "enough learn better. However, later start times can disrupt bus schedules. "
        "So, starting later is the right choice for schools."
    )
    sents = sentences(text)
    reading = read("Should schools start later?", text, sents=sents)
    roles = {reading.role_of(s) for s in sents}
    assert roles <= set(toulmin.SENTENCE_ROLES)
    assert {"claim", "rebuttal"} <= roles
    assert set(ROLE_LABELS) == set(toulmin.ROLE_PART)


@pytest.mark.parametrize(
    ("mapping", "domain", "codomain"),
    [
        (toulmin.STEP_PART, toulmin.COACH_STEPS, toulmin.PARTS),
        (toulmin.STEP_COMPONENT, toulmin.COACH_STEPS, toulmin.COMPONENTS),
        (toulmin.CRITERION_PART, toulmin.CRITERIA, toulmin.PARTS),
        (toulmin.ROLE_PART, tuple(r for r in toulmin.SENTENCE_ROLES if r != "none"), toulmin.PARTS),
    ],
)
def test_each_map_is_total_and_lands_in_its_vocabulary(mapping, domain, codomain):
    assert set(mapping) == set(domain)
    assert set(mapping.values()) <= set(codomain)


def test_every_part_is_reached_from_the_steps_the_criteria_and_the_roles():
    assert set(toulmin.STEP_PART.values()) == set(toulmin.PARTS)
    assert set(toulmin.CRITERION_PART.values()) == set(toulmin.PARTS)  # one criterion per part
    assert len(set(toulmin.CRITERION_PART.values())) == len(toulmin.CRITERIA)
    # The qualifier is no sentence role: it is read from the claim's wording.
    assert set(toulmin.PARTS) - set(toulmin.ROLE_PART.values()) == {"qualifier"}


def test_the_criterion_roles_are_sentence_roles_of_the_criterions_part():
    for criterion, roles in toulmin.CRITERION_ROLES.items():
        assert criterion in toulmin.CRITERIA
        assert set(roles) <= set(toulmin.SENTENCE_ROLES)
        assert toulmin.CRITERION_PART[criterion] in {toulmin.ROLE_PART[r] for r in roles}


def test_the_coachs_two_backings_are_the_one_graded_backing():
    steps = {s: "" for s in toulmin.COACH_STEPS}
    evidence = drafting.coach_evidence(
        {**steps, "groundsBacking": "A 2019 survey of 900 pupils.", "warrantBacking": ""},
        {"warrantBacking": "empty"},
    )
    assert evidence["backing"].present
    assert evidence["backing"].quote == "A 2019 survey of 900 pupils."
    assert set(evidence) == set(toulmin.PARTS)


def test_a_drafts_grounds_backing_lands_in_the_chains_data_and_the_warrants_in_its_backing():
    draft = {
        "claim": "Schools should start later.",
        "grounds": "Teenagers sleep too little on school days.",
        "groundsBacking": "The 2019 national sleep survey.",
        "warrant": "Students who sleep enough learn better than those who do not.",
        "warrantBacking": "Decades of sleep research in adolescents.",
        "qualifier": "probably",
        "rebuttal": "unless buses cannot change",
    }
    one = conversion.phase_one_payload(draft, reference="the draft")
    two = conversion.phase_two_payload(draft, reference="the draft")
    assert toulmin.STEP_COMPONENT["groundsBacking"] == "data"
    assert one["data"]["citations"][0]["source"] == draft["groundsBacking"]
    assert toulmin.STEP_COMPONENT["warrantBacking"] == "backing"
    assert two["backing"]["authority"] == draft["warrantBacking"]
    assert draft["groundsBacking"] not in str(two["backing"])
