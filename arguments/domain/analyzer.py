"""The offline analyzer: a deterministic Toulmin analysis of a query and its text, by rules and,
when it is given one, a small sentence-role model (``arguments.domain.roles``) that says which
sentences are likely the claim, data or objections.

It reads discourse markers ("therefore", "because", "however"), attributions ("according
to", "X found"), hedges ("probably", "might") and general-rule markers ("in general",
"whenever"). It never invents a fact or a source: every fact is a sentence of the source text,
and every citation points at an attribution in the text or at the text itself. When the text
lacks a part it says so: no data raises ``NotInText`` (the chain ends with the reason); no
stated principle or authority gives a weak warrant or backing, which the circuit breaker
turns into a termination whose reason tells the student what to add.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from arguments.domain.toulmin import (
    Backing,
    Citation,
    Claim,
    Data,
    Phase1Output,
    Phase2Output,
    Phase3Output,
    Phase4Output,
    Qualifier,
    Rebuttal,
    Verdict,
    Warrant,
    degree_for,
)
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import Sentence, sentences

if TYPE_CHECKING:
    from arguments.domain.roles import RoleModel

RoleProbabilities = list[dict[str, float]]  # per sentence, the model's probability per role

SOURCE_LABEL = "Source text supplied by the user"
MAX_FACTS = 5
# How the sentence-role model's probabilities are used (chosen by leave-one-topic-out on the
# annotated web texts, see benchmarks/analyzer_quality.py): the claim is the sentence with the
# highest P(claim), the rules' claim score breaking ties (adding it in cost claim hits); a
# datum needs P(data) + P(backing) >= DATA_THRESHOLD; an objection needs
# P(rebuttal) >= REBUTTAL_THRESHOLD or a refutation marker.
DATA_THRESHOLD = 0.5
REBUTTAL_THRESHOLD = 0.2


class NotInText(Exception):
    """The text lacks a part the phase needs; the message is the reason shown to the user."""


def _has(pattern: re.Pattern[str], text: str) -> bool:
    return pattern.search(text) is not None


CONCLUSION = _words(
    "therefore",
    "thus",
    "hence",
    "consequently",
    "so",
    "in conclusion",
    "in short",
    "overall",
    "this shows",
    "this means",
    "it follows",
    "for these reasons",
    "in sum",
)
STANCE = _words(
    "should",
    "must",
    "ought to",
    "need to",
    "needs to",
    "have to",
    "has to",
    "i believe",
    "i think",
    "i argue",
    "i feel",
    "in my opinion",
    "in my view",
    "it is clear",
    "clearly",
    "is better",
    "are better",
    "is wrong",
    "is right",
    "is the best",
    "is necessary",
    "is essential",
    "is important",
)
PREMISE = _words(
    "because",
    "since",
    "as shown",
    "for example",
    "for instance",
    "according to",
    "studies",
    "study",
    "research",
    "survey",
    "data",
    "percent",
    "statistics",
    "found that",
    "shows that",
    "showed that",
    "show that",
    "reported",
    "evidence",
    "results",
    "experience",
    "observed",
    "in fact",
    "indeed",
)
NUMBER = re.compile(r"\d|%|\bpercent\b", re.IGNORECASE)
GENERAL_RULE = _words(
    "in general",
    "generally",
    "as a rule",
    "always",
    "whenever",
    "every",
    "all",
    "any",
    "everyone",
    "everybody",
    "no one",
    "nobody",
    "each",
    "usually",
    "typically",
    "tend to",
    "tends to",
    "most people",
    "if",
    "the more",
    "the less",
    "principle",
)
EXCEPTION = _words(
    "unless",
    "except",
    "however",
    "but",
    "although",
    "though",
    "on the other hand",
    "critics",
    "opponents",
    "some argue",
    "some people",
    "some say",
    "admittedly",
    "granted",
    "of course",
    "even if",
    "nevertheless",
    "yet",
    "while",
    "whereas",
    "on the contrary",
    "others argue",
    "it is true that",
    "the problem is",
)
REFUTATION = _words(
    "disproven",
    "disproved",
    "refuted",
    "debunked",
    "proven false",
    "proved false",
    "shown to be false",
    "no evidence",
    "is false",
    "is a myth",
)
# A sentence that opens by giving the other side its say: objection material, with or
# without the model (whose training texts rarely put an objection this way).
OBJECTION_OPENER = re.compile(
    r"^(?:however|on the other hand|critics|opponents|others (?:argue|say)|admittedly|granted|"
    r"some (?:argue|say|claim|worry|people|\w+ say)|of course|it is true that)\b",
    re.IGNORECASE,
)
# A sentence that opens by stating a general rule is the warrant's, not a datum (the model,
# trained on texts annotated without warrants, would take it as a premise).
RULE_OPENER = re.compile(
    r"^(?:in general|generally|as a rule|whenever|the more|the less|in most cases)\b",
    re.IGNORECASE,
)
COUNTEREXAMPLE = _words("for example", "for instance", "such as", "in the case of", "consider")
HEDGES: list[tuple[str, re.Pattern[str]]] = [
    ("certainly", _words("certainly", "definitely", "undoubtedly", "without doubt", "surely")),
    ("presumably", _words("presumably", "in most cases", "usually", "generally", "typically")),
    ("probably", _words("probably", "likely", "most likely")),
    ("possibly", _words("possibly", "might", "may", "could", "perhaps", "maybe")),
    ("apparently", _words("apparently", "seemingly", "it seems", "seems to", "appears to")),
]
UNIVERSAL = _words("all", "every", "always", "never", "none", "no one", "everyone", "nobody")

# Attributions: who said or found it.
_NAME = (
    r"((?:Dr\.|Prof\.|Professor)?\s?[A-Z][\w.&'-]*(?:\s+(?:of|for|and|the|[A-Z][\w.&'-]*)){0,6})"
)
ATTRIBUTIONS = [
    re.compile(r"\baccording to (?:the |a |an )?([^,.;:]{3,80})", re.IGNORECASE),
    re.compile(
        r"\b(?:a |the )?(?:study|report|survey|paper|research|poll|review|analysis)"
        r" (?:by|from|of|published by|conducted by) (?:the )?" + _NAME
    ),
    re.compile(
        _NAME + r"\s+(?:\([^)]*\)\s+)?(?:said|says|found|finds|reported|reports|"
        r"argued|argues|wrote|writes|concluded|concludes|showed|shows|stated|states|"
        r"estimated|estimates|recommends|recommended)\b"
    ),
    re.compile(
        r"\b(?:researchers|scientists|experts|economists|doctors|psychologists|"
        r"teachers|educators)\s+(?:at|from)\s+(?:the )?([^,.;:]{3,80})",
        re.IGNORECASE,
    ),
]
_NOT_A_SOURCE = {
    "it",
    "this",
    "that",
    "he",
    "she",
    "they",
    "we",
    "i",
    "you",
    "one",
    "there",
    "which",
    "who",
    "people",
    "some",
    "many",
    "he also",
    "she also",
}


def attributions(sentence: Sentence) -> list[Citation]:
    """Citations for the attributions a sentence makes (source = who, reference = the quote),
    one per source."""
    found: list[Citation] = []
    for pattern in ATTRIBUTIONS:
        for match in pattern.finditer(sentence.text):
            source = match.group(1).strip(" \"'“”")
            if len(source) < 3 or source.lower() in _NOT_A_SOURCE:
                continue
            add_citation(found, Citation(source=source, reference=_quote(sentence)))
    return found


def _source_key(source: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", source.strip().lower())


def add_citation(citations: list[Citation], citation: Citation) -> None:
    """Add ``citation`` unless its source is cited already: the same source (ignoring case and
    a leading article), or one naming it in full or in part ("the Academy" and "the American
    Academy of Pediatrics" are one source; the fuller name is kept)."""
    key = _source_key(citation.source)
    for i, known in enumerate(citations):
        known_key = _source_key(known.source)
        if key == known_key or key in known_key:
            return
        if known_key in key:
            citations[i] = citation
            return
    citations.append(citation)


def _quote(sentence: Sentence) -> str:
    text = sentence.text if len(sentence.text) <= 240 else sentence.text[:237] + "..."
    return f'sentence {sentence.index + 1}: "{text}"'


@functools.lru_cache(maxsize=4096)
def _strip_marker(text: str) -> str:
    """Drop a leading discourse marker: "Therefore, we must..." → "We must..."."""
    stripped = re.sub(
        r"^(?:therefore|thus|hence|so|consequently|in conclusion|in short|overall|in sum|"
        r"to conclude|for these reasons|that is why|this is why|clearly|i believe that|"
        r"i think that|i believe|i think|i argue that|in my opinion|in my view)\s*,?\s*",
        "",
        text,
        flags=re.IGNORECASE,
    )
    return stripped[:1].upper() + stripped[1:] if stripped else text


_STOP = frozenset(
    (
        "the a an of to in on for and or but is are was were be been it this that these "
        "those with as by at from should would could can will do does did not no yes we "
        "you they he she i my our your their his her its than then there here what which "
        "who whom why how"
    ).split()
)


@functools.lru_cache(maxsize=4096)  # sentences are compared with each other many times
def content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-zà-ÿ]{3,}", text.lower()) if w not in _STOP)


