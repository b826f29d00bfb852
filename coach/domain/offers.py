"""Offers judged by function: a tutor sentence whose work is to give the student content to
add, use or put in their argument.

The guard's frames (``coach.domain.pieces``) read words and set phrases; an offer can come in
any of them ("Adding that ... would make your grounds stronger", "Could you make it: ...",
"Podrías pedir también que ...", "Por ejemplo, en tu caso valdría «...»"). This module reads
what the sentence *does*, from three kinds of words each language pack lists
(``languages/*_offers.py``):

- a verb of adding or wording ("add", "mention", "narrow it to", "agregar", "pedir", "dejarlo
  en") after a suggestion or a modal in the same clause ("could", "also", "worth", "podrías",
  "también", "te falta"), or opening its clause (an imperative, a gerund or infinitive as the
  subject: "Include that ...", "Adding that ... would ...", "Súmale que ...");
- a deictic offer: content given for the student's case ("for you: ...", "en tu caso valdría
  «...»", "como fuente te serviría ...") or under a label of adding ("A good addition: ...");
- a part named as what the words before it would be ("¿Y ..., eso no sería una refutación?",
  "... would work as your claim?", "... is what I'd add").

What the offer carries is its *content*: the clause, the quoted or colon-set text after the
verb (or before, for the third kind). ``Authorship`` judges it by the student's words: content
that carries words they did not write on their subject is the part itself, whatever the frame;
content that asks ("add where you got it"), names only a kind ("a figure from a survey"),
points at the student's own doing ("the month you looked at the list") or repeats their words
offers nothing, and the offer does not withhold the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice

from coach.domain import languages
from coach.domain.clauses import (
    ADDRESSED,
    GRAMMAR,
    META,
    MIN_LETTERS,
    QUESTION_WORD,
    asks_in,
    options,
)
from coach.domain.heuristics import is_question
from coach.domain.phrases import words


def _frames(name: str) -> re.Pattern[str]:
    return re.compile("|".join(languages.every_keyed("guard_frames", name)), re.I)


_VERB = _frames("offer_verb")
_CUE = _frames("offer_cue")
_OPENING = _frames("offer_opening")
_DEICTIC = _frames("offer_deictic")
_AFTER = _frames("offer_after")
_AFTER_ASKED = _frames("offer_after_asked")
_CONDITIONAL = _frames("offer_conditional")
_SUBJECT = _frames("offer_subject")
_ASKING = _frames("offer_asking")
_TALKED_ABOUT = _frames("offer_talked_about")
_KIND = _frames("offer_kind")
_QUOTED = re.compile(r"“[^“”]*”|«[^«»]*»|\"[^\"]*\"|(?<!\w)'[^']+'(?!\w)")
_WORDING = _frames("offer_wording")
# Where a clause starts: a cue and its verb stand in one clause ("You could, if you like,
# add ..." is rare; "It's clear, so add ..." is two).
_CLAUSE_MARK = re.compile(r"[,;:—–()¿¡?!.]|\s-\s")
_CUE_WORDS = 5  # words between a cue and its verb at most: "could you maybe also add"
_MAX_OFFERS = 6  # offers read per sentence: the first few already hold all that follows
# Small words between the verb and what it offers ("add *that* ...", "poner *también que*").
_LEAD = re.compile(
    r"^(?:[\s:,—–-]|(?:"
    + "|".join(languages.every_keyed("guard_frames", "offer_lead"))
    + r")(?!\w))*",
    re.I,
)
_FIGURE = re.compile(r"\d")
_CLAUSE_ENDS = re.compile(r"\s{0,4}[,;.?!)]")
_SETTING_OFF = re.compile(
    r"[:—–]|(?<!\w)(?:"
    + "|".join(languages.every_keyed("guard_frames", "offer_that"))
    + r")(?!\w)",
    re.I,
)
# A thing named by the student's own doing: a noun or two, then a clause in the second person
# ("the month you looked at the list", "el mes en que miraste la lista", "the day she gave it
# to you"): theirs to tell.
_THEIR_DOING = tuple(
    re.compile(pattern, re.I)
    for pattern in languages.every_keyed("guard_frames", "offer_their_doing")
)
_KIND_NEW_WORDS = 1  # words of its own a kind of content may name ("a figure from a survey")
_SET_OFF_WORDS = 2  # words not the student's that make a set-off text a part
_ASKS_WITHIN = 3  # words before a question word that still ask: "más o menos qué ..."
_APPROXIMATELY = _frames("offer_approximately")
_REPORTED = _frames("offer_reported")
_REFUSED = _frames("offer_refused")


@dataclass(frozen=True)
class Offer:
    """Content a sentence offers the student, and the words that offer it."""

    content: str
    frame: str
    set_off: bool = False  # after a colon, "that", "que" or in quotation marks: a text given
    # Their text worded anew ("narrow it to ...", "dejarlo en ...") or words named as a part
    # ("..., ¿eso no sería una refutación?"): the part itself, not an addition.
    wording: bool = False


def _masked(sentence: str) -> str:
    """``sentence`` with its quotations blanked at the same length: a verb inside the
    student's quoted words offers nothing."""
    return _QUOTED.sub(lambda quote: " " * len(quote.group(0)), sentence)


