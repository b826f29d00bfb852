"""How a tutor sentence is cut into the pieces the structural check judges
(``coach.domain.authorship``), each with how it is framed.

A piece is what a quotation sets off, what follows a suggestion ("What if you argued that
...?"), a fact put as something to know ("Did you know that ...?"), reported text ("you
could say that ..."), a relative clause inside a question, a part named with what it says
("a rule that ..."), an aside in brackets, the statement a question leads with, what a colon
opens, and the sentence around them. Here too: the words the check counts (``stems_of``,
``content_words``), the tutor's own vocabulary (``TUTOR_WORDS``), and the readings the check
shares with the cutting: a text of the student's pointed at (``points``), a kind of text
described rather than given (``describing``, ``relative_at``, ``kind_named``).

This module only cuts and reads; ``Authorship`` holds what the student wrote and the
thresholds, and decides.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import islice

from coach.domain import languages
from coach.domain.clauses import (
    ADDRESSED,
    ASIDE,
    GRAMMAR,
    MIN_LETTERS,
    OFFER,
    RELATIVE_WORDS,
    asks_in,
    is_feedback,
    statement_before_or,
    statement_before_tag,
    yes_no_statement,
)
from coach.domain.explanations import (
    EXAMPLE_LEAD,
    EXPLANATIONS,
    HELP_QUESTIONS,
    OFF_TOPIC,
    OPENERS,
)
from coach.domain.heuristics import is_question
from coach.domain.phrases import words
from coach.domain.steps import STEP_NAMES
from coach.domain.tutor import (
    AS_YOU_WROTE,
    GUIDING_QUESTIONS,
    PHRASES,
    PRAISE,
    PROBLEMS,
)

STEM = 5

# A colon opens what follows, quotes set text off.
QUOTED = re.compile(r"“([^”]+)”|«([^»]+)»|\"([^\"]+)\"|(?<!\w)'([^']+)'(?!\w)")
# Reported text: "you could say that ...", "podrías decir que ...".
_REPORTED = re.compile(r"\b(?:" + languages.alternatives("reported_speech") + r")\b", re.I)


def stems_of(text: str) -> set[str]:
    """The first ``STEM`` letters of each content word of ``text`` (no small word, no
    figure): the unit every comparison with the student's words counts in."""
    return {
        word[:STEM]
        for word in words(text)
        if len(word) >= MIN_LETTERS and word not in GRAMMAR and not word.isdigit()
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
    for stem in stems_of(re.sub(r"\{[a-z_]+\}", " ", text))
)


# A suggestion: the tutor offering text for the student's argument, in any frame. What
# follows the frame is judged as a statement even inside a question ("What if you argued
# that ...?", "¿Y si dijeras que ...?", "Wouldn't it be stronger to say ...?").
_SUGGESTION = re.compile(languages.alternatives("suggestion_patterns"), re.I)
# A fact put as something to know, mean or remember ("Did you know that ...?", "¿Sabías que
# ...?", "Remember that ..."): what follows is offered unless it is about the student's text.
_KNOWING = re.compile(languages.alternatives("knowing_patterns"), re.I)
# An embedded question ("... a quién afecta el uniforme", "... what bothers you") asks; it
# does not assert what follows it. Only words that cannot start a relative or conditional
# clause ("students who sleep", "when they rest", "si ...", "que ...").
_EMBEDDED = re.compile(
    "|".join(
        filter(
            None,
            (languages.alternatives(name) for name in ("embedded_questions", "asked_after_verb")),
        )
    ),
    re.I,
)
# An offered text that opens with a question word asks the student; it offers nothing.
_ASKING = re.compile(r"^[\s,]*(?:" + languages.alternatives("asking_words") + r")(?!\w)", re.I)
_WORDS_NOUNS = languages.every_set("word_nouns")
# The parts' names: a colon after one offers a text for that part ("A fuller rebuttal: ...",
# "Unos datos mejores: ...") unless the head is addressed to the student ("Your claim: ...").
_PART_NAMES = languages.every_set("part_words")
# A relative clause inside a question asserts what it says: "Have you thought of quoting the
# UN, which says ...?", "¿Y el Ministerio, que dice que ...?".
_RELATIVE = re.compile(languages.alternatives("relative_openers"), re.I)
_INDEFINITE = languages.every_set("indefinite")
_DETERMINERS = languages.every_set("determiners")
# Words that open a clause of its own after "a rule that": a condition ("if", "si"), a
# pronoun, a question word ("whoever"): the clause gives a rule rather than describing one.
_CLAUSE_OPENERS = frozenset(
    word
    for word in (*languages.every("conditions"), *languages.every("rule_markers"))
    if " " not in word and "*" not in word
) | languages.every_set("pronouns")
_QUESTION_WORDS = languages.every_set("question_words")
# "a rule that would also hold ...", "una regla que valga ...": a predicate about the rule
# itself, followed by at most a few words off the student's subject, describes a kind of rule.
_DESCRIBING = re.compile(languages.alternatives("describing_predicates"), re.I)
_DESCRIBED_TAIL = 8
_DESCRIBED_CHAIN = 3  # "starts with “if”, names no school and holds for any club"
# The student's text pointed at after a colon ("Good: that is a general rule that ...",
# "Bien: esa regla valdría ..."): with no new word on their subject, what follows says what
# their text is or does ("Good: that is a reason to ..." offers a reason).
_POINTING = re.compile(languages.alternatives("pointing_patterns"), re.I)
ASKS_WITHIN = 3  # words that may come before the question word


