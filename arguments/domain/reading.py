"""The one reading of an argument's sentences: which sentence is the claim, which are its data,
which state a general rule (a warrant) and which give the other side (objections).

The chain's phases, the audit's Toulmin criteria and the offline philosophers all take their
sentence roles from ``read`` (the council through ``arguments.offline.sentence_reading``), so a
teacher never sees three readings of one essay.

Rules decide where the text is explicit, and the sentence-role model (``roles``) decides the
rest:
- the claim: a sentence drawing a conclusion ("Therefore…", "That's why…", "The court must
  therefore…") is the claim whatever the model says; failing that, a sentence answering the
  query's own question ("Should X?" → "X should…") is; only then the model's most likely
  claim (the rules' score without it);
- concessions ("Of course…", "Yes, it is annoying…", "Admittedly…", "Some parents worry…")
  and objections are never the claim and never data;
- a stated rule ("In general…", "Whenever…", "Because X, Y" with a general X, "Every…",
  "…belongs to everyone") is the warrant's wherever it stands, never a datum;
- a thesis stated first and concluded again last ("Therefore…") is the claim once, and
  neither sentence is a datum.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from arguments.domain import spanish as es
from arguments.domain.authority import named_authority
from arguments.domain.language import Lexicon, reader_language, reading, reading_in
from arguments.domain.markers import (
    CONCLUSION,
    EXCEPTION,
    NUMBER,
    PREMISE,
    REFUTATION,
    STANCE,
    attributions,
    content_words,
    has,
    strip_marker,
)
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import Sentence, sentences

if TYPE_CHECKING:
    from arguments.domain.roles import RoleReader

RoleProbabilities = list[dict[str, float]]  # per sentence, the model's probability per role

MAX_FACTS = 5
# How the sentence-role model's probabilities are used (chosen by leave-one-topic-out on the
# annotated web texts, see evaluations/analyzer_quality.py): a datum needs P(data) + P(backing)
# >= DATA_THRESHOLD; an objection needs P(rebuttal) >= REBUTTAL_THRESHOLD or a marker.
DATA_THRESHOLD = 0.5
# How the rules and the model combine on the claim where no sentence is marked as it
# (``Combination``, the shipped one COMBINATION; see ``find_claim``).
REBUTTAL_THRESHOLD = 0.2


class NotInText(Exception):
    """The text lacks a part the phase needs; the message is the reason shown to the user."""


# -- what a sentence does -----------------------------------------------------------------

# A sentence opening with one of these draws the text's conclusion.
CONCLUSION_OPENER = re.compile(
    r"^(?:therefore|thus|hence|consequently|accordingly|so(?![ ,]+(?:many|much|far|long|"
    r"called|that)\b)\b|that(?:'s|’s| is) why|this is why|for (?:these|this|all "
    r"these|those) reasons?|in conclusion|to conclude|to sum up|in sum|in short|all in all|"
    r"overall,|it follows that|the bottom line is)",
    re.IGNORECASE,
)
# ... or carries one inside: "The city should therefore build…", "For most adults, then, …".
CONCLUSION_INSIDE = re.compile(
    r"\b(?:should|must|ought to|need to|needs to|will|would|can|is|are)\s+(?:therefore|thus|"
    r"hence|consequently)\b|,\s*(?:then|therefore|thus|hence)\s*,",
    re.IGNORECASE,
)
# The author gives the other side its say (a concession or a reported objection) ...
CONCESSION_OPENER = re.compile(
    r"^(?:critics|opponents|detractors|skeptics|sceptics|supporters|"
    r"proponents|admittedly|granted|of course|it is true(?: that)?|it's true|"
    r"to be fair|i know|i grant|i admit|i concede|i understand that|i realise|i realize|"
    r"it is tempting|one might|one could|you might (?:say|think|argue)|"
    r"(?:some|many|other)(?: \w+){0,2} (?:argue|argues|say|says|claim|claims|worry|worries|fear|"
    r"fears|complain|object|believe|point out|insist|think)|"
    r"others (?:argue|say|claim|think)|there are those who)\b|^(?:yes|sure|true|ok|okay),",
    re.IGNORECASE,
)
CONCESSION_ANYWHERE = _words(
    "admittedly", "i grant you", "granted", "to be sure", "i admit", "i concede",
    "it is true that", "i know that",
)  # fmt: skip
# ... or reports someone else's worry or complaint.
OBJECTING_VERB = re.compile(
    r"^(?!i\b|we\b)[^,;:]{0,60}\b(?:worry|worries|fear|fears|complain|complains|object|objects|"
    r"protest|protests|point out|points out)\b",
    re.IGNORECASE,
)
# A sentence opening with a contrast gives the other side unless it answers one.
CONTRAST_OPENER = re.compile(r"^(?:but|yet|however|on the other hand)\b", re.IGNORECASE)
REPLY_OPENER = re.compile(
    r"^(?:but|yet|still|even so|nevertheless|nonetheless|that said|all the same)\b",
    re.IGNORECASE,
)
# Without the model an exception clause ("unless…", "except…") is an objection as well.
EXCEPTION_CLAUSE = _words("unless", "except", "except when", "the problem is")

# A stated general rule: opening as one, or with "whenever" / "in general" anywhere ...
RULE_OPENER = re.compile(
    r"^(?:in general|generally(?: speaking)?|as a rule|whenever|the more|the less|in most "
    r"cases|as a general rule|in principle)\b",
    re.IGNORECASE,
)
RULE_INSIDE = _words("whenever", "in general", "as a rule", "as a general rule")
# ... "Because X, Y" / "Since X, Y" whose X is general ...
BECAUSE_OPENER = re.compile(r"^(?:because|since|as)\s+([^,;]{8,160}),\s*\S", re.IGNORECASE)
# ... or a universal statement about a kind ("Every…", "…belongs to everyone", "…never…").
UNIVERSAL_START = re.compile(r"^(?:every|all|any|no|each)\s+[a-z]", re.IGNORECASE)
UNIVERSAL_WORD = _words(
    "everyone", "everybody", "anyone", "anybody", "no one", "nobody", "never", "always",
)  # fmt: skip
# What makes a clause particular, not general: a person, a figure, a name, a past event.
_PARTICULAR = re.compile(
    r"\d|\b(?:I|me|my|mine|we|us|our|you|your)\b|\b(?:was|were|had|did|last|ago|yesterday|"
    r"this year|this week|today)\b",
    re.IGNORECASE,
)
_PROPER_NOUN = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z]+")
OWN_STANCE = _words(
    "i believe", "i think", "i argue", "i feel", "in my opinion", "in my view", "i am convinced",
    "i support", "i oppose", "i am against", "i am for", "i'm convinced", "it is time",
    "it's time",
)  # fmt: skip
OUGHT = re.compile(r"\b(?:should|must|ought to|shouldn[’']t|mustn[’']t)\b", re.IGNORECASE)
_EMBEDDED_OUGHT = re.compile(
    r"\b(?:what|how|whether|which|who|where|when)\s+(?:\w+\s+){0,2}(?:should|must)\b",
    re.IGNORECASE,
)
DEONTIC = _words("should", "must", "ought to", "need to", "needs to", "have to", "has to")

# Each pattern above reads by the words of the text's language (``language.reading_in``): the
# English one above, the Spanish one of ``arguments.domain.spanish``.
CONCLUSION_OPENER = Lexicon(en=CONCLUSION_OPENER, es=es.CONCLUSION_OPENER)  # type: ignore[assignment]
CONCLUSION_INSIDE = Lexicon(en=CONCLUSION_INSIDE, es=es.CONCLUSION_INSIDE)  # type: ignore[assignment]
CONCESSION_OPENER = Lexicon(en=CONCESSION_OPENER, es=es.CONCESSION_OPENER)  # type: ignore[assignment]
CONCESSION_ANYWHERE = Lexicon(en=CONCESSION_ANYWHERE, es=es.CONCESSION_ANYWHERE)  # type: ignore[assignment]
OBJECTING_VERB = Lexicon(en=OBJECTING_VERB, es=es.OBJECTING_VERB)  # type: ignore[assignment]
CONTRAST_OPENER = Lexicon(en=CONTRAST_OPENER, es=es.CONTRAST_OPENER)  # type: ignore[assignment]
REPLY_OPENER = Lexicon(en=REPLY_OPENER, es=es.REPLY_OPENER)  # type: ignore[assignment]
EXCEPTION_CLAUSE = Lexicon(en=EXCEPTION_CLAUSE, es=es.EXCEPTION_CLAUSE)  # type: ignore[assignment]
RULE_OPENER = Lexicon(en=RULE_OPENER, es=es.READ_RULE_OPENER)  # type: ignore[assignment]
RULE_INSIDE = Lexicon(en=RULE_INSIDE, es=es.RULE_INSIDE)  # type: ignore[assignment]
BECAUSE_OPENER = Lexicon(en=BECAUSE_OPENER, es=es.BECAUSE_OPENER)  # type: ignore[assignment]
UNIVERSAL_START = Lexicon(en=UNIVERSAL_START, es=es.UNIVERSAL_START)  # type: ignore[assignment]
UNIVERSAL_WORD = Lexicon(en=UNIVERSAL_WORD, es=es.UNIVERSAL_WORD)  # type: ignore[assignment]
_PARTICULAR = Lexicon(en=_PARTICULAR, es=es.PARTICULAR)  # type: ignore[assignment]
OWN_STANCE = Lexicon(en=OWN_STANCE, es=es.OWN_STANCE)  # type: ignore[assignment]
OUGHT = Lexicon(en=OUGHT, es=es.OUGHT)  # type: ignore[assignment]
_EMBEDDED_OUGHT = Lexicon(en=_EMBEDDED_OUGHT, es=es.EMBEDDED_OUGHT)  # type: ignore[assignment]
DEONTIC = Lexicon(en=DEONTIC, es=es.DEONTIC)  # type: ignore[assignment]


def _general(clause: str) -> bool:
    """Whether ``clause`` speaks of kinds, not of particular people, places or events."""
    return not _PARTICULAR.search(clause) and not _PROPER_NOUN.search(clause.strip())


# A rule in everyday words: "When young people have a safe place, they stay off the streets",
# "Students learn more when they see why", "People who cook at home tend to eat less", "A city
# that makes its buses free gets more riders". Each is general only in the present tense: a
# past verb ("People who visited the museum on Saturday praised…") makes it one event.
WHEN_OPENER = re.compile(r"^(?:when|if|once)\s+([^,;]{8,160}),\s*(\S.{8,})$", re.IGNORECASE)
WHEN_INSIDE = re.compile(r"^([^,;]{8,120}?)\s+(?:when|whenever|if|once)\s+([^,;]{5,120})$")
TENDENCY = _words(
    "tend to", "tends to", "usually", "typically", "are more likely", "is more likely",
    "are less likely", "is less likely", "as a rule",
)  # fmt: skip
# "A city that…", "Towns that…", "People who…": the subject is a kind, the relative clause
# follows it at once ("Teachers report that…" is a report, not a kind).
KIND_WITH_RELATIVE = re.compile(
    r"^(?:(?:an?|any|every)\s+(?:[a-z]+\s+)?[a-z]+|[a-z]+s|people|children)\s+(?:who|that|which)\s"
    r"|^(?:[a-z]+\s+){0,2}[a-z]+\s+who\s",
    re.IGNORECASE,
)
_PAST = re.compile(
    r"\b(?!(?:speed|need|feed|seed|indeed|proceed|succeed|exceed|bleed|breed)\b)"
    r"(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bbeen )(?<!\bget )(?<!\bgets )(?<!\bhas )"
    r"(?<!\bhave )(?<!\bfeel )(?<!\bfeels )(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\btheir )"
    r"(?<!\bmore )(?<!\bless )(?<!\bwell )[a-z]{3,}ed\b|\b(?:came|went|got|made|took|gave|"
    r"said|told|left|met|saw|won|lost|hit|moved)\b",
    re.IGNORECASE,
)


_FUTURE = re.compile(r"\b(?:will|would|won't|wouldn't)\b|'ll\b", re.IGNORECASE)


def _present_general(*clauses: str) -> bool:
    """Whether every clause speaks of kinds in the present tense: no person, name, past or
    future ("Prices will rise if the factory closes" is a prediction, not a rule)."""
    return all(_general(c) and not _PAST.search(c) and not _FUTURE.search(c) for c in clauses)


def everyday_rule(text: str) -> bool:
    """Whether ``text`` states a general rule in everyday words: "When X, Y", "Y when X",
    "People who X tend to Y" or "A city that X gets Y", all of kinds and in the present."""
    body = text.rstrip(".!; ")
    for pattern in (WHEN_OPENER, WHEN_INSIDE):
        match = pattern.match(body)
        if match and _present_general(match.group(1), match.group(2)):
            return True
    if (has(TENDENCY, body) or has(KIND_WITH_RELATIVE, body)) and _present_general(body):
        return not has(DEONTIC, body) and not body.lower().startswith(("it ", "this ", "that "))
    return False


def rule_kind(text: str) -> str:
    """How ``text`` states a general rule: "marked" ("In general…", "Whenever…", "Because X, Y"
    with a general X), "universal" (a general statement about every case), or ""."""
    return _rule_kind(text, reading())


@functools.lru_cache(maxsize=4096)
def _rule_kind(text: str, language: str) -> str:
    if text.endswith("?") or len(text) < 20 or has(REFUTATION, text):
        return ""
    if has(RULE_OPENER, text) or has(RULE_INSIDE, text):
        return "marked"
    because = BECAUSE_OPENER.match(text)
    if because and _general(because.group(1)):
        return "marked"
    if (
        (has(UNIVERSAL_START, text) or has(UNIVERSAL_WORD, text))
        and _general(text)
        and not has(DEONTIC, text)
    ):
        return "universal"
    if language == "en" and everyday_rule(text):  # its patterns are English words
        return "universal"
    return ""


def concludes(text: str) -> bool:
    """Whether the sentence draws the text's conclusion ("Therefore…", "…should therefore…")."""
    return has(CONCLUSION_OPENER, text) or has(CONCLUSION_INSIDE, text)


