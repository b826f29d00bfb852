"""English: how a student accepts a card, turns it down, asks for a change or asks about one of
their own parts (carried by the pack in ``coach.domain.languages.en``)."""

from __future__ import annotations

# The part a question names ("is my claim ok?", "what is a warrant?"), by the words that name
# it; "evidence" names the grounds as students call them.
ASKED_PARTS: dict[str, tuple[str, ...]] = {
    "claim": ("claim", "claims"),
    "grounds": ("grounds", "ground", "evidence"),
    "warrant": ("warrant", "warrants", "warent", "warrent"),
    "qualifier": ("qualifier", "qualifiers"),
    "rebuttal": ("rebuttal", "rebuttals", "rebutal"),
    "backing": ("backing", "backings"),
}

# After a yes, these words bring a change: "yes but change 95% to most" is not a plain yes.
CONTRAST_WORDS = frozenset("but though although however".split())

# A plain no to the card showing ("no", "nope, not that"), as the folded whole message.
PLAIN_NO = frozenset(
    (
        "no",
        "nope",
        "nah",
        "no thanks",
        "not that",
        "no not that",
        "nope not that",
        "not that one",
        "no not that one",
        "not like that",
        "no not like that",
    )
)

# "is my claim ok?" asks about the part after the possessive; "does mine restate the claim?"
# about the student's own current part, whatever else it names.
POSSESSIVES = frozenset("my our".split())
MINE_WORDS = frozenset("mine ours".split())
