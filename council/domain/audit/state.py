"""The audit's state schema: strict models, the reducers that merge parallel updates, the score.

An audit scores a source document against a rubric of criteria. Each criterion is assessed by
its own node of a graph, in parallel; the nodes' updates are merged into ``AgentState`` by the
reducers below, and the report carries a weighted global score.

Every model is strict: unknown fields are refused (``extra="forbid"``) and nothing is coerced
(``"3"`` is not ``3``, ``3.0`` is not an integer score). A ``pydantic.ValidationError`` names
the path of the failing field (``criterion_results.0.numeric_score``).

Framework-free: standard library and pydantic only.
"""

from __future__ import annotations

import hashlib
import json
import math
import unicodedata
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any, TypedDict

from pydantic import BaseModel, ConfigDict, Field

UNKNOWN = "Unknown"


class StrictModel(BaseModel):
    """No extra fields, no coercion, immutable once built."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Confidence = Annotated[float, Field(ge=0.0, le=1.0, allow_inf_nan=False)]
Score = Annotated[int, Field(ge=1, le=5)]
NonEmpty = Annotated[str, Field(min_length=1)]


class Evidence(StrictModel):
    """A passage found in the source: where it is, what it says, how relevant it is."""

    source_ref: NonEmpty = Field(description="Where: a paragraph id, page name or URL.")
    content: NonEmpty = Field(description="The passage, quoted exactly.")
    relevance_confidence: Confidence


class JudicialOpinion(StrictModel):
    """The document under audit, with its identifiers (defaulting to "Unknown")."""

    text: NonEmpty
    case_id: NonEmpty = UNKNOWN
    court_name: NonEmpty = UNKNOWN


class CriterionResult(StrictModel):
    """The outcome of auditing one criterion: a score of 1 to 5 and why."""

    criterion_id: NonEmpty
    numeric_score: Score
    reasoning: NonEmpty
    security_violation_found: bool = False
    relevance_confidence: Confidence


class AuditReport(StrictModel):
    """The aggregate: every criterion's result, a summary and the weighted global score."""

    criterion_results: list[CriterionResult]
    summary: NonEmpty
    global_score: Annotated[float, Field(ge=1.0, le=5.0, allow_inf_nan=False)]


class Criterion(StrictModel):
    """One criterion of a rubric, as the graph receives it (rubrics are data)."""

    id: Annotated[str, Field(min_length=1, max_length=60, pattern=r"^[A-Za-z0-9_-]+$")]
    name: NonEmpty
    description: str = ""
    weight: Annotated[float, Field(gt=0.0, allow_inf_nan=False)] = 1.0
    is_security: bool = False
    analyzer: NonEmpty = "reasoning"


class CriterionAssessment(StrictModel):
    """What an auditor (offline analyzer or language model) answers for one criterion."""

    numeric_score: Score
    reasoning: NonEmpty
    security_violation_found: bool = False
    relevance_confidence: Confidence
    evidence: list[Evidence] = Field(default_factory=list)


class StateMergeError(Exception):
    """A reducer received structurally wrong data; the graph must stop rather than corrupt
    its state. Raised unchanged out of ``graph.invoke()``."""


def _require_dict(value: Any, what: str) -> dict:
    if not isinstance(value, dict):
        raise StateMergeError(f"{what}: expected a dict, got {type(value).__name__}")
    for key in value:
        if not isinstance(key, str):
            raise StateMergeError(f"{what}: keys must be strings, got {type(key).__name__}")
    return value