def _frames(name: str) -> re.Pattern[str]:
    """Every pack's ``guard_frames`` patterns under ``name``, as one expression."""
    return re.compile("|".join(languages.every_keyed("guard_frames", name)), re.I)


# "the idea that ...", "la idea de que ...": in a question, the student's idea when the
# words after it are theirs ("Is there a study behind the idea that bystanders save lives?").
IDEA = _frames("idea")
# "the link between eating and concentrating": the student's rule pointed at.
LINK = _frames("link")
# A colon after "narrow it to", "dejarlo en": what follows completes the change, offered.
_COMPLETING = _frames("completing")
_FRAMING = _frames("framing")

_CLAUSE = re.compile(r"[,;—–]\s*|\s(?:" + languages.alternatives("sentence_joiners") + r")\s", re.I)


def clauses_of(text: str) -> list[str]:
    """``text`` cut at commas, semicolons, dashes and the words that join sentences."""
    return [clause for clause in _CLAUSE.split(text) if clause and words(clause)]


def asserted(clause: str) -> str:
    """The clause up to an embedded question: "I'd ask who is affected" asserts nothing
    about who is affected."""
    asked = _EMBEDDED.search(clause)
    if asked and asked.start() > 0:
        return clause[: asked.start()]
    return clause


# Frames judged per sentence: each frame's piece runs to the sentence's end, so the first
# few already hold all that follows; more only repeat it (and long input would cost a square).
_MAX_FRAMES = 6
_DASH = re.compile(r"\s[—–-]\s|—|–")


def _after_quote_only(masked: str, frame: re.Match[str]) -> bool:
    """Whether a frame follows nothing but a quotation ("«Pasar» quiere decir ...?"): the
    student's word is the subject, its meaning asked about."""
    return bool(re.fullmatch(r"[\W_]*q+[\W_]*", masked[: frame.start()]))


def mentioned(
    sentence: str, quote: re.Match[str], theirs: Callable[[str], bool] = lambda _: True
) -> bool:
    """Whether a quotation of ``theirs`` words follows a noun for words ("the word “trips”",
    "la palabra «…»"): the student's words are talked about, not offered; a word of the
    tutor's so named ("What if you added the word “usually”?") is offered."""
    before = words(sentence[: quote.start()])[-1:]
    quoted = next(g for g in quote.groups() if g)
    return bool(before) and before[0] in _WORDS_NOUNS and theirs(quoted)


