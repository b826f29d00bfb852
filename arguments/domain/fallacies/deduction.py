"""Deductive errors: an argument whose form is invalid (affirming the consequent, denying
the antecedent, an undistributed middle, two particular or two negative premises)."""

from __future__ import annotations

import re

from arguments.domain.fallacies.cues import first_terms, has, overlap, terms
from arguments.domain.fallacies.explanations import Explanation, explain

# -- deductive error ----------------------------------------------------------------------

_NEGATION = re.compile(r"\b(?:not|never|no)\b|n't\b")
_CONCLUSION_SPLIT = re.compile(r"[,;]?\s*\b(?:so|therefore|thus|hence)\b,?\s*")
_CONDITIONAL = re.compile(r"^(?:if|when|whenever) (?P<a>[^,]+), (?:then )?(?P<b>.+)$")


def _clauses(premises: str) -> list[str]:
    parts = re.split(
        r"[.;]\s*|,? and (?=(?:some|all|no|every|[a-z]+ (?:is|are|opposes))\b)", premises
    )
    return [p.strip(" ,") for p in parts if p.strip(" ,")]


def deductive_error(text: str) -> tuple[float, Explanation] | None:
    splits = list(_CONCLUSION_SPLIT.finditer(text))
    if not splits:
        return None
    match = splits[-1]
    premises = _clauses(text[: match.start()])
    conclusion = text[match.end() :].strip(" .")
    if len(premises) < 2 or not conclusion:
        return None
    found = _conditional_error(premises, conclusion) or _syllogism_error(premises, conclusion)
    return (2.5, found) if found else None


def _conditional_error(premises: list[str], conclusion: str) -> Explanation | None:
    for i, premise in enumerate(premises[:-1]):
        rule = _CONDITIONAL.match(premise)
        if not rule:
            continue
        a, b = terms(rule["a"]), terms(rule["b"])
        minor = premises[i + 1]
        m, c = terms(minor), terms(conclusion)
        minor_neg, concl_neg = has(_NEGATION, minor), has(_NEGATION, conclusion)
        affirms = overlap(m, b) > overlap(m, a) and overlap(c, a) > overlap(c, b)
        denies = overlap(m, a) > overlap(m, b) and overlap(c, b) > overlap(c, a)
        if affirms and not minor_neg and not concl_neg:
            return explain("deductive_error.affirming_consequent")
        if denies and minor_neg and concl_neg:
            return explain("deductive_error.denying_antecedent")
    return None


def _syllogism_error(premises: list[str], conclusion: str) -> Explanation | None:
    first, second = premises[-2], premises[-1]
    quantifier = re.compile(r"^(some|no)\b")
    q1, q2 = quantifier.match(first), quantifier.match(second)
    if q1 and q2 and q1.group() == q2.group():
        both = "two_particular" if q1.group() == "some" else "two_negative"
        return explain(f"deductive_error.{both}")
    if any(has(_NEGATION, part) for part in (first, second, conclusion)):
        # A negative premise distributes its predicate ("no dogs are black"): the middle is
        # no longer undistributed, and "some cats are not dogs" follows.
        return None
    t1, t2, tc = first_terms(first), first_terms(second), first_terms(conclusion)
    if len(t1) < 2 or len(t2) < 2 or len(tc) < 2:
        return None
    middle = (set(t1[1:]) & set(t2[1:])) - set(tc)
    if not middle:
        return None
    linked = (tc[0] == t2[0] and t1[0] in tc[1:]) or (tc[0] == t1[0] and t2[0] in tc[1:])
    if linked:
        return explain("deductive_error.undistributed_middle")
    return None