def concedes(text: str) -> bool:
    """Whether the sentence gives the other side its say (a concession or an objection)."""
    return (
        has(CONCESSION_OPENER, text)
        or has(CONCESSION_ANYWHERE, text)
        or has(OBJECTING_VERB, text)
        or has(REFUTATION, text)
    )


def _stem(word: str) -> str:
    """A light stem: "cities" → "city", "banned" → "ban", "teaching" → "teach", cut to five
    letters."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2]:
                word = word[:-1]
            break
    return word[:5]


def stems(text: str) -> frozenset[str]:
    """The content words of ``text``, each cut to a light stem."""
    return frozenset(_stem(word) for word in content_words(text))


def evidential(sentence: Sentence) -> bool:
    """A premise marker, a figure or an attribution: the marks of a datum."""
    return has(PREMISE, sentence.text) or has(NUMBER, sentence.text) or bool(attributions(sentence))


# -- the claim ----------------------------------------------------------------------------


def claim_score(sentence: Sentence, query_words: set[str] | frozenset[str]) -> float:
    """The rules' score of ``sentence`` as the claim: markers of a conclusion or a stance,
    the words it shares with the query, the first place; minus the marks of a datum."""
    text = sentence.text
    score = 3.0 if has(CONCLUSION, text) else 0.0
    if has(STANCE, text):
        score += 2
    score += min(3, len(content_words(text) & query_words))
    # Web comments and essays state their position first more often than last (on the
    # annotated corpus, a last-sentence bonus cost 4 of 107 claims).
    if sentence.index == 0:
        score += 1
    if has(PREMISE, text) or has(NUMBER, text):
        score -= 2
    if text.endswith("?"):  # the splitter strips every sentence
        score -= 10
    return score


def candidates(sents: list[Sentence]) -> list[Sentence]:
    """The sentences that may be the claim: statements of some length, not concessions."""
    return [
        s for s in sents if not s.text.endswith("?") and len(s.text) >= 12 and not concedes(s.text)
    ]


def answers_query(sentence: Sentence, query: str) -> bool:
    """Whether ``sentence`` takes a stand on the query's own question: a stance or an
    obligation about (most of) the query's subject, without the marks of a datum."""
    query_stems = stems(query)
    if not query_stems or evidential(sentence) or rule_kind(sentence.text):
        return False
    if _EMBEDDED_OUGHT.search(sentence.text):  # "…deciding what children should learn"
        return False
    shared = len(stems(sentence.text) & query_stems)
    if (has(OWN_STANCE, sentence.text) or has(OUGHT, sentence.text)) and shared >= min(
        2, len(query_stems)
    ):
        return True
    # a plain statement of the query's own proposition ("Do games make children violent?" →
    # "Games do not make children violent."), affirmed or denied
    return len(query_stems) >= 3 and shared >= 0.8 * len(query_stems)