def pieces_of(
    sentence: str, theirs: Callable[[str], bool] = lambda _: True
) -> list[tuple[str, str]]:
    """The pieces of a sentence to judge, each with how it is framed: ``quoted`` (set off in
    quotation marks), ``offered`` (after a suggestion frame, or after a colon that follows an
    offer: judged as a statement even inside a question; and a relative clause inside a
    question, which asserts), ``colon`` (after a label's colon: "Good:", "Tighter version:"),
    ``said`` (after a colon that follows a clause: "A claim takes a side: ...", judged like
    ``colon`` and, like a plain statement, by the meaning check) and ``frame`` (the sentence
    around them). Quoting the student is never new text: a quoted piece of their own words
    says nothing new."""
    frame = QUOTED.sub(" ", sentence)
    # A quotation inside a suggestion ("What if you wrote 'probably'?") is offered text; a
    # suggestion's words inside the quotation (the student's «yo diría que ...») are not one.
    # (The quotations masked, at the same length: "“Yeah” doesn't tell" is no "Doesn't ...".)
    masked = QUOTED.sub(lambda match: "q" * len(match.group(0)), sentence)
    suggested = [
        m
        for m in islice(_SUGGESTION.finditer(masked), _MAX_FRAMES)
        if not _after_quote_only(masked, m)
    ]
    quote_kind = "offered" if suggested else "quoted"
    pieces: list[tuple[str, str]] = [
        (
            next(g for g in match.groups() if g),
            "quoted"
            if mentioned(sentence, match, theirs)
            else "offered"
            if mentioned(sentence, match)  # "¿Y si añades la palabra «…»?": a word offered
            else quote_kind,
        )
        for match in QUOTED.finditer(sentence)
    ]
    offered = False
    for match in suggested:
        tail = QUOTED.sub(" ", sentence[match.end() :])
        offered = True
        if not _ASKING.match(tail):  # "you might say who it is unfair to" asks
            pieces.append((tail, "offered"))
    for match in islice(_KNOWING.finditer(masked), _MAX_FRAMES):
        # "Did you know uniforms cost £300?": a bare clause after the verb, judged as said.
        bare = re.fullmatch(r"(?:did|do|have) (?:you|u)[\w ]*\s", match.group(0), re.I)
        pieces.append((QUOTED.sub(" ", sentence[match.end() :]), "stated" if bare else "known"))
        offered = True
    for match in islice(_REPORTED.finditer(frame), _MAX_FRAMES):
        if not words(frame[: match.start()]):
            continue  # "Saying that ... doesn't tell": the saying is the sentence's subject
        pieces.append((frame[match.end() :], "offered"))
        offered = True
    if is_question(sentence):
        # What a question's relative clause says is asserted, not asked ("the RHS, which
        # found that ..."), up to the clause's closing comma; one about the student ("the
        # twelve classmates, who told you ...") reports what they wrote.
        for match in _RELATIVE.finditer(frame):
            clause = re.split(r"[,;]", frame[match.end() :], maxsplit=1)[0]
            if not is_feedback(clause, parts=False):
                pieces.append((clause, "offered"))
    # A part named with what it says: "Maybe a rule that anything which ...?", "Piensa en
    # una regla que diga que ...": the clause after the noun is judged as offered text.
    pieces += [
        (re.split(r"[,;]", frame[match.start() :])[0], "named") for match in named_texts(frame)
    ]
    # An aside in brackets is said plainly, whatever the sentence around it does.
    pieces += [(aside.group(1), "aside") for aside in islice(ASIDE.finditer(frame), _MAX_FRAMES)]
    tagged = statement_before_tag(frame) if is_question(sentence) else ""
    if tagged and not is_feedback(tagged):
        pieces.append((tagged, "offered"))  # "Shops must check ID, right?" leads
    # A statement said as a question, in English word order: "So uniforms cost £300 a
    # year?", "Pupils over fourteen are old enough?" (Spanish asks in that order anyway).
    plain = frame.strip().rstrip("?").strip()
    if (
        is_question(sentence)
        and "¿" not in sentence
        and plain
        and not any(is_question(clause.strip()) for clause in re.split(r"[,;:—–]", plain))
        and not asks_in(plain)
    ):
        pieces.append((plain, "declared"))
    elif yes_no_statement(frame):
        # A Spanish yes/no question in statement order says what it asks about: "¿El
        # conserje ya saca doce bolsas cada viernes?", "¿Los mayores ya saben vestirse?".
        pieces.append((yes_no_statement(frame), "declared"))
    elif is_question(sentence):
        # What comes before the question is said: "X, ¿o me equivoco?" (Spanish marks where
        # the question starts), "X; can you check that?".
        opened = frame.find("¿")
        said_first = frame[:opened] if opened > 0 else frame[: max(frame.rfind(";"), 0)]
        if words(said_first) and not _FRAMING.match(said_first):
            pieces.append((said_first, "declared"))
        else:
            # What frames the question ("Con 40 alumnos ..., ¿...?", "If 40 pupils ..., what
            # ...?") or a yes/no question says before a tag ("¿X, o me equivoco?") is said.
            framed = said_first or (frame[: max(frame.rfind(","), 0)] if opened < 0 else "")
            if statement_before_or(frame):
                pieces.append((statement_before_or(frame), "stated"))
            elif words(framed) and _FRAMING.match(framed):
                pieces.append((framed, "stated"))
    # A question set off by a dash from what it asks about: "How does this sound — ...?".
    dashed = _DASH.split(frame, maxsplit=1)
    if (
        len(dashed) == 2
        and is_question(dashed[0].strip())
        and not is_question(dashed[1].rstrip(" ?"))
    ):
        pieces.append((dashed[1], "offered"))
    if ":" in frame:
        head, tail = frame.split(":", 1)
        offers = (
            OFFER.search(head)
            or _SUGGESTION.search(head)
            or _names_a_part(head)
            or _COMPLETING.search(head)
        )
        # After a clause ("A claim takes a side: ..."), a colon only punctuates.
        kind = "offered" if offers else "said" if _is_clause(head) else "colon"
        pieces += [(head, "frame"), (tail, kind)]
    elif not offered:
        pieces.append((frame, "frame"))
    return [(text, kind) for text, kind in pieces if words(text)]


