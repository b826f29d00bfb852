"""A finished coach draft as the inputs of a Toulmin chain (arguments app), without Django.

The chain's query is the claim; its source text lays the whole argument out in labelled
paragraphs so the offline analyzer can run the later phases on it; phase 1 (data and claim)
is filled from the grounds, their backing and the claim.
"""

from __future__ import annotations

import re
from typing import Any

SOURCE_LABELS: tuple[tuple[str, str], ...] = (
    ("claim", "Claim"),
    ("grounds", "Grounds"),
    ("warrant", "Warrant"),
    ("groundsBacking", "Backing for the grounds"),
    ("warrantBacking", "Backing for the warrant"),
    ("qualifier", "Qualifier"),
    ("rebuttal", "Rebuttal"),
)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
_NUMBER = re.compile(r"\d")


def source_text(draft: dict[str, str]) -> str:
    """The argument as labelled paragraphs ("Grounds: ..."), in Toulmin order."""
    return "\n\n".join(
        f"{label}: {draft[step].strip()}" for step, label in SOURCE_LABELS if draft[step].strip()
    )


def facts(grounds: str) -> list[str]:
    """The grounds split into sentences, each one fact."""
    return [part.strip() for part in _SENTENCE_END.split(grounds.strip()) if part.strip()]


def phase_one_payload(draft: dict[str, str], *, reference: str) -> dict[str, Any]:
    """Phase 1 (data + claim) from the grounds, the grounds' backing and the claim."""
    grounds = draft["grounds"].strip()
    backing = draft["groundsBacking"].strip()
    statement = draft["claim"].strip().rstrip("?").strip()
    if statement and statement[-1] not in ".!":
        statement += "."
    return {
        "data": {
            "facts": facts(grounds) or [grounds],
            "citations": [{"source": backing or "student", "reference": reference}],
            "evidence_type": "statistical" if _NUMBER.search(grounds) else "empirical",
        },
        "claim": {"statement": statement, "scope": "general"},
    }