def strongest_claims(query: str, found: list[Sentence]) -> list[Sentence]:
    """The candidates the text itself marks as its claim, strongest kind first: those that
    draw a conclusion, else those answering the query; empty when the text marks none."""
    query_stems = stems(query)
    concluding = [
        s
        for s in found
        if concludes(s.text)
        and not evidential(s)
        and (has(STANCE, s.text) or has(DEONTIC, s.text) or stems(s.text) & query_stems)
    ]
    if concluding:
        return concluding
    return [s for s in found if answers_query(s, query)]


def on_subject(query: str, found: list[Sentence]) -> list[Sentence]:
    """The sentences of ``found`` that share a (light) stem with the query."""
    query_stems = stems(query)
    return [s for s in found if stems(s.text) & query_stems]


@dataclass(frozen=True)
class Combination:
    """When the rules' claim stands against the model's on a text marking none (each a reason
    for the model to leave the rules' choice alone, whatever the genre):

    - ``lead``: the rules' claim leads the next sentence by this many points (None: never by
      its lead alone);
    - ``margin``: the model's P(claim) of the sentence it prefers exceeds its P(claim) of the
      rules' claim by less than this;
    - ``backed``: (when True) the rules' claim carries a stance or a conclusion marker, though
      not as strongly as a marked claim;
    - ``rules_upto``: the text has at most this many sentences (and the rules' claim scores
      above 0).

    Otherwise the model chooses, in a text of at most ``short`` sentences only among the
    sentences that share a stem with the query when any does (a personal detail, a greeting or
    an aside, "I am a retired postman…", "Oh great, another consultation.", is not the claim
    of a short letter or post)."""

    lead: int | None
    margin: float
    backed: bool
    short: int
    rules_upto: int

    def rules_stand(self, rules: Sentence, score: float, lead: float, length: int) -> bool:
        """Whether the rules' claim (its score, its lead over the next) stands unasked."""
        if self.lead is not None and lead >= self.lead:
            return True
        if score <= 0:
            return False
        if self.backed and (has(STANCE, rules.text) or has(CONCLUSION, rules.text)):
            return True
        return length <= self.rules_upto


