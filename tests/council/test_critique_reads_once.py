"""An offline critique reads its document once: one sentence split, one fallacy check and one
sentence reading for the whole council (six philosophers, three levels), counted on every
thread by the benchmark's profile hook (``benchmarks.critique_reading``); an offline audit reads
its sentences once for all its criteria."""

from __future__ import annotations

import pytest

from benchmarks.critique_reading import ESSAY, READERS, ReadCounter
from council.domain.audit import JudicialOpinion
from council.domain.audit import document as audit_document
from council.domain.audit.analyzers import READ_ROLES
from council.domain.audit.rubrics import STUDENT_ARGUMENT
from council.models import Critique
from council.services.audit_graph import audit_graph_run
from council.services.critique import critique_create, critique_run
from council.services.critique_council import run_critique_council
from toulmini_site.llm.offline import OfflineClient

ONCE = dict.fromkeys(READERS.values(), 1)


def test_one_offline_critique_reads_its_document_once():
    with ReadCounter(ESSAY) as counter:
        result = run_critique_council(ESSAY, max_depth=3)
    assert result["points"]  # the council did its work
    assert dict(counter.calls) == ONCE
    assert dict(counter.whole) == ONCE


@pytest.mark.django_db
def test_a_stored_critique_run_reads_its_document_once(owner):
    critique = critique_create(owner=owner, title="Fridays", text=ESSAY, enqueue=False)
    with ReadCounter(ESSAY) as counter:
        critique_run(critique_id=critique.pk)
    critique.refresh_from_db()
    assert critique.status == Critique.Status.COMPLETE, critique.error
    assert dict(counter.calls) == ONCE


def test_an_offline_audit_reads_its_document_once():
    """Four of the student rubric's criteria read the text as the chain does (claim,
    grounds, warrant, rebuttal): one sentence reading serves them all."""
    document = JudicialOpinion(text=ESSAY, case_id="E-1", court_name="School board")
    criteria = list(STUDENT_ARGUMENT.criteria)
    assert sum(c.analyzer in READ_ROLES for c in criteria) >= 4
    audit_document._split.cache_clear()  # as in a fresh process
    with ReadCounter(ESSAY) as counter:
        state = audit_graph_run(client=OfflineClient(), document=document, criteria=criteria)
    assert not state["failures"]
    assert counter.calls["sentence reading"] == 1
    # the whole document once (the reading), and each paragraph once (the audit's numbering)
    paragraphs = len([p for p in ESSAY.split("\n\n") if p.strip()])
    assert counter.calls["sentence splitting"] == 1 + paragraphs


def test_a_critique_whose_judges_read_no_meaning_never_loads_the_encoder(monkeypatch):
    import arguments.offline

    loads = []
    monkeypatch.setattr(arguments.offline, "default_encoder", lambda: loads.append(1))
    run_critique_council(ESSAY, max_depth=2)
    assert loads == []
