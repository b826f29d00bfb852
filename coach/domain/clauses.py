"""How a tutor sentence's clauses turn to the student or state something: second-person
feedback ("your claim", "You could ...", "¿Has pensado ...?"), the statement a question
leads with before its tag ("..., didn't it?", "..., ¿no es así?"), an aside in brackets and
the statement a Spanish yes/no question opens on ("¿El conserje ya saca doce bolsas ...?").
``coach.domain.pieces`` cuts a sentence into pieces with these; ``coach.domain.authorship``
judges them."""

from __future__ import annotations

import re

from coach.domain import languages
from coach.domain.heuristics import is_question
from coach.domain.phrases import words

MIN_LETTERS = 4
# Small words of grammar, every language pack's: they say nothing of their own.
GRAMMAR = languages.every_set("grammar_words")
RELATIVE_WORDS = languages.every_set("relative_words")
# Words to the student in one language that are grammar in another ("has": "¿has visto?",
# "it has a duty") address no one; a move to the student in that language still opens a
# clause with them (``move_opening``).
ADDRESSED = frozenset(
    word
    for pack in languages.packs()
    for word in pack.addressed
    if not any(
        word in other.grammar_words | other.auxiliaries
        for other in languages.packs()
        if other is not pack
    )
)
META = languages.every_set("meta")
# A phrase that offers a better version: "A sharper version would be:", "Mejor aún:",
# "Otra refutación posible:", "Try this rebuttal:". What follows is offered text.
OFFER = re.compile(r"\b(?:" + languages.alternatives("offer_patterns") + r")\b", re.I)
# Question words: a clause that opens with one, after a few words off the student's subject
# ("roughly how many", "más o menos cuántos"), asks.
QUESTION_WORD = re.compile(
    r"(?<!\w)(?:" + languages.alternatives("asking_words") + r")(?!\w)", re.I
)


def _frames(name: str) -> re.Pattern[str]:
    """Every pack's ``guard_frames`` patterns under ``name``, as one expression."""
    return re.compile("|".join(languages.every_keyed("guard_frames", name)), re.I)


def to_student(text: str) -> bool:
    """Whether ``text`` speaks to the student ("you", "your", "tus")."""
    return bool(set(words(text.replace("'", "").replace("’", ""))) & ADDRESSED)


def addressed(text: str) -> bool:
    """Feedback to the student: addressed to them, or about the argument's parts or reader
    without offering a better one ("a stronger warrant would be ..." offers)."""
    tokens = set(words(text.replace("'", "").replace("’", "")))
    if tokens & ADDRESSED:
        return True
    return bool(tokens & META) and not OFFER.search(text)


# The student's text named in the second person ("your claim", "what you wrote", "tu tesis"),
# and a move to them opening a clause ("You could ...", "have you ...", "¿Has pensado ...?").
THEIR_TEXT = _frames("their_text")
MOVE = _frames("move_opening")
_CLAUSE_MARKS = re.compile(r"[,;:—–()¿¡]|\.\.\.|…")


def folded(text: str) -> str:
    """``text``'s words without apostrophes ("don't" -> "dont"), joined by spaces."""
    return " ".join(words(text.replace("'", "").replace("’", "")))


def is_feedback(text: str, *, parts: bool = True) -> bool:
    """Whether ``text`` is feedback to the student: it names their text in the second person
    ("your claim", "what you wrote"), talks of the argument's parts or reader without offering
    a better one, or makes a move to them in a clause of its own ("You could ...", "have you
    ..."). A second-person word inside a statement ("your school", "like you", "no matter
    what you think") does not turn it to them. Without ``parts``, naming a part is not
    enough ("una regla que diga ..." names the rule it offers)."""
    if THEIR_TEXT.search(folded(text)):
        return True
    if parts and set(folded(text).split()) & META and not OFFER.search(text):
        return True
    return any(MOVE.search(folded(clause)) for clause in _CLAUSE_MARKS.split(text))


_TAG_WORDS = 5  # a question tag to the student: "don't you think", "¿podrías usarlo?"


# Where a question tag is set off: a comma, a dash, an ellipsis or an opening "¿".
_TAG_MARK = re.compile(r"(?:,|\s[—–-]|—|–|\.\.\.|…|¿)(?=[^,—–…¿]*$)")
_TAG_MOVE_WORDS = 8  # "wouldn't you agree with that idea?": a move to them, a little longer
# Words that say nothing in a tag: "isn't that so?", "¿no es así?".
_AUXILIARIES = languages.every_set("auxiliaries")
_TAG_VERBS = languages.every_set("tag_verbs")