# Chosen by leave-one-group-out cross-validation on tuning data only, from a grid written down
# before any setting was scored (evaluations/claim_combination.py, docs/analyzer.md): neither a
# margin nor a stance-backed rules' claim nor the rules standing in short texts kept the rules'
# figure on every tuning group with a better mean; a lead of 3 and the subject restriction did.
COMBINATION = Combination(lead=3, margin=0.0, backed=False, short=6, rules_upto=0)


def find_claim(
    query: str,
    sents: list[Sentence],
    roles: RoleReader | None = None,
    probs: RoleProbabilities | None = None,
    combination: Combination = COMBINATION,
) -> tuple[str, Sentence | None]:
    """The claim statement and the sentence it came from (None when it is the query).

    A sentence the text marks as its claim (``strongest_claims``) wins whatever the model
    says: among several, the model (or the rules' score) chooses, the later one on a tie.
    Otherwise the rules' claim stands where ``combination`` says so, else the model's P(claim)
    decides with the rules' score breaking ties (in a short text, among the sentences on the
    query's subject when there are any); without the model, the rules' score alone.
    """
    query_words = content_words(query)
    found = candidates(sents)
    if probs is None and roles is not None:
        probs = roles.probabilities(sents, query)
    marked = strongest_claims(query, found)
    if marked:
        best = max(
            marked,
            key=lambda s: (
                probs[s.index]["claim"] if probs is not None else 0.0,
                claim_score(s, query_words),
                s.index,
            ),
        )
        return strip_marker(best.text), best
    if found and probs is not None:
        ranked = sorted(found, key=lambda s: (-claim_score(s, query_words), s.index))
        rules, score = ranked[0], claim_score(ranked[0], query_words)
        lead = score - (claim_score(ranked[1], query_words) if len(ranked) > 1 else 0)
        if combination.rules_stand(rules, score, lead, len(sents)):
            return strip_marker(rules.text), rules
        pool = (on_subject(query, found) if len(sents) <= combination.short else []) or found
        best = max(
            pool,
            key=lambda s: (probs[s.index]["claim"], claim_score(s, query_words), -s.index),
        )
        # the margin weighs the rules' claim only where the model may choose it (on the subject)
        margin = probs[best.index]["claim"] - probs[rules.index]["claim"]
        if rules in pool and margin < combination.margin:
            return strip_marker(rules.text), rules
        return strip_marker(best.text), best
    if found:
        best = max(found, key=lambda s: (claim_score(s, query_words), -s.index))
        if claim_score(best, query_words) > 0:
            return strip_marker(best.text), best
    if not query.strip().endswith("?") and len(query.strip()) >= 10:
        return query.strip(), None
    if found:
        best = max(found, key=lambda s: (claim_score(s, query_words), -s.index))
        return strip_marker(best.text), best
    raise NotInText(
        "CLAIM MISSING: the query is a question and the source text states no position. "
        "Write the claim you want to test as a statement (not a question), or add a text "
        "that takes a position."
    )