def evidence_fingerprint(evidence: Evidence) -> str:
    """SHA-256 of the canonical ``(source_ref, content)``: Unicode NFC, JSON-encoded as a pair
    so that no two different pairs share an encoding. The confidence is not part of it."""
    canonical = json.dumps(
        [
            unicodedata.normalize("NFC", evidence.source_ref),
            unicodedata.normalize("NFC", evidence.content),
        ],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def merge_evidences(
    left: dict[str, list[Evidence]], right: dict[str, list[Evidence]]
) -> dict[str, list[Evidence]]:
    """Union per key of two ``{key: [Evidence, ...]}`` dicts, without duplicates.

    Two items are duplicates when their ``evidence_fingerprint`` is equal; the first one seen
    is kept (left before right, each in its own order), so an existing item is never replaced.
    Keys keep their first-seen order (left's, then right's new ones). Returns a new dict with
    new lists; neither input is mutated. An empty update returns the state's content.

    Raises ``StateMergeError`` when either side is not a dict of string keys to lists of
    ``Evidence``.
    """
    _require_dict(left, "evidences (state)")
    _require_dict(right, "evidences (update)")
    merged: dict[str, list[Evidence]] = {}
    seen: dict[str, set[str]] = {}
    for side, source in (("state", left), ("update", right)):
        for key, items in source.items():
            if not isinstance(items, list):
                raise StateMergeError(
                    f"evidences[{key!r}] ({side}): expected a list, got {type(items).__name__}"
                )
            bucket = merged.setdefault(key, [])
            fingerprints = seen.setdefault(key, set())
            for index, item in enumerate(items):
                if not isinstance(item, Evidence):
                    raise StateMergeError(
                        f"evidences[{key!r}][{index}] ({side}): expected Evidence, "
                        f"got {type(item).__name__}"
                    )
                fingerprint = evidence_fingerprint(item)
                if fingerprint not in fingerprints:
                    fingerprints.add(fingerprint)
                    bucket.append(item)
    return merged


def merge_criterion_results(
    left: dict[str, CriterionResult], right: dict[str, CriterionResult]
) -> dict[str, CriterionResult]:
    """Union of two ``{criterion_id: CriterionResult}`` dicts.

    On a collision the result with the higher ``relevance_confidence`` wins; on a tie the
    newer one (right) wins, so a re-evaluation can replace a result. Returns a new dict; the
    inputs are not mutated.

    Raises ``StateMergeError`` when either side is not a dict, a value is not a
    ``CriterionResult``, or a key differs from its result's ``criterion_id``.
    """
    _require_dict(left, "criterion_results (state)")
    _require_dict(right, "criterion_results (update)")
    merged: dict[str, CriterionResult] = {}
    for side, source in (("state", left), ("update", right)):
        for key, result in source.items():
            if not isinstance(result, CriterionResult):
                raise StateMergeError(
                    f"criterion_results[{key!r}] ({side}): expected CriterionResult, "
                    f"got {type(result).__name__}"
                )
            if result.criterion_id != key:
                raise StateMergeError(
                    f"criterion_results[{key!r}] ({side}): holds the result of "
                    f"{result.criterion_id!r}"
                )
            current = merged.get(key)
            if current is None or result.relevance_confidence >= current.relevance_confidence:
                merged[key] = result
    return merged


def merge_failures(left: dict[str, str], right: dict[str, str]) -> dict[str, str]:
    """Union of ``{criterion_id: error message}`` for criteria that could not be assessed;
    the newer message wins. Raises ``StateMergeError`` on anything but str → str dicts."""
    for side, source in (("state", left), ("update", right)):
        _require_dict(source, f"failures ({side})")
        for key, message in source.items():
            if not isinstance(message, str):
                raise StateMergeError(f"failures[{key!r}] ({side}): expected a string")
    return {**left, **right}


class AgentState(TypedDict, total=False):
    """The graph's state: a snapshot of the latest merged results, never a history."""

    document: JudicialOpinion
    criteria: list[Criterion]
    evidences: Annotated[dict[str, list[Evidence]], merge_evidences]
    criterion_results: Annotated[dict[str, CriterionResult], merge_criterion_results]
    failures: Annotated[dict[str, str], merge_failures]
    report: AuditReport | None


def _decimal_weight(criterion_id: str, weight: Any) -> Decimal:
    if isinstance(weight, bool) or not isinstance(weight, int | float | Decimal):
        raise ValueError(f"weight of {criterion_id!r} must be a number, got {weight!r}")
    if isinstance(weight, float) and not math.isfinite(weight):
        raise ValueError(f"weight of {criterion_id!r} must be finite, got {weight!r}")
    value = Decimal(str(weight))  # a float by its shortest repr: 0.1 is 0.1, not 0.1000…
    if not value.is_finite() or value <= 0:
        raise ValueError(f"weight of {criterion_id!r} must be greater than 0, got {weight!r}")
    return value


def compute_global_score(
    results: Mapping[str, CriterionResult],
    weights: Mapping[str, float],
    *,
    security_cap: float = 3.0,
) -> float:
    """The audit's global score, on the 1.0–5.0 scale, with one decimal.

    Rule, applied in this order:

    1. **Weight**: the weighted average of ``numeric_score`` over the criteria that were
       scored (the keys of ``results``), each with its weight from ``weights``. Weights are
       renormalised over those criteria, so a criterion that was not scored neither counts
       nor drags the average down. Every scored criterion needs a weight greater than 0.
    2. **Cap**: if any result has ``security_violation_found``, the average is capped at
       ``security_cap`` (a security problem outranks good writing).
    3. **Round**: half-up to one decimal, in ``Decimal`` arithmetic (2.25 → 2.3, never the
       binary-float 2.2), weights read through ``str`` so 0.1 means 0.1.

    Raises ``ValueError`` when ``results`` is empty, a scored criterion has no weight or a
    weight that is not a number greater than 0, or a result is filed under another id.
    """
    if not results:
        raise ValueError("no criterion was scored: there is no global score")
    total = Decimal(0)
    total_weight = Decimal(0)
    for criterion_id, result in results.items():
        if not isinstance(result, CriterionResult) or result.criterion_id != criterion_id:
            raise ValueError(f"results[{criterion_id!r}] is not that criterion's result")
        if criterion_id not in weights:
            raise ValueError(f"no weight for the scored criterion {criterion_id!r}")
        weight = _decimal_weight(criterion_id, weights[criterion_id])
        total += weight * result.numeric_score
        total_weight += weight
    score = total / total_weight
    if any(r.security_violation_found for r in results.values()):
        score = min(score, _decimal_weight("security_cap", security_cap))
    return float(score.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
