"""The Markdown export, whole: every heading, label, separator and blank line of the document a
user downloads, for a complete, a terminated, a first-phase and an empty chain."""

from arguments.domain.report import chain_markdown
from arguments.domain.toulmin import Evaluation, evaluate, state_from_json
from tests.arguments import builders as b
from tests.arguments.builders import WEAK_WARRANT_REASON

COMPLETE = """\
# Toulmin analysis: Should schools start later?

*Engine: offline · status: complete*

## Verdict: SUSTAINED

**Schools should start later.**

The data and a strong warrant support the claim; the objection is weak.

## Diagram

```
DATA ──► (presumably (75%)) ──► CLAIM: Schools should start later in the morning.
   since WARRANT: Students who sleep enough learn better than those who do not.
   on account of BACKING: Decades of sleep research in adolescents
   unless REBUTTAL: Unless bus schedules cannot be changed.; Unless the district has no money.
```

## Claim

Schools should start later in the morning. *(scope: general)*

## Data

Evidence type: expert

- Teenagers need 8 to 10 hours of sleep a night.
- Sleep-deprived students score lower.

Citations:

- American Academy of Pediatrics — 2016 policy

## Warrant

Students who sleep enough learn better than those who do not.

Logic: inductive · strength: strong

## Backing

Decades of sleep research in adolescents

Strength: strong

- University of Minnesota — 2014 start-time study

## Rebuttal

Strength: weak

Exceptions:

- Unless bus schedules cannot be changed.
- Unless the district has no money.

Counterexamples:

- A district that moved to 8:30 saw no change.

## Qualifier

presumably — 75%

Strong evidence, a weak objection.

## Source text

> First line.
>
> Third line.
"""

TERMINATED = """\
# Toulmin analysis: Q?

## Terminated

**WEAK_WARRANT_REASON**

## Diagram

```
DATA ──► (…) ──► CLAIM: Schools should start later in the morning.
   since WARRANT: Students who sleep enough learn better than those who do not.
   on account of BACKING: Decades of sleep research in adolescents
   unless REBUTTAL: …
```

## Claim

Schools should start later in the morning. *(scope: general)*

## Data

Evidence type: expert

- Teenagers need 8 to 10 hours of sleep a night.

Citations:

- American Academy of Pediatrics — 2016 policy

## Warrant

Students who sleep enough learn better than those who do not.

Logic: inductive · strength: weak

## Backing

Decades of sleep research in adolescents

Strength: strong

- University of Minnesota — 2014 start-time study
"""

FIRST_PHASE = """\
# Toulmin analysis: Q?

*Engine: model · status: in progress*

## In progress — next phase: 2

## Diagram

```
DATA ──► (…) ──► CLAIM: Schools should start later in the morning.
   since WARRANT: …
   on account of BACKING: …
   unless REBUTTAL: …
```

## Claim

Schools should start later in the morning. *(scope: general)*

## Data

Evidence type: expert

- Teenagers need 8 to 10 hours of sleep a night.

Citations:

- American Academy of Pediatrics — 2016 policy
"""


def markdown(query: str, components: dict, **options) -> str:
    state = state_from_json(query, components)
    return chain_markdown(state, evaluate(state), **options)


def test_a_complete_chain_is_the_whole_document_in_order():
    components = b.full_chain(
        data=b.data(facts=[*b.data()["facts"], "Sleep-deprived students score lower."]),
        rebuttal=b.rebuttal(
            exceptions=[
                "Unless bus schedules cannot be changed.",
                "Unless the district has no money.",
            ],
            counterexamples=["A district that moved to 8:30 saw no change."],
        ),
    )
    text = markdown(
        "Should schools start later?",
        components,
        source_text="First line.\n\nThird line.",
        engine="offline",
    )
    assert text == COMPLETE


def test_a_terminated_chain_says_why_and_shows_the_parts_it_has():
    components = {
        "data": b.data(),
        "claim": b.claim(),
        "warrant": b.warrant(strength="weak"),
        "backing": b.backing(),
    }
    assert markdown("Q?", components) == TERMINATED.replace(
        "WEAK_WARRANT_REASON", WEAK_WARRANT_REASON
    )


def test_a_chain_after_the_first_phase_marks_the_missing_parts():
    components = {"data": b.data(), "claim": b.claim()}
    assert markdown("Q?", components, engine="model") == FIRST_PHASE


def test_a_chain_without_components_is_a_title_and_its_next_phase():
    state = state_from_json("Q?", {})
    assert chain_markdown(state, evaluate(state)) == (
        "# Toulmin analysis: Q?\n\n## In progress — next phase: 1\n"
    )


def test_warnings_are_one_quoted_line_after_the_status():
    state = state_from_json("Q?", {})
    warned = Evaluation("in_progress", 1, "", ("W one.", "W two."))
    assert chain_markdown(state, warned) == (
        "# Toulmin analysis: Q?\n\n## In progress — next phase: 1\n\n"
        "> **Warnings:** W one. W two.\n"
    )


def test_a_rebuttal_without_counterexamples_has_no_counterexamples_heading():
    text = markdown("Q?", b.full_chain())
    assert "Exceptions:\n\n- Unless bus schedules cannot be changed.\n\n## Qualifier" in text
    assert "Counterexamples" not in text