# -- how sure the reading is of its claim -----------------------------------------------------

# The calibrated confidence of a claim (the chance that the sentence is the text's claim) is
# "likely" from LIKELY_CLAIM, "possible" from POSSIBLE_CLAIM, and below it the reader is not
# sure (a chain should show its candidates and ask, not run to a verdict on a guess). Chosen so
# that at "likely" the claim is right most of the time on the tuning data (the web texts'
# leave-one-topic-out picks and the dev short arguments; docs/analyzer.md gives the measured
# precision at each level, on the frozen examples too).
LIKELY_CLAIM = 0.7
POSSIBLE_CLAIM = 0.4
MAX_CANDIDATES = 3
# Without a fitted calibration (the rules alone): a conservative mapping of the same form.
DEFAULT_CALIBRATION = {"slope": 0.5, "marked": 1.0, "intercept": -0.5}


def claim_level(confidence: float) -> str:
    """ "likely", "possible" or "unsure" for a calibrated claim confidence."""
    if confidence >= LIKELY_CLAIM:
        return "likely"
    if confidence >= POSSIBLE_CLAIM:
        return "possible"
    return "unsure"


@dataclass(frozen=True)
class ClaimCandidate:
    """A sentence that may be the text's claim, with the calibrated chance that it is."""

    sentence: Sentence
    confidence: float  # 0-1, calibrated (see ``claim_candidates``)
    level: str  # "likely", "possible" or "unsure" (``claim_level``)
    share: float  # its share of the claim probability among the candidates (uncalibrated)
    marked: bool  # the text marks it as its claim (a conclusion, or an answer to the query)


