"""The offline engine's audit answers: each criterion's deterministic analyzer, registered
with the offline provider at start-up (``CouncilConfig.ready``) under ``AUDIT_PURPOSE``."""

from __future__ import annotations

from typing import Any

from council.domain.audit import CriterionAssessment
from council.domain.audit_analyzers import ANALYZERS, assess
from toulmini_site.llm import LLMError, register_offline

AUDIT_PURPOSE = "audit.criterion"


def offline_assessment(inputs: dict[str, Any]) -> CriterionAssessment:
    """The offline provider's answer for ``AUDIT_PURPOSE``: the criterion's analyzer."""
    analyzer = inputs["analyzer"]
    if analyzer not in ANALYZERS:
        raise LLMError(f"No offline analyzer is called {analyzer!r}.")
    return assess(text=inputs["text"], analyzer=analyzer, criterion_name=inputs["criterion_name"])


def offline_register() -> None:
    """Let the offline engine answer audit criteria (called from ``CouncilConfig.ready``)."""
    register_offline(AUDIT_PURPOSE, offline_assessment)
