"""The council's offline engines: the domain's deterministic philosophers and auditors, as
typed callables the council's services call directly when the engine is offline (no prompt
is built for them).

The fallacy detector and the sentence reading are the arguments app's; the council's domain
may not import them, so their findings travel to it as data, like the text itself.
"""

from __future__ import annotations

from typing import Any

from arguments.roles import check_fallacies, sentence_reading
from council.domain.audit.analyzers import READ_ROLES
from council.domain.audit.offline import UnknownAnalyzer, offline_assessment
from council.domain.audit.state import Criterion, CriterionAssessment
from council.domain.critique.offline import (
    offline_self_critique,
    offline_summary,
    offline_tree_level,
)
from toulmini_site.llm import LLMError

_FINDING_FIELDS = {"type", "label", "quote", "explanation", "confidence"}


def tree_level(*, agent: str, level: int, targets: list[dict[str, Any]]) -> dict[str, Any]:
    """A philosopher's findings at ``level`` of its tree, one group per target (the
    ``LevelReply`` shape), told the named fallacies in each target's text and the chain's
    reading of its sentences."""
    told = [
        {
            **target,
            "fallacies": [
                f.model_dump(include=_FINDING_FIELDS) for f in check_fallacies(target["span"])
            ],
            "roles": sentence_reading(target["span"]),
        }
        for target in targets
    ]
    return offline_tree_level({"agent": agent, "level": level, "targets": told})


def self_critique(
    *, agent: str, own: list[dict[str, Any]], others: dict[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    """A philosopher's adjustments to its own claims in the light of the others' (the
    ``SelfCritiqueReply`` shape)."""
    return offline_self_critique({"agent": agent, "own": own, "others": others})


def summary(brief: dict[str, Any]) -> dict[str, Any]:
    """The council's assessment in words (the ``SummaryReply`` shape), from the brief the
    model would be given (``council.domain.critique.council.summary_inputs``)."""
    return offline_summary(brief)


def audit_assessment(*, text: str, criterion: Criterion) -> CriterionAssessment:
    """The offline auditor's assessment of ``text`` against ``criterion``; the Toulmin parts
    read as the chain reads the text. An unknown analyzer fails that criterion like a model
    failure (``LLMError``), not the audit."""
    inputs: dict[str, Any] = {
        "text": text,
        "criterion_id": criterion.id,
        "criterion_name": criterion.name,
        "analyzer": criterion.analyzer,
    }
    if criterion.analyzer in READ_ROLES:
        inputs["roles"] = sentence_reading(text)
    try:
        return offline_assessment(inputs)
    except UnknownAnalyzer as exc:
        raise LLMError(str(exc)) from None
