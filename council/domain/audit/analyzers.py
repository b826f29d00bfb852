"""Offline auditors: one deterministic analyzer per kind of criterion.

Each analyzer reads the document's sentences and answers a ``CriterionAssessment``: a score of
1 to 5, its reasoning, and evidence quoted exactly from the document (whole sentences, located
by paragraph and sentence). Same document, same answer. Framework-free.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from council.domain.audit import spanish
from council.domain.audit.calibration import CALIBRATED, part_confidence
from council.domain.audit.document import Sentence, sentences
from council.domain.audit.state import CriterionAssessment, Evidence
from council.domain.wording import AUDIT
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.toulmin import CRITERION_ROLES

MAX_QUOTES = 6


@dataclass(frozen=True)
class Hit:
    sentence: Sentence
    label: str


def _hits(found: list[Sentence], patterns: dict[str, re.Pattern[str]]) -> list[Hit]:
    """The sentences matching any pattern, each once, with the first matching label."""
    hits = []
    for sentence in found:
        for label, pattern in patterns.items():
            if pattern.search(sentence.text):
                hits.append(Hit(sentence, label))
                break
    return hits


def _evidence(hits: list[Hit], confidence: float) -> list[Evidence]:
    return [
        Evidence(
            source_ref=h.sentence.ref, content=h.sentence.text, relevance_confidence=confidence
        )
        for h in hits[:MAX_QUOTES]
    ]


def _confidence(count: int) -> float:
    """More matching sentences, more confidence in the score (0.5 to 0.9)."""
    return round(min(0.9, 0.5 + 0.1 * count), 2)


def _by_count(count: int) -> int:
    return 1 if count == 0 else min(5, count + 2)


def _counted(key: str, count: int, **params: object) -> str:
    """The sentence ``<key>.one`` for one sentence, ``<key>.many`` (with ``n``) for several
    (``council.domain.wording.AUDIT``), so the verb agrees in either language."""
    if count == 1:
        return AUDIT.say(f"{key}.one", **params)
    return AUDIT.say(f"{key}.many", n=count, **params)


def _labels(hits: list[Hit]) -> str:
    return ", ".join(sorted({h.label for h in hits}))


# -- reasoning ----------------------------------------------------------------------------
REASONING = {
    "cause": _words("because", "since", "given that", "on the ground that", "as a result of"),
    "inference": _words(
        "therefore", "thus", "hence", "consequently", "accordingly", "it follows",
        "for these reasons", "for this reason", "we conclude", "the court concludes",
        "this means", "which shows",
    ),
}  # fmt: skip


def assess_reasoning(found: list[Sentence], name: str, language: str = "en") -> CriterionAssessment:
    hits = _hits(found, spanish.REASONING if language == "es" else REASONING)
    ratio = len(hits) / len(found)
    score = 1 if not hits else 2 if ratio < 0.1 else 3 if ratio < 0.2 else 4 if ratio < 0.3 else 5
    reasoning = (
        AUDIT.say("reasoning.some", n=len(hits), total=len(found), labels=_labels(hits))
        if hits
        else AUDIT.say("reasoning.none")
    )
    return CriterionAssessment(
        numeric_score=score,
        reasoning=f"{name}: {reasoning}",
        relevance_confidence=_confidence(len(hits)),
        evidence=_evidence(hits, 0.8),
    )


# -- evidence and precedent ---------------------------------------------------------------
CITATIONS = {
    "case citation": re.compile(r"\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*\s+v\.?\s+[A-Z]"),
    "statute": re.compile(r"§+\s*\d+|\b(?:Article|Art\.|Section|Sec\.|Rule)\s+\d+", re.I),
    "reporter": re.compile(r"\b\d+\s+[A-Z][A-Za-z.]*(?:\s?\d?[a-z]{1,2})?\s+\d+\b"),
    "precedent": _words("precedent", "precedents", "stare decisis", "was held", "held that"),
    "record": _words(
        "exhibit", "testimony", "testified", "witness", "witnesses", "affidavit",
        "the record", "expert report", "evidence shows", "the evidence",
    ),
}  # fmt: skip


def assess_citations(found: list[Sentence], name: str, language: str = "en") -> CriterionAssessment:
    hits = _hits(found, CITATIONS | spanish.CITATIONS if language == "es" else CITATIONS)
    score = 1 if not hits else 2 if len(hits) == 1 else 3 if len(hits) == 2 else 4
    if len(hits) >= 5 and len({h.label for h in hits}) >= 2:
        score = 5
    reasoning = (
        _counted("citations", len(hits), labels=_labels(hits))
        if hits
        else AUDIT.say("citations.none")
    )
    return CriterionAssessment(
        numeric_score=score,
        reasoning=f"{name}: {reasoning}",
        relevance_confidence=_confidence(len(hits)),
        evidence=_evidence(hits, 0.85),
    )


# -- balance and loaded language ----------------------------------------------------------
COUNTERPOINTS = {
    "counterpoint": _words(
        "however",
        "nevertheless",
        "nonetheless",
        "on the other hand",
        "although",
        "admittedly",
        "it is true that",
        "we acknowledge",
        "we recognise",
        "we recognize",
    ),
    "the other side's case": re.compile(
        r"\b(?:defendant|plaintiff|appellant|respondent|prosecution|defen[cs]e|counsel|"
        r"petitioner|applicant)s?\b[^.]{0,40}\b(?:argues?|argued|contends?|contended|"
        r"submits?|submitted|claims?|claimed)\b",
        re.IGNORECASE,
    ),
}
LOADED = {
    "loaded language": _words(
        "obviously", "undeniably", "absurd", "outrageous", "ridiculous", "disgraceful",
        "shameful", "preposterous", "despicable", "laughable", "nonsense", "pathetic",
        "everyone knows", "no reasonable person", "liar", "liars", "idiotic",
    ),
}  # fmt: skip


def assess_balance(found: list[Sentence], name: str, language: str = "en") -> CriterionAssessment:
    spanish_ = language == "es"
    loaded = _hits(found, spanish.LOADED if spanish_ else LOADED)
    counter = _hits(
        [s for s in found if s not in {h.sentence for h in loaded}],
        spanish.COUNTERPOINTS if spanish_ else COUNTERPOINTS,
    )
    score = max(1, min(5, 3 + min(len(counter), 2) - min(len(loaded), 2)))
    reasoning = AUDIT.say(
        "balance",
        counter=_counted("counter", len(counter)),
        loaded=_counted("loaded", len(loaded)),
    )
    return CriterionAssessment(
        numeric_score=score,
        reasoning=f"{name}: {reasoning}",
        relevance_confidence=_confidence(len(counter) + len(loaded)),
        evidence=_evidence(loaded, 0.8) + _evidence(counter, 0.7)[: MAX_QUOTES - len(loaded)],
    )


# -- clarity ------------------------------------------------------------------------------
LONG_SENTENCE_WORDS = 35


def assess_clarity(found: list[Sentence], name: str, language: str = "en") -> CriterionAssessment:
    average = sum(s.words for s in found) / len(found)
    score = 5 if average <= 18 else 4 if average <= 24 else 3 if average <= 30 else 2
    if average > 40:
        score = 1
    long_ones = sorted(
        (s for s in found if s.words > LONG_SENTENCE_WORDS), key=lambda s: (-s.words, s.start)
    )
    reasoning = AUDIT.say(
        "clarity", average=f"{average:.1f}", long=len(long_ones), limit=LONG_SENTENCE_WORDS
    )
    return CriterionAssessment(
        numeric_score=score,
        reasoning=f"{name}: {reasoning}",
        relevance_confidence=0.7 if len(found) >= 5 else 0.5,
        evidence=_evidence([Hit(s, "long sentence") for s in long_ones], 0.6),
    )


# -- security: unredacted personal data, instructions aimed at an AI ----------------------
_NAME = r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+"
PERSONAL_DATA = {
    "a national ID number": re.compile(
        r"\b\d{3}-\d{2}-\d{4}\b|\b\d{8}-?[A-HJ-NP-TV-Z]\b|\b[XYZ]-?\d{7}-?[A-Z]\b"
    ),
    "an identity document number": re.compile(
        r"\b(?:passport|ID card|identity card|driver'?s licen[cs]e|social security)"
        r"(?:\s+(?:number|no\.?))?\s*[:#]?\s*[A-Z0-9-]*\d[A-Z0-9-]{4,}",
        re.IGNORECASE,
    ),
    # "John Smith (ID 12345678)": a bare "ID" (capitals) before six or more digits; "ID card
    # policy", a year, a page or "Case 2024-17" are not one.
    "an ID number": re.compile(r"\bID\b(?:\s+(?:number|no\.?))?\s*[:#]?\s*\d(?:[ -]?\d){5,}\b"),
    "an account number": re.compile(
        r"\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}\b|\b(?:\d{4}[ -]){3}\d{1,7}\b|"
        r"\baccount\s+(?:number|no\.?)\s*[:#]?\s*\d[\d -]{5,}",
        re.IGNORECASE,
    ),
    "a minor's name": re.compile(
        r"\b(?:minor|child|juvenile|son|daughter|boy|girl)\b,?\s+(?:named\s+|called\s+)?"
        + _NAME
        + r"|"
        + _NAME
        + r",?\s+(?:a minor|aged\s+\d{1,2}\b|age\s+\d{1,2}\b|\d{1,2}\s+years?\s+old)"
    ),
}
AI_INSTRUCTIONS = {
    "an instruction aimed at an AI": re.compile(
        r"\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?"
        r"(?:previous|prior|above|earlier|preceding)\s+(?:instructions?|prompts?|rules)"
        r"|\bsystem\s+prompt\b"
        r"|\b(?:AI|LLM|language model|chatbot|assistant|auditor)s?\b[^.]{0,60}"
        r"\b(?:must|should|shall|are instructed to|is instructed to)\b"
        r"|\b(?:give|assign|award|rate)\b[^.]{0,40}\b(?:score|rating|grade|mark)\b[^.]{0,10}\b5\b"
        r"|</?(?:system|instructions?)>",
        re.IGNORECASE,
    ),
}


def assess_security(found: list[Sentence], name: str, language: str = "en") -> CriterionAssessment:
    hits = _hits(found, PERSONAL_DATA | AI_INSTRUCTIONS)
    if not hits:
        return CriterionAssessment(
            numeric_score=5,
            reasoning=f"{name}: {AUDIT.say('security.none')}",
            security_violation_found=False,
            relevance_confidence=0.9,
        )
    kinds = _labels(hits)
    return CriterionAssessment(
        numeric_score=1,
        reasoning=f"{name}: {_counted('security', len(hits), kinds=kinds)}",
        security_violation_found=True,
        relevance_confidence=0.95,
        evidence=_evidence(hits, 0.95),
    )


# -- the parts of a Toulmin argument ------------------------------------------------------
TOULMIN = {
    "claim": _words(
        "i argue", "i believe", "i claim", "i contend", "my claim", "my position", "should",
        "must", "ought to", "in conclusion", "therefore", "we need to",
    ),
    "grounds": re.compile(
        r"\b(?:for example|for instance|according to|studies show|research shows|data|"
        r"survey|statistics|in \d{4})\b|\d+(?:\.\d+)?\s?%",
        re.IGNORECASE,
    ),
    "warrant": _words(
        "because", "since", "given that", "this means", "which shows", "this shows",
        "it follows", "so it is", "that is why",
    ),
    "backing": _words(
        "research", "experts", "expert", "the law", "studies", "scientists", "evidence from",
        "peer-reviewed", "published", "according to", "principle",
    ),
    "qualifier": _words(
        "probably", "likely", "in most cases", "usually", "generally", "perhaps", "may",
        "might", "often", "typically", "presumably", "almost",
    ),
    "rebuttal": _words(
        "unless", "however", "although", "critics", "opponents", "some may argue",
        "some argue", "on the other hand", "except", "admittedly", "even though",
    ),
}  # fmt: skip


MASS_NOUNS = frozenset({"backing", "grounds", "data"})


# The criteria the chain's sentence reading names, and the roles each is read from: the one
# vocabulary's map (toulmini_site.toulmin.CRITERION_ROLES; "grounds" where the chain says
# "data", a thesis said again is the claim's too, a named source is backing and grounds).
READ_ROLES = CRITERION_ROLES


def _read_part(
    found: list[Sentence], name: str, part: str, roles: dict[str, str], language: str = "en"
) -> CriterionAssessment:
    """The assessment of ``part`` from the chain's reading of the text (``roles``: sentence
    text -> role), so an audit and a chain of the same text name the same sentences. In
    English its confidence is the one measured for calibration (``calibration``); a Spanish
    reading (the rules alone, not measured) keeps the count-based guess."""
    hits = [Hit(s, part) for s in found if roles.get(s.text.strip()) in READ_ROLES[part]]
    named = part if part in MASS_NOUNS else f"a {part}"
    score = _by_count(len(hits))
    if hits:
        reasoning = _counted("read", len(hits), named=named)
    elif (
        part == "warrant"
        and {"data", "backing"} & set(roles.values())
        and "claim" in roles.values()
    ):
        score = 2  # the text links data to claim without stating the rule
        reasoning = AUDIT.say("read.implicit_warrant")
    else:
        reasoning = AUDIT.say("read.none", named=named)
    return CriterionAssessment(
        numeric_score=score,
        reasoning=f"{name}: {reasoning}",
        relevance_confidence=(
            part_confidence(part, bool(hits))
            if language == "en" and part in CALIBRATED
            else _confidence(len(hits))
        ),
        evidence=_evidence(hits, 0.75),
    )


def assess_toulmin_part(
    found: list[Sentence],
    name: str,
    language: str = "en",
    *,
    part: str,
    roles: dict[str, str] | None = None,
) -> CriterionAssessment:
    """Sentences playing one Toulmin ``part`` (claim, grounds, warrant ...): as the chain reads
    them when its reading is given (``roles``), else those showing the part's markers."""
    if roles is not None and part in READ_ROLES:
        return _read_part(found, name, part, roles, language)
    hits = _hits(found, {part: (spanish.TOULMIN if language == "es" else TOULMIN)[part]})
    # "backing" and "grounds" take no article; one sentence "shows", several "show".
    named = part if part in MASS_NOUNS else f"a {part}"
    reasoning = (
        _counted("markers", len(hits), named=named)
        if hits
        else AUDIT.say("markers.none", named=named)
    )
    return CriterionAssessment(
        numeric_score=_by_count(len(hits)),
        reasoning=f"{name}: {reasoning}",
        relevance_confidence=_confidence(len(hits)),
        evidence=_evidence(hits, 0.7),
    )


