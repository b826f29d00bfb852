"""The offline analyzer: a deterministic, rule-based Toulmin analysis of a query and its text.

It reads discourse markers ("therefore", "because", "however"), attributions ("according
to", "X found"), hedges ("probably", "might") and general-rule markers ("in general",
"whenever"). It never invents a fact or a source: every fact is a sentence of the source text,
and every citation points at an attribution in the text or at the text itself. When the text
lacks a part it says so: no data raises ``NotInText`` (the chain ends with the reason); no
stated principle or authority gives a weak warrant or backing, which the circuit breaker
turns into a termination whose reason tells the student what to add.
"""

from __future__ import annotations

import re
from typing import Any

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

SOURCE_LABEL = "Source text supplied by the user"
MAX_FACTS = 5


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
    """Citations for the attributions a sentence makes (source = who, reference = the quote)."""
    found: list[Citation] = []
    for pattern in ATTRIBUTIONS:
        for match in pattern.finditer(sentence.text):
            source = match.group(1).strip(" \"'“”")
            if len(source) < 3 or source.lower() in _NOT_A_SOURCE:
                continue
            citation = Citation(source=source, reference=_quote(sentence))
            if citation not in found:
                found.append(citation)
    return found


def _quote(sentence: Sentence) -> str:
    text = sentence.text if len(sentence.text) <= 240 else sentence.text[:237] + "..."
    return f'sentence {sentence.index + 1}: "{text}"'


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


def content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-zà-ÿ]{3,}", text.lower()) if w not in _STOP}


# -- phase 1 --------------------------------------------------------------------------------


def _claim_score(sentence: Sentence, query_words: set[str], total: int) -> float:
    text = sentence.text
    score = 0.0
    if _has(CONCLUSION, text):
        score += 3
    if _has(STANCE, text):
        score += 2
    score += min(3, len(content_words(text) & query_words))
    # Web comments and essays state their position first more often than last (on the
    # annotated corpus, a last-sentence bonus cost 4 of 107 claims).
    if sentence.index == 0:
        score += 1
    if _has(PREMISE, text) or _has(NUMBER, text):
        score -= 2
    if text.rstrip().endswith("?"):
        score -= 10
    return score


def find_claim(query: str, sents: list[Sentence]) -> tuple[str, Sentence | None]:
    """The claim statement and the sentence it came from (None when it is the query)."""
    query_words = content_words(query)
    candidates = [s for s in sents if not s.text.rstrip().endswith("?") and len(s.text) >= 12]
    if candidates:
        best = max(candidates, key=lambda s: (_claim_score(s, query_words, len(sents)), -s.index))
        if _claim_score(best, query_words, len(sents)) > 0:
            return _strip_marker(best.text), best
    if not query.strip().endswith("?") and len(query.strip()) >= 10:
        return query.strip(), None
    if candidates:
        best = max(candidates, key=lambda s: (_claim_score(s, query_words, len(sents)), -s.index))
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
    if _has(NUMBER, statement) or re.search(r"\s[A-Z][a-z]+", statement[1:]):
        return "specific"
    return "general"


def _fact_score(sentence: Sentence) -> int:
    score = 0
    if _has(PREMISE, sentence.text):
        score += 2
    if _has(NUMBER, sentence.text):
        score += 2
    if attributions(sentence):
        score += 2
    return score


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


def phase1(query: str, source_text: str) -> Phase1Output:
    """DATA from the text's evidential sentences and the CLAIM they support."""
    sents = sentences(source_text)
    if not sents:
        raise NotInText(
            "DATA MISSING: there is no source text, so there are no facts to analyse. "
            "Add the text that argues the point (or the evidence you have), then run again — "
            "the offline analyzer never invents facts."
        )
    statement, claim_sentence = find_claim(query, sents)
    others = [s for s in sents if s is not claim_sentence and not s.text.rstrip().endswith("?")]
    # Objections ("however", "critics argue") are rebuttal material, not the argument's data.
    supporting = [s for s in others if not _has(EXCEPTION, s.text) and not _has(REFUTATION, s.text)]
    marked = [s for s in supporting if _fact_score(s) > 0]
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
            if citation not in citations:
                citations.append(citation)
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