def _clause_start(masked: str, at: int) -> int:
    marks = [mark.end() for mark in _CLAUSE_MARK.finditer(masked, 0, at)]
    return marks[-1] if marks else 0


def _asked(head: str) -> bool:
    """Whether the clause before a verb asks ("What would you add ...?", "¿Qué añadirías
    ...?"): the offer is asked about, not made. A question word inside a cue ("why not",
    "how about", "¿por qué no ...?") suggests."""
    asked = QUESTION_WORD.search(head)
    if not asked or any(cue.start() <= asked.start() < cue.end() for cue in _CUE.finditer(head)):
        return False
    return len(words(head[: asked.start()])) <= 1 and asks_in(head[: asked.end()])


def _offer(sentence: str, start: int, frame: str) -> Offer:
    """The offer whose content starts at ``start`` (after the small words that lead to it)."""
    rest = sentence[start:]
    if _CLAUSE_ENDS.match(rest):  # "«Suelen» es lo que quieres decir, o ...": nothing offered
        return Offer("", frame)
    lead = _LEAD.match(rest).group(0)  # type: ignore[union-attr]  # matches "" at least
    content = rest[len(lead) :]
    quoted = _QUOTED.match(content)
    if quoted:  # "Podrías poner «...» justo antes de tu tesis": the quotation is given
        content = quoted.group(0)
    set_off = bool(_SETTING_OFF.search(f"{frame} {lead}") or quoted)
    return Offer(content, frame, set_off, wording=bool(_WORDING.search(frame)))


def read(sentence: str) -> list[Offer]:
    """The offers ``sentence`` makes, by function (see the module's doc), in order."""
    masked = _masked(sentence)
    asking = is_question(sentence)
    found: list[Offer] = []
    for verb in islice(_VERB.finditer(masked), _MAX_OFFERS):
        start = _clause_start(masked, verb.start())
        head = masked[start : verb.start()]
        window = " ".join(head.split()[-_CUE_WORDS:] + [verb.group(0)])
        opening = _OPENING.match(masked[start : verb.end()])
        cued = _CUE.search(window)
        if _asked(head) or not (cued or opening):
            continue
        if _refused(head):
            continue  # "I won't write your claim for you: ...": a refusal offers nothing
        if not cued and _TALKED_ABOUT.match(masked[start:]):
            continue  # "Saying that trips are good doesn't tell ...": their words talked about
        if (
            not cued
            and _SUBJECT.match(masked[start : verb.end()])
            and not _CONDITIONAL.search(masked, verb.end())
        ):
            continue  # "Naming the source tells the reader ...": what they did, described
        if asking and _ASKING.search(window):
            continue  # "Would you say it is certain, likely, or ...?": their view asked
        found.append(_offer(sentence, verb.end(), verb.group(0)))
    # Read on the sentence as written: "¿Te vale «...»?" offers what it quotes.
    for deictic in islice(_DEICTIC.finditer(sentence), _MAX_OFFERS):
        if masked[deictic.start()] != sentence[deictic.start()]:
            continue  # inside a quotation: the student's words
        if _refused(masked[_clause_start(masked, deictic.start()) : deictic.start()]):
            continue  # "I won't write your claim for you: the argument has to be ..."
        found.append(_offer(sentence, deictic.end(), deictic.group(0)))
    afters = [*islice(_AFTER.finditer(masked), _MAX_OFFERS)]
    if asking:
        afters += islice(_AFTER_ASKED.finditer(masked), _MAX_OFFERS)
    for after in afters:
        start = _clause_start(masked, after.start()) if after.group(0)[0].isalnum() else 0
        content = sentence[start : after.start()] or " ".join(
            quote.group(0) for quote in _QUOTED.finditer(sentence)
        )
        # Named as the part itself: the words are offered as that part.
        found.append(Offer(content.strip(" ¿¡,;"), after.group(0), set_off=True, wording=True))
    return [offer for offer in (_reported(offer) for offer in found) if words(offer.content)]


