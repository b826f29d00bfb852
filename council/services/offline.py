"""The council's offline engines: the domain's deterministic philosophers and auditors, as
typed callables the council's services call directly when the engine is offline (no prompt
is built for them).

The fallacy detector, the sentence reading and the language check are the arguments app's;
the council's domain may not import them, so their findings travel to it as data, like the
text itself. The offline engines read English only, as the chain's analyzer does, so a text
the analyzer would refuse for its language is refused here in the same words
(``require_readable``); a language model reads other languages and is not asked.
"""

from __future__ import annotations

from typing import Any

from arguments.domain.document import DocumentReading
from arguments.domain.language import reader_language, unreadable
from arguments.offline import sentence_reading
from council.domain.audit.analyzers import READ_ROLES
from council.domain.audit.offline import UnknownAnalyzer, offline_assessment
from council.domain.audit.state import Criterion, CriterionAssessment
from council.domain.critique.offline import (
    offline_self_critique,
    offline_summary,
    offline_tree_level,
)
from toulmini_site.llm import LLMError
from toulmini_site.text.documents import DocumentError

DOCUMENT_LANGUAGE_NOT_READ = "DOCUMENT_LANGUAGE_NOT_READ"

_FINDING_FIELDS = {"type", "label", "quote", "explanation", "confidence"}


def require_readable(text: str) -> str:
    """``text`` when the offline engines can read its language (the chain's analyzer decides:
    ``arguments.domain.language.unreadable``); otherwise ``DocumentError`` with code
    ``DOCUMENT_LANGUAGE_NOT_READ`` and the analyzer's message, which names the language the
    offline engines read."""
    refusal = unreadable(text)
    if refusal:
        raise DocumentError(refusal, code=DOCUMENT_LANGUAGE_NOT_READ)
    return text


def tree_level(
    *, agent: str, level: int, targets: list[dict[str, Any]], reading: DocumentReading
) -> dict[str, Any]:
    """A philosopher's findings at ``level`` of its tree, one group per target (the
    ``LevelReply`` shape), told the named fallacies in each target's text and the chain's
    reading of its sentences, both taken from the run's one reading of the document
    (``reading``: computed once for the whole council, whichever philosopher asks first).
    A target quoting the whole document is also given its sentences, split once."""
    findings = [f.model_dump(include=_FINDING_FIELDS) for f in reading.fallacies]
    told = []
    for target in targets:
        span = target["span"]
        whole = span.strip() == reading.text.strip()
        item = {
            **target,
            "fallacies": findings if whole else [f for f in findings if f["quote"] in span],
            "roles": reading.roles_within(span),
            "language": reader_language(span),
        }
        if whole:
            item["sentences"] = [s.text for s in reading.sentences]
        told.append(item)
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


def audit_assessment(
    *, text: str, criterion: Criterion, reading: DocumentReading | None = None
) -> CriterionAssessment:
    """The offline auditor's assessment of ``text`` against ``criterion``; the Toulmin parts
    read as the chain reads the text, taken from ``reading`` (the audit's one reading of the
    document) when there is one. An unknown analyzer fails that criterion like a model
    failure (``LLMError``), not the audit."""
    inputs: dict[str, Any] = {
        "text": text,
        "criterion_id": criterion.id,
        "criterion_name": criterion.name,
        "analyzer": criterion.analyzer,
        "language": reader_language(text),
    }
    if criterion.analyzer in READ_ROLES:
        inputs["roles"] = reading.roles if reading is not None else sentence_reading(text)
    try:
        return offline_assessment(inputs)
    except UnknownAnalyzer as exc:
        raise LLMError(str(exc)) from None
