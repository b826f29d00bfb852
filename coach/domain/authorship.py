"""Who wrote it: the structural check on every tutor answer.

The tutor may ask, explain, say what a part is missing and quote the student; it may not write
a part of the student's argument. ``Authorship`` holds what the student said (their own
attempts and draft, and everything they typed, requests included, which tells the argument's
subject) and judges the tutor's text sentence by sentence:

- a sentence, or a piece of one set off by a colon or quotation marks, *composes a part* when
  it is a statement (not a question) that says something the student did not write: words of
  its own beyond the student's, the topic's and the tutor's vocabulary, on the argument's
  subject (one such word is enough) or, whatever the subject, many of them (three);
- a question that neither turns to the student, nor asks with a question word among its
  first words, nor offers a choice composes one when it carries a word of its own on their
  subject (a figure counts);
- an example is allowed only when it is framed as one ("for example, in an argument about
  ...") and shares no word with the student's subject.

A proposal passes only when it is the student's own text: every word of it (beyond the small
words of grammar) is one they wrote themselves in an attempt or in the draft.

This is deliberately structural: it does not ask what the student wanted, only whether the
words on screen are theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from coach.domain import clauses, languages
from coach.domain.clauses import (  # ALTERNATIVE: ", or ...", where a known fact ends
    ADDRESSED,
    ALTERNATIVE,
    ASIDE,
    GRAMMAR,
    MIN_LETTERS,
    OFFER,
    QUESTION_WORD,
    RELATIVE_WORDS,
    addressed,
    asks_early,
    asks_in,
    is_feedback,
    statement_before_or,
    statement_before_tag,
    to_student,
    yes_no_statement,
)
from coach.domain.explanations import (
    EXAMPLE_LEAD,
    EXPLANATIONS,
    HELP_QUESTIONS,
    OFF_TOPIC,
    OPENERS,
)
from coach.domain.heuristics import is_question, passes
from coach.domain.meaning import judge_for
from coach.domain.phrases import guess_language, words
from coach.domain.steps import STEP_NAMES
from coach.domain.turn import TurnInput, read_turn
from coach.domain.tutor import (
    AS_YOU_WROTE,
    GUIDING_QUESTIONS,
    PHRASES,
    PRAISE,
    PROBLEMS,
)
from toulmini_site.text.sentences import sentences as split_sentences

STEM = 5
ANY_SUBJECT_NEW_WORDS = 3  # new words no statement may carry, whatever its subject
AS_PART_NEW_WORDS = 2  # new words a statement that would do as the step's part may not carry
ASKED_OFF_SUBJECT_WORDS = 5  # off their subject, in a clause a question frames: a hint
# A question that neither turns to the student ("¿Se te ocurre ...?"), nor asks with a
# question word among its first words ("What would ...?"), nor offers a choice ("... or
# ...?") and carries this many words of its own on their subject (a figure counts) brings a
# new fact ("Do parents pay extra for blazers?"); 0 lets every question pass.
QUESTION_NEW_WORDS = 1

_EXAMPLE_MARKERS = re.compile(r"\b(" + languages.alternatives("example_markers") + r")\b", re.I)
_OTHER_TOPIC = re.compile(languages.alternatives("other_topic_patterns"), re.I)
# A colon opens what follows, quotes set text off.
_QUOTED = re.compile(r"“([^”]+)”|«([^»]+)»|\"([^\"]+)\"|(?<!\w)'([^']+)'(?!\w)")
# Reported text: "you could say that ...", "podrías decir que ...".
_REPORTED = re.compile(r"\b(?:" + languages.alternatives("reported_speech") + r")\b", re.I)


def _stems(text: str) -> set[str]:
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
    for stem in _stems(re.sub(r"\{[a-z_]+\}", " ", text))
)


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each with its closing mark, by the project's one splitter
    (``toulmini_site.text.sentences``: abbreviations, initials and decimals do not end one)."""
    return [sentence.text for sentence in split_sentences(text)]


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
# A sentence saying what a part is ("A qualifier is a word like “probably”", "Unos datos
# suelen ser una cifra ..."): it explains, and the words it quotes or offers are examples of
# the kind, not a part, unless they are on the student's subject.
_DEFINITION = re.compile(languages.alternatives("definition_patterns"), re.I)
_INDEFINITE = languages.every_set("indefinite")
_DETERMINERS = languages.every_set("determiners")
# Words that open a clause of its own after "a rule that": a condition ("if", "si"), a
# pronoun, a question word ("whoever"): the clause gives a rule rather than describing one.
# The naming of another topic, up to the clause's end ("in a debate about phones").
_OTHER_TOPIC_NAMED = re.compile(r"(?:" + _OTHER_TOPIC.pattern + r")[^,;:]*", re.I)
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
_ASKS_WITHIN = 3  # words that may come before the question word
_SET_OFF = 2  # a quoted, colon-set or suggested text is a part with this many new words
_STATEMENT = 2  # a plain statement on the student's subject, likewise


