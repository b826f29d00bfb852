"""The offline philosophers: deterministic analyzers in each thinker's style (the default).

Each answers the same calls a model would (one per tree level, a self-critique, a summary)
from the request's ``inputs``, and every finding quotes the text it is about, verbatim:

- Popper: unfalsifiable and untestable claims;
- Descartes: unclear or undefined terms, unsupported foundations;
- Russell: vague quantifiers, ambiguity, contradictions;
- Aristotle: missing purpose, structure, evidence;
- Kant: normative claims without a universal principle, inconsistency;
- Leibniz: claims without sufficient reason.

Named fallacies reach them as data: the service puts the fallacy detector's findings for each
target's text under ``target["fallacies"]`` (``council.services.offline``), since this domain
imports no other app. Each philosopher names the fallacies of its own field at level 1.
Each philosopher is one record (``PHILOSOPHERS``): its rules, its fallacies, its voice, its
checks of the whole document. Only a finding about a fallacy carries its id in ``fallacy``: a rule
finding (a missing purpose, a vague word) whose quote happens to hold a fallacy carries none.
Below level 1 a child always quotes less than its parent and says something the parent did
not: where in the quote the problem sits, then what would repair it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from council.domain.critique import spanish
from council.domain.critique.polarity import contradicts, contradicts_es, proposition_es
from council.domain.critique.quotes import overlaps, words
from council.domain.critique.schemas import SEVERITY_WEIGHT
from council.domain.critique.synthesis import default_assessment
from council.domain.critique.tree import MAX_CHILDREN, MAX_TOP_POINTS
from council.domain.wording import NOTES
from toulmini_site.text.keywords import keywords as _rx
from toulmini_site.text.sentences import sentences


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    area: str
    claim: str  # "{term}" is replaced by the matched words
    severity: str
    confidence: float
    unless: re.Pattern[str] | None = None  # the sentence is exempt when this matches


# A check of the whole document: (the document, its sentences) -> (position, finding) pairs.
type DocumentCheck = Callable[[str, list[str]], list[tuple[int, dict[str, Any]]]]

_REASON = _rx(
    r"because|since|due to|given that|as shown|evidence|data|study|studies|research|"
    r"measured|according to|for example|for instance"
)
_DIGIT = re.compile(r"\d")
# What someone is allowed to do ("may use", "may leave"): a permission, not a hedge.
_PERMITTED = (
    r"(?:use|park|borrow|attend|wear|eat|drink|visit|enter|sit|choose|apply|submit|call|skip|"
    r"opt|sign|access|request|print|vote|skate|ride|swim|study|"
    r"bring (?:their|your|his|her|our|own|one)|work (?:from|at|late|overtime)|"
    r"leave (?:campus|early|class|school|the building)|go (?:home|outside|out))"
)
# What others are said to say: "will say", "will argue", "will object", "will surely claim".
_SPEECH = (
    r"(?:say|argue|claim|object|complain|insist|point out|tell|reply|answer|ask|respond|"
    r"protest|counter|suggest|worry|wonder)"
)
_POSITION = _rx(
    r"should|must(?! be\b| have\b)|ought to|need to|needs to|has to|have to|I (?:argue|believe|"
    r"propose|urge)|"
    r"we (?:propose|recommend|urge|must)|it is time"
)
_HEADING_END = re.compile(r"[.!?:;\"”’')\]]$")


def _without_title(all: list[str]) -> list[str]:
    """The document's statements: a first line that reads as a heading (no closing
    punctuation, fourteen words at most) is its title, which no finding quotes."""
    if len(all) > 1 and not _HEADING_END.search(all[0]) and len(all[0].split()) <= 14:
        return all[1:]
    return all


# The same marks of a reason in a Spanish document (accents optional).
_REASON_ES = spanish.REASON
NO_GROUNDING = "No empirical grounding"

_CLAUSE_BREAK = re.compile(
    r"[,;:()]|\s[-\u2013\u2014]\s|\b(?:and|but|because|while|whereas|although|which)\b", re.I
)


# Below level 1: where the problem sits in the quote (level 2), then the repair (level 3).
_WHERE = {
    "Testability": "this is the part that no observation could refute",
    "Foundations": "this is the part taken as certain without proof",
    "Clarity": "this is the part whose meaning a reader cannot pin down",
    "Precision": "this is the part whose truth conditions are left open",
    "Evidence": "this is the part that rests on too few cases",
    "Logic": "this is the part that asserts more than its premises give",
    "Principles": "this is the part that would fail as a universal law",
    "Sufficient reason": "this is the part asserted without its reason",
    "Consistency": "this is the part that clashes with another statement",
}
_REPAIR = {
    "Testability": "state what result, by when, would show it false",
    "Foundations": "give the demonstration instead of the assurance",
    "Clarity": "define the term so that a reader could check it",
    "Precision": "replace it with a number, a share or a named group",
    "Evidence": "cite a count or a study of the whole group",
    "Logic": "name the particulars that would establish it",
    "Principles": "state the principle and show it holds for everyone",
    "Sufficient reason": "say why it holds, and why not its alternative",
    "Consistency": "say which of the two statements is meant",
}


def fallacy_claim(voice: str, label: str, explanation: str) -> str:
    """What a philosopher says of a named fallacy: its voice, the type, the checker's reason."""
    return f"{voice}: {label.lower()}. {explanation}"


