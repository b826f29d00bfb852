"""What a person said of a text's sentences, kept in a language model's reading of it.

The owner of a chain may mark a sentence as its claim, a datum, the warrant or a rebuttal (a
correction). The offline analyzer reads the text with those sentences pinned. A language model
is told them in its prompt (``prompts.phase_messages``) and, whatever it answers,
``owner_roles_kept`` puts them into its output: the sentence the owner gave as the claim is the
claim, a datum is among the facts, a marked rule is the warrant's principle, a rebuttal is
among the exceptions. ``qualifier_held`` holds a model's qualifier to how sure the reader is
of the claim, as the offline analyzer holds its own.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from arguments.domain.markers import strip_marker
from arguments.domain.toulmin import degree_for
from arguments.domain.wording import say

# The shortest claim and warrant the chain's schema takes (``toulmin.Claim``, ``Warrant``).
CLAIM_MIN, PRINCIPLE_MIN = 10, 20


def owner_roles_kept(
    phase: int, payload: dict[str, Any], given: Mapping[str, Sequence[str]]
) -> dict[str, Any]:
    """``payload``, a model's output for ``phase``, with the sentences the owner gave a role
    (``given``: role -> sentence texts) in that role. The model's own parts stay beside them;
    an output that is not of the phase's shape is returned as it is (the chain refuses it)."""
    if not any(given.values()):
        return payload
    out = copy.deepcopy(payload)
    try:
        if phase == 1:
            claims = [strip_marker(t) for t in given.get("claim", ())]
            if claims and len(claims[-1]) >= CLAIM_MIN:
                out["claim"]["statement"] = claims[-1]
            facts = out["data"]["facts"]
            facts.extend(t for t in given.get("data", ()) if t not in facts)
        elif phase == 2:
            rules = [t for t in given.get("warrant", ()) if len(t) >= PRINCIPLE_MIN]
            if rules:
                out["warrant"]["principle"] = rules[0]
        elif phase == 3:
            exceptions = out["rebuttal"]["exceptions"]
            exceptions.extend(t for t in given.get("rebuttal", ()) if t not in exceptions)
    except (KeyError, TypeError, AttributeError):
        return payload
    return out


def qualifier_held(payload: dict[str, Any], claim_confidence: float | None) -> dict[str, Any]:
    """A model's phase-3 output with its qualifier no surer than the reader is of the claim
    (``claim_confidence``, 0-1; None: not weighed, the owner gave the claim or the model
    worded its own): a verdict is never shown surer than the evidence for its claim."""
    if claim_confidence is None:
        return payload
    cap = round(100 * claim_confidence)
    try:
        said = int(payload["qualifier"]["confidence_pct"])
    except (KeyError, TypeError, ValueError):
        return payload
    if said <= cap:
        return payload
    out = copy.deepcopy(payload)
    out["qualifier"] = {
        "degree": degree_for(cap),
        "confidence_pct": cap,
        "rationale": say("qualifier.model_capped", said=said, capped=cap),
    }
    return out