# -- phase 1 --------------------------------------------------------------------------------


def _claim_score(sentence: Sentence, query_words: set[str]) -> float:
    text = sentence.text
    score = 3.0 if _has(CONCLUSION, text) else 0.0
    if _has(STANCE, text):
        score += 2
    score += min(3, len(content_words(text) & query_words))
    # Web comments and essays state their position first more often than last (on the
    # annotated corpus, a last-sentence bonus cost 4 of 107 claims).
    if sentence.index == 0:
        score += 1
    if _has(PREMISE, text) or _has(NUMBER, text):
        score -= 2
    if text.endswith("?"):  # the splitter strips every sentence
        score -= 10
    return score


def _candidates(sents: list[Sentence]) -> list[Sentence]:
    return [s for s in sents if not s.text.endswith("?") and len(s.text) >= 12]


def find_claim(
    query: str,
    sents: list[Sentence],
    roles: RoleModel | None = None,
    probs: RoleProbabilities | None = None,
) -> tuple[str, Sentence | None]:
    """The claim statement and the sentence it came from (None when it is the query).

    With the sentence-role model (``roles``, or its ``probs`` already computed), the model's
    P(claim) decides and the rules' score breaks ties; without it, the rules alone decide.
    """
    query_words = content_words(query)
    candidates = _candidates(sents)
    if probs is None and roles is not None:
        probs = roles.probabilities(sents, query)
    if candidates and probs is not None:
        best = max(
            candidates,
            key=lambda s: (
                probs[s.index]["claim"],
                _claim_score(s, query_words),
                -s.index,
            ),
        )
        return _strip_marker(best.text), best
    if candidates:
        best = max(candidates, key=lambda s: (_claim_score(s, query_words), -s.index))
        if _claim_score(best, query_words) > 0:
            return _strip_marker(best.text), best
    if not query.strip().endswith("?") and len(query.strip()) >= 10:
        return query.strip(), None
    if candidates:
        best = max(candidates, key=lambda s: (_claim_score(s, query_words), -s.index))
        return _strip_marker(best.text), best
    raise NotInText(
        "CLAIM MISSING: the query is a question and the source text states no position. "
        "Write the claim you want to test as a statement (not a question), or add a text "
        "that takes a position."
    )


