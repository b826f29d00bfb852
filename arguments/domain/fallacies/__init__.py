"""Named fallacies: a fixed taxonomy, the finding schema, and an offline detector.

- ``taxonomy``: the fourteen types (ids, labels, definitions, examples);
- ``findings``: a finding quotes the text exactly; a model's answer is checked against it;
- ``detector``: runs the rule families and the learned model over windows of sentences; a
  finding at ``LIKELY_AT`` or above is likely, from ``POSSIBLE_AT`` up to it possible;
- ``learned``: the learned model of five types (weights in ``arguments/fallacy_model.json``);
- ``cues``, and the rule families ``relevance`` (its ad hominem shapes without an insult in
  ``hominem``), ``presumption``, ``induction``, ``deduction``.
"""

from arguments.domain.fallacies.detector import (
    POSSIBLE_AT,
    THRESHOLD,
    detect_fallacies,
    offline_answer,
)
from arguments.domain.fallacies.findings import (
    LIKELY_AT,
    TEXT_MAX,
    FallacyFinding,
    ModelFallacies,
    ModelFallacy,
    finding,
    findings_from_model,
    locate,
)
from arguments.domain.fallacies.taxonomy import TAXONOMY, Fallacy, FallacyType

__all__ = [
    "LIKELY_AT",
    "POSSIBLE_AT",
    "TAXONOMY",
    "TEXT_MAX",
    "THRESHOLD",
    "Fallacy",
    "FallacyFinding",
    "FallacyType",
    "ModelFallacies",
    "ModelFallacy",
    "detect_fallacies",
    "finding",
    "findings_from_model",
    "locate",
    "offline_answer",
]
