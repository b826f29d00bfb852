"""Plain builders of valid Toulmin components; override any field by keyword."""

from typing import Any


def data(**over: Any) -> dict:
    return {
        "facts": ["Teenagers need 8 to 10 hours of sleep a night."],
        "citations": [{"source": "American Academy of Pediatrics", "reference": "2016 policy"}],
        "evidence_type": "expert",
        **over,
    }


def claim(**over: Any) -> dict:
    return {"statement": "Schools should start later in the morning.", "scope": "general", **over}


def warrant(**over: Any) -> dict:
    return {
        "principle": "Students who sleep enough learn better than those who do not.",
        "logic_type": "inductive",
        "strength": "strong",
        **over,
    }


def backing(**over: Any) -> dict:
    return {
        "authority": "Decades of sleep research in adolescents",
        "citations": [{"source": "University of Minnesota", "reference": "2014 start-time study"}],
        "strength": "strong",
        **over,
    }


def rebuttal(**over: Any) -> dict:
    return {
        "exceptions": ["Unless bus schedules cannot be changed."],
        "counterexamples": [],
        "strength": "weak",
        **over,
    }


def qualifier(**over: Any) -> dict:
    return {
        "degree": "presumably",
        "confidence_pct": 75,
        "rationale": "Strong evidence, a weak objection.",
        **over,
    }


def verdict(**over: Any) -> dict:
    return {
        "status": "sustained",
        "reasoning": "The data and a strong warrant support the claim; the objection is weak.",
        "final_statement": "Schools should start later.",
        **over,
    }


PHASE_OUTPUTS = {
    1: lambda: {"data": data(), "claim": claim()},
    2: lambda: {"warrant": warrant(), "backing": backing()},
    3: lambda: {"rebuttal": rebuttal(), "qualifier": qualifier()},
    4: lambda: {"verdict": verdict()},
}


def full_chain(**over: Any) -> dict:
    parts = {
        "data": data(),
        "claim": claim(),
        "warrant": warrant(),
        "backing": backing(),
        "rebuttal": rebuttal(),
        "qualifier": qualifier(),
        "verdict": verdict(),
    }
    parts.update(over)
    return parts


# The circuit breaker's reasons for the builders' warrant and backing, when rejected.
WEAK_WARRANT_REASON = (
    "WARRANT REJECTED: strength is 'weak' — "
    "Students who sleep enough learn better than those who do not."
)
WEAK_BACKING_REASON = (
    "BACKING REJECTED: strength is 'weak' — Decades of sleep research in adolescents"
)
IRRELEVANT_BACKING_REASON = (
    "BACKING REJECTED: strength is 'irrelevant' — Decades of sleep research in adolescents"
)