def _scope(statement: str) -> str:
    if _has(UNIVERSAL, statement):
        return "universal"
    if re.search(r"\b(?:I|my|me)\b", statement) or re.search(
        r"\bthis (?:school|case|city)\b", statement, re.IGNORECASE
    ):
        return "singular"
    if _has(NUMBER, statement) or re.search(r"\s[A-Z][a-z]+", statement):
        return "specific"
    return "general"


def _fact_score(sentence: Sentence) -> int:
    """Two points for each kind of evidence: a premise marker, a number, an attribution."""
    marks = (
        _has(PREMISE, sentence.text),
        _has(NUMBER, sentence.text),
        bool(attributions(sentence)),
    )
    return 2 * sum(marks)


def _evidence_type(facts: list[Sentence]) -> str:
    text = " ".join(s.lower for s in facts)
    if _has(NUMBER, text) or _has(_words("survey", "statistics", "rate", "average"), text):
        return "statistical"
    if _has(
        _words(
            "according to",
            "expert",
            "experts",
            "professor",
            "dr",
            "researchers",
            "scientists",
            "psychologists",
            "doctors",
        ),
        text,
    ):
        return "expert"
    if _has(
        _words("report", "law", "act", "constitution", "court", "article", "document", "policy"),
        text,
    ):
        return "documentary"
    if _has(
        _words(
            "study", "studies", "experiment", "research", "observed", "found", "evidence", "results"
        ),
        text,
    ):
        return "empirical"
    return "testimonial"


