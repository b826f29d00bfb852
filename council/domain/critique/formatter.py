"""The council's result as objective, robotic text (the spec's ``format_critique_output``)."""

from __future__ import annotations

from typing import Any

from council.domain.critique.schemas import Failure

RULE = "=" * 60
OFFLINE_USAGE = "offline: no model tokens"


def usage_line(*, engine: str, calls: int, tokens_in: int, tokens_out: int) -> str:
    """What a run cost: offline runs use no model, so they say so instead of "0 tokens"."""
    if engine == "offline":
        return OFFLINE_USAGE
    noun = "call" if calls == 1 else "calls"
    return f"{calls} model {noun}, {tokens_in} tokens in, {tokens_out} out"


def format_critique_output(critique_data: dict[str, Any], *, usage: str = "") -> str:
    """Format ``{final_assessment, points, no_findings}`` (plus ``failures``) as plain text,
    ending with ``usage`` (``usage_line``) when given.

    "NO SIGNIFICANT FINDINGS" appears only when ``no_findings`` is true and nothing failed;
    a degraded run lists what failed, whatever else it says. A point that names a fallacy
    says which.
    """
    points = critique_data.get("points") or []
    failures = critique_data.get("failures") or []
    lines = [RULE, "REASONING COUNCIL ASSESSMENT", RULE]
    if critique_data.get("no_findings") and not failures and not points:
        lines += ["RESULT: NO SIGNIFICANT FINDINGS.", ""]
    else:
        status = "DEGRADED" if failures else "COMPLETE"
        lines += [f"STATUS: {status}", f"POINTS: {len(points)}", ""]
    assessment = (critique_data.get("final_assessment") or "").strip()
    if assessment:
        lines += ["ASSESSMENT:", f"  {assessment}", ""]
    for number, point in enumerate(points, start=1):
        agents = ", ".join(a.capitalize() for a in point.get("agents", []))
        lines.append(
            f"[{number}] AREA: {point['area']} | SEVERITY: {point['severity']} | "
            f"CONFIDENCE: {point['confidence']:.2f} | AGENTS: {agents}"
        )
        lines.append(f"    CRITIQUE: {point['critique']}")
        if point.get("fallacy"):
            doubt = f" ({point['doubt'].upper()})" if point.get("doubt") else ""
            lines.append(f"    FALLACY: {point['fallacy']}{doubt}")
        if point.get("evidence"):
            marker = " (NOT FOUND IN DOCUMENT)" if point.get("unverified_quote") else ""
            lines.append(f'    EVIDENCE: "{_shorten(point["evidence"])}"{marker}')
        lines.append("")
    if failures:
        lines.append("INCOMPLETE ANALYSIS:")
        for failure in failures:
            lines.append(f"  - {Failure.model_validate(failure).describe()}")
        lines.append("")
    if usage:
        lines += [f"USAGE: {usage}", ""]
    lines.append(RULE)
    return "\n".join(lines)


def _shorten(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