def asks_in(head: str) -> bool:
    """Whether ``head`` holds a question word that asks: not a relative one after a word of
    content ("pupils who are ...", "alumnos quienes ...")."""
    for asked in QUESTION_WORD.finditer(head):
        before = words(head[: asked.start()])[-1:]
        if not before or len(before[0]) < MIN_LETTERS or before[0] in GRAMMAR:
            return True
        if words(asked.group(0))[0] not in RELATIVE_WORDS:
            return True
    return False


_ASKS_EARLY = 3  # words of a clause before its question word: "Too long for whom"
_CLAUSE_START = re.compile(r"[,;:—–(]|\s[-–]\s")


def asks_early(head: str) -> bool:
    """Whether a clause of ``head`` asks: a question word that asks (``asks_in``) among its
    first few words. One deeper in a statement belongs to it ("Schools should decide for
    pupils when they are too young to judge what they will miss")."""
    for clause in _CLAUSE_START.split(head):
        asked = QUESTION_WORD.search(clause)
        if (
            asked
            and len(words(clause[: asked.start()])) <= _ASKS_EARLY
            and asks_in(clause[: asked.end()])
        ):
            return True
    return False


def statement_before_tag(frame: str) -> str:
    """The statement before a question tag ("The government should ban them, don't you
    think?", "… — right?", "… ¿no?"): a short last clause, to the student or of one or two
    words, set off by a comma, a dash, an ellipsis or "¿"; "" when the question does not end
    so or opens with a question word."""
    mark = _TAG_MARK.search(frame)
    if not mark:
        return ""
    head, tag = frame[: mark.start()], frame[mark.end() :]
    tagged = words(folded(tag))  # "shouldn't it": two words
    if not words(head) or not tagged or is_question(head.strip().lstrip("¿")):
        return ""
    if asks_early(head) or QUESTION_WORD.search(tag):
        return ""  # "Too long for whom, and what would you change?" asks twice
    plain = all(
        len(word) < MIN_LETTERS or word in GRAMMAR or word in _AUXILIARIES or word in _TAG_VERBS
        for word in tagged
    )
    if len(tagged) <= 2 or (len(tagged) <= _TAG_WORDS and (to_student(tag) or plain)):
        return head.strip().lstrip("¿")
    if len(tagged) <= _TAG_MOVE_WORDS and MOVE.search(folded(tag)):
        return head.strip().lstrip("¿")
    return ""


# An aside in brackets: said plainly, whatever the sentence around it does.
ASIDE = re.compile(r"\(([^()]*)\)")


# A yes/no question that opens on what it is about ("¿El conserje ...?", "¿Los alumnos
# ...?"): a determiner first, no question word in it, nothing to the student.
YES_NO = re.compile(
    r"^\s*¿\s*(?:y\s+)?((?:"
    + "|".join(sorted(languages.every_set("determiners")))
    + r")\s[^¿?]*)\?\s*$",
    re.I,
)
# ", or ...", ", o ...": an alternative.
ALTERNATIVE = _frames("or")


def options(question: str) -> str | None:
    """What a choice ("... or ...?", "¿... o ...?") offers after its first option ("was it
    50?", "400?"), or None when ``question`` offers no choice."""
    alternative = ALTERNATIVE.search(question)
    return question[alternative.end() :] if alternative else None


def yes_no_statement(frame: str) -> str:
    """The statement a yes/no question opening on a noun asks about, or ""."""
    asked = YES_NO.match(frame)
    said = asked.group(1) if asked else ""
    # "¿Los 40 alumnos eran de un curso o de varios?" offers a choice: it asks.
    if not said or asks_early(said) or ALTERNATIVE.search(said) or is_feedback(said):
        return ""
    return said


def statement_before_or(frame: str) -> str:
    """What a yes/no question opening on a noun states before a short alternative that only
    asks whether it holds ("¿El uniforme cuesta 300 euros al año, o me equivoco?"), or "":
    a choice ("¿Los 40 alumnos eran de todos los cursos o de uno solo?") asks."""
    asked = YES_NO.match(frame)
    said = asked.group(1) if asked else ""
    alternative = ALTERNATIVE.search(said)
    if not alternative or alternative.group(0)[0] not in ",;":
        return ""
    return said[: alternative.start()] if len(words(said[alternative.end() :])) <= 2 else ""