# A noun phrase of the tutor's words before a relative word: "a rule that", "the idea that",
# "una regla que".
_NOUN_THEN_RELATIVE = re.compile(
    r"(?<!\w)(?:"
    + "|".join(sorted(languages.every_set("indefinite") | languages.every_set("determiners")))
    + r")\s+((?:\w+\s+){1,3}?)(?:"
    + "|".join(sorted(languages.every_set("relative_words")))
    + r")(?!\w)",
    re.I,
)


_TEXT_NOUNS = languages.every_set("text_nouns") | _PART_NAMES


def named_texts(frame: str) -> list[re.Match[str]]:
    """Where ``frame`` names a kind of text and says what it says: a determiner, the tutor's
    words ending in a noun for a text ("a general rule", "una idea"), then a relative word."""
    found = []
    for match in islice(_NOUN_THEN_RELATIVE.finditer(frame), _MAX_FRAMES):
        start = max(frame.rfind(mark, 0, match.start()) for mark in ",;:") + 1
        pointed = _POINTING.search(frame[start:])
        if pointed and start + pointed.end() > match.start() and points(frame[start:]):
            continue  # "that is a rule that would hold ...": what the student's text is
        after = words(re.split(r"[,;:]", frame[match.end() :], maxsplit=1)[0])
        yours = next((i for i, word in enumerate(after[:2]) if word in ADDRESSED), None)
        if yours is not None and not set(after[yours + 1 :]) & RELATIVE_WORDS:
            continue  # "a qualifier like yours", "una regla como la tuya" ("... that says")
        nouns = words(match.group(1))
        if (
            nouns
            and set(nouns) & _TEXT_NOUNS  # "a general rule", "una regla general"
            and all(word in _TEXT_NOUNS or word[:STEM] in TUTOR_WORDS for word in nouns)
        ):
            found.append(match)
    return found


def content_words(text: str) -> list[str]:
    """The words of ``text`` beyond the small words of grammar, whole (not stemmed)."""
    return [word for word in words(text) if len(word) >= MIN_LETTERS and word not in GRAMMAR]


def _is_clause(head: str) -> bool:
    """Whether the words before a colon say something (two words of content besides the
    parts' names: "A claim takes a side") rather than label what follows ("Tighter
    version", "Unos datos mejores", "Option A")."""
    content = [word for word in content_words(head) if word not in _PART_NAMES]
    return len([word for word in content if word not in _DETERMINERS]) >= 2


def _names_a_part(head: str) -> bool:
    """Whether the words before a colon name a part (not the student's): what follows is
    offered as that part ("A fuller rebuttal:", "Matiz sugerido:")."""
    tokens = set(words(head))
    return (
        bool(tokens & _PART_NAMES)
        and not tokens & ADDRESSED
        and not is_question(head)
        and not _is_clause(head)
    )


