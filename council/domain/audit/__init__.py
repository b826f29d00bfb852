"""Audits: a document scored against a rubric of weighted criteria (framework-free).

``state`` holds the strict models, the reducers and the global score; ``document`` the
document's sentences and highlighting; ``analyzers`` the offline auditors; ``offline`` the
offline engine's answer; ``rubrics`` the seeded rubrics; ``prompts`` the criterion prompt;
``report`` the report's summary.
"""

from council.domain.audit.state import (
    UNKNOWN,
    AgentState,
    AuditReport,
    Criterion,
    CriterionAssessment,
    CriterionResult,
    Evidence,
    JudicialOpinion,
    StateMergeError,
    compute_global_score,
    evidence_fingerprint,
    merge_criterion_results,
    merge_evidences,
    merge_failures,
)

__all__ = [
    "UNKNOWN",
    "AgentState",
    "AuditReport",
    "Criterion",
    "CriterionAssessment",
    "CriterionResult",
    "Evidence",
    "JudicialOpinion",
    "StateMergeError",
    "compute_global_score",
    "evidence_fingerprint",
    "merge_criterion_results",
    "merge_evidences",
    "merge_failures",
]
