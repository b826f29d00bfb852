"""The council's result as objective, robotic text (the spec's ``format_critique_output``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from council.domain.critique.schemas import Failure


def _same(text: str) -> str:
    return text


def _two_places(value: float) -> str:
    return f"{value:.2f}"


RULE = "=" * 60
OFFLINE_USAGE = "offline: no model tokens"


def usage_line(*, engine: str, calls: int, tokens_in: int, tokens_out: int) -> str:
    """What a run cost: offline runs use no model, so they say so instead of "0 tokens"."""
    if engine == "offline":
        return OFFLINE_USAGE
    noun = "call" if calls == 1 else "calls"
    return f"{calls} model {noun}, {tokens_in} tokens in, {tokens_out} out"


def format_critique_output(
    critique_data: dict[str, Any],
    *,
    usage: str = "",
    translate: Callable[[str], str] = _same,
    fallacy_label: Callable[[str], str] = _same,
    decimal: Callable[[float], str] = _two_places,
) -> str:
    """Format ``{final_assessment, points, no_findings}`` (plus ``failures``) as plain text,
    ending with ``usage`` (``usage_line``) when given. The report's own words go through
    ``translate`` (gettext, for a reader of another language; the stored report is English),
    a fallacy's id through ``fallacy_label``, a confidence through ``decimal`` (two places; the
    reader's number format on a page); what the points say is shown as given.

    "NO SIGNIFICANT FINDINGS" appears only when ``no_findings`` is true and nothing failed;
    a degraded run lists what failed, whatever else it says. A point that names a fallacy
    says which.
    """
    t = translate
    points = critique_data.get("points") or []
    failures = critique_data.get("failures") or []
    lines = [RULE, t("REASONING COUNCIL ASSESSMENT"), RULE]
    if critique_data.get("no_findings") and not failures and not points:
        lines += [t("RESULT: NO SIGNIFICANT FINDINGS."), ""]
    else:
        status = t("DEGRADED") if failures else t("COMPLETE")
        lines += [t("STATUS: %(status)s") % {"status": status}]
        lines += [t("POINTS: %(n)s") % {"n": len(points)}, ""]
    assessment = (critique_data.get("final_assessment") or "").strip()
    if assessment:
        lines += [t("ASSESSMENT:"), f"  {assessment}", ""]
    for number, point in enumerate(points, start=1):
        agents = ", ".join(t(a.capitalize()) for a in point.get("agents", []))
        lines.append(
            f"[{number}] "
            + t(
                "AREA: %(area)s | SEVERITY: %(severity)s | CONFIDENCE: %(confidence)s | "
                "AGENTS: %(agents)s"
            )
            % {
                "area": t(point["area"]),
                "severity": t(point["severity"]),
                "confidence": decimal(point["confidence"]),
                "agents": agents,
            }
        )
        lines.append("    " + t("CRITIQUE: %(critique)s") % {"critique": point["critique"]})
        if point.get("fallacy"):
            doubt = f" ({t(point['doubt']).upper()})" if point.get("doubt") else ""
            label = fallacy_label(point["fallacy"])
            lines.append("    " + t("FALLACY: %(fallacy)s") % {"fallacy": label} + doubt)
        if point.get("evidence"):
            marker = " " + t("(NOT FOUND IN DOCUMENT)") if point.get("unverified_quote") else ""
            quote = _shorten(point["evidence"])
            lines.append("    " + t('EVIDENCE: "%(quote)s"') % {"quote": quote} + marker)
        lines.append("")
    if failures:
        lines.append(t("INCOMPLETE ANALYSIS:"))
        for failure in failures:
            lines.append(f"  - {_failure(Failure.model_validate(failure), t)}")
        lines.append("")
    if usage:
        lines += [t("USAGE: %(usage)s") % {"usage": usage}, ""]
    lines.append(RULE)
    return "\n".join(lines)


def stage_shown(stage: str, t: Callable[[str], str]) -> str:
    """Where an agent failed ("level 2", "self-critique", "synthesis summary") through ``t``."""
    level = stage.removeprefix("level ")
    if level != stage and level.isdigit():
        return t("level %(n)s") % {"n": level}
    return t(stage)


def _failure(failure: Failure, t: Callable[[str], str]) -> str:
    """``Failure.describe`` through ``t`` (the agent's error as the result holds it: in the
    reader's language when the caller has written it again, ``vocabulary``)."""
    where = f" ({', '.join(failure.nodes)})" if failure.nodes else ""
    return t("%(agent)s failed at %(stage)s%(where)s: %(error)s") % {
        "agent": t(failure.agent.capitalize()),
        "stage": stage_shown(failure.stage, t),
        "where": where,
        "error": failure.error,
    }


def _shorten(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
