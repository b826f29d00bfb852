"""Whether a student's message is addressed to the tutor, read from its form.

A part of an argument is a statement about the topic, addressed to a reader. A message that
asks the tutor to do something is not, whatever words it uses: an imperative whose object is
text or the student ("write my claim", "finish this: ...", "escríbeme la tesis", "dime"), a
verb in the second person with the tutor as subject ("can you...", "you do it", "¿me
escribes...?", "¿podría usted...?", "quiero que escribas"), a polite frame that wraps such a
request ("would you mind...", "I'd appreciate it if you...", "le agradecería que..."), a
question about the student's own argument ("what would my claim be?", "¿qué datos podría
usar?"), a wish for something the tutor would have to produce ("I need some data", "necesito
una idea"), or a fragment held up by "please" ("warrant please").

The decision rests on mood and person, not on a list of request phrases: the lists below are
closed word classes (fillers, determiners, pronouns) and the verbs of producing or handing
over text, recognised in any of their imperative, enclitic or second-person forms.
"""

from __future__ import annotations

import re

from coach.domain import languages
from coach.domain.phrases import fold

# -- words: every language pack's, each read in any language ---------------------------------

_FILLERS = languages.every_set("fillers")
_POLITE = languages.every_set("polite")
_POLITE_FRAMES = [re.compile(p.polite_pattern) for p in languages.packs() if p.polite_pattern]
# What the tutor would have to produce: wanting one of these is asking for it.
_ARTEFACTS = languages.every_set("artefacts")
_DETERMINERS = languages.every_set("determiners")
_PARTS = languages.every_set("part_words")
_PERSONAL = languages.every_set("personal")
_POLITE_PHRASES = [frozenset(phrase.split()) for phrase in languages.every("polite_phrases")]
_OPENING_MARKS = languages.every("opening_marks")
_CLAUSE_SPLIT = re.compile(
    r"([.;:!?¿¡,\n()\[\]\"“”«»]+|\s(?:" + languages.alternatives("clause_joiners") + r")\s)"
)
# A condition's opening word ("if", "si", "cuando"): a verb joined to it by "and"/"y" shares
# its subject ("si algo cuesta menos y enseña lo mismo"), so it is no imperative.
_CONDITIONS = tuple(f"{marker} " for marker in languages.every("rule_markers"))
_TOKEN = re.compile(r"[a-z0-9]+")
# How students type in a hurry, spelt out: "m escribes" -> "me escribes", "gimme" -> "give me".
_TEXTING = {
    short: full.split() for pack in languages.packs() for short, full in pack.texting.items()
}


def _spelt_out(tokens: list[str]) -> list[str]:
    return [word for token in tokens for word in _TEXTING.get(token, [token])]


def _tokens(text: str) -> list[str]:
    return _spelt_out(_TOKEN.findall(fold(text).replace("'", "").replace("’", "")))


def _clauses(text: str) -> list[tuple[list[str], bool]]:
    """Each clause's words, and whether it continues a condition: joined by a word ("and",
    "y"), with no punctuation between, to a clause that opens with a condition."""
    folded = fold(text).replace("'", "").replace("’", "")
    pieces = _CLAUSE_SPLIT.split(folded)  # text, separator, text, ...
    out: list[tuple[list[str], bool]] = []
    previous = ""
    by_word = False  # only words since the previous clause
    for index, piece in enumerate(pieces):
        if index % 2:
            by_word = by_word and piece.replace(" ", "").isalpha()
            continue
        tokens = _spelt_out(_TOKEN.findall(piece))
        if not tokens:
            continue
        out.append((tokens, by_word and f"{previous} ".startswith(_CONDITIONS)))
        previous, by_word = " ".join(tokens), True
    return out


def _strip_fillers(tokens: list[str]) -> list[str]:
    i = 0
    while i < len(tokens) and tokens[i] in _FILLERS:
        i += 1
    return tokens[i:]