def claim_candidates(
    query: str,
    sents: list[Sentence],
    probs: RoleProbabilities | None,
    chosen: Sentence | None,
    calibration: Mapping[str, float] | None = None,
) -> list[ClaimCandidate]:
    """The sentences that may be the claim, the chosen one first, then the likeliest, at most
    MAX_CANDIDATES: each with a calibrated confidence, a logistic function (fitted by
    ``tools/train_roles.py`` on out-of-fold picks, ``calibration``) of the log-odds of its
    share of the claim probability among the candidates (the model's P(claim), or without it
    the rules' score as a softmax) and of whether the text marks it as its claim."""
    found = candidates(sents)
    if not found:
        return []
    query_words = content_words(query)
    if probs is not None:
        weights = [max(probs[s.index]["claim"], 1e-9) for s in found]
    else:
        scores = [claim_score(s, query_words) for s in found]
        top = max(scores)
        weights = [math.exp(v - top) for v in scores]
    total = sum(weights)
    marked = {s.index for s in strongest_claims(query, found)}
    c = calibration or DEFAULT_CALIBRATION
    out = []
    for s, w in zip(found, weights, strict=True):
        share = min(max(w / total, 1e-6), 1 - 1e-6)
        z = (
            c["slope"] * math.log(share / (1 - share))
            + c["marked"] * (s.index in marked)
            + c["intercept"]
        )
        confidence = 1 / (1 + math.exp(-z))
        out.append(
            ClaimCandidate(
                s, round(confidence, 3), claim_level(confidence), share, s.index in marked
            )
        )
    out.sort(key=lambda k: (k.sentence is not chosen, -k.confidence, k.sentence.index))
    return out[:MAX_CANDIDATES]


# -- the whole reading ----------------------------------------------------------------------


