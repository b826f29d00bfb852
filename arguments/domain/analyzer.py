"""The offline analyzer: a deterministic Toulmin analysis of a query and its text, by rules and,
when it is given one, a small sentence-role model (``arguments.domain.roles``).

Which sentence does what (claim, data, stated rule, objection) is the one reading of
``arguments.domain.reading``; this module turns it into the chain's components. It never
invents a fact or a source: every fact is a sentence of the source text, and every citation
points at an attribution in the text or at the text itself.

- The warrant is the general rule the text states, wherever it stands. When it states none but
  links data to claim, the warrant is reconstructed and marked as the author's assumption
  ("The author assumes that …"); its strength is how well the data bear on the claim (they
  share its subject). Only data that do not bear on the claim make it weak, and then the
  warrant names the sentences weighed and what the student could add: the circuit breaker
  quotes it.
- The backing is the authority the text names; with none, the warrant rests on the author's
  own data, which the backing says, and the qualifier's confidence is lower.
- Objections include concessions and counter-considerations; the qualifier follows the
  claim's own hedge ("probably" → probably).
- A text in a script the analyzer cannot read is refused with a message naming what it reads.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from arguments.domain import spanish as es
from arguments.domain.authority import named_authority
from arguments.domain.language import Lexicon, reader_language, reading_in, unreadable
from arguments.domain.language import reading as language_now
from arguments.domain.markers import (
    COUNTEREXAMPLE,
    HEDGES,
    NUMBER,
    REFUTATION,
    SOURCE_LABEL,
    UNIVERSAL,
    add_citation,
    attributions,
    content_words,
    has,
    quote,
    strip_marker,
)
from arguments.domain.reading import (
    MAX_FACTS,
    NotInText,
    Reading,
    find_claim,
    is_used,
    read,
    rule_kind,
    stems,
)
from arguments.domain.toulmin import (
    QUALIFIER_BANDS,
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
from arguments.domain.wording import listing, refs, say
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import Sentence

if TYPE_CHECKING:
    from arguments.domain.roles import RoleReader

__all__ = [
    "MAX_FACTS",
    "SOURCE_LABEL",
    "NotInText",
    "analyze_phase",
    "attributions",
    "content_words",
    "find_claim",
    "phase1",
    "phase2",
    "phase3",
    "phase4",
    "unreadable",
]

# -- the languages it reads -------------------------------------------------------------------


def _refuse_unreadable(text: str) -> None:
    reason = unreadable(text)
    if reason:
        raise NotInText(reason)


def _in_its_language[**P, R](phase: Callable[P, R]) -> Callable[P, R]:
    """Run ``phase`` (called with the query and the source text first) reading by the words of
    the text's language (``language.reading_in``): English or Spanish."""

    @functools.wraps(phase)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        query, text = str(args[0]), str(args[1] or "")
        with reading_in(reader_language(f"{text}\n{query}")):
            return phase(*args, **kwargs)

    return run


# -- phase 1 --------------------------------------------------------------------------------


_FIRST_PERSON = Lexicon(en=re.compile(r"\b(?:I|my|me)\b"), es=es.FIRST_PERSON)
_THIS_CASE = Lexicon(
    en=re.compile(r"\bthis (?:school|case|city)\b", re.IGNORECASE), es=es.THIS_CASE
)


def _scope(statement: str) -> str:
    if has(UNIVERSAL, statement):
        return "universal"
    if has(_FIRST_PERSON, statement) or has(_THIS_CASE, statement):
        return "singular"
    if has(NUMBER, statement) or re.search(r"\s[A-Z][a-z]+", statement):
        return "specific"
    return "general"


