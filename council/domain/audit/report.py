"""The audit's report: the weighted score, the security cap and the summary (pure)."""

from __future__ import annotations

from council.domain.audit.state import AgentState, AuditReport, compute_global_score

SECURITY_CAP = 3.0


def audit_summary(state: AgentState, score: float, capped: bool) -> str:
    criteria = {c.id: c for c in state["criteria"]}
    results = state["criterion_results"]
    ranked = sorted(results.values(), key=lambda r: (-r.numeric_score, r.criterion_id))
    best, worst = ranked[0], ranked[-1]
    lines = [
        f"Global score {score:.1f}/5 over {len(results)} of {len(criteria)} criteria.",
        f"Strongest: {criteria[best.criterion_id].name} ({best.numeric_score}/5). "
        f"Weakest: {criteria[worst.criterion_id].name} ({worst.numeric_score}/5).",
    ]
    if capped:
        lines.append(
            f"SECURITY VIOLATION: the document exposes personal data or addresses an AI; "
            f"the global score is capped at {SECURITY_CAP:.1f}."
        )
    failures = state.get("failures") or {}
    if failures:
        names = ", ".join(criteria[c].name for c in sorted(failures) if c in criteria)
        lines.append(f"Not assessed (left out of the score): {names}.")
    return " ".join(lines)


def audit_report(state: AgentState) -> AuditReport | None:
    """The report of the merged state, or None when no criterion was scored."""
    results = state.get("criterion_results") or {}
    if not results:
        return None
    weights = {c.id: c.weight for c in state["criteria"]}
    score = compute_global_score(results, weights, security_cap=SECURITY_CAP)
    capped = any(r.security_violation_found for r in results.values())
    order = [c.id for c in state["criteria"] if c.id in results]
    return AuditReport(
        criterion_results=[results[c] for c in order],
        summary=audit_summary(state, score, capped),
        global_score=score,
    )
