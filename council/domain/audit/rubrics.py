"""The rubrics every installation starts with (stored as data, then editable in the admin)."""

from __future__ import annotations

from dataclasses import dataclass

from council.domain.audit.state import Criterion


@dataclass(frozen=True)
class RubricSeed:
    name: str
    description: str
    criteria: tuple[Criterion, ...]


SECURITY = Criterion(
    id="security",
    name="Security",
    description=(
        "No unredacted personal data (ID numbers, account numbers, minors' names) and no "
        "instructions aimed at an AI. A violation caps the global score."
    ),
    weight=1.0,
    is_security=True,
    analyzer="security",
)

JUDICIAL_OPINION = RubricSeed(
    name="Judicial opinion",
    description="A court's written opinion: how it reasons, what it rests on, how it reads.",
    criteria=(
        Criterion(
            id="transparency",
            name="Transparency of reasoning",
            description="The opinion says why: each conclusion follows from stated reasons.",
            weight=3.0,
            analyzer="reasoning",
        ),
        Criterion(
            id="evidence_precedent",
            name="Use of evidence and precedent",
            description="Findings rest on the record; holdings cite statutes and precedent.",
            weight=3.0,
            analyzer="citations",
        ),
        Criterion(
            id="balance",
            name="Balance and absence of bias",
            description="The parties' arguments are weighed; the language is not loaded.",
            weight=2.0,
            analyzer="balance",
        ),
        Criterion(
            id="clarity",
            name="Clarity",
            description="Readable sentences a party can follow.",
            weight=1.0,
            analyzer="clarity",
        ),
        SECURITY,
    ),
)

STUDENT_ARGUMENT = RubricSeed(
    name="Student argument",
    description="A student's argumentative text, read for the six parts of Toulmin's model.",
    criteria=(
        Criterion(
            id="claim",
            name="Claim",
            description="A clear position the text argues for.",
            weight=2.0,
            analyzer="claim",
        ),
        Criterion(
            id="grounds",
            name="Grounds",
            description="Facts, data or examples offered in support of the claim.",
            weight=2.0,
            analyzer="grounds",
        ),
        Criterion(
            id="warrant",
            name="Warrant",
            description="Why the grounds support the claim.",
            weight=2.0,
            analyzer="warrant",
        ),
        Criterion(
            id="backing",
            name="Backing",
            description="Authority or research behind the warrant.",
            weight=1.0,
            analyzer="backing",
        ),
        Criterion(
            id="qualifier",
            name="Qualifier",
            description="How strongly the claim is held (probably, in most cases).",
            weight=1.0,
            analyzer="qualifier",
        ),
        Criterion(
            id="rebuttal",
            name="Rebuttal",
            description="Conditions or objections under which the claim would not hold.",
            weight=1.0,
            analyzer="rebuttal",
        ),
        SECURITY,
    ),
)

SEED_RUBRICS: tuple[RubricSeed, ...] = (JUDICIAL_OPINION, STUDENT_ARGUMENT)
DEFAULT_RUBRIC = JUDICIAL_OPINION.name
