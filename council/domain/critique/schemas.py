"""What the model (or the offline philosophers) must answer, and what a tree node holds.

Model output is parsed into these models before anything trusts it. Bounds that we prefer to
*correct* rather than *reject* (too many children, deltas beyond ±0.35) are not in the schema:
the tree and the adjustment rules trim and clamp them, and say so.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

Severity = Literal["Low", "Medium", "High", "Critical"]
SEVERITY_WEIGHT: dict[str, int] = {"Low": 1, "Medium": 2, "High": 3, "Critical": 4}
# High (or Critical) severity is for findings the judge is sure of: below this confidence a
# finding is at most Medium, whoever wrote it (the same line as a "likely" fallacy).
HIGH_AT = 0.7


def honest_severity(severity: str, confidence: float) -> str:
    """``severity``, lowered to Medium when the judge is not sure enough for High."""
    if SEVERITY_WEIGHT.get(severity, 0) > SEVERITY_WEIGHT["Medium"] and confidence < HIGH_AT:
        return "Medium"
    return severity


class NodeDraft(BaseModel):
    """One critique point as the model proposes it (ids are assigned by us, not the model)."""

    claim: str = Field(min_length=1, max_length=1000)
    evidence: str = Field(
        min_length=1, max_length=2000, description="An exact quote from the text under review."
    )
    confidence: float = Field(ge=0.0, le=1.0)
    severity: Severity = "Medium"
    area: str = Field(default="", max_length=60)
    decompose: bool = Field(
        default=True, description="False when nothing more in this quote is worth examining."
    )
    fallacy: str = Field(
        default="",
        max_length=40,
        description="The id of the named fallacy the quote commits, from the taxonomy the "
        "instructions list, or empty. The tree keeps it only when it is in the taxonomy.",
    )

    @field_validator("fallacy", mode="before")
    @classmethod
    def _fallacy_as_id(cls, value: object) -> object:
        if value is None:
            return ""
        return "_".join(value.strip().lower().split()) if isinstance(value, str) else value

    @field_validator("severity", mode="before")
    @classmethod
    def _severity_any_case(cls, value: object) -> object:
        return value.strip().capitalize() if isinstance(value, str) else value


class ChildGroup(BaseModel):
    """The points found inside one target (the whole document, or a parent's quoted span)."""

    target_id: str
    points: list[NodeDraft] = Field(default_factory=list)


class LevelReply(BaseModel):
    """One level of one agent's tree: every target of the level answered in one call."""

    groups: list[ChildGroup] = Field(default_factory=list)


class Adjustment(BaseModel):
    target_claim_id: str
    confidence_delta: float
    reasoning: str = Field(default="", max_length=1000)


class SelfCritiqueReply(BaseModel):
    adjustments: list[Adjustment] = Field(default_factory=list)


class SummaryReply(BaseModel):
    final_assessment: str = Field(min_length=1, max_length=4000)


class CritiqueNode(BaseModel):
    """A node of a critique tree, as stored (``id`` like ``KANT-1.2``)."""

    id: str
    claim: str
    evidence: str
    confidence: float
    severity: Severity
    area: str
    quote_found: bool = True
    fallacy: str = ""  # a taxonomy id (arguments.domain.fallacies), or empty
    flags: list[str] = Field(default_factory=list)
    error: str = ""
    sub_critiques: list[CritiqueNode] = Field(default_factory=list)

    def walk(self) -> list[CritiqueNode]:
        """This node and all its descendants, depth first."""
        nodes = [self]
        for child in self.sub_critiques:
            nodes.extend(child.walk())
        return nodes


class Failure(BaseModel):
    """Something that did not run: which agent, which stage, which nodes, and why."""

    agent: str
    stage: str
    nodes: list[str] = Field(default_factory=list)
    error: str

    def describe(self) -> str:
        where = f" ({', '.join(self.nodes)})" if self.nodes else ""
        return f"{self.agent.capitalize()} failed at {self.stage}{where}: {self.error}"
