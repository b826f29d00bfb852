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

``coach.domain.pieces`` cuts each sentence into the pieces judged here, with how each is
framed; the thresholds, and what the student wrote, are here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from coach.domain import clauses, languages, offers
from coach.domain.clauses import (  # ALTERNATIVE: ", or ...", where a known fact ends
    ADDRESSED,
    ALTERNATIVE,
    GRAMMAR,
    MIN_LETTERS,
    QUESTION_WORD,
    RELATIVE_WORDS,
    addressed,
    asks_early,
    asks_in,
    is_feedback,
    to_student,
)
from coach.domain.heuristics import is_question, passes
from coach.domain.meaning import judge_for
from coach.domain.phrases import guess_language, words
from coach.domain.pieces import (
    ASKS_WITHIN,
    IDEA,
    LINK,
    QUOTED,
    STEM,
    TUTOR_WORDS,
    asserted,
    clauses_of,
    content_words,
    describing,
    kind_named,
    mentioned,
    named_texts,
    offers_better,
    pieces_of,
    points,
    relative_at,
    stems_of,
)
from coach.domain.turn import TurnInput, read_turn
from toulmini_site.text.sentences import sentences as split_sentences

ANY_SUBJECT_NEW_WORDS = 3  # new words no statement may carry, whatever its subject
AS_PART_NEW_WORDS = 2  # new words a statement that would do as the step's part may not carry
ASKED_OFF_SUBJECT_WORDS = 5  # off their subject, in a clause a question frames: a hint
# A question that neither turns to the student ("¿Se te ocurre ...?"), nor asks with a
# question word among its first words ("What would ...?"), nor offers a choice ("... or
# ...?") and carries this many words of its own on their subject (a figure counts) brings a
# new fact ("Do parents pay extra for blazers?"); 0 lets every question pass.
QUESTION_NEW_WORDS = 1
# The same for a yes/no question turned to the student ("Did you check it against the NHS
# guidance?"): turning to them does not make a new source or fact theirs; 0 lets every such
# question pass. Words of a probe on their own text ("check", "anyone", "a second day",
# "unusual": ``probe_words``) are not counted in either.
TO_STUDENT_NEW_WORDS = 0
# What a check put to the student is about ("Could you check whether heavy bags hurt
# backs?"): the clause after "check whether", judged as said.
_CHECKING = re.compile(languages.alternatives("checking_patterns"), re.I)
_PROBE_WORDS = languages.every_set("probe_words")

_EXAMPLE_MARKERS = re.compile(r"\b(" + languages.alternatives("example_markers") + r")\b", re.I)
_OTHER_TOPIC = re.compile(languages.alternatives("other_topic_patterns"), re.I)
# The naming of another topic, up to the clause's end ("in a debate about phones").
_OTHER_TOPIC_NAMED = re.compile(r"(?:" + _OTHER_TOPIC.pattern + r")[^,;:]*", re.I)
# A sentence saying what a part is ("A qualifier is a word like “probably”", "Unos datos
# suelen ser una cifra ..."): it explains, and the words it quotes or offers are examples of
# the kind, not a part, unless they are on the student's subject.
_DEFINITION = re.compile(languages.alternatives("definition_patterns"), re.I)
_SET_OFF = 2  # a quoted, colon-set or suggested text is a part with this many new words
_STATEMENT = 2  # a plain statement on the student's subject, likewise
_IDEA_NEW_WORDS = 1  # words of the tutor's own a named idea may still carry
# The qualifier's words ("almost", "casi"): on a definition's examples, not the subject.
_HEDGE_STEMS = frozenset(word[:STEM] for word in languages.every_set("hedges"))
_MAX_CHECKS = 4  # checks judged per question: more only repeat the clause that follows


def _without_probe(text: str) -> str:
    """``text`` without the words of a probe on the student's own text ("anyone", "check",
    "a second day", "unusual", "shows"); the rest as written, accents and marks kept."""
    return _WORD.sub(lambda word: " " if _probe_word(word.group(0)) else word.group(0), text)


_WORD = re.compile(r"\w+")


def _probe_word(token: str) -> bool:
    folded = words(token)
    return len(folded) == 1 and folded[0] in _PROBE_WORDS


