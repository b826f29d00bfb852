"""How sure the reading is: whether the chain should ask which sentence is the claim
(``claim_unsure``, on the reading's one calibrated claim confidence,
``reading.Reading.claim_confidence``) and of each part it gives a sentence (``sentence_parts``,
the words a chain part rests on, shown highlighted on its page)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arguments.domain.language import reader_language, reading_in
from arguments.domain.markers import content_words
from arguments.domain.reading import (
    ClaimCandidate,
    Reading,
    candidates,
    claim_candidates,
    concedes,
    read,
    rule_kind,
)
from toulmini_site.text.sentences import Sentence, sentences

if TYPE_CHECKING:
    from arguments.domain.roles import RoleReader

# -- how sure the reading is of its claim -------------------------------------------------

# Below this calibrated confidence the reader's claim is more likely wrong than right, so the
# chain does not run on it: it shows the candidates and asks which one the text argues for
# (docs/arguments.md: how often it asks, and how often the claim is right at each level).
CLAIM_SURE = 0.5


def claim_unsure(reading: Reading) -> bool:
    """Whether the reader took a sentence of the text for the claim without being sure of it:
    the calibrated chance that it is the claim is below ``CLAIM_SURE``. A claim a person gave,
    or one taken from the query, is not doubted here."""
    confidence = reading.claim_confidence
    return confidence is not None and confidence < CLAIM_SURE


# A model's claim is read as a sentence of the text when at least this share of the content
# words of the shorter of the two are in both (a model quotes or lightly rewords the claim).
SAME_SENTENCE = 0.6


def _sentence_of(statement: str, sents: list[Sentence]) -> Sentence | None:
    """The sentence of the text that ``statement`` says again, or None (the model's claim is
    its own wording of something the text leaves implicit)."""
    words = content_words(statement)
    best, best_share = None, 0.0
    for s in candidates(sents):
        theirs = content_words(s.text)
        if not words or not theirs:
            continue
        share = len(words & theirs) / min(len(words), len(theirs))
        if share > best_share:
            best, best_share = s, share
    return best if best_share >= SAME_SENTENCE else None


def picked_claim_candidates(
    query: str, text: str, statement: str, roles: RoleReader | None = None
) -> list[ClaimCandidate]:
    """How sure the offline reader is that ``statement``, another reader's claim (a language
    model's), is the claim of ``text``: the calibrated candidates of ``reading.claim_candidates``
    with the sentence that ``statement`` says again first and the two likeliest others after
    it. Empty when the statement says again no sentence of the text (the offline reader cannot
    weigh a claim the text leaves implicit). The sentence-role model reads English only, as
    in ``reading.read``."""
    language = reader_language(f"{text}\n{query}")
    with reading_in(language):
        sents = sentences(text)
        picked = _sentence_of(statement, sents)
        if picked is None:
            return []
        model = roles if language == "en" else None
        probs = model.probabilities(sents, query) if model is not None else None
        calibration = getattr(model, "claim_calibration", None) if probs is not None else None
        found = claim_candidates(query, sents, probs, picked, calibration)
    return found if found and found[0].sentence is picked else []


def claim_meant(
    query: str,
    text: str,
    statement: str,
    roles: RoleReader | None,
    embed: Callable[[list[str]], Sequence[Sequence[float]]],
) -> float | None:
    """How far the reader can back ``statement``, another reader's claim in its own words (no
    sentence of ``text`` says it again): weighed by meaning against the reader's candidates,
    the best of each candidate's calibrated confidence times how close the statement is to it
    in meaning (the cosine of their ``embed`` unit vectors, below 0 counted as 0). A claim
    that means the reader's likely claim keeps most of its confidence; one that means none of
    the candidates keeps little. A cap for the verdict, not a calibrated chance. None when
    the text is not English (the sentence encoder reads English only) or has no candidate."""
    language = reader_language(f"{text}\n{query}")
    if language != "en" or not statement.strip():
        return None
    with reading_in(language):
        found = read(query, text, roles).candidates
    if not found:
        return None
    vectors = [list(map(float, v)) for v in embed([statement, *(c.sentence.text for c in found)])]
    mine = vectors[0]
    weighed = [
        max(0.0, sum(a * b for a, b in zip(mine, theirs, strict=True))) * c.confidence
        for c, theirs in zip(found, vectors[1:], strict=True)
    ]
    return round(min(1.0, max(weighed)), 2)


# -- the words each part rests on ---------------------------------------------------------


@dataclass(frozen=True)
class SentenceRole:
    """One sentence the reading gives a part, how sure it is, and whether a person said so."""

    sentence: Sentence
    role: str  # claim, data, backing, warrant, rebuttal, restatement
    confidence: float
    given: bool = False


# A text of more than this many sentences is long (a forum thread, a long comment): there a
# sentence read as a stated rule or a named source is right less often than in an essay, a
# letter or a short post (``evaluations.trust.parts``).
LONG_TEXT = 20


@dataclass(frozen=True)
class ByLength:
    """A confidence for a text of at most ``LONG_TEXT`` sentences and one for a longer text."""

    short: float
    long: float

    def at(self, count: int) -> float:
        return self.long if count > LONG_TEXT else self.short


# How sure the reader is of a part the rules decide (there is no model probability for it): a
# rule stated with a marker ("In general…", "Whenever…"), one in other words, a named source,
# in a short text and a long one. Each is the kind's right-rate on the tuning data, smoothed
# (``evaluations.trust.parts``: the project's tuning examples, all short, and three of the five
# web-text topics). In long web texts a sentence read as a stated rule is annotated as support
# a quarter of the time at most; in the project's essays and letters nearly always.
MARKED_RULE = ByLength(short=0.56, long=0.38)
OTHER_RULE = ByLength(short=0.51, long=0.15)
NAMED_SOURCE = ByLength(short=0.86, long=0.46)
# A concession or reported objection ("Of course…", "Critics argue…") read as a rebuttal, the
# same way: on the web texts an annotated rebuttal 6 times in 50 (frozen topics 0 in 8). The
# sentence-role model's P(rebuttal) is shown when it is surer.
MARKED_OBJECTION = 0.13


def sentence_parts(
    query: str,
    text: str,
    roles: RoleReader | None = None,
    pinned: Mapping[int, str] | None = None,
) -> list[SentenceRole]:
    """Each sentence that plays a part in the reading of ``text``, in text order, with the
    reader's confidence: the claim's calibrated confidence (``Reading.claim_confidence``); a
    datum's the model's P(data) + P(backing) (0.5 without the model); a stated rule, a named
    source or a marked objection a fixed confidence by the kind of words found (and, for a
    rule or a source, the text's length); 1.0 for a role a person gave."""
    reading = read(query, text, roles, pinned)
    pins = dict(pinned or {})
    probs = roles.probabilities(reading.sentences, query) if roles and reading.sentences else None
    claim_sure = 1.0
    if reading.claim is not None and reading.claim.index not in pins:
        sure = reading.claim_confidence
        claim_sure = 0.5 if sure is None else sure
    parts: list[SentenceRole] = []
    for s in reading.sentences:
        role = reading.role_of(s)
        if role == "none":
            continue
        if pins.get(s.index) == role:
            parts.append(SentenceRole(s, role, 1.0, given=True))
            continue
        if role == "claim":
            confidence = claim_sure
        elif role == "warrant":
            rule = MARKED_RULE if rule_kind(s.text) == "marked" else OTHER_RULE
            confidence = rule.at(len(reading.sentences))
        elif role == "backing":
            confidence = NAMED_SOURCE.at(len(reading.sentences))
        elif role == "rebuttal":
            marked = MARKED_OBJECTION if concedes(s.text) else 0.0
            # without the model, an objection the rules found by other cues is measured no
            # better than a marked one
            model = probs[s.index]["rebuttal"] if probs else MARKED_OBJECTION
            confidence = max(marked, model)
        elif role == "data":
            confidence = probs[s.index]["data"] + probs[s.index]["backing"] if probs else 0.5
        else:  # the thesis said again
            confidence = claim_sure
        parts.append(SentenceRole(s, role, round(min(1.0, confidence), 2)))
    return parts
