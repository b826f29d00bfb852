"""The offline engine's audit answers: each criterion's deterministic analyzer, registered
with the offline provider at start-up (``council.services.offline``) under ``AUDIT_PURPOSE``."""

from __future__ import annotations

from typing import Any

from council.domain.audit.analyzers import ANALYZERS, assess
from council.domain.audit.state import CriterionAssessment

AUDIT_PURPOSE = "audit.criterion"


class UnknownAnalyzer(LookupError):
    """A criterion names an offline analyzer that does not exist."""


def offline_assessment(inputs: dict[str, Any]) -> CriterionAssessment:
    """The offline provider's answer for ``AUDIT_PURPOSE``: the criterion's analyzer."""
    analyzer = inputs["analyzer"]
    if analyzer not in ANALYZERS:
        raise UnknownAnalyzer(f"No offline analyzer is called {analyzer!r}.")
    return assess(
        text=inputs["text"],
        analyzer=analyzer,
        criterion_name=inputs["criterion_name"],
        roles=inputs.get("roles"),
    )