def _unquoted(text: str) -> str:
    """``text`` with its quotations blanked out (the quoted words are judged apart)."""
    return QUOTED.sub(" ", text)


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, each with its closing mark, by the project's one splitter
    (``toulmini_site.text.sentences``: abbreviations, initials and decimals do not end one)."""
    return [sentence.text for sentence in split_sentences(text)]


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
        own = set().union(*(stems_of(text) for text in self.own_texts)) if self.own_texts else set()
        # What composing may reuse: the student's words and the topic they were given.
        object.__setattr__(self, "known", frozenset(own | stems_of(self.topic)))
        object.__setattr__(self, "typed_words", tuple(words(text) for text in self.typed))
        object.__setattr__(self, "own", frozenset(own))
        # The tutor's own words ("claim", "argument") say nothing of the student's subject.
        object.__setattr__(self, "subject", frozenset(stems_of(self.said) - TUTOR_WORDS))

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
            mentioned(sentence, quote, self._theirs) for quote in QUOTED.finditer(sentence)
        )
        defines = bool(_DEFINITION.search(sentence))
        # Offers judged by function (``coach.domain.offers``): content to add that carries
        # words of their subject they did not write is the part; one that only asks or names
        # a kind offers nothing, and its pieces are not read as offered text.
        offered = [] if elsewhere or unnamed or defines else offers.read(sentence)
        if any(offers.states_part(offer, self._offered_words) for offer in offered):
            return "offered"
        empty = [offer for offer in offered if offers.offers_nothing(offer, self._offered_words)]
        # "“Until the mocks” shows ...", "Esto repite tu tesis: «hay que quitarlo» es ...": a
        # sentence (or what follows its colon) about the student's words, quoted.
        quote_led = self._opens_on_their_quote(sentence) or (
            ":" in sentence and self._opens_on_their_quote(sentence.split(":", 1)[1])
        )
        quotations = {g for quote in QUOTED.finditer(sentence) for g in quote.groups() if g}
        for piece, kind in pieces_of(sentence, self._theirs):
            if offers.exempt(piece, kind, sentence, offered, empty):
                continue
            if kind == "declared":
                # A Spanish yes/no question in statement order: a probe's words ("¿Las
                # podría ver tu maestra si te las pidiera?") say nothing on their subject.
                piece = _without_probe(piece)
            if (
                quote_led
                and kind in ("named", "offered", "said")
                and piece not in quotations
                and not (kind == "offered" and self._asks(piece))
            ):
                # What is said of their quoted words ("... makes the point that it came too
                # late", "... sin decir que funcione siempre") is judged clause by clause,
                # a point named by what follows its relative word.
                tokens = words(piece)
                at = next((i for i, w in enumerate(tokens) if w in RELATIVE_WORDS), -1)
                said = " ".join(tokens[at + 1 :]) if kind == "named" else piece
                if any(self._states(_without_probe(clause)) for clause in clauses_of(said)):
                    return kind
                continue
            if (
                kind == "offered"
                and words(piece)[:1]
                and words(piece)[0] in _PROBE_WORDS
                and not (self._probed(piece) - self.known - TUTOR_WORDS) | self._new_figures(piece)
            ):
                # "You might try reading it once without the word “money” to check ...": a
                # probe the student runs on their text; only a probe's words besides theirs.
                continue
            figures = self._new_figures(piece)
            stems = stems_of(piece) | figures
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
                own_words = stems_of(example) - self.known - TUTOR_WORDS
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
                if asked and len(stems_of(checked) - self.known - TUTOR_WORDS) < 2:
                    continue  # "Do you mean that 31 people drink one every day, or ...?"
                kind = "offered"
            if kind == "named":
                if is_feedback(piece, parts=False) or self._describes(piece, named=True):
                    continue  # "a rule that links your survey to ...", "a rule that holds"
                kind = "offered"
            if kind == "offered" and self._asks(piece):
                continue
            if (
                kind == "offered"
                and is_question(sentence)
                and not figures
                and stems - self.known - TUTOR_WORDS
                and not self._probed(piece) - self.known - TUTOR_WORDS
                and not QUOTED.search(sentence)  # a quotation offered is text to copy
            ):
                # "... so nobody can say that week was unusual?": what the tutor adds to the
                # student's words is a probe's ("unusual"); their words alone are still
                # offered as a part ("Wouldn't “in most primary schools” be safer?").
                continue
            if kind == "offered" and self._describes(piece) and not offers_better(sentence):
                continue  # "a warrant would be a rule that holds beyond exams"
            new = stems - self.known - TUTOR_WORDS - self.subject
            fresh = stems - self.known - TUTOR_WORDS  # not written by the student
            if kind == "offered" and not fresh and is_feedback(piece):
                continue  # "Pista: piensa en un caso en el que tu tesis no se cumpliría."
            if kind in ("aside", "stated"):  # "stated" inside a question: asked off the subject
                if any(self._states(clause, kind == "stated") for clause in clauses_of(piece)):
                    return kind
                continue
            if kind in ("frame", "declared"):
                if kind == "frame" and is_question(piece):
                    if self._carries_new(piece, stems, figures) or self._checks_new(piece):
                        return "asked"
                    continue  # a question that holds no part
                # "Try a rule that begins with “if” and names no school": the kind described.
                piece = self._without_described(piece)
                # What the tutor added to words copied from the student's messages.
                added = self._without_links(self._without_typed(asserted(piece)))
                added_new = stems_of(added) - self.known - TUTOR_WORDS - self.subject
                # Any statement passes as a claim: a claim must also be on their subject.
                about = self.step != "claim" or bool(stems_of(added) & self.subject)
                # Feedback: addressed to them, if only in the question it ends on ("...
                # no dice cuándo fallaría tu tesis"); its clauses are still judged below.
                feedback = (
                    is_feedback(added)
                    or is_feedback(piece, parts=False)
                    # "“Until the mocks” shows when ...", "Your “if … then” shape ...": the
                    # sentence is about the student's words, quoted; its clauses are judged.
                    or self._opens_on_their_quote(sentence)
                )
                if (
                    about
                    and not feedback
                    and len(added_new) >= AS_PART_NEW_WORDS
                    and passes(self.step, added, claim=self.claim)
                ):
                    return kind  # it would do as the step's part
                if not feedback and len(added_new) >= ANY_SUBJECT_NEW_WORDS:
                    return kind  # many words of its own, whatever the subject
                # Said of their quoted words, the words that point at text ("shows", "muestra")
                # say nothing on their subject.
                judged = [_without_probe(c) if quote_led else c for c in clauses_of(piece)]
                if any(self._states(clause) for clause in judged):
                    return kind
                continue
            if kind in ("colon", "said") and (addressed(piece) or is_question(piece)):
                continue  # "Good: you name a source", "One question: who ran it?"
            if (
                kind in ("colon", "said")
                and (points(piece) or points(sentence))
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
                and not (kind_named(piece) and not fresh)  # "a rule about cost": a kind
            ):
                return kind  # "What if you wrote 'probably'?": the part, in the tutor's words
            if (
                kind == "offered"
                and (as_part or (on_subject and fresh))
                and (fresh or not mentions)
                and not self._written(piece)
                and not (kind_named(piece) and not fresh)
            ):
                return kind  # "in most primary schools": their words, not yet their part
        return None

    def _offered_words(self, text: str) -> offers.Words:
        """What offered content carries, by what the student wrote (``offers.Words``)."""
        figures = self._new_figures(text)
        stems = stems_of(text) | figures
        return offers.Words(
            fresh=frozenset(stems - self.known - TUTOR_WORDS),
            unwritten=frozenset(stems - self.known),
            on_subject=bool(stems & self.subject or figures),
            as_part=bool(self.step) and passes(self.step, text, claim=self.claim),
        )

    def _carries_new(self, question: str, stems: set[str], figures: set[str]) -> bool:
        """Whether a yes/no question ("Do parents pay extra for blazers?") carries
        ``QUESTION_NEW_WORDS`` words of its own on their subject, or a choice a new figure."""
        turned = to_student(question)
        limit = TO_STUDENT_NEW_WORDS if turned else QUESTION_NEW_WORDS
        if not limit or (is_feedback(question) and not turned):
            return False
        options = clauses.options(question)
        if asks_early(question) or (options is not None and not self._new_figures(options)):
            return False  # "What would ...?", "... or ...?" ask; "... £300 or £400?" offers
        if turned and clauses.THEIR_TEXT.search(clauses.folded(question)):
            return False  # "Did you keep your survey's answers?": about their own text
        fresh = self._probed(question) - self.known - TUTOR_WORDS
        on_subject = bool(stems & self.subject) or bool(figures)
        return on_subject and len(fresh | figures) >= limit

    def _probed(self, text: str) -> set[str]:
        """The stems of ``text`` beyond the words of a probe on the student's own text
        ("anyone", "check", "second", "unusual")."""
        return stems_of(_without_probe(text))

    def _checks_new(self, question: str) -> bool:
        """Whether a check put to the student ("Could you check whether ...?", "¿Has
        comprobado que ...?") is a check of something they never wrote: the clause checked
        says something on their subject (two words of its own, or a figure, or one word that
        makes it the step's part) or many words of its own off it."""
        masked = _unquoted(question)
        if asks_early(_CHECKING.sub(" ", masked)):
            return False  # "How would the school check that ...?" asks
        for match in islice(_CHECKING.finditer(masked), _MAX_CHECKS):
            checked = re.split(r"[,;:?¿]", masked[match.end() :], maxsplit=1)[0]
            if not words(checked) or is_feedback(checked):
                continue  # "Could you check whether your survey asked ...?"
            figures = self._new_figures(checked)
            fresh = (self._probed(checked) - self.known - TUTOR_WORDS) | figures
            on_subject = bool(stems_of(checked) & self.subject) or bool(figures)
            if figures or (on_subject and len(fresh) >= _STATEMENT):
                return True
            if on_subject and fresh and self.step and passes(self.step, checked):
                return True
            if len(fresh) >= ANY_SUBJECT_NEW_WORDS:
                return True
        return False

    def _opens_on_their_quote(self, text: str) -> bool:
        """Whether ``text`` opens on a quotation of the student's own words, as what it talks
        about ("“Until the mocks” shows ...", "Your “if … then” shape ...", "«Casi siempre»
        muestra ...")."""
        quote = QUOTED.search(text)
        if quote is None:
            return False
        before = words(text[: quote.start()])
        if len(before) > 1 or (before and before[0] not in ADDRESSED):
            return False
        return self._theirs(next(g for g in quote.groups() if g))

    def _without_described(self, text: str) -> str:
        """``text`` without "a rule that ..." where what follows describes the rule ("a rule
        that begins with “if” and names no school"): the kind of text asked for."""
        for match in reversed(named_texts(text)):
            named = re.split(r"[,;]", text[match.start() :])[0]
            if self._describes(named, named=True):
                text = text[: match.start()] + text[match.start() + len(named) :]
        return text

    def _theirs(self, text: str) -> bool:
        """Whether every content word of ``text`` is one the student wrote or was given, word
        for word ("normalmente" is not "normas")."""
        given = {word for own in (*self.own_texts, self.topic) for word in words(own)}
        return set(content_words(text)) <= given

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
        return len(before) <= ASKS_WITHIN and (
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
        at = relative_at(tokens)
        if named and not at:  # "the rule that ...", "a warrant that ...": any determiner
            at = next((i for i, word in enumerate(tokens[:5]) if word in RELATIVE_WORDS), 0)
        return bool(at) and describing(tokens[at + 1 :])

    def _elsewhere(self, sentence: str) -> bool:
        """Whether an example names another topic than the student's ("in an argument about
        longer lunch breaks, ..."): the words naming it, up to the clause's end, are not all
        theirs or the topic's. Its example is then of the kind, whatever words it shares."""
        return any(
            stems_of(re.split(r"[,;:]", sentence[named.end() :], maxsplit=1)[0])
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
        naming = set().union(*(stems_of(words_named) for words_named in named_at))
        rest = stems_of(_OTHER_TOPIC_NAMED.sub(" ", piece))
        if rest & (naming - TUTOR_WORDS - stems_of(self.topic)):
            return False  # "... a claim might be “Schools should ban phones”": the other's
        return bool(rest & (stems_of(self.topic) - TUTOR_WORDS - naming))

    def _their_idea(self, sentence: str) -> frozenset[str]:
        """The words of "the idea that ..." in a question when the idea is the student's (at
        most one word neither theirs nor the tutor's, as their rule put back in other words:
        "behind the idea that bystanders save lives?"); empty otherwise."""
        idea = IDEA.search(sentence)
        if not idea or not is_question(sentence):
            return frozenset()
        said = re.split(r"[,;:]", sentence[idea.end() :], maxsplit=1)[0]
        stems = stems_of(said)
        if not stems or len(stems - self.known - TUTOR_WORDS) > _IDEA_NEW_WORDS:
            return frozenset()
        return frozenset(words(sentence[idea.start() : idea.end()] + " " + said))

    def _without_links(self, text: str) -> str:
        """``text`` without "the link between X and Y" when X and Y are the student's words:
        the tutor pointing at their rule, not stating one."""
        link = LINK.search(text)
        if not link:
            return text
        rest = re.split(r"[,;:.!?]", text[link.end() :], maxsplit=1)[0]
        if stems_of(rest) - self.known - TUTOR_WORDS:
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
        clause = self._without_links(self._without_typed(asserted(clause)))
        figures = self._new_figures(clause)
        stems = stems_of(clause) | figures
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
        stems = stems_of(value)
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