def _refused(head: str) -> bool:
    """Whether the clause before an offer's words opens on the tutor refusing to word anything
    ("I won't write ...", "No voy a escribir ..."): a refusal offers nothing."""
    verb = _VERB.search(head)
    before = head[: verb.start()] if verb else head
    return bool(_REFUSED.search(" ".join(before.split()[-_CUE_WORDS:]) + " "))


def _reported(offer: Offer) -> Offer:
    """The offer judged as the statement its content reports, if a relative or reported clause
    states one ("cite the FAO, which says that school gardens improve diets", "citar a la OMS,
    según la cual ..."): a source named with what it says offers that statement, not a name."""
    reported = _REPORTED.search(offer.content)
    if not reported or not words(offer.content[reported.end() :]):
        return offer
    return Offer(offer.content[reported.end() :], offer.frame, set_off=True)


def asks(content: str) -> bool:
    """Whether offered content asks the student rather than gives them something: a question
    word among its first words ("where you got it", "de dónde sale el dato", "más o menos qué
    ..."), or a choice between answers with no figure ("certain, likely, or true only ...")."""
    first = re.split(r"[,;:]", content, maxsplit=1)[0]
    asked = QUESTION_WORD.search(first)
    before = words(first[: asked.start()]) if asked else []
    # Only small words before it ("roughly how many", "más o menos qué"): "pupils wear what
    # their parents can afford" states.
    if asked and len(before) <= _ASKS_WITHIN and all(_small(word) for word in before):
        return asks_in(first[: asked.end()])
    choice = options(content) if content.rstrip().endswith("?") else None
    return choice is not None and not _FIGURE.search(content)


def _about_the_argument(content: str) -> bool:
    """Whether ``content`` speaks of the argument's parts or the student ("that a qualifier
    says how sure you are", "that your source is named")."""
    return bool(set(words(content)) & (META | ADDRESSED))


def _small(word: str) -> bool:
    return len(word) < MIN_LETTERS or word in GRAMMAR or bool(_APPROXIMATELY.fullmatch(word))


def theirs_to_say(content: str) -> str:
    """``content`` up to where a thing is named by the student's own doing ("the month *you
    looked* at the list", "el mes en que *miraste* la lista"): what follows is theirs to tell."""
    for pattern in _THEIR_DOING:
        doing = pattern.match(content)
        if doing:
            return doing.group(1)
    return content


@dataclass(frozen=True)
class Words:
    """What offered content carries, by the student's words (``Authorship``): ``fresh``, its
    words neither theirs, nor the topic's, nor the tutor's vocabulary (a figure they never
    gave as ``#figure``); ``unwritten``, its words they did not write (the tutor's vocabulary
    counts: "Here is a warrant you could use: institutions that can easily cut ..."); whether
    it is ``on_subject``; whether it would do ``as_part`` of the step."""

    fresh: frozenset[str]
    unwritten: frozenset[str]
    on_subject: bool
    as_part: bool


