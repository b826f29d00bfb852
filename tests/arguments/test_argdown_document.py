"""The Argdown export, whole: front matter, numbering, tags, the data's one citation line and
the comments, exactly as a user downloads them (the parser tests in test_argdown.py check that
the Argdown tools read it; these pin every character)."""

from arguments.domain.argdown import _tag, chain_argdown
from arguments.domain.toulmin import evaluate, state_from_json
from tests.arguments import builders as b
from tests.arguments.builders import WEAK_WARRANT_REASON

COMPLETE = """\
===
title: "Toulmin analysis: Should schools start later?"
query: "Should  schools\\nstart later?"
status: "complete"
qualifier: "presumably"
confidence_pct: 75
verdict: "sustained"
final_statement: "Schools should start later."
===

# Toulmin analysis\\: Should schools start later?

<Toulmin argument>: Schools should start later in the morning. #(verdict sustained)

// Evidence for data 1–2 (expert): American Academy of Pediatrics, 2016 policy; CDC, 2015 report
(1) [Datum 1]: Teenagers need 8 to 10 hours of sleep a night.
(2) [Datum 2]: Sleep-deprived students score lower.
(3) [Warrant]: Students who sleep enough learn better than those who do not. \
#(inductive) #(strength strong)
    <+ [Backing]: Decades of sleep research in adolescents #(strength strong)
----
(4) [Claim]: Schools should start later in the morning. \
#(general) #(presumably) #(confidence 75 percent)
    - [Exception 1]: Unless bus schedules cannot be changed. #(strength weak)
    - [Exception 2]: Unless the district has no money. #(strength weak)
    - [Counterexample 1]: A district that moved to 8\\:30 saw no change. #(strength weak)

// Qualifier: Strong evidence, a weak objection.

// Verdict (sustained): The data and a strong warrant support the claim; the objection is weak.
"""

TERMINATED = """\
===
title: "Toulmin analysis: Q \\u003d x?"
query: "Q \\u003d x?"
status: "terminated"
termination_reason: "WEAK_WARRANT_REASON"
===

# Toulmin analysis\\: Q \\= x?

<Toulmin argument>: Schools should start later in the morning.

// Evidence for datum 1 (expert): American Academy of Pediatrics, 2016 policy
(1) [Datum 1]: Teenagers need 8 to 10 hours of sleep a night.
(2) [Warrant]: Students who sleep enough learn better than those who do not. \
#(inductive) #(strength weak)
----
(3) [Claim]: Schools should start later in the morning. #(general)
"""


def test_a_complete_chain_is_the_whole_document():
    components = b.full_chain(
        data=b.data(
            facts=[*b.data()["facts"], "Sleep-deprived students score lower."],
            citations=[*b.data()["citations"], {"source": "CDC", "reference": "2015 report"}],
        ),
        rebuttal=b.rebuttal(
            exceptions=[
                "Unless bus schedules cannot be changed.",
                "Unless the district has no money.",
            ],
            counterexamples=["A district that moved to 8:30 saw no change."],
        ),
        qualifier=b.qualifier(rationale="Strong evidence,\n  a weak objection."),
        verdict=b.verdict(
            reasoning="The data and a strong warrant support the claim;\nthe objection is weak."
        ),
    )
    state = state_from_json("Should  schools\nstart later?", components)
    assert chain_argdown(state, evaluate(state)) == COMPLETE


def test_a_terminated_chain_has_its_reason_and_no_backing_line_without_a_backing():
    components = {"data": b.data(), "claim": b.claim(), "warrant": b.warrant(strength="weak")}
    state = state_from_json("Q = x?", components)
    assert chain_argdown(state, evaluate(state)) == TERMINATED.replace(
        "WEAK_WARRANT_REASON", WEAK_WARRANT_REASON
    )


def test_a_tag_is_one_line_without_parentheses():
    assert _tag("very (much)\n  likely") == "#(very much likely)"


def test_a_chain_before_phase_one_is_its_front_matter_and_a_comment_in_its_own_letters():
    state = state_from_json("Café: ¿abrir? = sí", {})
    assert chain_argdown(state, evaluate(state)) == (
        "===\n"
        'title: "Toulmin analysis: Café: ¿abrir? \\u003d sí"\n'
        'query: "Café: ¿abrir? \\u003d sí"\n'
        'status: "in_progress"\n'
        "===\n"
        "\n"
        "# Toulmin analysis\\: Café\\: ¿abrir? \\= sí\n"
        "\n"
        "// No claim and data yet: the chain has not passed phase 1.\n"
    )
