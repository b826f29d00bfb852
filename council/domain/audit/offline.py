"""The offline engine's audit answers: each criterion's deterministic analyzer, which the
audit graph calls directly when the engine is offline (``council.services.offline``)."""

from __future__ import annotations

from typing import Any

from council.domain.audit.analyzers import ANALYZERS, assess
from council.domain.audit.state import CriterionAssessment
from council.domain.wording import ERRORS

AUDIT_PURPOSE = "audit.criterion"


class UnknownAnalyzer(LookupError):
    """A criterion names an offline analyzer that does not exist."""


def offline_assessment(inputs: dict[str, Any]) -> CriterionAssessment:
    """The offline auditor's answer for one criterion: the criterion's analyzer."""
    analyzer = inputs["analyzer"]
    if analyzer not in ANALYZERS:
        raise UnknownAnalyzer(ERRORS.say("error.analyzer", analyzer=repr(analyzer)))
    return assess(
        text=inputs["text"],
        analyzer=analyzer,
        criterion_name=inputs["criterion_name"],
        roles=inputs.get("roles"),
        language=inputs.get("language", "en"),
    )