def _wants_artefact(tokens: list[str]) -> bool:
    """ "I need some data", "necesito una idea": wanting what the tutor would produce."""
    for pack in languages.packs():
        rest = pack.wanted(tokens)
        if rest is None:
            continue
        while rest and (rest[0] in _DETERMINERS or rest[0].isdigit()):
            rest = rest[1:]
        return bool(rest) and rest[0] in _ARTEFACTS
    return False


def _imperative(tokens: list[str], raw_first: str) -> bool:
    """The clause opens with an imperative of producing text, in the first language whose
    verbs it opens with."""
    for pack in languages.packs():
        verdict = pack.imperative(tokens, raw_first)
        if verdict is not None:
            return verdict
    return False


def _question_to_tutor(text: str, tokens: list[str]) -> bool:
    """A question about the student's own argument or to the tutor ("what would my claim
    be?", "options for the backing?", "¿cuáles me sirven?"). A question about the topic
    ("should schools start later?") is a (weak) attempt, not a request."""
    stripped = text.strip()
    question = stripped.endswith("?") or any(mark in stripped for mark in _OPENING_MARKS)
    if not question:
        question = any(pack.question_opening(tokens) for pack in languages.packs())
    if not question:
        return False
    # What follows the question mark is the student's own answer ("¿Deberían ...? Yo digo que
    # sí"): its "yo", "I" is theirs, not the question's.
    asked = stripped[: stripped.rfind("?") + 1] if "?" in stripped else stripped
    said = set(_tokens(asked)) if asked != stripped else set(tokens)
    quotes = re.search(r"['‘’\"“”«»].+['‘’\"“”«»]", stripped) is not None
    return quotes or bool(said & (_PERSONAL | _PARTS))


_SUBJECT_OPENERS = languages.every_set("subject_openers")
_SAID_OPENERS = tuple(opener.split() for opener in languages.every("said_openers"))
_ADDRESSEES = languages.every_set("addressees")
_FOR_ME = tuple(f" {phrase} " for phrase in languages.every("for_me"))


def _said(tokens: list[str]) -> bool:
    return any(tokens[: len(opener)] == opener for opener in _SAID_OPENERS)


def _their_verb(tokens: list[str], raw_first: str) -> bool:
    """After a person named and what is said of them, a verb as plain as the third person's
    ("apunta", "write"), with no "tú", "you" after it, no "por mí", "for me" and no pronoun
    written on to it ("apúntame"): the person's doing, not an order to the tutor."""
    said = f" {' '.join(tokens)} "
    return (
        fold(raw_first) == raw_first.casefold()
        and not set(tokens[1:2]) & _ADDRESSEES
        and not any(phrase in said for phrase in _FOR_ME)
    )


def addressed_to_tutor(message: str) -> bool:
    """Whether ``message`` asks the tutor to do something (see the module's docstring)."""
    folded = " " + " ".join(_tokens(message)) + " "
    if not folded.strip():
        return False
    if any(frame.search(folded) for frame in _POLITE_FRAMES):
        return True
    if any(pack.wants_from_tutor(folded) for pack in languages.packs()):
        return True
    # Each word as typed, to see its written accent ("escríbeme" vs "escribeme").
    as_typed = {fold(word): word for word in re.findall(r"[^\W\d_]+", message)}
    named = said = False  # a person named; then what is said of them
    for tokens, continues in _clauses(message):
        core = _strip_fillers(tokens)
        if not core:
            continue
        raw_first = as_typed.get(core[0], core[0])
        theirs = named and said and _their_verb(core, raw_first)
        if not continues and not theirs and _imperative(core, raw_first):
            return True
        if named and _said(core):
            said = True
        else:
            named, said = core[0] in _SUBJECT_OPENERS and not theirs, False
        if any(pack.asks_tutor(core) for pack in languages.packs()) or _wants_artefact(core):
            return True
        # "warrant please": a fragment held up by politeness.
        if set(tokens) & _POLITE and len(core) <= 2:
            return True
        for phrase in _POLITE_PHRASES:  # "tesis por favor"
            if phrase <= set(tokens) and len(core) <= 2 + len(phrase):
                return True
    return _question_to_tutor(message, _tokens(message))


__all__ = ["addressed_to_tutor"]