Reader = Callable[[str], Words]


def _kind(offer: Offer) -> bool:
    """Whether the content opens on a kind of content ("a figure from a survey", "una cifra",
    "another reason") rather than giving one, and is not set off as a text."""
    return not offer.set_off and bool(_KIND.match(offer.content))


def states_part(offer: Offer, read_words: Reader) -> bool:
    """Whether the offer's content is a part the student did not write: a figure of the
    tutor's own; a text set off as given (a colon, "that", quotation marks) with words they
    did not write, on their subject or as the step's part; other content with words of its
    own on their subject (two) or whatever the subject (three). Content that asks, a kind
    ("a rule that holds for parks too") and what the student did are left to the rules."""
    if asks(offer.content) or _kind(offer):
        return False
    said = read_words(offer.content)
    if any(word.startswith("#") for word in said.fresh):
        return True
    # Their text worded anew needs one word not theirs: "narrow it to: for students who don't
    # have a part-time job"; a text added, two.
    needed = 1 if offer.wording else _SET_OFF_WORDS
    if (offer.set_off or offer.wording) and (
        (len(said.unwritten) >= needed and (said.on_subject or said.as_part))
        or len(said.fresh) >= _SET_OFF_WORDS
        # "add that most teachers support the change": a statement of its own, in the tutor's
        # words but about neither the argument's parts nor the student.
        or (len(said.unwritten) > _SET_OFF_WORDS and not _about_the_argument(offer.content))
    ):
        return True
    said = read_words(theirs_to_say(offer.content))
    return (said.on_subject and len(said.fresh) >= 2) or len(said.fresh) >= 3


def offers_nothing(offer: Offer, read_words: Reader) -> bool:
    """Whether the offer only asks, names a kind of content or a thing by the student's own
    doing, with nothing quoted and no figure: "You might add a figure from a survey", "Why not
    add the month you looked at the list?"; its pieces then offer nothing either."""
    if _QUOTED.search(offer.content) or _FIGURE.search(offer.content):
        return False
    if asks(offer.content):
        return True
    named = theirs_to_say(offer.content)
    if not (_kind(offer) or named != offer.content):
        return False
    return len(read_words(named).fresh) <= _KIND_NEW_WORDS


def within(piece: str, offer: Offer) -> bool:
    """Whether ``piece`` (a piece the frames read) is part of the offer's content, or ends in
    the offer itself: a few words of cue, its verb and the start of its content ("I'd lean
    towards adding a number" of "... adding a number — could you add one?")."""
    run = words(piece)
    content = words(offer.content)
    if run and " ".join(run) in " ".join(content):
        return True
    offered = words(offer.frame) + content
    for length in range(min(len(run), len(offered)), len(words(offer.frame)), -1):
        if run[-length:] == offered[:length]:
            return len(run) - length <= _CUE_WORDS + 1
    return False


def exempt(piece: str, kind: str, sentence: str, offered: list[Offer], empty: list[Offer]) -> bool:
    """Whether a piece the frames read (of ``kind``) is left alone because the sentence's
    offers (``offered``) offer nothing (``empty``): a piece within one of them, or the whole
    sentence read as a statement when none of its offers offers anything ("Also mention when
    you counted.")."""
    if kind in ("offered", "declared") and any(within(piece, offer) for offer in empty):
        return True
    # Only offers that ask or point at their doing: "One angle: the school should put a bin in
    # every classroom" offers a kind ("a bin") yet states a claim.
    theirs = all(
        asks(offer.content) or theirs_to_say(offer.content) != offer.content for offer in empty
    )
    whole = kind == "frame" and words(piece) == words(sentence)
    return whole and theirs and bool(offered) and len(empty) == len(offered)


__all__ = [
    "Offer",
    "Reader",
    "Words",
    "asks",
    "exempt",
    "offers_nothing",
    "read",
    "states_part",
    "theirs_to_say",
    "within",
]
