"""The fourteen named fallacies: their ids, labels, definitions and textbook examples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

FallacyType = Literal[
    "ad_hominem",
    "ad_populum",
    "appeal_to_emotion",
    "circular_reasoning",
    "equivocation",
    "false_authority",
    "straw_man",
    "red_herring",
    "false_cause",
    "false_dilemma",
    "hasty_generalization",
    "slippery_slope",
    "deductive_error",
    "intentional",
]


@dataclass(frozen=True)
class Fallacy:
    id: str
    label: str
    definition: str
    example: str


TAXONOMY: dict[str, Fallacy] = {
    f.id: f
    for f in (
        Fallacy(
            "ad_hominem",
            "Ad hominem",
            "Attacking the person who makes an argument instead of the argument itself.",
            "Don't listen to her plan for the budget; she can't even balance her own cheque book.",
        ),
        Fallacy(
            "ad_populum",
            "Appeal to popularity (ad populum)",
            "Taking a claim to be true or good because many people believe or do it.",
            "Millions of people use this remedy, so it must work.",
        ),
        Fallacy(
            "appeal_to_emotion",
            "Appeal to emotion",
            "Stirring up pity, fear, guilt or anger in place of giving reasons.",
            "Think of the poor children who will suffer; you must vote against the plan.",
        ),
        Fallacy(
            "circular_reasoning",
            "Circular reasoning",
            "Giving as a reason something that already assumes the conclusion.",
            "He is trustworthy because he is an honest man.",
        ),
        Fallacy(
            "equivocation",
            "Equivocation",
            "Using one word in two different senses so that the argument seems to follow.",
            "A feather is light; what is light cannot be dark; so a feather cannot be dark.",
        ),
        Fallacy(
            "false_authority",
            "Appeal to false authority",
            "Relying on someone who is not an expert on the question, or on unnamed experts.",
            "A famous actor says the vaccine is dangerous, so it must be.",
        ),
        Fallacy(
            "straw_man",
            "Straw man",
            "Replacing the other side's view with a weaker or extreme version and attacking that.",
            "She wants less homework, so she thinks students should never work.",
        ),
        Fallacy(
            "red_herring",
            "Red herring",
            "Bringing in a different subject to draw attention away from the question.",
            "The mayor is accused of bribery, but look at all the parks he built.",
        ),
        Fallacy(
            "false_cause",
            "False cause",
            "Concluding that one thing caused another only because it came first or "
            "happened together with it (post hoc).",
            "Since phones were invented, grades have fallen, so phones must be the cause.",
        ),
        Fallacy(
            "false_dilemma",
            "False dilemma",
            "Presenting two options as the only ones when others exist.",
            "Either you support the war or you hate your country.",
        ),
        Fallacy(
            "hasty_generalization",
            "Hasty generalization",
            "Drawing a conclusion about a whole group from too few cases, or from none.",
            "My neighbour's electric car broke down, so electric cars are unreliable.",
        ),
        Fallacy(
            "slippery_slope",
            "Slippery slope",
            "Claiming that one step will lead, through an unsupported chain, to disaster.",
            "If we allow one late essay, soon nobody will meet any deadline.",
        ),
        Fallacy(
            "deductive_error",
            "Deductive error (fallacy of logic)",
            "An argument whose form is invalid, such as affirming the consequent or an "
            "undistributed middle.",
            "If it rains, the streets get wet. The streets are wet, so it rained.",
        ),
        Fallacy(
            "intentional",
            "Intentional fallacy (loaded question, moving goalposts)",
            "A question that presupposes guilt, or a demand for evidence that changes once "
            "it is met.",
            "Have you stopped cheating on your exams?",
        ),
    )
}
