"""Who wrote it: the structural check on every tutor answer.

The tutor may ask, explain, say what a part is missing and quote the student; it may not write
a part of the student's argument. ``Authorship`` holds what the student said (their own
attempts and draft, and everything they typed, requests included, which tells the argument's
subject) and judges the tutor's text sentence by sentence:

- a sentence, or a piece of one set off by a colon or quotation marks, *composes a part* when
  it is a statement (not a question) that says something the student did not write: words of
  its own beyond the student's, the topic's and the tutor's vocabulary, on the argument's
  subject (one such word is enough) or, whatever the subject, many of them (four);
- an example is allowed only when it is framed as one ("for example, in an argument about
  ...") and shares no word with the student's subject.

A proposal passes only when it is the student's own text: every word of it (beyond the small
words of grammar) is one they wrote themselves in an attempt or in the draft.

This is deliberately structural: it does not ask what the student wanted, only whether the
words on screen are theirs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from coach.domain.explanations import (
    EXAMPLE_LEAD,
    EXPLANATIONS,
    HELP_QUESTIONS,
    OFF_TOPIC,
    OPENERS,
)
from coach.domain.heuristics import is_question, passes
from coach.domain.phrases import words
from coach.domain.steps import STEP_NAMES
from coach.domain.tutor import AS_YOU_WROTE, GUIDING_QUESTIONS, PHRASES, PRAISE, PROBLEMS

STEM = 5
MIN_LETTERS = 4
ON_SUBJECT_NEW_WORDS = 1  # new words a statement on the student's subject may not carry
ANY_SUBJECT_NEW_WORDS = 4  # new words no statement may carry, whatever its subject
AS_PART_NEW_WORDS = 2  # new words a statement that would do as the step's part may not carry

# Small words of grammar in both languages: they say nothing of their own.
_GRAMMAR = frozenset(
    "that this these those with from into have been were will would could should must their "
    "there they them then than what when where which while your yours about also very more "
    "most some such only just over because since does doing being other each every many much "
    "after before during under again still even here through against among without within "
    "around upon ever never always often comes come goes make makes made like "
    "para pero como porque sobre este esta estos estas esto eso esos esas tiene tienen sido "
    "ser estar muy mas menos todo todos toda todas cada otro otra otros otras cuando donde "
    "debe deben deberia deberian puede pueden podria podrian hace hacen entre hasta desde "
    "sino tambien tanto".split()
)
_EXAMPLE_MARKERS = re.compile(
    r"\b(for example|for instance|e\.g\.|such as|por ejemplo|como ejemplo|pongamos)\b", re.I
)
# Sentences end at . ! ? or a line break; a colon opens what follows, quotes set text off.
_SENTENCE_END = re.compile(r"(?<=[.!?…\"”»)])\s+|\n+")
_QUOTED = re.compile(r"“([^”]+)”|«([^»]+)»|\"([^\"]+)\"|(?<!\w)'([^']+)'(?!\w)")
# Reported text: "you could say that ...", "podrías decir que ...".
_REPORTED = re.compile(
    r"\b(say|write|argue|claim|state|put|saying|writing|arguing|decir|escribir|afirmar|"
    r"poner|argumentar|diria|escribiria|pondria)\s+(that|que)\b",
    re.I,
)


def _stems(text: str) -> set[str]:
    return {
        word[:STEM]
        for word in words(text)
        if len(word) >= MIN_LETTERS and word not in _GRAMMAR and not word.isdigit()
    }


def _all_strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _all_strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _all_strings(item)


# The tutor's own vocabulary: every word of its fixed texts (never its example arguments).
TUTOR_WORDS: frozenset[str] = frozenset(
    stem
    for table in (
        GUIDING_QUESTIONS,
        PROBLEMS,
        PRAISE,
        AS_YOU_WROTE,
        PHRASES,
        EXPLANATIONS,
        OPENERS,
        HELP_QUESTIONS,
        OFF_TOPIC,
        EXAMPLE_LEAD,
        STEP_NAMES,
    )
    for text in _all_strings(table)
    for stem in _stems(re.sub(r"\{[a-z_]+\}", " ", text))
)


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each with its closing mark."""
    return [piece.strip() for piece in _SENTENCE_END.split(text) if piece and piece.strip()]


def _pieces(sentence: str) -> list[tuple[str, bool]]:
    """The pieces of a sentence to judge, each with whether it is set off (quoted, after a
    colon, or reported: judged as a statement even inside a question). The frame around a
    quotation is judged without it, so quoting the student is never new text."""
    quoted = [next(g for g in match.groups() if g) for match in _QUOTED.finditer(sentence)]
    frame = _QUOTED.sub(" ", sentence)
    pieces = [(text, True) for text in quoted]
    if ":" in frame:
        head, tail = frame.split(":", 1)
        pieces += [(head, False), (tail, True)]
    else:
        pieces.append((frame, False))
    for match in _REPORTED.finditer(frame):
        pieces.append((frame[match.end() :], True))
    return [(text, set_off) for text, set_off in pieces if text.strip()]


@dataclass(frozen=True)
class Authorship:
    """What the student wrote, and what they said, for judging a tutor answer."""

    own_texts: tuple[str, ...]
    said: str  # everything they typed, requests included, the topic and the draft
    step: str = ""  # the step being written, to recognise a text that would do as its part
    claim: str = ""
    own: frozenset[str] = field(init=False)
    subject: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        own = set().union(*(_stems(text) for text in self.own_texts)) if self.own_texts else set()
        object.__setattr__(self, "own", frozenset(own))
        # The tutor's own words ("claim", "argument") say nothing of the student's subject.
        object.__setattr__(self, "subject", frozenset(_stems(self.said) - TUTOR_WORDS))

    def composes(self, sentence: str) -> bool:
        """Whether ``sentence`` (one sentence of a tutor answer) writes text for the student."""
        framed_example = bool(_EXAMPLE_MARKERS.search(sentence))
        for piece, set_off in _pieces(sentence):
            stems = _stems(piece)
            if framed_example and not (stems & self.subject):
                continue  # an example on another topic
            if not set_off and is_question(piece):
                continue
            new = stems - self.own - TUTOR_WORDS - self.subject
            on_subject = bool(stems & self.subject) and len(stems - TUTOR_WORDS) >= 2
            if on_subject and len(new) >= ON_SUBJECT_NEW_WORDS:
                return True
            if len(new) >= ANY_SUBJECT_NEW_WORDS:
                return True
            as_part = self.step and passes(self.step, piece, claim=self.claim)
            if as_part and len(new) >= (1 if set_off else AS_PART_NEW_WORDS):
                return True
        return False

    def composed(self, text: str) -> list[str]:
        """The sentences of ``text`` that write text for the student."""
        return [sentence for sentence in sentences(text) if self.composes(sentence)]

    def is_theirs(self, value: str) -> bool:
        """Whether a proposal's ``value`` is the student's own text (every content word of it
        is theirs; spacing, capitals, punctuation and small words may change)."""
        stems = _stems(value)
        return bool(words(value)) and stems <= self.own

    def is_verbatim(self, value: str) -> bool:
        """Whether ``value`` is one of the student's texts word for word (only spacing,
        capitals and punctuation may differ)."""
        return any(words(value) == words(text) for text in self.own_texts)


def examples_in(text: str) -> list[str]:
    """The sentences of ``text`` that give an example (not allowed when the teacher chose
    questions only)."""
    return [sentence for sentence in sentences(text) if _EXAMPLE_MARKERS.search(sentence)]


__all__ = ["TUTOR_WORDS", "Authorship", "examples_in", "sentences"]