def points(piece: str) -> bool:
    """Whether ``piece`` says what the student's text is: "that is a general rule that ...",
    "esa regla valdría ..."; "that is a reason to ..." gives a reason of its own."""
    pointed = _POINTING.search(piece)
    if not pointed:
        return False
    named = words(pointed.group(0))[-1:]
    if named and named[0] not in _INDEFINITE:
        return True  # "esa regla", "this rule"
    # "that is a general rule, and ...", "sigue siendo una tesis que ...": the tutor's words
    # alone up to the clause's end or to a relative word after a noun for a text.
    phrase = words(re.split(r"[,;:.!?—–]", piece[pointed.end() :], maxsplit=1)[0])
    at = next((i for i, word in enumerate(phrase) if word in RELATIVE_WORDS), len(phrase))
    if at < len(phrase) and not set(phrase[:at]) & _TEXT_NOUNS:
        at = len(phrase)
    if 0 < at <= ASKS_WITHIN and all(
        len(word) < MIN_LETTERS
        or word in GRAMMAR
        or word in _TEXT_NOUNS
        or word[:STEM] in TUTOR_WORDS
        for word in phrase[:at]
    ):
        # "that is a general rule that would work for parks too" says what theirs does;
        # "... a general rule that families should never pay ..." gives a rule of its own.
        return at == len(phrase) or describing(phrase[at + 1 :])
    tokens = named + words(piece[pointed.end() :])
    relative = relative_at(tokens)
    return relative > 0 and describing(tokens[relative + 1 :])


def describing(after: list[str]) -> bool:
    """Whether the words after the relative of "a rule that ..." describe the rule itself
    ("would also hold for parks", "starts with “if”"): a short predicate about it, with no
    clause of its own after it."""
    if len(after) > _DESCRIBED_CHAIN * _DESCRIBED_TAIL:
        return False  # longer than a few predicates: more than a description
    joined = " ".join(after)
    predicate = _DESCRIBING.match(joined)
    if not predicate:
        return False
    rest = words(joined[predicate.end() :])
    # "... and doesn't name the school", "... y que no hable de ...": a second predicate.
    for at, word in enumerate(rest[:_DESCRIBED_TAIL]):
        if word in _AND:
            following = rest[at + 1 :]
            following = (
                following[1:] if following[:1] and following[0] in RELATIVE_WORDS else following
            )
            if _DESCRIBING.match(" ".join(following)):
                return describing(following) and not _opens_clause(rest[:at])
    return len(rest) <= _DESCRIBED_TAIL and not _opens_clause(rest)


_AND = frozenset(("and", "y", "e", "or", "o"))


def _opens_clause(tokens: list[str]) -> bool:
    """Whether ``tokens`` hold a word that opens a clause of its own (a condition, a pronoun,
    a question word)."""
    return any(
        word in _CLAUSE_OPENERS or any(word.startswith(asked) for asked in _QUESTION_WORDS)
        for word in tokens
    )


def kind_named(piece: str) -> bool:
    """Whether ``piece`` opens by naming a kind of text ("a rule about ...", "una regla
    sobre ...") rather than giving one."""
    tokens = words(piece)[:3]
    return bool(tokens) and tokens[0] in _INDEFINITE and bool(set(tokens[1:]) & _TEXT_NOUNS)


def offers_better(sentence: str) -> bool:
    """Whether ``sentence`` offers a better text ("A clearer warrant: ...", "here is"), not
    only tells the student to try ("Try writing a rule that ...")."""
    return any(match.group(0).lower() != "try" for match in OFFER.finditer(sentence))


def relative_at(tokens: list[str]) -> int:
    """Where the relative word of "a (general) rule that ..." stands in ``tokens``: an
    indefinite, the tutor's nouns (no part's name), then the relative word; 0 when the text
    does not open so."""
    if len(tokens) < 3 or tokens[0] not in _INDEFINITE:
        return 0
    for at, word in enumerate(tokens[1:4], start=1):
        if word in RELATIVE_WORDS:
            return at if at > 1 else 0
        if word in _PART_NAMES or (len(word) >= MIN_LETTERS and word[:STEM] not in TUTOR_WORDS):
            return 0
    return 0
