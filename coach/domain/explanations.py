"""What the tutor says when a student asks for help or about a part: an explanation, an example
on a different topic than theirs, and one guiding question. Never a part of their argument.
"""

from __future__ import annotations

from collections.abc import Mapping

from coach.domain import languages
from coach.domain.phrases import words
from coach.domain.steps import step_name

EXPLANATIONS: dict[str, Mapping[str, str]] = {p.code: p.explanations for p in languages.packs()}

# Whole example arguments on topics a student's session is unlikely to share; the tutor
# shows a part from the first one whose words do not overlap the student's topic.
EXAMPLES: dict[str, tuple[Mapping[str, str], ...]] = {p.code: p.examples for p in languages.packs()}

OPENERS: dict[str, Mapping[str, str]] = {p.code: p.openers for p in languages.packs()}

# The kinds of ask told apart by their form (``intent.ask_kind``), all met with the same opener.
ASKS = frozenset({"complete", "options", "roleplay", "translate", "look_up", "ask"})

EXAMPLE_LEAD: dict[str, str] = {p.code: p.example_lead for p in languages.packs()}

# One guiding question per step, about the student's own argument.
HELP_QUESTIONS: dict[str, Mapping[str, str]] = {p.code: p.help_questions for p in languages.packs()}

OFF_TOPIC: dict[str, str] = {p.code: p.off_topic for p in languages.packs()}


def _stems(text: str) -> set[str]:
    return {word[:5] for word in words(text) if len(word) >= 4}


def example_for(step: str, language: str, avoid: str) -> tuple[str, str]:
    """(example topic, example text for ``step``) from the first example argument sharing no
    word with ``avoid`` (the student's topic and draft)."""
    lang = languages.pack_for(language).code
    taken = _stems(avoid)
    for example in EXAMPLES[lang]:
        if not (_stems(example["topic"] + " " + example[step]) & taken):
            return example["topic"], example[step]
    example = EXAMPLES[lang][-1]
    return example["topic"], example[step]


def guiding_question(step: str, language: str, topic: str) -> str:
    lang = languages.pack_for(language).code
    return HELP_QUESTIONS[lang][step].format(topic=topic)


def next_move(step: str, language: str, topic: str, *, card: str = "") -> str:
    """The question the server ends an answer on when the answer asks none: while a ``card``
    shows for the step, whether it says what the student means (the offline tutor's words for
    a waiting card), since the step's opening question would ask again for what the card
    holds; else the step's guiding question."""
    if card.strip():
        return languages.pack_for(language).phrases["card_waiting"]
    return guiding_question(step, language, topic)


# Part names a student may ask about -> the step explained ("backing" is decided by the step).
_ASKED_PARTS: tuple[tuple[tuple[str, ...], str], ...] = tuple(
    (languages.every_keyed("asked_parts", step), step)
    for step in ("claim", "grounds", "warrant", "qualifier", "rebuttal", "backing")
)


def asked_part(message: str, current_step: str) -> str:
    """The part a question is about ("what is a warrant?" on the claim step -> warrant);
    the current step when it names none or several."""
    said = set(words(message))
    named = [step for names, step in _ASKED_PARTS if said & set(names)]
    if len(named) != 1:
        return current_step
    if named[0] == "backing":
        return current_step if current_step.endswith("Backing") else "warrantBacking"
    return named[0]


def help_text(
    *,
    step: str,
    language: str,
    topic: str,
    pressure: str,
    avoid: str = "",
    about: str = "",
    explain: bool = True,
) -> str:
    """The tutor's answer to a help request (``pressure``) or a concept question
    (``pressure="concept"``): opener, explanation of the part (``about``, else the step's),
    an example on another topic, and one question about the current step; without
    ``explain`` (the teacher allows questions only), the opener and the question."""
    lang = languages.pack_for(language).code
    about = about if about in EXPLANATIONS[lang] else step
    name = step_name(about, lang).lower()
    your_part = languages.pack(lang).your_part(about, name)
    # An ask with no opener of its own ("finish this: ...") is answered as "write it for me".
    fallback = OPENERS[lang]["write_for_me"] if pressure in ASKS else ""
    opener = OPENERS[lang].get(pressure, fallback).format(part=name, your_part=your_part)
    if not explain:  # the teacher allows questions only
        return "\n\n".join(part for part in (opener, guiding_question(step, lang, topic)) if part)
    example_topic, example = example_for(about, lang, f"{topic} {avoid}")
    lead = EXAMPLE_LEAD[lang].format(topic=example_topic, text=example)
    body = " ".join(part for part in (opener, EXPLANATIONS[lang][about], lead) if part)
    return f"{body}\n\n{guiding_question(step, lang, topic)}"


def off_topic_text(*, step: str, language: str, topic: str) -> str:
    lang = languages.pack_for(language).code
    return f"{OFF_TOPIC[lang].format(topic=topic)}\n\n{guiding_question(step, lang, topic)}"


__all__ = [
    "EXAMPLES",
    "EXPLANATIONS",
    "HELP_QUESTIONS",
    "example_for",
    "guiding_question",
    "help_text",
    "next_move",
    "off_topic_text",
]
