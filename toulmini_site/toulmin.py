"""The one Toulmin vocabulary: the names each app gives the parts of an argument, and the
explicit maps between them (the glossary is ``docs/glossary.md``).

Five vocabularies name the same six parts (data, claim, warrant, backing, rebuttal,
qualifier) from five places:

- **chain components** (``arguments``): the six parts and the chain's ``verdict``, written
  phase by phase (``PHASE_COMPONENTS``);
- **coach steps** (``coach``): the seven steps a student walks, which say "grounds" for the
  data and split the backing in two, the grounds' backing (a source for the facts) and the
  warrant's backing (why the rule holds);
- **grading parts** (``classrooms``): the six parts a teacher comments on and grades;
- **audit criteria** (``council``'s Toulmin rubric): six criteria, "grounds" for the data;
- **sentence roles** (the reading of a text, ``arguments.domain.reading``): what a sentence
  does in the argument; a restatement is the claim said again.

Pure on purpose (standard library only), at the platform floor, so that every app may
import it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

# -- the parts --------------------------------------------------------------------------

#: The six parts of an argument, in the order a teacher reads them (grounds first).
PARTS: Final = ("data", "claim", "warrant", "backing", "rebuttal", "qualifier")

#: The chain's components: the six parts and the verdict the chain ends with.
COMPONENTS: Final = (*PARTS, "verdict")

#: The chain's phases and the components each writes.
PHASE_COMPONENTS: Final = MappingProxyType(
    {1: ("data", "claim"), 2: ("warrant", "backing"), 3: ("rebuttal", "qualifier"), 4: ("verdict",)}
)

#: The coach's steps, in the order the student takes them.
COACH_STEPS: Final = (
    "claim",
    "grounds",
    "warrant",
    "groundsBacking",
    "warrantBacking",
    "qualifier",
    "rebuttal",
)

#: The audit's Toulmin criteria (the "Student argument" rubric), in the rubric's order.
CRITERIA: Final = ("claim", "grounds", "warrant", "backing", "qualifier", "rebuttal")

#: What the reading of a text may say a sentence does ("none": no part of the argument).
SENTENCE_ROLES: Final = ("claim", "restatement", "data", "warrant", "backing", "rebuttal", "none")

# -- the maps ---------------------------------------------------------------------------

#: Coach step -> the graded part it is graded as: the grounds are the data, and both
#: backings are the one graded "backing" (the better-checked one speaks for it).
STEP_PART: Final = MappingProxyType(
    {
        "claim": "claim",
        "grounds": "data",
        "warrant": "warrant",
        "groundsBacking": "backing",
        "warrantBacking": "backing",
        "qualifier": "qualifier",
        "rebuttal": "rebuttal",
    }
)

#: Coach step -> the chain component its words land in when a finished draft becomes a
#: chain (``coach.domain.conversion``). Unlike grading, the grounds' backing lands in the
#: data (as the facts' citation): only the warrant's backing is the chain's backing.
STEP_COMPONENT: Final = MappingProxyType(
    {**STEP_PART, "groundsBacking": "data"},
)

#: Audit criterion -> the graded part it speaks to ("grounds" is the data).
CRITERION_PART: Final = MappingProxyType(
    {"claim": "claim", "grounds": "data", "warrant": "warrant", "backing": "backing",
     "qualifier": "qualifier", "rebuttal": "rebuttal"}
)  # fmt: skip

#: Audit criterion -> the sentence roles the audit reads it from: a claim said again is the
#: claim's too, and a named study or report is backing, and grounds when it reports a
#: finding. The qualifier is read from the claim's wording, not from a sentence role.
CRITERION_ROLES: Final = MappingProxyType(
    {
        "claim": ("claim", "restatement"),
        "grounds": ("data", "backing"),
        "warrant": ("warrant",),
        "backing": ("backing",),
        "rebuttal": ("rebuttal",),
    }
)

#: Sentence role -> the part of the argument it shows (a restatement shows the claim;
#: "none" shows no part).
ROLE_PART: Final = MappingProxyType(
    {
        "claim": "claim",
        "restatement": "claim",
        "data": "data",
        "warrant": "warrant",
        "backing": "backing",
        "rebuttal": "rebuttal",
    }
)