def fallacy_claim_read(claim: str, label: str) -> tuple[str, str] | None:
    """The voice and the explanation of a claim ``fallacy_claim`` wrote about the fallacy
    ``label``, or None for any other claim (a model's own, a rule's)."""
    for philosopher in PHILOSOPHERS.values():
        said = fallacy_claim(philosopher.voice, label, "")
        if claim.startswith(said) and len(claim) > len(said):
            return philosopher.voice, claim[len(said) :]
    return None


def _fallacy_finding(fallacy: dict[str, Any], agent: str) -> dict[str, Any]:
    # The checker's own confidence, not raised: a fallacy it is unsure of stays "possible"
    # (or under the council's threshold), whichever philosopher names it.
    confidence = float(fallacy.get("confidence", 0.5))
    voice = PHILOSOPHERS[agent].voice
    return {
        "claim": fallacy_claim(voice, fallacy["label"], fallacy["explanation"]),
        "evidence": fallacy["quote"],
        "confidence": round(min(0.95, confidence), 3),
        "severity": "High" if confidence >= 0.7 else "Medium",
        "area": "Fallacy",
        "decompose": False,
        "fallacy": fallacy["type"],
    }


def _match(rule: Rule, text: str) -> re.Match[str] | None:
    if rule.unless is not None and rule.unless.search(text):
        return None
    return rule.pattern.search(text)


def _finding(rule: Rule, match: re.Match[str], evidence: str, extra: int = 0) -> dict[str, Any]:
    return {
        "claim": rule.claim.format(term=match.group(0)),
        "evidence": evidence,
        "confidence": round(min(0.85, rule.confidence + 0.05 * extra), 3),
        "severity": rule.severity,
        "area": rule.area,
        "decompose": True,
        "fallacy": "",  # a rule's finding is of its own kind, whatever fallacy its quote holds
    }


def _best_first(findings: list[tuple[int, dict[str, Any]]]) -> list[dict[str, Any]]:
    findings.sort(key=lambda f: (-SEVERITY_WEIGHT[f[1]["severity"]] * f[1]["confidence"], f[0]))
    return [f for _, f in findings]