def _data_by_model(candidates: list[Sentence], probs: RoleProbabilities) -> list[Sentence]:
    def p_data(s: Sentence) -> float:
        return probs[s.index]["data"] + probs[s.index]["backing"]

    likely = [
        s
        for s in candidates
        if p_data(s) >= DATA_THRESHOLD
        # objections go to the rebuttal, as without the model
        and probs[s.index]["rebuttal"] < REBUTTAL_THRESHOLD
        and not _has(REFUTATION, s.text)
        and not _has(OBJECTION_OPENER, s.text)
        and not _has(RULE_OPENER, s.text)
    ]
    return sorted(likely, key=lambda s: (-p_data(s), s.index))[:MAX_FACTS]


def phase1(query: str, source_text: str, roles: RoleModel | None = None) -> Phase1Output:
    """DATA from the text's evidential sentences and the CLAIM they support.

    With the sentence-role model, the data are the sentences it finds most likely to be
    premises; without it (or when it finds none), the sentences with evidential markers.
    """
    sents = sentences(source_text)
    if not sents:
        raise NotInText(
            "DATA MISSING: there is no source text, so there are no facts to analyse. "
            "Add the text that argues the point (or the evidence you have), then run again — "
            "the offline analyzer never invents facts."
        )
    probs = roles.probabilities(sents, query) if roles is not None else None
    statement, claim_sentence = find_claim(query, sents, probs=probs)
    others: list[Sentence] = []
    for s in sents:  # a sentence plays one role: not the claim again, nor a datum twice
        if s is claim_sentence or s.text.endswith("?"):
            continue
        if not _is_used(s, [statement, *(o.text for o in others)]):
            others.append(s)
    # Objections ("however", "critics argue") are rebuttal material, not the argument's data.
    supporting = [s for s in others if not _has(EXCEPTION, s.text) and not _has(REFUTATION, s.text)]
    chosen = _data_by_model(others, probs) if probs is not None else []
    if not chosen:
        marked = [s for s in supporting if _fact_score(s)]
        chosen = sorted(marked, key=lambda s: (-_fact_score(s), s.index))[:MAX_FACTS]
    if not chosen:
        # No evidential markers: the author's other statements are their grounds.
        chosen = supporting[:3]
    if not chosen:
        raise NotInText(
            "DATA MISSING: the source text states a position but gives no grounds for it. "
            "Add the facts, figures, examples or testimony that support the claim."
        )
    chosen.sort(key=lambda s: s.index)
    citations: list[Citation] = []
    for sentence in chosen:
        for citation in attributions(sentence):
            add_citation(citations, citation)
    if not citations:
        citations = [Citation(source=SOURCE_LABEL, reference=_quote(chosen[0]))]
    if len(statement) < 10:
        statement = query.strip().rstrip("?") if len(query.strip()) >= 11 else statement
    return Phase1Output(
        data=Data(
            facts=[s.text for s in chosen],
            citations=citations,
            evidence_type=_evidence_type(chosen),  # type: ignore[arg-type]
        ),
        claim=Claim(statement=statement, scope=_scope(statement)),  # type: ignore[arg-type]
    )