_STATISTICAL = Lexicon(en=_words("survey", "statistics", "rate", "average"), es=es.STATISTICAL)
_EXPERT = Lexicon(
    en=_words(
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
    es=es.EXPERT,
)
_DOCUMENTARY = Lexicon(
    en=_words("report", "law", "act", "constitution", "court", "article", "document", "policy"),
    es=es.DOCUMENTARY,
)
_EMPIRICAL = Lexicon(
    en=_words(
        "study", "studies", "experiment", "research", "observed", "found", "evidence", "results"
    ),
    es=es.EMPIRICAL,
)


def _evidence_type(facts: list[Sentence]) -> str:
    text = " ".join(s.lower for s in facts)
    if has(NUMBER, text) or has(_STATISTICAL, text):
        return "statistical"
    if has(_EXPERT, text):
        return "expert"
    if has(_DOCUMENTARY, text):
        return "documentary"
    if has(_EMPIRICAL, text):
        return "empirical"
    return "testimonial"


@_in_its_language
def phase1(
    query: str,
    source_text: str,
    roles: RoleReader | None = None,
    *,
    pinned: Mapping[int, str] | None = None,
    reading: Reading | None = None,
) -> Phase1Output:
    """DATA from the text's evidential sentences and the CLAIM they support (``read``, with
    the roles a person ``pinned``; ``reading``: the run's reading of the text, made with the
    same pins, when it has one)."""
    _refuse_unreadable(source_text)
    reading = reading if reading is not None else read(query, source_text, roles, pinned)
    if not reading.sentences:
        raise NotInText(say("missing.no_text"))
    statement = reading.statement
    if not statement:
        raise NotInText(say("missing.claim"))
    chosen = reading.data
    if not chosen:
        raise NotInText(say("missing.data"))
    citations: list[Citation] = []
    for sentence in chosen:
        for citation in attributions(sentence):
            add_citation(citations, citation)
    if not citations:
        citations = [Citation(source=SOURCE_LABEL, reference=quote(chosen[0]))]
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


def _refs(found: list[Sentence]) -> str:
    """ "sentence 2", "sentences 2 and 3", "sentences 2, 3 and 5"."""
    return refs([s.index + 1 for s in found])


def _bare(statement: str) -> str:
    """A statement without its closing punctuation, to quote inside a sentence (no `.".`)."""
    return statement.strip().rstrip(".!;:, ").strip()


def _lower_first(statement: str) -> str:
    """ "Schools should…" → "schools should…" (a name or "I" keeps its capital)."""
    bare = _bare(statement)
    first = bare.split(" ", 1)[0]
    if first == "I" or (len(first) > 1 and not first[1:].islower()):
        return bare
    return bare[:1].lower() + bare[1:]


# A datum pointing back at what was said ("…when they cannot find one") continues its subject.
_ANAPHOR = Lexicon(
    en=re.compile(
        r"^(?:it|they|this|these|those|such|that)\b|\b(?:one|them|it)[.!]?$", re.IGNORECASE
    ),
    es=es.ANAPHOR,
)


def _bearing(facts: list[Sentence], claim: str, query: str) -> list[Sentence]:
    """The data that bear on the claim: those sharing its subject (or the query's), or
    pointing back at it."""
    subject = stems(claim) | stems(query)
    return [
        s
        for s in facts
        if stems(s.text) & subject or (has(_ANAPHOR, s.text) and len(content_words(s.text)) >= 3)
    ]


_ABDUCTIVE = Lexicon(
    en=_words("best explanation", "likely explanation", "explains"), es=es.ABDUCTIVE
)
_DEDUCTIVE = Lexicon(
    en=_words("all", "every", "always", "whenever", "if", "any", "no one", "nobody", "each"),
    es=es.DEDUCTIVE,
)


def _logic(text: str) -> str:
    if has(_ABDUCTIVE, text):
        return "abductive"
    if has(_DEDUCTIVE, text):
        return "deductive"
    return "inductive"


def _stated_warrant(
    rules: list[Sentence], claim: str, query: str, facts: list[Sentence]
) -> Sentence | None:
    """The stated rule that links data to claim: the first marked one ("In general…",
    "Whenever…"), else the first universal statement on the claim's or the data's subject."""
    marked = [s for s in rules if rule_kind(s.text) == "marked"]
    if marked:
        return marked[0]
    subject = stems(claim) | stems(query) | stems(" ".join(s.text for s in facts))
    on_subject = [s for s in rules if stems(s.text) & subject]
    return on_subject[0] if on_subject else None


def _fact_sentences(sents: list[Sentence], facts: list[str]) -> list[Sentence]:
    """The source sentences the chain's facts are (a fact written elsewhere matches none)."""
    return [s for s in sents if any(strip_marker(s.text) == strip_marker(f) for f in facts)]


@_in_its_language
def phase2(
    query: str,
    source_text: str,
    components: dict[str, Any],
    roles: RoleReader | None = None,
    *,
    parts_given: bool = False,
    pinned: Mapping[int, str] | None = None,
    reading: Reading | None = None,
) -> Phase2Output:
    """The WARRANT: the general rule the text states, or the one its author assumes (marked
    as such), rated by how well the data bear on the claim; the BACKING: the authority the
    text names, or the author's own data when it names none. With ``parts_given`` the text is
    a part someone already wrote (a coach student's warrant, in any language): it is weighed,
    not searched for roles, so the language check that guards the search does not apply."""
    if not parts_given:
        _refuse_unreadable(source_text)
    if reading is None:
        reading = read(query, source_text, roles, pinned)
    sents = reading.sentences
    claim = (components.get("claim") or {}).get("statement", "") or query
    fact_texts = (components.get("data") or {}).get("facts") or []
    facts = _fact_sentences(sents, fact_texts)
    used = _used_texts(components)
    rules = [s for s in reading.rules if not is_used(s, used)]
    if not rules:  # a rule the reading left to another role, or text read without the model
        rules = [
            s
            for s in sents
            if rule_kind(s.text) and not is_used(s, used) and not has(REFUTATION, s.text)
        ]
    stated = _stated_warrant(rules, claim, query, facts)
    bearing = _bearing(facts, claim, query) if facts else []
    subject = stems(claim) | stems(query) | stems(" ".join(fact_texts))
    if stated is not None and (bearing or stems(stated.text) & subject):
        principle = strip_marker(stated.text)
        warrant = Warrant(
            principle=principle if len(principle) >= 20 else stated.text,
            logic_type=_logic(stated.text),  # type: ignore[arg-type]
            strength="strong",
        )
    elif bearing or (fact_texts and not facts and stated is None):
        # Data written elsewhere (by hand or a model) are taken to bear on their claim.
        if bearing:
            weighed = say(
                "weighed.one" if len(bearing) == 1 else "weighed.many", refs=_refs(bearing)
            )
        else:
            weighed = say("weighed.data")
        warrant = Warrant(
            principle=say("warrant.implicit", weighed=weighed, claim=_lower_first(claim)),
            logic_type="inductive",
            strength="strong",
        )
    else:
        weighed = say("data.refs", refs=_refs(facts)) if facts else say("data.plain")
        terms = ", ".join(sorted(content_words(claim) - content_words(" ".join(fact_texts)))[:4])
        rule = (
            say("rule.elsewhere", refs=_refs([stated])) if stated is not None else say("rule.none")
        )
        warrant = Warrant(
            principle=say(
                "warrant.off_subject",
                data=weighed,
                claim=_bare(claim),
                terms=terms or say("terms.none"),
                rule=rule,
            ),
            logic_type=_logic(stated.text) if stated is not None else "inductive",  # type: ignore[arg-type]
            strength="weak",
        )

    # The backing is an authority the text names. A sentence that is already a datum, the
    # claim or the warrant is not repeated: its source is named instead.
    used.append(warrant.principle)
    all_cites: list[Citation] = []
    fresh: list[Sentence] = []
    for sentence in sents:
        cites = attributions(sentence)
        named = named_authority(sentence.text)
        if named and not cites:  # "the WHO's 2022 report names…": the work is the source
            cites = [Citation(source=named, reference=quote(sentence))]
        for citation in cites:
            add_citation(all_cites, citation)
        if cites and len(sentence.text) >= 10 and not is_used(sentence, used):
            fresh.append(sentence)
    if fresh:
        backing = Backing(authority=fresh[0].text, citations=all_cites[:5], strength="strong")
    elif all_cites:
        backing = Backing(
            authority=say("backing.named", names=listing([c.source for c in all_cites[:3]])),
            citations=all_cites[:5],
            strength="strong",
        )
    elif warrant.strength == "strong":
        own = _refs(bearing or facts) if (bearing or facts) else say("data.given")
        backing = Backing(
            authority=say("backing.own_data", own=own),
            citations=[Citation(source=SOURCE_LABEL, reference=say("citation.own_data", own=own))],
            strength="strong",
        )
    else:
        backing = Backing(
            authority=say("backing.none"),
            citations=[Citation(source=SOURCE_LABEL, reference=say("citation.none"))],
            strength="weak",
        )
    return Phase2Output(warrant=warrant, backing=backing)


# -- phase 3 --------------------------------------------------------------------------------

# A Spanish text is read by the rules alone (the sentence-role model learned from English
# texts only): the reading is less sure, and the qualifier says so by this many points.
RULES_ONLY_DOUBT = 8

_HEDGE_CAP = {"certainly": 100, "presumably": 89, "probably": 69, "possibly": 49, "apparently": 29}


def hedge_of(claim_text: str) -> str | None:
    """The qualifier the claim's own words give ("probably", "might" → possibly), if any."""
    for degree, pattern in HEDGES:
        if has(pattern, claim_text):
            return degree
    return None


def _confidence(components: dict[str, Any], rebuttal: Rebuttal, claim_text: str) -> int:
    data = components.get("data") or {}
    confidence = 45 + 7 * min(3, len(data.get("facts") or []))
    named = [c for c in data.get("citations") or [] if c.get("source") != SOURCE_LABEL]
    confidence += 6 if named else 0
    warrant = components.get("warrant") or {}
    implicit = str(warrant.get("principle", "")).startswith("The author assumes")
    # a stated rule counts more than one the reader had to supply
    stated = {"absolute": 12, "strong": 4 if implicit else 8}
    confidence += stated.get(str(warrant.get("strength")), 0)
    backing = components.get("backing") or {}
    own_data_only = all(c.get("source") == SOURCE_LABEL for c in backing.get("citations") or [{}])
    if not own_data_only:
        confidence += {"absolute": 12, "strong": 8}.get(str(backing.get("strength")), 0)
    # phase 3 writes the rebuttal itself: absolute, strong or weak, never irrelevant
    confidence -= {"absolute": 80, "strong": 20, "weak": 6}[rebuttal.strength]
    if language_now() == "es":
        confidence -= RULES_ONLY_DOUBT
    confidence = max(0, min(100, confidence))
    hedge = hedge_of(claim_text)
    if hedge is not None and rebuttal.strength != "absolute":
        # The author's own hedge is the qualifier: the confidence stays in its band (never
        # raised to "certainly" by the hedge alone, which only caps).
        low, high = QUALIFIER_BANDS[hedge]
        confidence = min(confidence, _HEDGE_CAP[hedge])
        if hedge != "certainly":
            confidence = max(confidence, low)
        confidence = min(confidence, high)
    return confidence


def _a(word: str) -> str:
    """The word with its indefinite article: "a strong", "an absolute"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


@_in_its_language
def phase3(
    query: str,
    source_text: str,
    components: dict[str, Any],
    roles: RoleReader | None = None,
    *,
    parts_given: bool = False,
    pinned: Mapping[int, str] | None = None,
    claim_confidence: float | None = None,
    reading: Reading | None = None,
) -> Phase3Output:
    """REBUTTALS from the text's objections: concessions ("Of course…", "Admittedly…"),
    reported objections ("Critics argue…", "Some parents worry…"), contrasts that do not
    answer one, refutations, and (with the model) the sentences it finds likely rebuttals, or
    (without it) exception clauses ("unless…"). A QUALIFIER computed from it all, following the
    claim's own hedge. ``parts_given`` as in ``phase2``."""
    if not parts_given:
        _refuse_unreadable(source_text)
    if reading is None:
        reading = read(query, source_text, roles, pinned)
    used = _used_texts(components)
    objections: list[Sentence] = []
    for s in reading.sentences:  # each objection once: not a part already, nor twice
        if reading.objecting[s.index] and not is_used(s, [*used, *(o.text for o in objections)]):
            objections.append(s)
    claim_text = (components.get("claim") or {}).get("statement", query)
    if objections:
        refuted = any(has(REFUTATION, s.text) for s in objections)
        strength = "absolute" if refuted else ("strong" if len(objections) >= 2 else "weak")
        # An objection that gives a case ("for example") is a counterexample, the others are
        # exceptions: never both. The schema wants at least one exception.
        listed = objections[:4]
        cases = [s for s in listed if has(COUNTEREXAMPLE, s.text)]
        exceptions = [s for s in listed if s not in cases] or cases[:1]
        rebuttal = Rebuttal(
            exceptions=[s.text for s in exceptions],
            counterexamples=[s.text for s in cases if s not in exceptions],
            strength=strength,  # type: ignore[arg-type]
        )
    else:
        rebuttal = Rebuttal(
            exceptions=[say("rebuttal.none")],
            strength="weak",
        )
    confidence = _confidence(components, rebuttal, claim_text)
    doubt = False
    if claim_confidence is not None and confidence > round(100 * claim_confidence):
        # the argument cannot hold more surely than the reader is of which claim it argues
        confidence = round(100 * claim_confidence)
        doubt = True
    degree = degree_for(confidence)
    facts = len((components.get("data") or {}).get("facts") or [])
    warrant = (components.get("warrant") or {}).get("strength", "missing")
    backing = (components.get("backing") or {}).get("strength", "missing")
    counts = {
        "confidence": confidence,
        "facts": facts,
        "warrant": _a(warrant),
        "backing": _a(backing),
        "rebuttal": _a(rebuttal.strength),
        "objections": len(objections),
    }
    if language_now() == "es" and doubt:
        rationale = say(
            "qualifier.rationale_rules_only_capped",
            doubt=RULES_ONLY_DOUBT,
            capped=confidence,
            **counts,
        )
    elif language_now() == "es":
        rationale = say("qualifier.rationale_rules_only", doubt=RULES_ONLY_DOUBT, **counts)
    elif doubt:
        rationale = say("qualifier.rationale_capped", capped=confidence, **counts)
    else:
        rationale = say("qualifier.rationale", **counts)
    return Phase3Output(
        rebuttal=rebuttal,
        qualifier=Qualifier(degree=degree, confidence_pct=confidence, rationale=rationale),  # type: ignore[arg-type]
    )


# -- phase 4 --------------------------------------------------------------------------------


def _warrant_kind(components: dict[str, Any]) -> str:
    principle = str((components.get("warrant") or {}).get("principle", ""))
    if principle.startswith("The author assumes"):
        return say("warrant_kind.implicit")
    return say("warrant_kind.stated")


def _backing_kind(components: dict[str, Any]) -> str:
    citations = (components.get("backing") or {}).get("citations") or [{}]
    if all(c.get("source") == SOURCE_LABEL for c in citations):
        return say("backing_kind.own")
    return say("backing_kind.named")


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
        reasoning = say("verdict.overruled.reasoning", confidence=confidence)
        final = say("verdict.overruled.final", claim=_bare(claim))
    elif confidence >= 50 and strength != "strong":
        status = "sustained"
        reasoning = say(
            "verdict.sustained.reasoning",
            warrant_kind=_warrant_kind(components),
            backing_kind=_backing_kind(components),
            strength=strength,
            degree=degree,
            confidence=confidence,
        )
        final = say("verdict.sustained.final", degree=degree, confidence=confidence, claim=claim)
    else:
        status = "remanded"
        reasoning = say("verdict.remanded.reasoning", confidence=confidence, strength=strength)
        final = say("verdict.remanded.final", claim=_bare(claim))
    return Phase4Output(verdict=Verdict(status=status, reasoning=reasoning, final_statement=final))  # type: ignore[arg-type]


def analyze_phase(
    inputs: dict[str, Any], roles: RoleReader | None = None, *, reading: Reading | None = None
) -> Phase1Output | Phase2Output | Phase3Output | Phase4Output:
    """The offline provider's entry point: ``inputs`` = phase, query, source_text, components;
    ``roles`` the sentence-role model (the rules alone without it); ``reading`` the run's one
    reading of the source text about the query, shared by its phases (each phase reads the
    text itself without it)."""
    phase = int(inputs["phase"])
    query = inputs.get("query", "")
    text = inputs.get("source_text", "") or ""
    components = inputs.get("components") or {}
    # roles a person gave sentences (a correction): {sentence index: role}, keys as JSON has them
    pinned = {int(i): str(r) for i, r in (inputs.get("pinned") or {}).items()}
    sure = inputs.get("claim_confidence")
    if phase == 1:
        return phase1(query, text, roles, pinned=pinned, reading=reading)
    if phase == 2:
        return phase2(query, text, components, roles, pinned=pinned, reading=reading)
    if phase == 3:
        return phase3(
            query,
            text,
            components,
            roles,
            pinned=pinned,
            claim_confidence=None if sure is None else float(sure),
            reading=reading,
        )
    return phase4(query, components)
