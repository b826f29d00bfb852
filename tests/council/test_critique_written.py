"""The written critique and its default assessment, whole, on hand-made council data: every
status line, marker and count a reader sees (the offline snapshot covers what the offline
council produces; these cover what only a model's answers or failures produce)."""

from __future__ import annotations

from council.domain.critique.formatter import format_critique_output
from council.domain.critique.synthesis import default_assessment

RULE = "=" * 60
LONG = "word " * 60  # 300 characters with spaces, 299 once joined


def point(**over):
    return {
        "area": "Evidence",
        "severity": "High",
        "confidence": 0.7,
        "agents": ["popper", "kant"],
        "critique": "The data do not support the claim.",
        "evidence": "Sales rose.",
        **over,
    }


def test_a_degraded_critique_lists_points_markers_and_failures():
    data = {
        "final_assessment": "  Weak support.  ",
        "points": [
            point(fallacy="false cause", unverified_quote=True),
            point(severity="Critical", evidence=LONG, agents=[]),
            point(evidence=""),
        ],
        "failures": [
            {"agent": "russell", "stage": "tree", "nodes": ["1", "1.2"], "error": "timeout"},
            {"agent": "kant", "stage": "summary", "error": "bad JSON"},
        ],
        "no_findings": True,
    }
    shortened = " ".join(LONG.split())[:237] + "..."
    assert format_critique_output(data, usage="model · 3 calls") == "\n".join(
        [
            RULE,
            "REASONING COUNCIL ASSESSMENT",
            RULE,
            "STATUS: DEGRADED",
            "POINTS: 3",
            "",
            "ASSESSMENT:",
            "  Weak support.",
            "",
            "[1] AREA: Evidence | SEVERITY: High | CONFIDENCE: 0.70 | AGENTS: Popper, Kant",
            "    CRITIQUE: The data do not support the claim.",
            "    FALLACY: false cause",
            '    EVIDENCE: "Sales rose." (NOT FOUND IN DOCUMENT)',
            "",
            "[2] AREA: Evidence | SEVERITY: Critical | CONFIDENCE: 0.70 | AGENTS: ",
            "    CRITIQUE: The data do not support the claim.",
            f'    EVIDENCE: "{shortened}"',
            "",
            "[3] AREA: Evidence | SEVERITY: High | CONFIDENCE: 0.70 | AGENTS: Popper, Kant",
            "    CRITIQUE: The data do not support the claim.",
            "",
            "INCOMPLETE ANALYSIS:",
            "  - Russell failed at tree (1, 1.2): timeout",
            "  - Kant failed at summary: bad JSON",
            "",
            "USAGE: model · 3 calls",
            "",
            RULE,
        ]
    )
    assert len(shortened) == 240


def test_no_findings_is_said_only_when_nothing_failed_and_there_is_no_point():
    clean = format_critique_output({"no_findings": True, "final_assessment": ""})
    assert clean == "\n".join(
        [RULE, "REASONING COUNCIL ASSESSMENT", RULE, "RESULT: NO SIGNIFICANT FINDINGS.", "", RULE]
    )
    complete = format_critique_output({"no_findings": False, "points": []})
    assert "STATUS: COMPLETE\nPOINTS: 0\n" in complete


def test_the_default_assessment_counts_every_severity_and_names_the_fallacies():
    points = [
        point(severity="Critical", area="Logic", critique="It contradicts itself."),
        point(fallacy="false_cause"),
        point(severity="Low", fallacy="false_cause"),
        point(severity="Medium", fallacy="ad_hominem"),
    ]
    assert default_assessment(
        points, failed_agents=["kant", "council"], agents_total=6, points_total=9
    ) == (
        "Analysis identified 9 points (1 Critical, 1 High, 1 Medium, 1 Low among the first 4); "
        "5 of 6 agents completed without error. Primary concern (Logic, Critical): It "
        "contradicts itself. Named fallacies: false cause, ad hominem."
    )


def test_one_point_is_a_point_and_no_point_is_no_finding_unless_an_agent_failed():
    assert default_assessment([point()], failed_agents=[], agents_total=6) == (
        "Analysis identified 1 point (1 High); 6 of 6 agents completed without error. "
        "Primary concern (Evidence, High): The data do not support the claim."
    )
    assert default_assessment([], failed_agents=[], agents_total=6) == (
        "No significant findings. All 6 agents completed their analysis."
    )
    assert default_assessment([], failed_agents=["popper"], agents_total=6) == (
        "No point reached the threshold, but the council was incomplete (5 of 6 agents "
        "completed without error); the absence of findings is not established."
    )