# -- phase 2 --------------------------------------------------------------------------------


def _repeats(text: str, other: str) -> bool:
    """True when ``text`` says nothing ``other`` does not: the same sentence (a discourse marker
    aside), or nearly the same words."""
    if _strip_marker(text) == _strip_marker(other):
        return True
    words, other_words = content_words(text), content_words(other)
    if not words or not other_words:
        return False
    return len(words & other_words) / len(words | other_words) >= 0.8


def _used_texts(components: dict[str, Any]) -> list[str]:
    """The texts the chain's earlier parts took from the source: claim, data, warrant, backing
    and the rebuttal's exceptions and counterexamples."""
    data = components.get("data") or {}
    rebuttal = components.get("rebuttal") or {}
    return [
        *(data.get("facts") or []),
        (components.get("claim") or {}).get("statement", ""),
        (components.get("warrant") or {}).get("principle", ""),
        (components.get("backing") or {}).get("authority", ""),
        *(rebuttal.get("exceptions") or []),
        *(rebuttal.get("counterexamples") or []),
    ]


def _is_used(sentence: Sentence, used: list[str]) -> bool:
    """True when a part already holds ``sentence``: the one invariant that a sentence plays at
    most one role (claim, datum, warrant, backing, exception or counterexample). A part holds
    a sentence when it repeats it (a discourse marker aside) or quotes it whole, as a part
    written by a model or by hand may span several sentences."""
    own = _strip_marker(sentence.text)
    for text in used:
        if not text:
            continue
        if _repeats(sentence.text, text) or own in text or sentence.text in text:
            return True
        if len(text) >= 20 and _strip_marker(text) in sentence.text:
            return True
    return False


def phase2(query: str, source_text: str, components: dict[str, Any]) -> Phase2Output:
    """The WARRANT the text states (a general rule) and the BACKING it names (an authority)."""
    sents = sentences(source_text)
    claim_words = content_words((components.get("claim") or {}).get("statement", "") + " " + query)
    facts = (components.get("data") or {}).get("facts") or []
    data_words = content_words(" ".join(facts))
    used = _used_texts(components)
    rules = [
        s
        for s in sents
        if _has(GENERAL_RULE, s.text)
        and not s.text.endswith("?")
        and len(s.text) >= 20
        and not _has(REFUTATION, s.text)
        and not _is_used(s, used)
    ]
    rules.sort(key=lambda s: (-len(content_words(s.text) & (claim_words | data_words)), s.index))
    if rules:
        best = rules[0]
        overlap = len(content_words(best.text) & (claim_words | data_words))
        logic = (
            "deductive"
            if _has(
                _words(
                    "all", "every", "always", "whenever", "if", "any", "no one", "nobody", "each"
                ),
                best.text,
            )
            else "inductive"
        )
        if _has(_words("best explanation", "likely explanation", "explains"), best.text):
            logic = "abductive"
        warrant = Warrant(
            principle=_strip_marker(best.text)
            if len(_strip_marker(best.text)) >= 20
            else best.text,
            logic_type=logic,  # type: ignore[arg-type]
            strength="strong" if overlap >= 1 else "weak",
        )
    else:
        warrant = Warrant(
            principle=(
                "No general principle is stated in the source text that links the data to "
                "the claim. Add a sentence giving the rule that makes these facts a reason "
                "for the claim (for example: 'In general, ...' or 'Whenever ..., ...')."
            ),
            logic_type="inductive",
            strength="weak",
        )

    # The backing is an authority the text names. A sentence that is already a datum, the
    # claim or the warrant is not repeated: its source is named instead.
    used.append(warrant.principle)
    all_cites: list[Citation] = []
    fresh: list[Sentence] = []
    for sentence in sents:
        cites = attributions(sentence)
        for citation in cites:
            add_citation(all_cites, citation)
        if cites and len(sentence.text) >= 10 and not _is_used(sentence, used):
            fresh.append(sentence)
    if fresh:
        backing = Backing(authority=fresh[0].text, citations=all_cites[:5], strength="strong")
    elif all_cites:
        names = [c.source for c in all_cites[:3]]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        backing = Backing(
            authority=f"{listed}, named in the text as the source of its data.",
            citations=all_cites[:5],
            strength="strong",
        )
    else:
        backing = Backing(
            authority=(
                "No authority is named in the source text to vouch for the warrant. Cite a "
                "study, an expert, a law or another source that supports the principle."
            ),
            citations=[Citation(source=SOURCE_LABEL, reference="no attribution found in the text")],
            strength="weak",
        )
    return Phase2Output(warrant=warrant, backing=backing)