def _as_the_chain_reads(
    agent: str,
    found: list[tuple[int, dict[str, Any]]],
    roles: dict[str, str],
    all: list[str],
    language: str = "en",
) -> list[tuple[int, dict[str, Any]]]:
    """The findings that depend on the argument's parts, made to agree with the chain's reading
    of the text (``roles``: sentence -> claim, data, warrant, rebuttal, restatement, none):
    Aristotle finds no empirical grounding exactly when none of the sentences the chain reads
    as data carries a figure or a reason; a conclusion is not "without a stated reason" when
    one does, nor a normative claim
    "without a principle" when the chain found the rule stated (an implicit warrant is no
    stated principle, so Kant's finding stands)."""
    # grounding is what the chain reads as data and carries a mark of evidence (a figure, a
    # source, a reason), not every statement the author offers in support
    es = language == "es"
    reason = _REASON_ES if es else _REASON
    has_data = any(
        role in ("data", "backing")
        and (_DIGIT.search(text) or reason.search(text) or (es and spanish.EVIDENCE.search(text)))
        for text, role in roles.items()
    )
    has_rule = "warrant" in roles.values()
    # the thesis takes a position ("…should…", "I argue…"): the document's end is stated (in
    # Spanish also by the author's stance said outright, wherever the reading put it)
    thesis = spanish.POSITION if es else _POSITION
    has_thesis = any(role == "claim" and thesis.search(text) for text, role in roles.items())
    has_thesis |= es and any(spanish.STANCE.search(text) for text in roles)
    # a short Spanish text (SHORT sentences at most) with a claim has it for its end
    has_thesis |= es and len(all) <= spanish.SHORT and "claim" in roles.values()
    objections = {text for text, role in roles.items() if role == "rebuttal"}
    kept = []
    for position, finding in found:
        claim = finding["claim"]
        if es and claim.startswith("Vague quantifier (") and finding["evidence"] in objections:
            continue  # "algunos dicen…", "es cierto que algunas…": the other side, conceded
        if finding["area"] == "Evidence" and claim.startswith(NO_GROUNDING):
            continue  # decided below, from the reading
        if finding["area"] == "Purpose" and has_thesis:
            continue  # an argument's purpose is the position its thesis takes
        if claim.startswith("Prediction (") and finding["evidence"] in objections:
            continue  # the other side's words, given to be answered: no forecast of the author's
        if claim.startswith("Conclusion (") and has_data:
            continue
        if claim.startswith("Normative claim (") and has_rule:
            continue
        kept.append((position, finding))
    if agent == "aristotle" and not has_data and all:
        kept.append(_no_grounding(all))
    return kept


def _no_grounding(all: list[str]) -> tuple[int, dict[str, Any]]:
    """Aristotle's finding that nothing in the document is evidence, quoting its longest
    sentence; decided from the words alone, or from the chain's reading when there is one."""
    return (
        -2,
        {
            "claim": f"{NO_GROUNDING}: the document offers no observation, example or data "
            "in support of its claims.",
            "evidence": max(all, key=len),
            "confidence": 0.6,
            "severity": "High",
            "area": "Evidence",
            "decompose": False,
        },
    )


def level_one(
    agent: str,
    document: str,
    fallacies: list[dict[str, Any]] | None = None,
    roles: dict[str, str] | None = None,
    split: list[str] | None = None,
    language: str = "en",
) -> list[dict[str, Any]]:
    """The agent's top findings in the document, each quoting one sentence (or, for a named
    fallacy of the agent's field, the words that commit it). With the chain's reading of the
    document (``roles``), the findings about its parts agree with it. ``split``: the
    document's sentences when the run has split it already. A Spanish document (``language``
    "es") is read by the Spanish side of each rule (``spanish.RULES``, less sure by
    ``spanish.DOUBT``) and the philosopher's Spanish document checks."""
    fallacies = fallacies or []
    philosopher = PHILOSOPHERS[agent]
    found: list[tuple[int, dict[str, Any]]] = []
    all_sentences = _without_title(
        split if split is not None else [s.text for s in sentences(document)]
    )
    rules = _rules(agent, language)
    for position, sentence in enumerate(all_sentences):
        hits = [(rule, m) for rule in rules if (m := _match(rule, sentence))]
        if hits:
            rule, match = hits[0]
            found.append((position, _finding(rule, match, sentence, extra=len(hits) - 1)))
    checks = philosopher.document_checks if language == "en" else philosopher.document_checks_es
    for check in checks:
        found += check(document, all_sentences)
    if roles is not None:
        found = _as_the_chain_reads(agent, found, roles, all_sentences, language)
    named = [f for f in fallacies if _FALLACY_OWNER.get(f["type"]) == agent]
    named_spans = [f["quote"] for f in named]
    # A rule finding on the very words a named fallacy quotes gives way to the fallacy.
    found = [(p, f) for p, f in found if not any(f["evidence"] in q for q in named_spans)]
    for _position, finding in found:
        finding.setdefault("fallacy", "")  # the document-wide findings name none either
    found += [(-10 + i, _fallacy_finding(f, agent)) for i, f in enumerate(named)]
    return _best_first(found)[:MAX_TOP_POINTS]


