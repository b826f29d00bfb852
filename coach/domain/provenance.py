"""Where each part of a coach draft came from: the student's hand, or a tutor proposal.

A part is ``student`` when the student typed it (in the draft's fields), ``tutor`` when it is
a tutor proposal the student accepted, and ``tutor_edited`` when the student edited an
accepted proposal by hand afterwards. An empty part has no provenance. Teachers read this to
see how much of an argument the student wrote themselves.
"""

from __future__ import annotations

from typing import Literal, get_args

from coach.domain.intent import own_text

Source = Literal["student", "tutor", "tutor_edited"]
SOURCES: tuple[str, ...] = get_args(Source)

STUDENT: Source = "student"
TUTOR: Source = "tutor"
TUTOR_EDITED: Source = "tutor_edited"


def after_hand_edit(
    provenance: dict[str, str], *, before: dict[str, str], after: dict[str, str]
) -> dict[str, str]:
    """The provenance once the student saved ``after`` (step -> text) over ``before``.

    Only parts whose text changed move: a part the tutor proposed becomes ``tutor_edited``,
    any other becomes ``student``; a part emptied loses its provenance. Parts left as they
    were keep theirs, so saving the whole form does not claim the tutor's parts as typed.
    """
    result = {step: source for step, source in provenance.items() if source in SOURCES}
    for step, text in after.items():
        if text == before.get(step, ""):
            continue
        if not text.strip():
            result.pop(step, None)
        elif result.get(step) in (TUTOR, TUTOR_EDITED):
            result[step] = TUTOR_EDITED
        else:
            result[step] = STUDENT
    return result


def after_confirm(
    provenance: dict[str, str], *, step: str, value: str = "", own_texts: tuple[str, ...] = ()
) -> dict[str, str]:
    """The provenance once the student accepted the tutor's proposal ``value`` for ``step``.

    A proposal that only echoes the student's own text word for word (one of ``own_texts``:
    their attempts in the chat, or the part as they left it) is still theirs: the part keeps
    a provenance it already had for that text, else becomes ``student``. A message's own text
    is read as every judge reads it (``intent.own_text``): "ok so phones should be banned"
    proposes "phones should be banned", which the student typed. Any other accepted proposal
    is the tutor's.
    """
    theirs = {text.strip() for text in own_texts} | {own_text(text) for text in own_texts}
    if value.strip() and value.strip() in theirs:
        kept = provenance.get(step)
        return {**provenance, step: kept if kept in SOURCES else STUDENT}
    return {**provenance, step: TUTOR}


__all__ = [
    "SOURCES",
    "STUDENT",
    "TUTOR",
    "TUTOR_EDITED",
    "Source",
    "after_confirm",
    "after_hand_edit",
]