# The Toulmin analyzers are bound at import with ``partial``, not built by a factory, so the
# body above runs when an assessment is made (and mutation testing can reach it).
ANALYZERS: dict[str, Callable[[list[Sentence], str, str], CriterionAssessment]] = {
    "reasoning": assess_reasoning,
    "citations": assess_citations,
    "balance": assess_balance,
    "clarity": assess_clarity,
    "security": assess_security,
    **{part: partial(assess_toulmin_part, part=part) for part in TOULMIN},
}

ANALYZER_LABELS: dict[str, str] = {
    "reasoning": "Markers of reasoning",
    "citations": "Citations, precedent and the record",
    "balance": "Counterpoints against loaded language",
    "clarity": "Readability (sentence length)",
    "security": "Unredacted personal data and instructions aimed at an AI",
    "claim": "Toulmin: claim",
    "grounds": "Toulmin: grounds",
    "warrant": "Toulmin: warrant",
    "backing": "Toulmin: backing",
    "qualifier": "Toulmin: qualifier",
    "rebuttal": "Toulmin: rebuttal",
}


def assess(
    *,
    text: str,
    analyzer: str,
    criterion_name: str,
    roles: dict[str, str] | None = None,
    language: str = "en",
) -> CriterionAssessment:
    """The offline assessment of ``text`` for one criterion, by the named analyzer; the Toulmin
    parts the chain reads (claim, grounds, warrant, rebuttal) from ``roles``, the chain's
    reading of the text, when given (it comes from the arguments app through the service).

    Raises ``KeyError`` for an unknown analyzer and ``ValueError`` for a text without sentences.
    """
    found = sentences(text)
    if not found:
        raise ValueError("the document has no sentences")
    if roles is not None and analyzer in READ_ROLES:
        return assess_toulmin_part(found, criterion_name, language, part=analyzer, roles=roles)
    return ANALYZERS[analyzer](found, criterion_name, language)


def security_floor(answer: CriterionAssessment, checks: CriterionAssessment) -> CriterionAssessment:
    """The stricter of a model's security assessment and the pattern checks' (``checks``).

    A document that carries instructions aimed at an AI is aimed at the very model asked to
    find them, so a violation the deterministic patterns find is never lost: the flag is set,
    the score is the lower one, and the patterns' quotes are added. Otherwise the model's
    answer stands (it may find what patterns cannot).
    """
    if not checks.security_violation_found:
        return answer
    if answer.security_violation_found and answer.numeric_score <= checks.numeric_score:
        return answer
    seen = {(e.source_ref, e.content) for e in answer.evidence}
    return CriterionAssessment(
        numeric_score=min(answer.numeric_score, checks.numeric_score),
        reasoning=f"{answer.reasoning} Pattern checks: {checks.reasoning}",
        security_violation_found=True,
        relevance_confidence=max(answer.relevance_confidence, checks.relevance_confidence),
        evidence=[
            *answer.evidence,
            *(e for e in checks.evidence if (e.source_ref, e.content) not in seen),
        ],
    )