# -- phase 3 --------------------------------------------------------------------------------


def _confidence(components: dict[str, Any], rebuttal: Rebuttal, claim_text: str) -> int:
    data = components.get("data") or {}
    confidence = 45 + 7 * min(3, len(data.get("facts") or []))
    named = [c for c in data.get("citations") or [] if c.get("source") != SOURCE_LABEL]
    confidence += 6 if named else 0
    for part in ("warrant", "backing"):
        strength = (components.get(part) or {}).get("strength")
        confidence += {"absolute": 12, "strong": 8}.get(strength, 0)
    # phase 3 writes the rebuttal itself: absolute, strong or weak, never irrelevant
    confidence -= {"absolute": 80, "strong": 20, "weak": 6}[rebuttal.strength]
    for degree, pattern in HEDGES:  # the author's own hedge caps the confidence
        if _has(pattern, claim_text):
            confidence = min(
                confidence,
                {
                    "certainly": 100,
                    "presumably": 89,
                    "probably": 69,
                    "possibly": 49,
                    "apparently": 29,
                }[degree],
            )
            break
    return max(0, min(100, confidence))


def _a(word: str) -> str:
    """The word with its indefinite article: "a strong", "an absolute"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def phase3(
    query: str, source_text: str, components: dict[str, Any], roles: RoleModel | None = None
) -> Phase3Output:
    """REBUTTALS from the text's exceptions and objections; a QUALIFIER computed from it all.

    An objection is a sentence with a refutation marker or opening with an objection ("However",
    "Critics argue"), or one the sentence-role model finds likely to be a rebuttal (without the
    model: one with an exception marker anywhere).
    """
    sents = sentences(source_text)
    used = _used_texts(components)
    if roles is not None:
        probs = roles.probabilities(sents, query)
        objecting = [
            _has(REFUTATION, s.text)
            or _has(OBJECTION_OPENER, s.text)
            or probs[s.index]["rebuttal"] >= REBUTTAL_THRESHOLD
            for s in sents
        ]
    else:
        objecting = [_has(EXCEPTION, s.text) or _has(REFUTATION, s.text) for s in sents]
    objections: list[Sentence] = []
    for s in sents:  # each objection once: not a part already, nor another objection again
        if objecting[s.index] and not _is_used(s, [*used, *(o.text for o in objections)]):
            objections.append(s)
    claim_text = (components.get("claim") or {}).get("statement", query)
    if objections:
        refuted = any(_has(REFUTATION, s.text) for s in objections)
        strength = "absolute" if refuted else ("strong" if len(objections) >= 2 else "weak")
        # An objection that gives a case ("for example") is a counterexample, the others are
        # exceptions: never both. The schema wants at least one exception.
        listed = objections[:4]
        cases = [s for s in listed if _has(COUNTEREXAMPLE, s.text)]
        exceptions = [s for s in listed if s not in cases] or cases[:1]
        rebuttal = Rebuttal(
            exceptions=[s.text for s in exceptions],
            counterexamples=[s.text for s in cases if s not in exceptions],
            strength=strength,  # type: ignore[arg-type]
        )
    else:
        rebuttal = Rebuttal(
            exceptions=[
                "The source text considers no exception or objection; the claim has not "
                "been tested against the conditions under which it might fail."
            ],
            strength="weak",
        )
    confidence = _confidence(components, rebuttal, claim_text)
    degree = degree_for(confidence)
    facts = len((components.get("data") or {}).get("facts") or [])
    warrant = (components.get("warrant") or {}).get("strength", "missing")
    backing = (components.get("backing") or {}).get("strength", "missing")
    rationale = (
        f"{confidence}% from {facts} fact(s) in the text, {_a(warrant)} warrant, "
        f"{_a(backing)} backing and {_a(rebuttal.strength)} rebuttal "
        f"({len(objections)} objection(s) found)."
    )
    return Phase3Output(
        rebuttal=rebuttal,
        qualifier=Qualifier(degree=degree, confidence_pct=confidence, rationale=rationale),  # type: ignore[arg-type]
    )


# -- phase 4 --------------------------------------------------------------------------------


def _bare(statement: str) -> str:
    """A statement without its closing punctuation, to quote inside a sentence (no `.".`)."""
    return statement.strip().rstrip(".!;:, ").strip()


def phase4(query: str, components: dict[str, Any]) -> Phase4Output:
    """The VERDICT that follows from the rebuttal's strength and the qualifier's confidence."""
    rebuttal = components.get("rebuttal") or {}
    qualifier = components.get("qualifier") or {}
    claim = (components.get("claim") or {}).get("statement", query)
    confidence = int(qualifier.get("confidence_pct", 0))
    degree = qualifier.get("degree", degree_for(confidence))
    strength = rebuttal.get("strength", "weak")
    if strength == "absolute":
        status = "overruled"
        reasoning = (
            f"The source text itself contains an objection that refutes the claim outright "
            f"(an absolute rebuttal), so the data and warrant cannot carry it; confidence is "
            f"{confidence}%. The claim is rejected."
        )
        final = f'Overruled: the claim "{_bare(claim)}" is refuted by the text\'s own objection.'
    elif confidence >= 50 and strength != "strong":
        status = "sustained"
        reasoning = (
            f"The data, a stated warrant and a named backing support the claim, and the "
            f"objections found are {strength}; the argument holds {degree} at {confidence}% "
            f"confidence."
        )
        final = f"Sustained ({degree}, {confidence}%): {claim}"
    else:
        status = "remanded"
        reasoning = (
            f"At {confidence}% confidence and with a {strength} rebuttal, the evidence in the "
            f"text is not enough to decide; more data, or an answer to the objections, is "
            f"needed before a judgment."
        )
        final = f'Remanded: more evidence is needed before accepting "{_bare(claim)}".'
    return Phase4Output(verdict=Verdict(status=status, reasoning=reasoning, final_statement=final))  # type: ignore[arg-type]


def analyze_phase(
    inputs: dict[str, Any], roles: RoleModel | None = None
) -> Phase1Output | Phase2Output | Phase3Output | Phase4Output:
    """The offline provider's entry point: ``inputs`` = phase, query, source_text, components;
    ``roles`` the sentence-role model (the rules alone without it)."""
    phase = int(inputs["phase"])
    query = inputs.get("query", "")
    text = inputs.get("source_text", "") or ""
    components = inputs.get("components") or {}
    if phase == 1:
        return phase1(query, text, roles)
    if phase == 2:
        return phase2(query, text, components)
    if phase == 3:
        return phase3(query, text, components, roles)
    return phase4(query, components)