def deeper(
    agent: str,
    span: str,
    *,
    parent_claim: str = "",
    fallacies: list[dict[str, Any]] | None = None,
    language: str = "en",
) -> list[dict[str, Any]]:
    """Findings inside a parent's quote, each quoting less than it and saying something new:
    a named fallacy within it, else the clause where the problem sits (with why it matters),
    else the few words at fault (with the repair); a Spanish document by the Spanish rules (as
    ``level_one``)."""
    fallacies = [f for f in fallacies or [] if f["quote"] and len(f["quote"]) < len(span)]
    found: list[tuple[int, dict[str, Any]]] = []
    for position, fallacy in enumerate(fallacies):
        if fallacy["quote"] in span and fallacy["label"].lower() not in parent_claim.lower():
            found.append((position, _fallacy_finding(fallacy, agent)))
    if found or language not in ("en", "es"):
        return _best_first(found)[:MAX_CHILDREN]
    rules = _rules(agent, language)
    breaks = spanish.CLAUSE_BREAK if language == "es" else _CLAUSE_BREAK
    clauses = [c.strip() for c in breaks.split(span) if words(c)]
    if len(clauses) > 1:
        for position, clause in enumerate(clauses):
            for rule in rules:
                if match := _match(rule, clause):
                    finding = _finding(rule, match, clause)
                    finding["claim"] = _narrowed(rule, match, clause)
                    found.append((position, finding))
                    break
        if found:
            return _best_first(found)[:MAX_CHILDREN]
    for position, rule in enumerate(rules):
        match = _match(rule, span)
        if match is None:
            continue
        window = re.search(rf"(?:\S+\s+){{0,2}}{re.escape(match.group(0))}(?:\s+\S+){{0,2}}", span)
        if window and window.group(0).strip() != span.strip():
            finding = _finding(rule, match, window.group(0).strip())
            finding["claim"] = _repair(rule, match)
            finding["decompose"] = False
            found.append((position, finding))
    return _best_first(found)[:1]


def _narrowed(rule: Rule, match: re.Match[str], clause: str) -> str:
    where = _WHERE[rule.area]
    return (
        f'Within the quote, the clause "{clause}" carries the problem '
        f"('{match.group(0)}'): {where}."
    )


def _repair(rule: Rule, match: re.Match[str]) -> str:
    repair = _REPAIR[rule.area]
    return (
        f"The words at fault are '{match.group(0)}' and those around it; to repair them, {repair}."
    )


def _aristotle_document(
    document: str, all: list[str], language: str = "en"
) -> list[tuple[int, dict[str, Any]]]:
    if not all:
        return []
    out: list[tuple[int, dict[str, Any]]] = []
    purpose = spanish.PURPOSE if language == "es" else _PURPOSE
    reason = _REASON_ES if language == "es" else _REASON
    if not purpose.search(document):
        out.append(
            (
                -3,
                {
                    "claim": "The document states no purpose (final cause); its end must be "
                    "inferred from the opening.",
                    "evidence": all[0],
                    "confidence": 0.6,
                    "severity": "High",
                    "area": "Purpose",
                    "decompose": False,
                },
            )
        )
    if not _DIGIT.search(document) and not reason.search(document):
        out.append(_no_grounding(all))
    structured = re.search(r"\n\s*\n|^\s*(?:#|\d+[.)]|[-*] )", document, re.MULTILINE)
    if len(all) >= 6 and not structured:
        out.append(
            (
                -1,
                {
                    "claim": "The argument is one undivided block; premises and conclusion "
                    "are not distinguished.",
                    "evidence": all[0],
                    "confidence": 0.45,
                    "severity": "Low",
                    "area": "Structure",
                    "decompose": False,
                },
            )
        )
    return out