def _frames(name: str) -> re.Pattern[str]:
    """Every pack's ``guard_frames`` patterns under ``name``, as one expression."""
    return re.compile("|".join(languages.every_keyed("guard_frames", name)), re.I)


# "the idea that ...", "la idea de que ...": in a question, the student's idea when the
# words after it are theirs ("Is there a study behind the idea that bystanders save lives?").
_IDEA = _frames("idea")
_IDEA_NEW_WORDS = 1  # words of the tutor's own a named idea may still carry
# "the link between eating and concentrating": the student's rule pointed at.
_LINK = _frames("link")
# A colon after "narrow it to", "dejarlo en": what follows completes the change, offered.
_COMPLETING = _frames("completing")
_FRAMING = _frames("framing")
# The qualifier's words ("almost", "casi"): on a definition's examples, not the subject.
_HEDGE_STEMS = frozenset(word[:STEM] for word in languages.every_set("hedges"))

_CLAUSE = re.compile(r"[,;—–]\s*|\s(?:" + languages.alternatives("sentence_joiners") + r")\s", re.I)


def _clauses(text: str) -> list[str]:
    return [clause for clause in _CLAUSE.split(text) if clause and words(clause)]


def _asserted(clause: str) -> str:
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


def _mentioned(
    sentence: str, quote: re.Match[str], theirs: Callable[[str], bool] = lambda _: True
) -> bool:
    """Whether a quotation of ``theirs`` words follows a noun for words ("the word “trips”",
    "la palabra «…»"): the student's words are talked about, not offered; a word of the
    tutor's so named ("What if you added the word “usually”?") is offered."""
    before = words(sentence[: quote.start()])[-1:]
    quoted = next(g for g in quote.groups() if g)
    return bool(before) and before[0] in _WORDS_NOUNS and theirs(quoted)


def _pieces(sentence: str, theirs: Callable[[str], bool] = lambda _: True) -> list[tuple[str, str]]:
    """The pieces of a sentence to judge, each with how it is framed: ``quoted`` (set off in
    quotation marks), ``offered`` (after a suggestion frame, or after a colon that follows an
    offer: judged as a statement even inside a question; and a relative clause inside a
    question, which asserts), ``colon`` (after a label's colon: "Good:", "Tighter version:"),
    ``said`` (after a colon that follows a clause: "A claim takes a side: ...", judged like
    ``colon`` and, like a plain statement, by the meaning check) and ``frame`` (the sentence
    around them). Quoting the student is never new text: a quoted piece of their own words
    says nothing new."""
    frame = _QUOTED.sub(" ", sentence)
    # A quotation inside a suggestion ("What if you wrote 'probably'?") is offered text; a
    # suggestion's words inside the quotation (the student's «yo diría que ...») are not one.
    # (The quotations masked, at the same length: "“Yeah” doesn't tell" is no "Doesn't ...".)
    masked = _QUOTED.sub(lambda match: "q" * len(match.group(0)), sentence)
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
            if _mentioned(sentence, match, theirs)
            else "offered"
            if _mentioned(sentence, match)  # "¿Y si añades la palabra «…»?": a word offered
            else quote_kind,
        )
        for match in _QUOTED.finditer(sentence)
    ]
    offered = False
    for match in suggested:
        tail = _QUOTED.sub(" ", sentence[match.end() :])
        offered = True
        if not _ASKING.match(tail):  # "you might say who it is unfair to" asks
            pieces.append((tail, "offered"))
    for match in islice(_KNOWING.finditer(masked), _MAX_FRAMES):
        # "Did you know uniforms cost £300?": a bare clause after the verb, judged as said.
        bare = re.fullmatch(r"(?:did|do|have) (?:you|u)[\w ]*\s", match.group(0), re.I)
        pieces.append((_QUOTED.sub(" ", sentence[match.end() :]), "stated" if bare else "known"))
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
    pieces += [(re.split(r"[,;]", frame[match.start() :])[0], "named") for match in _named(frame)]
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


