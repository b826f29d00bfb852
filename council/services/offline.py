"""The offline engine's answers to the council's calls: the domain's deterministic
philosophers and auditors, registered with the offline provider (``CouncilConfig.ready``)."""

from __future__ import annotations

from typing import Any

from arguments.domain.fallacies import detect_fallacies
from arguments.roles import sentence_reading
from council.domain.audit.analyzers import READ_ROLES
from council.domain.audit.offline import AUDIT_PURPOSE, UnknownAnalyzer, offline_assessment
from council.domain.audit.state import CriterionAssessment
from council.domain.critique.agents import SELF_PURPOSE
from council.domain.critique.council import SUMMARY_PURPOSE
from council.domain.critique.offline import (
    offline_self_critique,
    offline_summary,
    offline_tree_level,
)
from council.domain.critique.tree import TREE_PURPOSE
from toulmini_site.llm import LLMError, register_offline


def _audit_assessment(inputs: dict[str, Any]) -> CriterionAssessment:
    """The offline auditor's answer; the Toulmin parts read as the chain reads the text (the
    arguments app's sentence reading travels as data: this domain may not import it)."""
    if inputs.get("analyzer") in READ_ROLES:
        inputs = {**inputs, "roles": sentence_reading(inputs["text"])}
    try:
        return offline_assessment(inputs)
    except UnknownAnalyzer as exc:  # a model failure for that criterion, not a crash
        raise LLMError(str(exc)) from None


def _tree_level(inputs: dict[str, Any]) -> dict[str, Any]:
    """The offline philosophers' tree level, told the named fallacies in each target's text and
    the chain's reading of its sentences.

    The detector and the reading are the arguments app's; the council's domain may not import
    them, so their findings travel as data, like the text itself.
    """
    fields = {"type", "label", "quote", "explanation", "confidence"}
    targets = [
        {
            **t,
            "fallacies": [f.model_dump(include=fields) for f in detect_fallacies(t["span"])],
            "roles": sentence_reading(t["span"]),
        }
        for t in inputs["targets"]
    ]
    return offline_tree_level({**inputs, "targets": targets})


def offline_register() -> None:
    """Make the offline provider answer critiques and audits (idempotent)."""
    register_offline(TREE_PURPOSE, _tree_level)
    register_offline(SELF_PURPOSE, offline_self_critique)
    register_offline(SUMMARY_PURPOSE, offline_summary)
    register_offline(AUDIT_PURPOSE, _audit_assessment)
