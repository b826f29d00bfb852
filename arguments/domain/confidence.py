"""How sure the reading is: of which sentence is the claim (``claim_candidates``; below
``CLAIM_SURE`` the chain asks instead of guessing) and of each part it gives a sentence
(``sentence_parts``, the words a chain part rests on, shown highlighted on its page)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arguments.domain.language import reader_language, unreadable
from arguments.domain.markers import content_words
from arguments.domain.reading import (
    RULES_LEAD,
    NotInText,
    candidates,
    claim_score,
    concedes,
    find_claim,
    read,
    rule_kind,
    strongest_claims,
)
from toulmini_site.text.sentences import Sentence, sentences

if TYPE_CHECKING:
    from arguments.domain.roles import RoleReader

# -- how sure the reading is of its claim -------------------------------------------------

# Below this confidence the chain does not run on the reader's claim: it shows the candidates
# and asks which one the text argues for (see docs/arguments.md for how it was chosen).
CLAIM_SURE = 0.5
# A claim the text marks itself ("Therefore…", or answering the query's own question), or one
# the rules lead by RULES_LEAD, is read with at least this confidence.
MARKED_CLAIM = 0.8


@dataclass(frozen=True)
class ClaimCandidate:
    """A sentence that may be the text's claim and how sure the reader is that it is."""

    sentence: Sentence
    confidence: float


def claim_candidates(
    query: str,
    text: str,
    roles: RoleReader | None = None,
    *,
    limit: int = 3,
    sents: list[Sentence] | None = None,
) -> list[ClaimCandidate]:
    """The sentences most likely to be the claim, surest first, with the reader's confidence
    that each is the claim: the sentence-role model's P(claim) shared out among the
    candidates (the rules' score without the model), and at least ``MARKED_CLAIM`` for the
    one the text itself marks (what ``find_claim`` chooses whatever the model says). The
    first candidate is the claim ``read`` takes. Empty for a text not read as English (the
    model never saw Spanish; a language the analyzer refuses is refused at phase 1)."""
    if unreadable(text) or reader_language(f"{text}\n{query}") != "en":
        return []  # the model and these shares are English; other texts are not weighed
    sents = sents if sents is not None else sentences(text)  # a run's one split, when given
    found = candidates(sents)
    if not found:
        return []
    probs = roles.probabilities(sents, query) if roles is not None else None
    try:
        _statement, chosen = find_claim(query, sents, probs=probs)
    except NotInText:
        chosen = None
    query_words = content_words(query)
    if probs is not None:
        weight = {s.index: probs[s.index]["claim"] for s in found}
    else:  # the rules' scores, made positive and shared out
        scores = {s.index: claim_score(s, query_words) for s in found}
        low = min(scores.values())
        weight = {i: v - low + 1.0 for i, v in scores.items()}
    total = sum(weight.values()) or 1.0
    share = {i: w / total for i, w in weight.items()}
    if chosen is not None:
        marked = bool(strongest_claims(query, found))
        ranked = sorted(found, key=lambda s: (-claim_score(s, query_words), s.index))
        lead = claim_score(ranked[0], query_words) - (
            claim_score(ranked[1], query_words) if len(ranked) > 1 else 0
        )
        if marked or (probs is not None and ranked[0] is chosen and lead >= RULES_LEAD):
            rest = 1.0 - MARKED_CLAIM
            others = sum(v for i, v in share.items() if i != chosen.index) or 1.0
            share = {
                i: max(share[i], MARKED_CLAIM) if i == chosen.index else rest * v / others
                for i, v in share.items()
            }
    order = sorted(
        found,
        key=lambda s: (chosen is None or s is not chosen, -share[s.index], s.index),
    )
    return [ClaimCandidate(s, round(share[s.index], 3)) for s in order[:limit]]


# -- the words each part rests on ---------------------------------------------------------


@dataclass(frozen=True)
class SentenceRole:
    """One sentence the reading gives a part, how sure it is, and whether a person said so."""

    sentence: Sentence
    role: str  # claim, data, backing, warrant, rebuttal, restatement
    confidence: float
    given: bool = False


# How sure the reader is of a part the rules decide (there is no model probability for it): a
# rule stated with a marker ("In general…", "Whenever…"), one in other words, a named source.
MARKED_RULE = 0.8
OTHER_RULE = 0.65
NAMED_SOURCE = 0.8
MARKED_OBJECTION = 0.8


def sentence_parts(
    query: str,
    text: str,
    roles: RoleReader | None = None,
    pinned: Mapping[int, str] | None = None,
) -> list[SentenceRole]:
    """Each sentence that plays a part in the reading of ``text``, in text order, with the
    reader's confidence: the claim's from ``claim_candidates``; a datum's the model's P(data)
    + P(backing) (0.5 without the model); a stated rule, a named source or a marked objection
    a fixed confidence by the kind of words found; 1.0 for a role a person gave."""
    reading = read(query, text, roles, pinned)
    pins = dict(pinned or {})
    probs = roles.probabilities(reading.sentences, query) if roles and reading.sentences else None
    claim_sure = 1.0
    if reading.claim is not None and reading.claim.index not in pins:
        index = reading.claim.index
        found = [c for c in claim_candidates(query, text, roles) if c.sentence.index == index]
        claim_sure = found[0].confidence if found else 0.5
    parts: list[SentenceRole] = []
    for s in reading.sentences:
        role = reading.role_of(s)
        if role == "none":
            continue
        if pins.get(s.index) == role:
            parts.append(SentenceRole(s, role, 1.0, given=True))
            continue
        if role == "claim":
            confidence = claim_sure
        elif role == "warrant":
            confidence = MARKED_RULE if rule_kind(s.text) == "marked" else OTHER_RULE
        elif role == "backing":
            confidence = NAMED_SOURCE
        elif role == "rebuttal":
            marked = MARKED_OBJECTION if concedes(s.text) else 0.5
            confidence = max(marked, probs[s.index]["rebuttal"] if probs else 0.0)
        elif role == "data":
            confidence = probs[s.index]["data"] + probs[s.index]["backing"] if probs else 0.5
        else:  # the thesis said again
            confidence = claim_sure
        parts.append(SentenceRole(s, role, round(min(1.0, confidence), 2)))
    return parts
