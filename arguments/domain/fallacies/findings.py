"""A fallacy found in a text, and a language model's answer checked against the text.

Every finding quotes the text exactly: ``text[start:end] == quote``. A model's answer uses the
same taxonomy and is checked by ``findings_from_model``: a type outside the taxonomy fails
validation, and a quote that is not in the text is dropped.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, model_validator

from arguments.domain.fallacies.explanations import Explanation, read_explanation
from arguments.domain.fallacies.taxonomy import TAXONOMY, FallacyType

TEXT_MAX = 5_000
# A finding whose confidence is at or above this is shown as "likely"; below it, "possible"
# (and below the detector's POSSIBLE_AT, not at all). Chosen on the tuning data: the share of
# the web-discourse dev texts flagged, and precision on the hand-written dev examples.
LIKELY_AT = 0.7


class FallacyFinding(BaseModel):
    """One fallacy found in a text; ``quote`` is ``text[start:end]``."""

    model_config = ConfigDict(extra="forbid")

    type: FallacyType
    label: str
    quote: str = Field(min_length=1)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    explanation: str = Field(min_length=1)
    confidence: float = Field(ge=0, le=1)
    # The explanation as a key of ``explanations.EXPLANATIONS`` and the words that fill it,
    # for a page to say it in its reader's language; empty for a language model's own words.
    # Not part of the answer (``model_dump``): the API and MCP give the English ``explanation``.
    explanation_key: str = Field(default="", exclude=True)
    explanation_params: dict[str, str] = Field(default_factory=dict, exclude=True)

    @model_validator(mode="after")
    def _span_matches_quote(self) -> FallacyFinding:
        if self.end - self.start != len(self.quote):
            raise ValueError("end - start must equal the length of the quote")
        return self

    @property
    def likely(self) -> bool:
        """True when the finding is shown as likely rather than possible."""
        return self.confidence >= LIKELY_AT

    def holds_in(self, text: str) -> bool:
        """True when the quote is exactly ``text[start:end]``."""
        return text[self.start : self.end] == self.quote


class ModelFallacy(BaseModel):
    """A fallacy as a language model names it: its offsets are found by us, not trusted."""

    model_config = ConfigDict(extra="forbid")

    type: FallacyType
    quote: str = Field(min_length=1, max_length=TEXT_MAX)
    explanation: str = Field(min_length=1, max_length=500)
    confidence: float = Field(ge=0, le=1)


class ModelFallacies(BaseModel):
    """The JSON object the model must return."""

    model_config = ConfigDict(extra="forbid")

    fallacies: list[ModelFallacy] = Field(max_length=30)


def finding(
    text: str,
    *,
    type: str,
    start: int,
    end: int,
    explanation: Explanation | str,
    confidence: float,
) -> FallacyFinding:
    """A finding of ``type`` quoting ``text[start:end]``; ``explanation`` is one of the
    checker's own (key and words) or a language model's words."""
    if isinstance(explanation, Explanation):
        words, key, params = explanation.text, explanation.key, dict(explanation.params)
    else:
        words, key, params = explanation, "", {}
    return FallacyFinding(
        type=type,  # type: ignore[arg-type]
        label=TAXONOMY[type].label,
        quote=text[start:end],
        start=start,
        end=end,
        explanation=words,
        confidence=round(confidence, 2),
        explanation_key=key,
        explanation_params=params,
    )


def locate(text: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` is in ``text``: exactly, else ignoring case and runs of white space."""
    quote = quote.strip().strip("\"'“”")
    if not quote:
        return None
    index = text.find(quote)
    if index >= 0:
        return index, index + len(quote)
    pattern = r"\s+".join(re.escape(part) for part in quote.split())
    match = re.search(pattern, text, flags=re.IGNORECASE)
    return (match.start(), match.end()) if match else None


def findings_from_model(text: str, answer: ModelFallacies) -> list[FallacyFinding]:
    """The model's fallacies whose quotes are in ``text``, with offsets, by confidence."""
    found: list[FallacyFinding] = []
    for item in answer.fallacies:
        span = locate(text, item.quote)
        if span is None:
            continue
        found.append(
            finding(
                text,
                type=item.type,
                start=span[0],
                end=span[1],
                # The offline provider answers in the checker's own words: kept translatable.
                explanation=read_explanation(item.explanation.strip()) or item.explanation.strip(),
                confidence=item.confidence,
            )
        )
    return ranked(found)


def ranked(found: list[FallacyFinding]) -> list[FallacyFinding]:
    unique = {(f.type, f.start, f.end): f for f in found}
    return sorted(unique.values(), key=lambda f: (-f.confidence, f.start, f.type))
