"""What the offline engines write, as templates: one key per kind of sentence, filled with the
words it quotes.

The analyzer, the circuit breaker and the language check write each sentence through ``say``
(a key and its parameters); the English text is what every engine reads, so the verdict's
checks and the chain's rules see the same words as before. Beside it a chain stores each
sentence's key and parameters (``written``: by its English text, ``Chain.said``), as ``say``
was called (``Catalogue.structure``), and a page or an API answer writes the sentence from
them in its reader's language (``render``): its template goes through ``translate``
(gettext: the English templates are the catalogue's msgids), and so do the parameters that are
parts the engines wrote themselves ("sentences 2 and 3", "a stated warrant") or Toulmin words
("strong", "probably"). Words quoted from the text (a claim, a source's name) stay as
written. A sentence no template wrote (a language model's, a student's) has no key and is
shown as it is.

Rows stored before the keys were got theirs from their English through a data migration
(``read_said``, the reverse mapping: every template reads back whole, which the tests check
for every key); ``shown`` still reads a key back for a text stored without one (a council's
error quoting the analyzer's refusal).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from toulmini_site.text.wording import Catalogue, Said

# Whole sentences (a stored field's whole text, or the reason inside a breaker's).
SENTENCES: dict[str, str] = {
    # phase 2: the warrant
    "warrant.implicit": (
        "The author assumes that %(weighed)s is a good reason to accept that %(claim)s. The text "
        "states no general rule: this one is implicit, reconstructed from how the data bear on "
        "the claim."
    ),
    "warrant.off_subject": (
        '%(data)s do not bear on the claim "%(claim)s": they share none of its subject '
        "(%(terms)s), and %(rule)s. Add a fact about the claim's subject, or a sentence giving "
        "the rule that makes these facts a reason for it (for example 'In general, ...' or "
        "'Whenever ..., ...')."
    ),
    # phase 2: the backing
    "backing.named": "%(names)s, named in the text as the source of its data.",
    "backing.own_data": (
        "No authority is named in the text: the warrant rests only on the author's own data "
        "(%(own)s), so the conclusion is held with less confidence. A study, an expert or a law "
        "that vouches for the rule would back it."
    ),
    "backing.none": (
        "No authority is named in the source text to vouch for the warrant. Cite a study, an "
        "expert, a law or another source that supports the principle."
    ),
    "citation.own_data": "the author's own data: %(own)s",
    "citation.none": "no attribution found in the text",
    "citation.sentence": 'sentence %(n)s: "%(words)s"',
    "citation.source": "Source text supplied by the user",
    # phase 3
    "rebuttal.none": (
        "The source text considers no exception or objection; the claim has not been tested "
        "against the conditions under which it might fail."
    ),
    "qualifier.rationale": (
        "%(confidence)s%% from %(facts)s fact(s) in the text, %(warrant)s warrant, %(backing)s "
        "backing and %(rebuttal)s rebuttal (%(objections)s objection(s) found)."
    ),
    "qualifier.rationale_capped": (
        "%(confidence)s%% from %(facts)s fact(s) in the text, %(warrant)s warrant, %(backing)s "
        "backing and %(rebuttal)s rebuttal (%(objections)s objection(s) found); held to "
        "%(capped)s%%, how sure the reader is that this is the claim."
    ),
    "qualifier.rationale_rules_only": (
        "%(confidence)s%% from %(facts)s fact(s) in the text, %(warrant)s warrant, %(backing)s "
        "backing and %(rebuttal)s rebuttal (%(objections)s objection(s) found); read in Spanish "
        "by the rules alone, %(doubt)s points less sure."
    ),
    "qualifier.rationale_rules_only_capped": (
        "%(confidence)s%% from %(facts)s fact(s) in the text, %(warrant)s warrant, %(backing)s "
        "backing and %(rebuttal)s rebuttal (%(objections)s objection(s) found); read in Spanish "
        "by the rules alone, %(doubt)s points less sure; held to %(capped)s%%, how sure the "
        "reader is that this is the claim."
    ),
    "qualifier.model_capped": (
        "The model put it at %(said)s%%; held to %(capped)s%%, how sure the reader is that "
        "this is the claim."
    ),
    # phase 4
    "verdict.overruled.reasoning": (
        "The source text itself contains an objection that refutes the claim outright (an "
        "absolute rebuttal), so the data and warrant cannot carry it; confidence is "
        "%(confidence)s%%. The claim is rejected."
    ),
    "verdict.overruled.final": (
        'Overruled: the claim "%(claim)s" is refuted by the text\'s own objection.'
    ),
    "verdict.sustained.reasoning": (
        "The data, %(warrant_kind)s and %(backing_kind)s support the claim, and the objections "
        "found are %(strength)s; the argument holds %(degree)s at %(confidence)s%% confidence."
    ),
    "verdict.sustained.final": "Sustained (%(degree)s, %(confidence)s%%): %(claim)s",
    "verdict.remanded.reasoning": (
        "At %(confidence)s%% confidence and with a %(strength)s rebuttal, the evidence in the "
        "text is not enough to decide; more data, or an answer to the objections, is needed "
        "before a judgment."
    ),
    "verdict.remanded.final": ('Remanded: more evidence is needed before accepting "%(claim)s".'),
    # what the text lacks
    "missing.no_text": (
        "DATA MISSING: there is no source text, so there are no facts to analyse. Add the text "
        "that argues the point (or the evidence you have), then run again — the offline "
        "analyzer never invents facts."
    ),
    "missing.claim": (
        "CLAIM MISSING: the query is a question and the source text states no position. Write "
        "the claim you want to test as a statement (not a question), or add a text that takes "
        "a position."
    ),
    "missing.data": (
        "DATA MISSING: the source text states a position but gives no grounds for it. Add the "
        "facts, figures, examples or testimony that support the claim."
    ),
    "language.not_read": (
        "LANGUAGE NOT READ: the offline analyzer reads English and Spanish only, and this text "
        "%(what)s, so it cannot find its claim, data or objections. Analyse it with a language "
        "model (or your own AI), or paste an English or Spanish version."
    ),
    # the circuit breaker (several are joined by "; ")
    "breaker.warrant": "WARRANT REJECTED: strength is '%(strength)s' — %(reason)s",
    "breaker.backing": "BACKING REJECTED: strength is '%(strength)s' — %(reason)s",
    "chain.terminated": "The chain was terminated: %(reason)s",
    "warning.low_sustained": (
        "A 'sustained' verdict with only %(confidence)s%% confidence: 'overruled' or "
        "'remanded' is recommended below 30%%."
    ),
    # who wrote a part (classrooms)
    "provenance.student": "typed by the student",
}

# Parts of sentences the engines write, shown inside a sentence's parameter.
PARTS: dict[str, str] = {
    "refs.one": "sentence %(n)s",
    "refs.many": "sentences %(numbers)s and %(last)s",
    "weighed.one": "what %(refs)s reports",
    "weighed.many": "what %(refs)s report",
    "weighed.data": "the data",
    "data.refs": "The data (%(refs)s)",
    "data.plain": "The data",
    "data.given": "the data given",
    "terms.none": "its terms",
    "rule.elsewhere": "the rule the text states (%(refs)s) is about something else",
    "rule.none": "the text states no rule linking them",
    "names.many": "%(names)s and %(last)s",
    "warrant_kind.implicit": "an implicit warrant (the author's assumption)",
    "warrant_kind.stated": "a stated warrant",
    "backing_kind.own": "the author's own data as backing",
    "backing_kind.named": "a named backing",
    "what.script": "is mostly in another script",
    "what.unknown": "does not read as English",
    "what.named": "reads as %(language)s",
}

CATALOGUE = Catalogue(
    SENTENCES,
    PARTS,
    # parameters that hold a part the engines wrote (shown through ``shown`` in turn) ...
    nested=frozenset(
        "weighed data terms rule names own refs reason warrant_kind backing_kind what".split()
    ),
    # ... a Toulmin word ("strong", "probably", a language's name) ...
    words=frozenset("strength degree language".split()),
    # ... or a strength with its English article ("a strong"). Every other parameter is a
    # number or words quoted from the text, shown as written.
    articled=frozenset("warrant backing rebuttal".split()),
    # several breaker reasons are joined by "; " before the next "... REJECTED:"
    joined_before=re.compile(r"; (?=(?:WARRANT|BACKING) REJECTED: )"),
)


def parameters(key: str) -> set[str]:
    return CATALOGUE.parameters(key)


def say(key: str, **params: object) -> str:
    """The English sentence ``key`` filled with ``params`` (``Catalogue.say``)."""
    return CATALOGUE.say(key, **params)


def read_said(text: str, *, parts: bool = False) -> Said | None:
    """The key and parameters of a sentence written by ``say``, or None."""
    return CATALOGUE.read(text, parts=parts)


def structure(text: str) -> dict[str, Any] | None:
    """The key and parameters of a sentence ``say`` wrote, as stored (``Catalogue.structure``),
    or None for any other text."""
    return CATALOGUE.structure(text)


def render(said: Mapping[str, Any], translate: Callable[[str], str]) -> str:
    """A stored sentence (``structure``) in the language of ``translate``."""
    return CATALOGUE.render(said, translate)


# The fields of a chain's JSON that may hold a sentence the engines wrote.
SAID_FIELDS = {
    "warrant": ("principle",),
    "backing": ("authority",),
    "qualifier": ("rationale",),
    "verdict": ("reasoning", "final_statement"),
}


def generated_texts(data: Mapping[str, Any]) -> list[str]:
    """Every text of a chain's JSON (its components, ``termination_reason`` and ``warnings``)
    where the engines may have written a sentence: the warrant's principle, the backing's
    authority, the rationale, the verdict, the rebuttal's exceptions, the citations' sources
    and references, the termination reason and the warnings."""
    texts = [str(data.get("termination_reason") or "")]
    for part, names in SAID_FIELDS.items():
        component = data.get(part)
        if isinstance(component, Mapping):
            texts += [component[n] for n in names if isinstance(component.get(n), str)]
    warnings = data.get("warnings")
    if isinstance(warnings, list):
        texts += [str(w) for w in warnings]
    rebuttal = data.get("rebuttal")
    if isinstance(rebuttal, Mapping) and isinstance(rebuttal.get("exceptions"), list):
        texts += [str(e) for e in rebuttal["exceptions"]]
    for part in ("data", "backing"):
        component = data.get(part)
        if isinstance(component, Mapping) and isinstance(component.get("citations"), list):
            for citation in component["citations"]:
                if isinstance(citation, Mapping):
                    texts += [
                        citation[n] for n in ("source", "reference")
                        if isinstance(citation.get(n), str)
                    ]  # fmt: skip
    return [t for t in texts if t]


def written(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """What a chain stores of the sentences the engines wrote in ``data`` (see
    ``generated_texts``): each one's key and parameters (``structure``) by its English text.
    A text no template wrote (a model's, a person's) has none: it is shown as written."""
    return {text: said for text in generated_texts(data) if (said := structure(text))}


def shown(text: str, translate: Callable[[str], str], *, parts: bool = False) -> str:
    """``text`` in the language of ``translate`` when the engines wrote it (see the module),
    else as it is."""
    return CATALOGUE.shown(text, translate, parts=parts)


def refs(numbers: list[int]) -> str:
    """ "sentence 2", "sentences 2 and 3", "sentences 2, 3 and 5" (1-based numbers)."""
    if len(numbers) == 1:
        return say("refs.one", n=numbers[0])
    listed = ", ".join(str(n) for n in numbers[:-1])
    return say("refs.many", numbers=listed, last=numbers[-1])


def listing(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) == 1:
        return names[0]
    return say("names.many", names=", ".join(names[:-1]), last=names[-1])