def _named(frame: str) -> list[re.Match[str]]:
    """Where ``frame`` names a kind of text and says what it says: a determiner, the tutor's
    words ending in a noun for a text ("a general rule", "una idea"), then a relative word."""
    found = []
    for match in islice(_NOUN_THEN_RELATIVE.finditer(frame), _MAX_FRAMES):
        start = max(frame.rfind(mark, 0, match.start()) for mark in ",;:") + 1
        pointed = _POINTING.search(frame[start:])
        if pointed and start + pointed.end() > match.start() and _points(frame[start:]):
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


def _content(text: str) -> list[str]:
    return [word for word in words(text) if len(word) >= MIN_LETTERS and word not in GRAMMAR]


def _is_clause(head: str) -> bool:
    """Whether the words before a colon say something (two words of content besides the
    parts' names: "A claim takes a side") rather than label what follows ("Tighter
    version", "Unos datos mejores", "Option A")."""
    content = [word for word in _content(head) if word not in _PART_NAMES]
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


def _points(piece: str) -> bool:
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
    if 0 < at <= _ASKS_WITHIN and all(
        len(word) < MIN_LETTERS
        or word in GRAMMAR
        or word in _TEXT_NOUNS
        or word[:STEM] in TUTOR_WORDS
        for word in phrase[:at]
    ):
        # "that is a general rule that would work for parks too" says what theirs does;
        # "... a general rule that families should never pay ..." gives a rule of its own.
        return at == len(phrase) or _describing(phrase[at + 1 :])
    tokens = named + words(piece[pointed.end() :])
    relative = _relative_at(tokens)
    return relative > 0 and _describing(tokens[relative + 1 :])


def _describing(after: list[str]) -> bool:
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
                return _describing(following) and not _opens_clause(rest[:at])
    return len(rest) <= _DESCRIBED_TAIL and not _opens_clause(rest)


_AND = frozenset(("and", "y", "e", "or", "o"))


def _opens_clause(tokens: list[str]) -> bool:
    """Whether ``tokens`` hold a word that opens a clause of its own (a condition, a pronoun,
    a question word)."""
    return any(
        word in _CLAUSE_OPENERS or any(word.startswith(asked) for asked in _QUESTION_WORDS)
        for word in tokens
    )


def _kind_named(piece: str) -> bool:
    """Whether ``piece`` opens by naming a kind of text ("a rule about ...", "una regla
    sobre ...") rather than giving one."""
    tokens = words(piece)[:3]
    return bool(tokens) and tokens[0] in _INDEFINITE and bool(set(tokens[1:]) & _TEXT_NOUNS)


def _offers_better(sentence: str) -> bool:
    """Whether ``sentence`` offers a better text ("A clearer warrant: ...", "here is"), not
    only tells the student to try ("Try writing a rule that ...")."""
    return any(match.group(0).lower() != "try" for match in OFFER.finditer(sentence))


def _relative_at(tokens: list[str]) -> int:
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