@dataclass
class Reading:
    """What each sentence of a text does in its argument."""

    sentences: list[Sentence]
    statement: str  # the claim as a statement ("" when the text and query give none)
    claim: Sentence | None  # the sentence it came from (None: the query, or none)
    data: list[Sentence] = field(default_factory=list)
    rules: list[Sentence] = field(default_factory=list)  # stated general rules, best first
    objections: list[Sentence] = field(default_factory=list)
    objecting: list[bool] = field(default_factory=list)  # per sentence: gives the other side
    restatements: list[Sentence] = field(default_factory=list)  # the thesis said again
    # sentences naming a study, report, expert or institution (``named_authority``); a datum
    # may be one too
    backing: list[Sentence] = field(default_factory=list)
    # How sure the reader is of the claim: the chosen sentence first, then the other likeliest
    # (``ClaimCandidate``: sentence, calibrated confidence 0-1, level). A chain should not run
    # to a confident verdict when ``claim_level`` is "unsure": show the candidates and ask.
    candidates: list[ClaimCandidate] = field(default_factory=list)

    @property
    def claim_confidence(self) -> float | None:
        """The calibrated chance that ``claim`` is the text's claim (None: no claim sentence)."""
        if self.claim is None or not self.candidates:
            return None
        first = self.candidates[0]
        return first.confidence if first.sentence is self.claim else None

    @property
    def claim_level(self) -> str:
        """ "likely", "possible", "unsure", or "" when the claim is not a sentence."""
        confidence = self.claim_confidence
        return "" if confidence is None else claim_level(confidence)

    def role_of(self, sentence: Sentence) -> str:
        """claim, backing (a named source, datum or not), data, warrant (a stated rule),
        rebuttal (an objection), restatement, none."""
        if sentence is self.claim:
            return "claim"
        for role, group in (
            ("warrant", self.rules),
            ("rebuttal", self.objections),
            ("restatement", self.restatements),
            ("backing", self.backing),
            ("data", self.data),
        ):
            if any(sentence is member for member in group):
                return role
        return "none"


def objection_flags(
    sents: list[Sentence],
    probs: RoleProbabilities | None,
    threshold: float = REBUTTAL_THRESHOLD,
) -> list[bool]:
    """Per sentence, whether it gives the other side: a concession or reported objection, a
    contrast that does not answer one ("But…" after a concession is the author's reply), an
    exception clause (rules alone) or the model's likely rebuttal."""
    flags: list[bool] = []
    for s in sents:
        replying = bool(flags) and flags[-1] and has(REPLY_OPENER, s.text)
        if replying:
            flags.append(False)
            continue
        objecting = concedes(s.text) or has(CONTRAST_OPENER, s.text)
        if probs is not None:
            objecting = objecting or probs[s.index]["rebuttal"] >= threshold
        else:
            objecting = objecting or has(EXCEPTION_CLAUSE, s.text)
        flags.append(objecting)
    return flags


def _restates(sentence: Sentence, claim: Sentence, query: str) -> bool:
    """Whether ``sentence`` states the thesis again: a conclusion besides the claim, or, when
    the claim concludes the text, a first sentence with no marks of a datum on its subject."""
    if concludes(sentence.text) and not evidential(sentence):
        return True
    if not concludes(claim.text) or sentence.index != 0 or evidential(sentence):
        return False
    return bool(stems(sentence.text) & (stems(claim.text) | stems(query)))


def _fact_score(sentence: Sentence) -> int:
    """Two points for each kind of evidence: a premise marker, a number, an attribution."""
    marks = (
        has(PREMISE, sentence.text),
        has(NUMBER, sentence.text),
        bool(attributions(sentence)),
    )
    return 2 * sum(marks)


def _repeats(text: str, other: str) -> bool:
    """True when ``text`` says nothing ``other`` does not: the same sentence (a discourse marker
    aside), or nearly the same words."""
    if strip_marker(text) == strip_marker(other):
        return True
    words, other_words = content_words(text), content_words(other)
    if not words or not other_words:
        return False
    return len(words & other_words) / len(words | other_words) >= 0.8


def is_used(sentence: Sentence, used: list[str]) -> bool:
    """True when a part already holds ``sentence``: the one invariant that a sentence plays at
    most one role (claim, datum, warrant, backing, exception or counterexample). A part holds
    a sentence when it repeats it (a discourse marker aside) or quotes it whole, as a part
    written by a model or by hand may span several sentences."""
    own = strip_marker(sentence.text)
    for text in used:
        if not text:
            continue
        if _repeats(sentence.text, text) or own in text or sentence.text in text:
            return True
        if len(text) >= 20 and strip_marker(text) in sentence.text:
            return True
    return False


# The roles a person may give a sentence by hand (a correction): the reading keeps them.
PINNABLE = ("claim", "data", "warrant", "rebuttal")


def read(
    query: str,
    text: str,
    roles: RoleReader | None = None,
    pinned: Mapping[int, str] | None = None,
    *,
    sents: list[Sentence] | None = None,
) -> Reading:
    """The roles of ``text``'s sentences in its argument about ``query`` (see the module), read
    by the words of its language; a Spanish text by the rules alone (the sentence-role model
    learned from English texts only, and is never shown Spanish).

    ``pinned`` maps sentence indexes to the role a person gave them (one of ``PINNABLE``):
    those sentences play that role and no other, and the rest is read around them. ``sents``:
    the text's sentences when the caller has split it already (a
    ``document.DocumentReading``)."""
    language = reader_language(f"{text}\n{query}")
    with reading_in(language):
        return _read(query, text, roles if language == "en" else None, pinned, sents)


