"""Machine-drafted feedback per Toulmin part, for the teacher to accept, edit or discard.

A judge (the essay's audit, the chain's own reading, the coach's step checks) says of each part
whether the work holds it, the words it rests on, what is wrong with it if anything, and how
sure it is; ``draft_part`` turns that into a comment (a message key and its arguments, rendered
in the teacher's language by the caller) and suggested points on the assignment's scale. A draft
never reaches the student: only what the teacher saves as feedback does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toulmini_site.toulmin import STEP_PART

# How sure a judge must be for its suggested points to be offered at all; below, the draft
# carries a comment to check and no points.
POINTS_AT = 0.5
QUOTE_MAX = 160


@dataclass(frozen=True)
class PartEvidence:
    """What one judge read of one part."""

    part: str
    present: bool
    quote: str = ""  # the student's words the reading rests on
    quality: float | None = None  # 0-1: how well the part does its job; None: not judged
    problem: str = ""  # a problem code (coach step checks, chain strength, audit score)
    note: str = ""  # the judge's own words (an audit's reasoning)
    confidence: float = 0.5  # 0-1: how sure the judge is of this reading
    judge: str = ""  # audit | chain | coach


@dataclass(frozen=True)
class DraftPart:
    part: str
    key: str  # which comment (``COMMENTS``)
    args: dict[str, str] = field(default_factory=dict)
    points: int | None = None
    quote: str = ""
    confidence: float = 0.5
    judge: str = ""


# Comment keys -> English templates (the catalogue's msgids; the caller translates).
COMMENTS = {
    "missing": "The work has no {part} yet: ask for one.",
    "good": "“{quote}” does the job of the {part}; ask what would make it harder to doubt.",
    "unsure": "“{quote}” may serve as the {part}; check it before you grade.",
    "too_short": "“{quote}” is short for a {part}: ask the student to say more.",
    "is_question": "“{quote}” is a question; the {part} should state something.",
    "no_evidence": "“{quote}” gives no fact, figure or source that could be checked.",
    "opinion": "“{quote}” reads as opinion rather than evidence.",
    "no_principle": "“{quote}” states no general rule linking the data to the claim.",
    "one_sided": "“{quote}” looks at one side only.",
    "restates_claim": "“{quote}” says the claim again instead of giving a rule.",
    "no_authority": "“{quote}” names no study, expert or institution behind it.",
    "vague_source": "“{quote}” names its source too vaguely to be checked.",
    "no_modal": "“{quote}” does not say how sure the claim is.",
    "no_condition": "“{quote}” names no case in which the claim would not hold.",
    "insists": "“{quote}” insists rather than limiting the claim.",
    "weak": "“{quote}” is weak as a {part}.",
    "irrelevant": "“{quote}” does not bear on the claim.",
    "audit": "The audit scored this part {score}/5: {note}",
}


def shortened(text: str, limit: int = QUOTE_MAX) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.") + "…"


def draft_part(evidence: PartEvidence, *, maximum: int, label: str) -> DraftPart:
    """The draft comment and suggested points for one part, out of ``maximum`` points."""
    quote = shortened(evidence.quote)
    base = {"part": label, "quote": quote}

    def made(key: str, args: dict[str, str], points: int | None) -> DraftPart:
        return DraftPart(
            evidence.part, key, args, points, quote, evidence.confidence, evidence.judge
        )

    if not evidence.present:
        return made("missing", base, 0)
    points = (
        round(evidence.quality * maximum)
        if evidence.quality is not None and evidence.confidence >= POINTS_AT
        else None
    )
    if evidence.note and evidence.judge == "audit":
        score = str(round((evidence.quality or 0) * 4) + 1)
        return made(
            "audit", {**base, "score": score, "note": shortened(evidence.note, 300)}, points
        )
    if evidence.problem in COMMENTS:
        return made(evidence.problem, base, points)
    return made("good" if evidence.confidence >= POINTS_AT else "unsure", base, points)


# -- readings per kind of work (pure: the caller passes the work's values) ------------------

# A step check's problem -> how much of the part's points it leaves (the check passed: 0.75,
# the teacher decides on the rest).
PROBLEM_QUALITY = {
    "": 0.75,
    "empty": 0.0,
    "too_short": 0.25,
    "is_question": 0.25,
    "no_evidence": 0.25,
    "opinion": 0.25,
    "no_principle": 0.25,
    "one_sided": 0.5,
    "restates_claim": 0.25,
    "no_authority": 0.25,
    "vague_source": 0.5,
    "no_modal": 0.25,
    "no_condition": 0.25,
    "insists": 0.25,
}
STRENGTH_QUALITY = {"absolute": 1.0, "strong": 0.75, "weak": 0.25, "irrelevant": 0.0}


def coach_evidence(steps: dict[str, str], problems: dict[str, str]) -> dict[str, PartEvidence]:
    """Per graded part, from the coach draft's texts by step and each step's check problem
    ("" when it passed). Of the two backings, the one with the better check speaks."""
    out: dict[str, PartEvidence] = {}
    for step, text in steps.items():
        part = STEP_PART[step]  # its two backings are the one graded "backing"
        problem = problems.get(step, "")
        quality = PROBLEM_QUALITY.get(problem, 0.5)
        reading = PartEvidence(
            part=part,
            present=bool(text.strip()),
            quote=text,
            quality=quality,
            problem=problem if problem != "empty" else "",
            # The step checks read form, not truth: sure of a problem, less of a pass.
            confidence=0.7 if problem else 0.55,
            judge="coach",
        )
        held = out.get(part)
        if held is None or (
            reading.present and (not held.present or quality > (held.quality or 0))
        ):
            out[part] = reading
    return out


def chain_evidence(
    components: dict[str, dict | None], stopped_at: str = ""
) -> dict[str, PartEvidence]:
    """Per graded part, from the chain's components (their own strength where they carry
    one) and the component a circuit breaker stopped at."""
    out = {}
    for part, value in components.items():
        if not value:
            out[part] = PartEvidence(part=part, present=False, judge="chain", confidence=0.8)
            continue
        quote = _component_words(part, value)
        strength = value.get("strength") if isinstance(value, dict) else None
        quality = STRENGTH_QUALITY.get(str(strength), 0.75 if part != stopped_at else 0.25)
        problem = str(strength) if strength in ("weak", "irrelevant") else ""
        out[part] = PartEvidence(
            part=part,
            present=True,
            quote=quote,
            quality=quality,
            problem=problem,
            confidence=0.6,
            judge="chain",
        )
    return out


def _component_words(part: str, value: dict) -> str:
    for key in ("statement", "principle", "authority", "rationale"):
        if isinstance(value.get(key), str):
            return value[key]
    for key in ("facts", "exceptions"):
        items = value.get(key)
        if isinstance(items, list) and items:
            return "; ".join(str(item) for item in items)
    return ""


def audit_evidence(
    results: list[tuple[str, int | None, str, str, float | None]],
) -> dict[str, PartEvidence]:
    """Per graded part, from the audit's criteria mapped to parts: (part, score 1-5,
    reasoning, the first quoted evidence, the criterion's confidence)."""
    out = {}
    for part, score, reasoning, quote, confidence in results:
        if score is None:
            continue
        out[part] = PartEvidence(
            part=part,
            present=score > 1,
            quote=quote,
            quality=(score - 1) / 4,
            note=reasoning,
            confidence=confidence if confidence is not None else 0.6,
            judge="audit",
        )
    return out