@dataclass(frozen=True)
class Authorship:
    """What the student wrote, and what they said, for judging a tutor answer."""

    own_texts: tuple[str, ...]
    said: str  # everything they typed, requests included, the topic and the draft
    step: str = ""  # the step being written, to recognise a text that would do as its part
    claim: str = ""
    topic: str = ""  # the argument's topic, given to the student: its words are not new
    typed: tuple[str, ...] = ()  # the student's messages as typed, requests included
    language: str = ""  # the session's: the meaning check reads only its language
    own: frozenset[str] = field(init=False)
    known: frozenset[str] = field(init=False)
    typed_words: tuple[list[str], ...] = field(init=False)
    subject: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        own = set().union(*(_stems(text) for text in self.own_texts)) if self.own_texts else set()
        # What composing may reuse: the student's words and the topic they were given.
        object.__setattr__(self, "known", frozenset(own | _stems(self.topic)))
        object.__setattr__(self, "typed_words", tuple(words(text) for text in self.typed))
        object.__setattr__(self, "own", frozenset(own))
        # The tutor's own words ("claim", "argument") say nothing of the student's subject.
        object.__setattr__(self, "subject", frozenset(_stems(self.said) - TUTOR_WORDS))

    def composes(self, sentence: str) -> bool:
        """Whether ``sentence`` (one sentence of a tutor answer, from any field) states a
        candidate part of this student's argument that they have not written: a claim, a
        reason, a rule, a source, a limit, in any frame (a statement, a leading question,
        a suggestion, quoted or after a colon). Feedback on their own words, questions that
        hold no part, explanations in the tutor's words and examples on another topic pass.

        The rules decide; a plain statement they would withhold is released when, in a
        language the sentence encoder reads, it reads as a good tutor's feedback
        (``coach.domain.meaning``)."""
        found = self._composed_as(sentence)
        if found not in ("frame", "said") or not self.language:
            return found is not None
        if guess_language(sentence, self.language) != self.language:
            return True
        judge = judge_for(self.language)
        return judge is None or not judge.reads_as_feedback(sentence)

    def _composed_as(self, sentence: str) -> str | None:
        """How the rules find that ``sentence`` composes a part: "frame" for a plain
        statement, else the kind of the piece that offers it; None when it does not."""
        framed_example = bool(_EXAMPLE_MARKERS.search(sentence))
        elsewhere = framed_example and self._elsewhere(sentence)
        # "For example, on a different topic, ...", "Un ejemplo de otro tema: ...": another
        # topic, unnamed: an example that uses no word of the student's topic is of the kind.
        unnamed = framed_example and self._unnamed_elsewhere(sentence)
        their_idea = self._their_idea(sentence)
        # "without the word “trips”": the student's words talked about.
        mentions = any(
            _mentioned(sentence, quote, self._theirs) for quote in _QUOTED.finditer(sentence)
        )
        defines = bool(_DEFINITION.search(sentence))
        for piece, kind in _pieces(sentence, self._theirs):
            figures = self._new_figures(piece)
            stems = _stems(piece) | figures
            on_subject = bool(stems & self.subject) or bool(figures)
            as_part = bool(self.step) and passes(self.step, piece, claim=self.claim)
            # "For example, in an argument about longer lunch breaks, a rebuttal might be
            # “...”": of the kind; a statement straight after the naming that is on their
            # topic ("..., schools should make uniforms optional") is judged.
            if elsewhere and (kind != "frame" or not self._on_their_topic(piece, sentence)):
                continue
            if unnamed and not figures and not stems & self.subject:
                continue
            if their_idea and set(words(piece)) <= their_idea:
                continue  # "... behind the idea that <their rule>?"
            if framed_example and not on_subject:
                example = _EXAMPLE_MARKERS.sub(" ", piece).strip(" ,:")
                own_words = _stems(example) - self.known - TUTOR_WORDS
                if len(own_words) < 2 or not self.step:
                    continue  # an example on another topic, or of the kind ("in most cases")
                if not passes(self.step, example):
                    continue  # an example of something else than the part
                piece, kind = example, "offered"  # "For instance, unless ...": the part
            if defines and not (stems & self.subject) - _HEDGE_STEMS:
                continue  # what a part is made of, and examples of it, off their subject
            if kind == "known":
                # Addressed in its first clause: a clause that interrupts the fact ("where
                # every school has ...") does not turn it to the student.
                if is_feedback(re.split(r"[,;]", piece)[0]):
                    continue  # "Did you know that your grounds already ...?"
                # Up to an alternative ("..., or ...?"); a clause that interrupts the fact
                # ("in Norway, where first aid is taught, bystanders ...") is part of it.
                checked = ALTERNATIVE.split(re.split(r"[;¿]", piece)[0])[0]
                # Asked with a question mark: "What you mean is that ..." opens like one.
                asked = sentence.rstrip().endswith("?")
                if asked and len(_stems(checked) - self.known - TUTOR_WORDS) < 2:
                    continue  # "Do you mean that 31 people drink one every day, or ...?"
                kind = "offered"
            if kind == "named":
                if is_feedback(piece, parts=False) or self._describes(piece, named=True):
                    continue  # "a rule that links your survey to ...", "a rule that holds"
                kind = "offered"
            if kind == "offered" and self._asks(piece):
                continue
            if kind == "offered" and self._describes(piece) and not _offers_better(sentence):
                continue  # "a warrant would be a rule that holds beyond exams"
            new = stems - self.known - TUTOR_WORDS - self.subject
            fresh = stems - self.known - TUTOR_WORDS  # not written by the student
            if kind == "offered" and not fresh and is_feedback(piece):
                continue  # "Pista: piensa en un caso en el que tu tesis no se cumpliría."
            if kind in ("aside", "stated"):  # "stated" inside a question: asked off the subject
                if any(self._states(clause, kind == "stated") for clause in _clauses(piece)):
                    return kind
                continue
            if kind in ("frame", "declared"):
                if kind == "frame" and is_question(piece):
                    if self._carries_new(piece, stems, figures):
                        return "asked"
                    continue  # a question that holds no part
                # "Try a rule that begins with “if” and names no school": the kind described.
                piece = self._without_described(piece)
                # What the tutor added to words copied from the student's messages.
                added = self._without_links(self._without_typed(_asserted(piece)))
                added_new = _stems(added) - self.known - TUTOR_WORDS - self.subject
                # Any statement passes as a claim: a claim must also be on their subject.
                about = self.step != "claim" or bool(_stems(added) & self.subject)
                # Feedback: addressed to them, if only in the question it ends on ("...
                # no dice cuándo fallaría tu tesis"); its clauses are still judged below.
                feedback = is_feedback(added) or is_feedback(piece, parts=False)
                if (
                    about
                    and not feedback
                    and len(added_new) >= AS_PART_NEW_WORDS
                    and passes(self.step, added, claim=self.claim)
                ):
                    return kind  # it would do as the step's part
                if not feedback and len(added_new) >= ANY_SUBJECT_NEW_WORDS:
                    return kind  # many words of its own, whatever the subject
                if any(self._states(clause) for clause in _clauses(piece)):
                    return kind
                continue
            if kind in ("colon", "said") and (addressed(piece) or is_question(piece)):
                continue  # "Good: you name a source", "One question: who ran it?"
            if (
                kind in ("colon", "said")
                and (_points(piece) or _points(sentence))
                and not fresh & self.subject
            ):
                continue  # "Good: that is a general rule that would work for parks too."
            if kind == "quoted" and not fresh:
                continue  # the student's own words, or the tutor's vocabulary
            if len(fresh) >= _SET_OFF and (on_subject or as_part or len(new) >= _SET_OFF):
                return kind
            if fresh and on_subject and as_part and not addressed(piece):
                return kind  # "OK: Schools should ban phones." — short, but the part
            if (
                kind == "colon"
                and on_subject
                and as_part
                and stems - self.known
                and not addressed(piece)
                and not self._written(piece)
            ):
                return kind  # "Estupendo: probablemente, para los alumnos que ...": their
                # words made into the part
            if (
                kind == "offered"
                and as_part
                and stems - self.known
                and (fresh or not mentions)
                and not (_kind_named(piece) and not fresh)  # "a rule about cost": a kind
            ):
                return kind  # "What if you wrote 'probably'?": the part, in the tutor's words
            if (
                kind == "offered"
                and (as_part or (on_subject and fresh))
                and (fresh or not mentions)
                and not self._written(piece)
                and not (_kind_named(piece) and not fresh)
            ):
                return kind  # "in most primary schools": their words, not yet their part
        return None

    def _carries_new(self, question: str, stems: set[str], figures: set[str]) -> bool:
        """Whether a yes/no question ("Do parents pay extra for blazers?") carries
        ``QUESTION_NEW_WORDS`` words of its own on their subject, or a choice a new figure."""
        if not QUESTION_NEW_WORDS or is_feedback(question) or to_student(question):
            return False  # "¿Se te ocurre ...?"
        options = clauses.options(question)
        if asks_early(question) or (options is not None and not self._new_figures(options)):
            return False  # "What would ...?", "... or ...?" ask; "... £300 or £400?" offers
        fresh = stems - self.known - TUTOR_WORDS
        on_subject = bool(stems & self.subject) or bool(figures)
        return on_subject and len(fresh) >= QUESTION_NEW_WORDS

    def _without_described(self, text: str) -> str:
        """``text`` without "a rule that ..." where what follows describes the rule ("a rule
        that begins with “if” and names no school"): the kind of text asked for."""
        for match in reversed(_named(text)):
            named = re.split(r"[,;]", text[match.start() :])[0]
            if self._describes(named, named=True):
                text = text[: match.start()] + text[match.start() + len(named) :]
        return text

    def _theirs(self, text: str) -> bool:
        """Whether every content word of ``text`` is one the student wrote or was given, word
        for word ("normalmente" is not "normas")."""
        given = {word for own in (*self.own_texts, self.topic) for word in words(own)}
        return set(_content(text)) <= given

    def _asks(self, piece: str) -> bool:
        """Whether an offered text opens as a question for the student: a question word
        after at most a few words, none of them on their subject ("roughly how many ...",
        "más o menos qué ..."); "schools which ..." offers."""
        asked = QUESTION_WORD.search(piece)
        if not asked or not asks_in(piece[: asked.end()]):
            return False  # "any rule which harms ...": a relative word after a noun states
        before = words(piece[: asked.start()])
        # Only small words ("roughly") or the tutor's own before it, or a verb to the student
        # ("o podrías precisar cuánto"): "children eat what they grow" states.
        return len(before) <= _ASKS_WITHIN and (
            bool(set(before) & ADDRESSED)
            or all(
                len(word) < MIN_LETTERS or word in GRAMMAR or word[:STEM] in TUTOR_WORDS
                for word in before
            )
        )

    def _describes(self, piece: str, *, named: bool = False) -> bool:
        """Whether an offered text names a kind of text ("a rule that holds beyond exams",
        "una regla que valga ...": the tutor's noun and a relative word) rather than giving
        one: only a short predicate about the rule itself follows the relative ("for any
        school"), with no clause of its own. Anything else after the
        relative ("a rule that cost should never stop ...", "una regla que obligue a ...")
        is judged as offered text."""
        tokens = words(piece)
        at = _relative_at(tokens)
        if named and not at:  # "the rule that ...", "a warrant that ...": any determiner
            at = next((i for i, word in enumerate(tokens[:5]) if word in RELATIVE_WORDS), 0)
        return bool(at) and _describing(tokens[at + 1 :])

    def _elsewhere(self, sentence: str) -> bool:
        """Whether an example names another topic than the student's ("in an argument about
        longer lunch breaks, ..."): the words naming it, up to the clause's end, are not all
        theirs or the topic's. Its example is then of the kind, whatever words it shares."""
        return any(
            _stems(re.split(r"[,;:]", sentence[named.end() :], maxsplit=1)[0])
            - self.known
            - TUTOR_WORDS
            for named in _OTHER_TOPIC.finditer(sentence)
        )

    def _unnamed_elsewhere(self, sentence: str) -> bool:
        """Whether an example is said to be on another topic without naming it ("on a
        different topic, ...", "de otro tema: ...")."""
        return any(
            not words(re.split(r"[,;:]", sentence[named.end() :], maxsplit=1)[0])
            for named in _OTHER_TOPIC.finditer(sentence)
        )

    def _on_their_topic(self, piece: str, sentence: str) -> bool:
        """Whether a piece of an example said to be elsewhere uses a word of the student's
        topic that the other topic's naming does not ("in a debate about phones, schools
        should make uniforms optional ..."): it is then about their argument, and judged."""
        named_at = [
            re.split(r"[,;:]", sentence[named.end() :], maxsplit=1)[0]
            for named in _OTHER_TOPIC.finditer(sentence)
        ]
        naming = set().union(*(_stems(words_named) for words_named in named_at))
        rest = _stems(_OTHER_TOPIC_NAMED.sub(" ", piece))
        if rest & (naming - TUTOR_WORDS - _stems(self.topic)):
            return False  # "... a claim might be “Schools should ban phones”": the other's
        return bool(rest & (_stems(self.topic) - TUTOR_WORDS - naming))

    def _their_idea(self, sentence: str) -> frozenset[str]:
        """The words of "the idea that ..." in a question when the idea is the student's (at
        most one word neither theirs nor the tutor's, as their rule put back in other words:
        "behind the idea that bystanders save lives?"); empty otherwise."""
        idea = _IDEA.search(sentence)
        if not idea or not is_question(sentence):
            return frozenset()
        said = re.split(r"[,;:]", sentence[idea.end() :], maxsplit=1)[0]
        stems = _stems(said)
        if not stems or len(stems - self.known - TUTOR_WORDS) > _IDEA_NEW_WORDS:
            return frozenset()
        return frozenset(words(sentence[idea.start() : idea.end()] + " " + said))

    def _without_links(self, text: str) -> str:
        """``text`` without "the link between X and Y" when X and Y are the student's words:
        the tutor pointing at their rule, not stating one."""
        link = _LINK.search(text)
        if not link:
            return text
        rest = re.split(r"[,;:.!?]", text[link.end() :], maxsplit=1)[0]
        if _stems(rest) - self.known - TUTOR_WORDS:
            return text
        return text[: link.start()] + text[link.end() + len(rest) :]

    def _written(self, piece: str) -> bool:
        """Whether ``piece`` is a run of words the student wrote (in one of their texts)."""
        run = f" {' '.join(words(piece))} "
        return any(run in f" {' '.join(words(text))} " for text in self.own_texts)

    def _without_typed(self, text: str) -> str:
        """``text`` without the runs of three or more words copied from what the student
        typed (a request continued, a message quoted without quotation marks)."""
        tokens = words(text)
        typed = {tuple(t[i : i + 3]) for t in self.typed_words for i in range(len(t) - 2)}
        copied = [False] * len(tokens)
        for i in range(len(tokens) - 2):
            if tuple(tokens[i : i + 3]) in typed:
                copied[i : i + 3] = [True, True, True]
        return " ".join(token for token, gone in zip(tokens, copied, strict=True) if not gone)

    def _states(self, clause: str, asked: bool = False) -> bool:
        """Whether one clause of a plain statement says something on the student's subject
        they did not write; a clause to them (feedback) says nothing of it. ``asked`` (framed
        by a question): words off it are a hint ("Did you know the office keeps records?")."""
        if is_feedback(clause):
            return False
        # What they typed, quoted back without quotation marks ("Decir que los viajes son
        # buenos no explica ..."), is not new.
        clause = self._without_links(self._without_typed(_asserted(clause)))
        figures = self._new_figures(clause)
        stems = _stems(clause) | figures
        fresh = stems - self.known - TUTOR_WORDS
        if (stems & self.subject or figures) and len(fresh) >= _STATEMENT:
            return True
        if stems & self.subject and fresh and self.step and passes(self.step, clause):
            return True  # a short statement that would do as the part
        limit = ASKED_OFF_SUBJECT_WORDS if asked else ANY_SUBJECT_NEW_WORDS
        return len(fresh - self.subject) >= limit

    def _new_figures(self, text: str) -> set[str]:
        """The figures in ``text`` the student never gave ("40 pupils", "300 euros"): a
        figure of the tutor's own is a fact on their subject."""
        said = set(words(f"{self.said} {' '.join(self.own_texts)}"))
        return {
            f"#{word}"
            for word in words(text)
            if word.isdigit() and len(word) > 1 and word not in said  # "in 2 or 3 sentences"
        }

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


def authorship_for(turn: TurnInput | Mapping[str, Any]) -> Authorship:
    """What the student wrote and said, from the turn (``coach.domain.turn``): their own
    texts as the turn defines them, everything they typed, the topic and the draft."""
    if not isinstance(turn, TurnInput):
        turn = read_turn(turn)
    drafted = [text for _, text in turn.draft]
    return Authorship(
        own_texts=turn.own_texts,
        said=" ".join([turn.topic, *turn.typed, *drafted]),
        step=turn.step,
        claim=turn.claim,
        topic=turn.topic,
        typed=turn.typed,
        language=turn.language,
    )


def examples_in(text: str) -> list[str]:
    """The sentences of ``text`` that give an example (not allowed when the teacher chose
    questions only)."""
    return [sentence for sentence in sentences(text) if _EXAMPLE_MARKERS.search(sentence)]


__all__ = ["TUTOR_WORDS", "Authorship", "authorship_for", "examples_in", "sentences"]