def _used(components: dict[str, Any]) -> set[str]:
    data = components.get("data") or {}
    claim = components.get("claim") or {}
    return {*(data.get("facts") or []), claim.get("statement", "")}


def phase2(query: str, source_text: str, components: dict[str, Any]) -> Phase2Output:
    """The WARRANT the text states (a general rule) and the BACKING it names (an authority)."""
    sents = sentences(source_text)
    claim_words = content_words((components.get("claim") or {}).get("statement", "") + " " + query)
    facts = (components.get("data") or {}).get("facts") or []
    data_words = content_words(" ".join(facts))
    rules = [
        s
        for s in sents
        if _has(GENERAL_RULE, s.text)
        and not s.text.rstrip().endswith("?")
        and len(s.text) >= 20
        and not _has(REFUTATION, s.text)
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

    authorities: list[tuple[Sentence, list[Citation]]] = [
        (s, cites) for s in sents if (cites := attributions(s))
    ]
    if authorities:
        # Prefer an authority that is not already one of the facts.
        used = _used(components)
        authorities.sort(key=lambda pair: (pair[0].text in used, pair[0].index))
        sentence, cites = authorities[0]
        all_cites: list[Citation] = []
        for _, more in authorities:
            for c in more:
                if c not in all_cites:
                    all_cites.append(c)
        backing = Backing(
            authority=sentence.text if len(sentence.text) >= 10 else cites[0].source,
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
    confidence -= {"absolute": 80, "strong": 20, "weak": 6, "irrelevant": 0}[rebuttal.strength]
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


def phase3(query: str, source_text: str, components: dict[str, Any]) -> Phase3Output:
    """REBUTTALS from the text's exceptions and objections; a QUALIFIER computed from it all."""
    sents = sentences(source_text)
    used = _used(components)
    objections = [
        s
        for s in sents
        if (_has(EXCEPTION, s.text) or _has(REFUTATION, s.text)) and s.text not in used
    ]
    claim_text = (components.get("claim") or {}).get("statement", query)
    if objections:
        refuted = any(_has(REFUTATION, s.text) for s in objections)
        strength = "absolute" if refuted else ("strong" if len(objections) >= 2 else "weak")
        rebuttal = Rebuttal(
            exceptions=[s.text for s in objections[:4]],
            counterexamples=[s.text for s in objections if _has(COUNTEREXAMPLE, s.text)][:3],
            strength=strength,  # type: ignore[arg-type]
        )
    else:
        rebuttal = Rebuttal(
            exceptions=[
                "The source text considers no exception or objection; the claim has not "
                "been tested against the conditions under which it might fail."
            ],
            counterexamples=[],
            strength="weak",
        )
    confidence = _confidence(components, rebuttal, claim_text)
    degree = degree_for(confidence)
    facts = len((components.get("data") or {}).get("facts") or [])
    rationale = (
        f"{confidence}% from {facts} fact(s) in the text, a "
        f"{(components.get('warrant') or {}).get('strength', 'missing')} warrant, a "
        f"{(components.get('backing') or {}).get('strength', 'missing')} backing and a "
        f"{rebuttal.strength} rebuttal ({len(objections)} objection(s) found)."
    )
    return Phase3Output(
        rebuttal=rebuttal,
        qualifier=Qualifier(degree=degree, confidence_pct=confidence, rationale=rationale),  # type: ignore[arg-type]
    )


# -- phase 4 --------------------------------------------------------------------------------


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
        final = f'Overruled: the claim "{claim}" is refuted by the text\'s own objection.'
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
        final = f'Remanded: more evidence is needed before accepting "{claim}".'
    return Phase4Output(verdict=Verdict(status=status, reasoning=reasoning, final_statement=final))  # type: ignore[arg-type]


def analyze_phase(
    inputs: dict[str, Any],
) -> Phase1Output | Phase2Output | Phase3Output | Phase4Output:
    """The offline provider's entry point: ``inputs`` = phase, query, source_text, components."""
    phase = int(inputs["phase"])
    query = inputs.get("query", "")
    text = inputs.get("source_text", "") or ""
    components = inputs.get("components") or {}
    if phase == 1:
        return phase1(query, text)
    if phase == 2:
        return phase2(query, text, components)
    if phase == 3:
        return phase3(query, text, components)
    return phase4(query, components)
