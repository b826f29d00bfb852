"""Feedback per Toulmin part: which parts, their point maxima, validation and the total."""

from __future__ import annotations

from collections.abc import Mapping

# The parts a teacher comments on and grades: the one vocabulary's (toulmini_site.toulmin).
from toulmini_site.toulmin import PARTS

PART_LABELS = {
    "data": "Data / grounds",
    "claim": "Claim",
    "warrant": "Warrant",
    "backing": "Backing",
    "rebuttal": "Rebuttal",
    "qualifier": "Qualifier",
}
DEFAULT_MAX = 4
MAX_POINTS_PER_PART = 100
COMMENT_MAX_CHARS = 5_000


class FeedbackInvalid(ValueError):
    """Feedback that cannot be saved; ``details`` lists ``{"loc", "msg"}`` per problem."""

    def __init__(self, details: list[dict[str, str]]) -> None:
        super().__init__("; ".join(f"{d['loc']}: {d['msg']}" for d in details))
        self.details = details


def points_max(configured: Mapping[str, int] | None) -> dict[str, int]:
    """Each part's maximum: the assignment's setting where given, else 0-4."""
    configured = configured or {}
    return {part: int(configured.get(part, DEFAULT_MAX)) for part in PARTS}


def points_max_validate(configured: Mapping[str, object]) -> dict[str, int]:
    """An assignment's maxima: known parts, whole numbers from 1 to 100."""
    details = []
    for part, value in configured.items():
        if part not in PARTS:
            details.append({"loc": f"points_max.{part}", "msg": "unknown part"})
        elif isinstance(value, bool) or not isinstance(value, int):
            details.append({"loc": f"points_max.{part}", "msg": "must be a whole number"})
        elif not 1 <= value <= MAX_POINTS_PER_PART:
            details.append(
                {"loc": f"points_max.{part}", "msg": f"must be 1 to {MAX_POINTS_PER_PART}"}
            )
    if details:
        raise FeedbackInvalid(details)
    return points_max(configured)  # type: ignore[arg-type]


def feedback_validate(
    *,
    comments: Mapping[str, object],
    points: Mapping[str, object],
    overall: str,
    maxima: Mapping[str, int],
) -> tuple[dict[str, str], dict[str, int]]:
    """Clean comments and points: known parts only, points whole and within 0..max.

    Returns the comments (blank ones dropped) and the points; raises ``FeedbackInvalid``
    naming every bad field.
    """
    details: list[dict[str, str]] = []
    clean_comments: dict[str, str] = {}
    for part, text in comments.items():
        if part not in PARTS:
            details.append({"loc": f"comments.{part}", "msg": "unknown part"})
        elif not isinstance(text, str):
            details.append({"loc": f"comments.{part}", "msg": "must be text"})
        elif len(text) > COMMENT_MAX_CHARS:
            details.append(
                {"loc": f"comments.{part}", "msg": f"at most {COMMENT_MAX_CHARS} characters"}
            )
        elif text.strip():
            clean_comments[part] = text.strip()
    if len(overall) > COMMENT_MAX_CHARS:
        details.append({"loc": "overall", "msg": f"at most {COMMENT_MAX_CHARS} characters"})
    clean_points: dict[str, int] = {}
    for part, value in points.items():
        if part not in PARTS:
            details.append({"loc": f"points.{part}", "msg": "unknown part"})
        elif isinstance(value, bool) or not isinstance(value, int):
            details.append({"loc": f"points.{part}", "msg": "must be a whole number"})
        elif not 0 <= value <= maxima[part]:
            details.append({"loc": f"points.{part}", "msg": f"must be 0 to {maxima[part]}"})
        else:
            clean_points[part] = value
    if details:
        raise FeedbackInvalid(details)
    return clean_comments, clean_points


def points_total(points: Mapping[str, int]) -> int:
    """The sum of the points given (parts without points count nothing)."""
    return sum(points.get(part, 0) for part in PARTS)


def total_max(maxima: Mapping[str, int]) -> int:
    return sum(maxima[part] for part in PARTS)
