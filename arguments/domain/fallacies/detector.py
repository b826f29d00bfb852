"""The offline detector: each rule family's rules over windows of one to three sentences.

The detector reads sentence structure, not single trigger words: each rule fires only when
cues of different kinds meet in the same sentence (or two or three neighbouring sentences),
e.g. a false cause needs a succession or correlation *and* a causal conclusion, and is
withdrawn when the text names a mechanism; a hasty generalisation needs a claim about a whole
group *and* thin evidence (an anecdote, or none at all about "today").
"""

from __future__ import annotations

from arguments.domain.fallacies.cues import Rule, spans
from arguments.domain.fallacies.deduction import deductive_error
from arguments.domain.fallacies.findings import (
    FallacyFinding,
    ModelFallacies,
    ModelFallacy,
    finding,
    ranked,
)
from arguments.domain.fallacies.induction import (
    false_cause,
    hasty_generalization,
    slippery_slope,
)
from arguments.domain.fallacies.presumption import (
    circular,
    equivocation,
    false_dilemma,
    intentional,
)
from arguments.domain.fallacies.relevance import (
    ad_hominem,
    ad_populum,
    appeal_to_emotion,
    false_authority,
    red_herring,
    straw_man,
)

# (type, rule, the widest window in sentences)
RULES: tuple[tuple[str, Rule, int], ...] = (
    ("ad_hominem", ad_hominem, 2),
    ("ad_populum", ad_populum, 1),
    ("appeal_to_emotion", appeal_to_emotion, 2),
    ("circular_reasoning", circular, 1),
    ("equivocation", equivocation, 3),
    ("false_authority", false_authority, 1),
    ("straw_man", straw_man, 2),
    ("red_herring", red_herring, 2),
    ("false_cause", false_cause, 2),
    ("false_dilemma", false_dilemma, 1),
    ("hasty_generalization", hasty_generalization, 2),
    ("slippery_slope", slippery_slope, 2),
    ("deductive_error", deductive_error, 3),
    ("intentional", intentional, 1),
)
THRESHOLD = 2.0


def confidence(score: float, width: int) -> float:
    # A cue spread over several sentences is weaker evidence than one sentence holding all.
    return max(0.3, min(0.9, 0.3 + 0.2 * score - 0.05 * (width - 1)))


def detect_fallacies(text: str) -> list[FallacyFinding]:
    """The fallacies the offline rules find in ``text``, most confident first.

    Each finding quotes the narrowest run of whole sentences (one to three) in which the
    rule's cues meet; a sentence already covered for a type is not reported again for it.
    """
    sentences = spans(text)
    found: list[FallacyFinding] = []
    for kind, rule, widest in RULES:
        covered: set[int] = set()
        for width in range(1, widest + 1):
            for first in range(len(sentences) - width + 1):
                window = range(first, first + width)
                if covered & set(window):
                    continue
                joined = " ".join(sentences[i].text for i in window)
                result = rule(joined)
                if result is None or result[0] < THRESHOLD:
                    continue
                score, explanation = result[0], result[1]
                start, end = sentences[first].start, sentences[first + width - 1].end
                if len(result) == 3 and width == 1 and len(joined) == end - start:
                    start, end = start + result[2][0], start + result[2][1]
                covered.update(window)
                found.append(
                    finding(
                        text,
                        type=kind,
                        start=start,
                        end=end,
                        explanation=explanation,
                        confidence=confidence(score, width),
                    )
                )
    return ranked(found)


def offline_answer(inputs: dict[str, object]) -> ModelFallacies:
    """The detector's findings in the model's schema (the offline provider's answer)."""
    text = str(inputs.get("text", ""))
    return ModelFallacies(
        fallacies=[
            ModelFallacy(
                type=f.type, quote=f.quote, explanation=f.explanation, confidence=f.confidence
            )
            for f in detect_fallacies(text)[:30]
        ]
    )