def _aristotle_document_es(document: str, all: list[str]) -> list[tuple[int, dict[str, Any]]]:
    """The checks of a Spanish document: its purpose and its grounding are read by Spanish
    words, as the rules are, and are as much less sure (the structure is no word's)."""
    found = _aristotle_document(document, all, "es")
    for _position, finding in found:
        if finding["area"] != "Structure":
            finding["confidence"] = round(finding["confidence"] - spanish.DOUBT, 3)
    return found


_PURPOSE = _rx(
    r"goal|aim|purpose|objective|in order to|so that|intend\w*|mission|seeks? to|we will"
)
_POSITIVE = _rx(r"always|all|every|everyone|must")
_NEGATIVE = _rx(r"never|no|none|nobody|must not|cannot|not|\w+n't")


def _cut(sentence: str, limit: int = 80) -> str:
    """An earlier sentence quoted inside a finding: whole, or cut at a word with "…"."""
    if len(sentence) <= limit:
        return sentence
    return sentence[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _contrary_pairs(
    all: list[str], positive: re.Pattern[str], negative: re.Pattern[str], language: str = "en"
) -> Iterator[tuple[int, int, tuple[Any, Any]]]:
    """(later, earlier, (first match, second match)) for sentences whose words look opposite
    (``positive`` in one, ``negative`` in the other) and which do contradict each other
    (``polarity.contradicts``: two sentences that agree in other words are left alone). A
    Spanish document's sentences are read by their propositions (a concession's conceded
    clause) and a pair needs an absolute on one side (``spanish.ABSOLUTE``)."""
    es = language == "es"
    read = [proposition_es(s) for s in all] if es else all
    pos = [positive.search(s) for s in read]
    neg = [negative.search(s) for s in read]
    for later in range(len(all)):
        if not (pos[later] or neg[later]):
            continue
        for earlier in range(later):
            pair = None
            if pos[earlier] and neg[later] and not neg[earlier]:
                pair = (pos[earlier], neg[later])
            elif pos[later] and neg[earlier] and not neg[later]:
                pair = (neg[earlier], pos[later])
            if pair is None:
                continue
            if es and not any(spanish.ABSOLUTE.search(read[i]) for i in (earlier, later)):
                continue
            if (contradicts_es if es else contradicts)(all[earlier], all[later]):
                yield later, earlier, pair


def _russell_contradictions(
    document: str, all: list[str], language: str = "en"
) -> list[tuple[int, dict[str, Any]]]:
    out = []
    es = language == "es"
    positive, negative = (spanish.POSITIVE, spanish.NEGATIVE) if es else (_POSITIVE, _NEGATIVE)
    for later, earlier, (first, second) in _contrary_pairs(all, positive, negative, language):
        out.append(
            (
                later,
                {
                    "claim": f"Possible contradiction: this asserts '{second.group(0)}' where an "
                    f"earlier sentence (\"{_cut(all[earlier])}\") asserts '{first.group(0)}' "
                    "about the same subject.",
                    "evidence": all[later],
                    "confidence": round(0.6 - (spanish.DOUBT if es else 0), 3),
                    "severity": "High",
                    "area": "Consistency",
                    "decompose": True,
                },
            )
        )
        if len(out) >= 2:
            break
    return out


def _kant_inconsistency(
    document: str, all: list[str], language: str = "en"
) -> list[tuple[int, dict[str, Any]]]:
    es = language == "es"
    duty = spanish.DUTY if es else _rx(r"should|must|ought to")
    not_duty = (
        spanish.NOT_DUTY if es else _rx(r"should not|must not|ought not|shouldn't|mustn't|never")
    )
    for later, earlier, _pair in _contrary_pairs(all, duty, not_duty, language):
        return [
            (
                later,
                {
                    "claim": "Inconsistent duties: this prescribes the opposite of an earlier "
                    f'maxim ("{_cut(all[earlier])}"); both cannot be universal laws.',
                    "evidence": all[later],
                    "confidence": round(0.62 - (spanish.DOUBT if es else 0), 3),
                    "severity": "High",
                    "area": "Consistency",
                    "decompose": True,
                },
            )
        ]
    return []


def _russell_contradictions_es(document: str, all: list[str]) -> list[tuple[int, dict[str, Any]]]:
    """Russell's contradictions in a Spanish document, as much less sure as its rules."""
    return _russell_contradictions(document, all, "es")


def _kant_inconsistency_es(document: str, all: list[str]) -> list[tuple[int, dict[str, Any]]]:
    """Kant's inconsistent duties in a Spanish document, as much less sure as its rules."""
    return _kant_inconsistency(document, all, "es")


# -- the philosophers: one record each ----------------------------------------------------


@dataclass(frozen=True)
class Philosopher:
    """Everything the offline council knows of one philosopher: its sentence rules (the first
    that matches a sentence names the finding), the fallacies of its field (ids of the fallacy
    taxonomy) and the voice it names them in, and its checks of the whole document."""

    name: str
    rules: tuple[Rule, ...]
    fallacies: tuple[str, ...]
    voice: str
    document_checks: tuple[DocumentCheck, ...] = ()
    # the checks of a Spanish document
    document_checks_es: tuple[DocumentCheck, ...] = ()


ARISTOTLE = Philosopher(
    name="aristotle",
    fallacies=("hasty_generalization", "deductive_error", "false_dilemma"),
    voice="The inference does not follow from its particulars",
    document_checks=(_aristotle_document,),
    document_checks_es=(_aristotle_document_es,),
    rules=(
        Rule(
            _rx(
                r"I have (?:met|seen|known)|in my experience|from my experience|"
                r"I know (?:a|some|many)|a friend of mine|my (?:friend|neighbou?r|cousin)s?"
            ),
            "Evidence",
            "Generalisation from personal anecdote ('{term}'): too few particulars for the "
            "universal drawn from them.",
            "Medium",
            0.55,
        ),
        Rule(
            _rx(r"(?:all|every|no)\s+\w+\s+(?:are|is|will|can|should)"),
            "Logic",
            "Universal categorical claim ('{term}') without the induction from particulars "
            "that would establish it.",
            "Medium",
            0.5,
            unless=_REASON,
        ),
    ),
)


DESCARTES = Philosopher(
    name="descartes",
    fallacies=("false_authority", "ad_populum"),
    voice="The foundation is borrowed, not demonstrated",
    rules=(
        Rule(
            _rx(
                r"obviously|clearly|of course|everyone knows|it is self-evident|it is well known|"
                r"undeniabl\w*|without (?:a )?doubt|needless to say|certainly|unquestionabl\w*"
            ),
            "Foundations",
            "Foundation asserted as indubitable ('{term}') without demonstration; methodical "
            "doubt finds no ground beneath it.",
            "High",
            0.62,
        ),
        Rule(
            _rx(
                r"synerg\w*|leverag\w*|holistic|paradigm\w*|optimal|world-class|best-in-class|"
                r"innovative|robust|seamless\w*|cutting-edge|game-chang\w*|empower\w*|"
                r"disrupt\w*|next-generation|streamlin\w*|excellence|quality"
            ),
            "Clarity",
            "The term '{term}' is used without definition; its meaning is neither clear nor "
            "distinct.",
            "Medium",
            0.55,
        ),
    ),
)


KANT = Philosopher(
    name="kant",
    fallacies=("ad_hominem", "appeal_to_emotion"),
    voice="The argument does not treat the reader as a reasoner",
    document_checks=(_kant_inconsistency,),
    document_checks_es=(_kant_inconsistency_es,),
    rules=(
        Rule(
            _rx(r"except|unless|but not|only for|other than"),
            "Principles",
            "The rule admits an exception ('{term}') that is not justified; it could not be "
            "willed as a universal law.",
            "High",
            0.6,
            unless=re.compile(r"^(?!.*\b(?:should|must|ought|need|have to|has to)\b)", re.I),
        ),
        Rule(
            _rx(
                r"should|must|ought to|needs? to|ha(?:ve|s) to|is (?:wrong|right|unacceptable|"
                r"necessary)"
            ),
            "Principles",
            "Normative claim ('{term}') given without a principle that could hold universally.",
            "Medium",
            0.55,
            unless=_rx(r"because|since|so that|in order to|principle|everyone|anyone|all"),
        ),
    ),
)


LEIBNIZ = Philosopher(
    name="leibniz",
    fallacies=("false_cause", "slippery_slope", "circular_reasoning"),
    voice="No sufficient reason is given",
    rules=(
        Rule(
            _rx(r"therefore|thus|hence|consequently|as a result|it follows that"),
            "Sufficient reason",
            "Conclusion ('{term}') drawn without a stated sufficient reason.",
            "High",
            0.6,
            unless=_REASON,
        ),
        Rule(
            _rx(
                r"causes?|leads? to|results? in|drives?|ensures?|guarantees?|"
                r"will (?:increase|reduce|improve|eliminate|solve)"
            ),
            "Sufficient reason",
            "Causal claim ('{term}') asserted without the reason why it should hold.",
            "Medium",
            0.55,
            unless=_REASON,
        ),
        Rule(
            _rx(r"best|(?<!not )only(?! if)|perfect|optimal|ideal"),
            "Sufficient reason",
            "Claim of optimality ('{term}') without showing why the alternatives are worse.",
            "Medium",
            0.45,
            unless=_REASON,
        ),
    ),
)


POPPER = Philosopher(
    name="popper",
    fallacies=("intentional",),
    voice="The claim is shielded from refutation",
    rules=(
        Rule(
            _rx(r"ultimately|inevitably|truly|fundamentally|essentially|in the long run|naturally"),
            "Testability",
            "Unfalsifiable framing ('{term}'): the claim names no observable outcome that "
            "could refute it.",
            "High",
            0.62,
        ),
        Rule(
            # "(?-i:may)": the modal, not the month; and not a permission ("Students may use
            # the lab at lunch"), which grants, not hedges.
            _rx(
                r"(?-i:may)(?!\s+(?:not\s+|also\s+|still\s+)?" + _PERMITTED + r"\b)|might|could|"
                r"possibly|perhaps|arguably|in some sense|somehow"
            ),
            "Testability",
            "Hedged claim ('{term}'): as stated, no observation could count against it.",
            "Medium",
            0.55,
        ),
        Rule(
            _rx(
                r"improv\w*|better|transform\w*|revolutioni[sz]\w*|enhanc\w*|boost\w*|"
                r"increas\w*|reduc\w*"
            ),
            "Testability",
            "Claimed effect ('{term}') has no measure, threshold or time frame, so it cannot "
            "be tested.",
            "Medium",
            0.5,
            unless=_DIGIT,
        ),
        Rule(
            # "will", not "always": "schools have always had a telephone" is about the past.
            _rx(r"will|shall|(?:is|are) going to"),
            "Testability",
            "Prediction ('{term}') without a criterion: it does not say what result, by when, "
            "would show it false.",
            "Medium",
            0.45,
            # "Some people will say…" announces what others say, to be answered: no forecast
            unless=re.compile(r"\d|\bwill\s+(?:\w+\s+)?" + _SPEECH + r"\b", re.IGNORECASE),
        ),
    ),
)


RUSSELL = Philosopher(
    name="russell",
    fallacies=("equivocation", "straw_man", "red_herring"),
    voice="The words do not keep one meaning or one subject",
    document_checks=(_russell_contradictions,),
    document_checks_es=(_russell_contradictions_es,),
    rules=(
        Rule(
            _rx(
                r"some|many|most|several|various|numerous|a lot of|lots of|a few|often|"
                r"sometimes|frequently|significant(?:ly)?|substantial(?:ly)?|considerabl[ey]"
            ),
            "Precision",
            "Vague quantifier ('{term}'): the proposition does not say how many or how much, "
            "so its truth conditions are indeterminate.",
            "Medium",
            0.5,
        ),
        Rule(
            _rx(r"etc\.?|and/or|and so on|things|stuff|kind of|sort of"),
            "Precision",
            "Ambiguous expression ('{term}') leaves the reference of the proposition open.",
            "Low",
            0.45,
        ),
    ),
)


PHILOSOPHERS: dict[str, Philosopher] = {
    p.name: p for p in (ARISTOTLE, DESCARTES, KANT, LEIBNIZ, POPPER, RUSSELL)
}
# Each philosopher's rules for a Spanish sentence: the English rule's finding, area and
# severity, the Spanish words (``spanish.RULES``), less sure by ``spanish.DOUBT``.
_RULES_ES: dict[str, tuple[Rule, ...]] = {
    p.name: tuple(
        Rule(pattern, r.area, r.claim, r.severity, round(r.confidence - spanish.DOUBT, 3), unless)
        for r, (pattern, unless) in zip(p.rules, spanish.RULES[p.name], strict=True)
    )
    for p in PHILOSOPHERS.values()
}


def _rules(agent: str, language: str) -> tuple[Rule, ...]:
    """The agent's sentence rules for a document in ``language`` (none for another)."""
    if language == "es":
        return _RULES_ES[agent]
    return PHILOSOPHERS[agent].rules if language == "en" else ()


# Which philosopher names which fallacy: each taxonomy id belongs to one field.
_FALLACY_OWNER = {fallacy: p.name for p in PHILOSOPHERS.values() for fallacy in p.fallacies}


# -- the calls ---------------------------------------------------------------------------


def offline_tree_level(inputs: dict[str, Any]) -> dict[str, Any]:
    agent = inputs["agent"]
    groups = []
    for target in inputs["targets"]:
        fallacies = target.get("fallacies", [])
        if inputs["level"] == 1:
            points = level_one(
                agent,
                target["span"],
                fallacies,
                target.get("roles"),
                target.get("sentences"),
                target.get("language", "en"),
            )
        else:
            points = deeper(
                agent,
                target["span"],
                parent_claim=target.get("claim", ""),
                fallacies=fallacies,
                language=target.get("language", "en"),
            )
        groups.append({"target_id": target["id"], "points": points})
    return {"groups": groups}


def offline_self_critique(inputs: dict[str, Any]) -> dict[str, Any]:
    """Corroborated claims gain confidence; uncorroborated weak ones lose a little."""
    others = [(name, n) for name, nodes in inputs["others"].items() for n in nodes]
    adjustments = []
    for node in inputs["own"]:
        allies = sorted(
            {name for name, other in others if overlaps(node["evidence"], other["evidence"])}
        )
        if allies:
            adjustments.append(
                {
                    "target_claim_id": node["id"],
                    "confidence_delta": 0.1,
                    "reasoning": NOTES.say(
                        "note.corroborated", agents=", ".join(a.capitalize() for a in allies)
                    ),
                }
            )
        elif node["confidence"] < 0.5:
            adjustments.append(
                {
                    "target_claim_id": node["id"],
                    "confidence_delta": -0.05,
                    "reasoning": NOTES.say("note.alone"),
                }
            )
    return {"adjustments": adjustments}


def offline_summary(inputs: dict[str, Any]) -> dict[str, Any]:
    return {
        "final_assessment": default_assessment(
            inputs["points"],
            failed_agents=inputs.get("failed_agents", []),
            agents_total=inputs["agents_total"],
            points_total=inputs.get("points_total"),
        )
    }