def _read(
    query: str,
    text: str,
    roles: RoleReader | None,
    pinned: Mapping[int, str] | None = None,
    sents: list[Sentence] | None = None,
) -> Reading:
    if sents is None:
        sents = sentences(text)
    probs = roles.probabilities(sents, query) if roles is not None and sents else None
    pins = {i: r for i, r in (pinned or {}).items() if 0 <= i < len(sents) and r in PINNABLE}
    try:
        statement, claim = find_claim(query, sents, probs=probs)
    except NotInText:
        statement, claim = "", None
    pinned_claim = [sents[i] for i, r in pins.items() if r == "claim"]
    if pinned_claim:
        claim = pinned_claim[0]
        statement = strip_marker(claim.text)
    elif claim is not None and claim.index in pins:  # the reader's claim was given another role
        statement, claim = "", None
        rest = [s for s in candidates(sents) if s.index not in pins]
        if rest:
            statement, claim = find_claim(query, rest, probs=probs)
    # a model may carry its own threshold (the encoder's model: chosen by leave-one-topic-out)
    threshold = getattr(roles, "rebuttal_threshold", None) or REBUTTAL_THRESHOLD
    objecting = objection_flags(sents, probs, threshold)
    by_rules = objection_flags(sents, None) if probs is not None else objecting
    others: list[Sentence] = []
    for s in sents:  # a sentence plays one role: not the claim again, nor a datum twice
        if s is claim or s.text.endswith("?") or s.index in pins:
            continue
        if statement and is_used(s, [statement, *(o.text for o in others)]):
            continue
        others.append(s)
    restatements = [s for s in others if claim is not None and _restates(s, claim, query)]
    # a stated rule is the warrant's unless the rules see an objection in it (the model's
    # doubt does not take it away)
    rules = [s for s in others if rule_kind(s.text) and not by_rules[s.index]]
    rules.sort(key=lambda s: (rule_kind(s.text) != "marked", s.index))
    objections = [s for s in others if objecting[s.index] and s not in rules]
    taken = {id(s) for s in (*restatements, *rules, *objections)}
    supporting = [s for s in others if id(s) not in taken]
    chosen: list[Sentence] = []
    if probs is not None:

        def p_data(s: Sentence) -> float:
            return probs[s.index]["data"] + probs[s.index]["backing"]

        likely = [s for s in supporting if p_data(s) >= DATA_THRESHOLD]
        chosen = sorted(likely, key=lambda s: (-p_data(s), s.index))[:MAX_FACTS]
    if not chosen:
        # a figure or a source the model doubted as an objection, the rules do not: a datum
        doubted = [s for s in objections if not by_rules[s.index]]
        marked = [s for s in [*supporting, *doubted] if _fact_score(s)]
        chosen = sorted(marked, key=lambda s: (-_fact_score(s), s.index))[:MAX_FACTS]
    if not chosen:
        # No evidential markers: the author's other statements are their grounds.
        chosen = [s for s in supporting if not has(EXCEPTION, s.text)][:3] or supporting[:3]
    chosen.sort(key=lambda s: s.index)
    objections = [s for s in objections if s not in chosen]
    given = {role: [s for s in sents if pins.get(s.index) == role] for role in PINNABLE}
    chosen = sorted([*given["data"], *chosen], key=lambda s: s.index)
    rules = [*given["warrant"], *rules]
    objections = sorted([*given["rebuttal"], *objections], key=lambda s: s.index)
    objecting = [flag or pins.get(i) == "rebuttal" for i, flag in enumerate(objecting)]
    parts = {id(s) for s in (*restatements, *rules, *objections)}
    backing = [s for s in others if id(s) not in parts and named_authority(s.text)]
    calibration = getattr(roles, "claim_calibration", None) if probs is not None else None
    return Reading(
        sentences=sents,
        statement=statement,
        claim=claim,
        data=chosen,
        rules=rules,
        objections=objections,
        objecting=[flag and s not in chosen for s, flag in zip(sents, objecting, strict=True)],
        restatements=restatements,
        backing=backing,
        candidates=claim_candidates(query, sents, probs, claim, calibration),
    )
