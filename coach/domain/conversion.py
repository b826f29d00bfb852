"""A finished coach draft as a Toulmin chain's phases 1-3, keeping the student's words.

Each part goes where it belongs, verbatim: the chain's data facts are the grounds' sentences,
its citation the grounds' backing, the warrant's principle the student's warrant, the backing's
authority the warrant's backing, the rebuttal's exception the student's rebuttal, and the
qualifier's degree the student's own modal word ("probably" -> probably) with a confidence
inside that degree's band. Only judgements are computed: how strong the warrant, backing and
rebuttal are, and the confidence. The verdict (phase 4) is left to the chain's engine.

No part is ever labelled ("Grounds: ..."): the chain's source text is the argument as plain
paragraphs in Toulmin order.
"""

from __future__ import annotations

import re
from typing import Any

from arguments.domain import analyzer
from arguments.domain.toulmin import QUALIFIER_BANDS, degree_for
from coach.domain import languages
from coach.domain.heuristics import backing_problem, warrant_problem
from coach.domain.phrases import fold
from toulmini_site.text.sentences import sentences

SOURCE_ORDER: tuple[str, ...] = (
    "claim",
    "grounds",
    "groundsBacking",
    "warrant",
    "warrantBacking",
    "qualifier",
    "rebuttal",
)
_NUMBER = re.compile(r"\d")
WARRANT_MIN_CHARS = 20
TEXT_MIN_CHARS = 10

# The student's modal word -> the chain's qualifier degree (every language pack's, folded).
MODAL_DEGREES: tuple[tuple[str, str], ...] = tuple(
    degree for pack in languages.packs() for degree in pack.modal_degrees
)


def source_text(draft: dict[str, str]) -> str:
    """The student's argument as plain paragraphs in Toulmin order, without labels."""
    return "\n\n".join(draft[step].strip() for step in SOURCE_ORDER if draft[step].strip())


_SENTENCE_REF = re.compile(r'^sentence (\d+): "(.*)"$', re.DOTALL)


def _in_source(reference: str, draft: dict[str, str]) -> str:
    """A "sentence N: ..." reference the analyzer made on the warrant and its backing alone,
    renumbered to that sentence's place in the chain's whole source text."""
    found = _SENTENCE_REF.match(reference)
    if not found:
        return reference
    quoted = found.group(2).removesuffix("...")
    for sentence in sentences(source_text(draft)):
        if sentence.text.startswith(quoted):
            return f'sentence {sentence.index + 1}: "{found.group(2)}"'
    return reference


def facts(grounds: str) -> list[str]:
    """The grounds split into sentences (the one splitter), each one fact."""
    return [sentence.text for sentence in sentences(grounds)]


def degree_of(qualifier: str) -> str | None:
    """The degree named by the student's first modal word ("Probably, in most schools" ->
    probably), or None when the qualifier carries none."""
    folded = " " + " ".join(re.findall(r"[a-z0-9]+", fold(qualifier))) + " "
    found = [
        (folded.find(f" {phrase} "), degree)
        for phrase, degree in MODAL_DEGREES
        if f" {phrase} " in folded
    ]
    return min(found)[1] if found else None


def _statement(claim: str) -> str:
    statement = claim.strip().rstrip("?").strip()
    if statement and statement[-1] not in ".!":
        statement += "."
    return statement


def _long_enough(text: str, minimum: int, why: str) -> str:
    """The student's text, with a note after it only if the chain's schema needs more."""
    text = text.strip()
    return text if len(text) >= minimum else f"{text} ({why})".lstrip()


def phase_one_payload(draft: dict[str, str], *, reference: str) -> dict[str, Any]:
    """Phase 1 (data + claim) from the grounds, the grounds' backing and the claim."""
    grounds = draft["grounds"].strip()
    backing = draft["groundsBacking"].strip()
    return {
        "data": {
            "facts": facts(grounds) or [grounds],
            "citations": [{"source": backing or "student", "reference": reference}],
            "evidence_type": "statistical" if _NUMBER.search(grounds) else "empirical",
        },
        "claim": {"statement": _statement(draft["claim"]), "scope": "general"},
    }


def phase_two_payload(draft: dict[str, str], *, reference: str) -> dict[str, Any]:
    """Phase 2: the student's warrant and the warrant's backing, verbatim.

    Strength is judged, not written: a warrant that states a two-sided general rule (and
    does not restate the claim) is strong, else weak; a backing that names which source
    stands behind it is strong, else weak — a weak one stops the chain, as in any chain.
    The logic type and any attribution come from the chain's analyzer reading the text.
    """
    warrant = draft["warrant"].strip()
    backing = draft["warrantBacking"].strip()
    read = analyzer.phase2(draft["claim"], f"{warrant}\n\n{backing}", {}, parts_given=True)
    cites = [
        {**c.model_dump(), "reference": _in_source(c.reference, draft)}
        for c in read.backing.citations
        if c.source != analyzer.SOURCE_LABEL
    ]
    return {
        "warrant": {
            "principle": _long_enough(warrant, WARRANT_MIN_CHARS, "the student's warrant"),
            "logic_type": read.warrant.logic_type,
            "strength": "weak" if warrant_problem(warrant, draft["claim"]) else "strong",
        },
        "backing": {
            "authority": _long_enough(backing, TEXT_MIN_CHARS, "the student's backing"),
            "citations": cites or [{"source": backing or "student", "reference": reference}],
            "strength": "weak" if backing_problem(backing) else "strong",
        },
    }


def phase_three_payload(
    draft: dict[str, str], components: dict[str, Any], *, reference: str
) -> dict[str, Any]:
    """Phase 3: the student's rebuttal and qualifier, verbatim.

    The rebuttal's strength is the chain analyzer's reading of the student's rebuttal; the
    confidence is the analyzer's, computed from the chain so far, then kept inside the band
    of the degree the student chose with their modal word.
    """
    rebuttal = draft["rebuttal"].strip()
    qualifier = draft["qualifier"].strip()
    read = analyzer.phase3(draft["claim"], rebuttal, components, parts_given=True)
    computed = read.qualifier.confidence_pct
    degree = degree_of(qualifier) or degree_for(computed)
    low, high = QUALIFIER_BANDS[degree]
    return {
        "rebuttal": {
            "exceptions": [rebuttal] if rebuttal else [reference],
            "counterexamples": [],
            "strength": read.rebuttal.strength,
        },
        "qualifier": {
            "degree": degree,
            "confidence_pct": min(high, max(low, computed)),
            "rationale": _long_enough(qualifier, TEXT_MIN_CHARS, "the student's qualifier"),
        },
    }


__all__ = [
    "degree_of",
    "facts",
    "phase_one_payload",
    "phase_three_payload",
    "phase_two_payload",
    "source_text",
]
