"""How sure an audit's Toulmin-part criteria are, measured for calibration.

A criterion reading a part from the chain's reading (claim, grounds, warrant, rebuttal) says
the part is there (quoting its sentences) or that no sentence plays it. Its confidence is the
share of such judgements that were right on texts with a gold reading, per part and answer:
(right + 1) / (said + 2), measured by ``evaluations.audit_confidence`` on the tuning short
arguments (never on the frozen ones, which give the honest precision per level; the figures
are in docs/analyzer.md). The levels are the chain's claim levels: "likely" from 0.7,
"possible" from 0.4, else "unsure". Criteria with no gold to measure
against (backing, qualifier, the markers of reasoning, citations, balance, clarity, security)
have no level: their confidence is the analyzer's own count-based guess.
"""

from __future__ import annotations

# The chain's claim levels (``arguments.domain.reading.LIKELY_CLAIM`` and ``POSSIBLE_CLAIM``;
# the council's domain imports no other app, a test keeps the two the same).
LIKELY = 0.7
POSSIBLE = 0.4
# part -> answer ("there" / "absent") -> the measured confidence that the answer is right.
PART_CONFIDENCE: dict[str, dict[str, float]] = {
    "claim": {"there": 0.79, "absent": 0.5},
    "grounds": {"there": 0.94, "absent": 0.25},
    "warrant": {"there": 0.6, "absent": 0.89},
    "rebuttal": {"there": 0.8, "absent": 0.82},
}

CALIBRATED = frozenset(PART_CONFIDENCE)


def part_confidence(part: str, there: bool) -> float:
    """The measured confidence of a part criterion's answer (``there``: it found the part)."""
    return PART_CONFIDENCE[part]["there" if there else "absent"]


def part_level(confidence: float) -> str:
    """ "likely", "possible" or "unsure", as the chain's claim."""
    if confidence >= LIKELY:
        return "likely"
    return "possible" if confidence >= POSSIBLE else "unsure"


def criterion_level(analyzer: str, confidence: float | None) -> str:
    """The level to show beside a criterion's confidence: "" for a criterion whose
    confidence is not measured for calibration (or has none)."""
    if analyzer not in CALIBRATED or confidence is None:
        return ""
    return part_level(confidence)
