"""The words an argument is read by: discourse markers ("therefore", "because", "however"),
hedges, general-rule and objection markers, attributions ("according to", "X found"), and the
content words two sentences are compared by.

Shared by the sentence reading (``arguments.domain.reading``), the analyzer's phases and the
sentence-role model's features (``arguments.domain.roles``), so none of them imports another
for its vocabulary.
"""

from __future__ import annotations

import functools
import re

from arguments.domain import spanish as es
from arguments.domain.language import Lexicon, reading
from arguments.domain.toulmin import Citation
from arguments.domain.wording import say
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import Sentence

SOURCE_LABEL = "Source text supplied by the user"


def has(pattern: re.Pattern[str] | Lexicon, text: str) -> bool:
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

# Each marker above reads by the words of the text's language (``language.reading_in``): the
# English list above, the Spanish one of ``arguments.domain.spanish``.
CONCLUSION = Lexicon(en=CONCLUSION, es=es.CONCLUSION)  # type: ignore[assignment]
STANCE = Lexicon(en=STANCE, es=es.STANCE)  # type: ignore[assignment]
PREMISE = Lexicon(en=PREMISE, es=es.PREMISE)  # type: ignore[assignment]
NUMBER = Lexicon(en=NUMBER, es=es.NUMBER)  # type: ignore[assignment]
GENERAL_RULE = Lexicon(en=GENERAL_RULE, es=es.GENERAL_RULE)  # type: ignore[assignment]
EXCEPTION = Lexicon(en=EXCEPTION, es=es.EXCEPTION)  # type: ignore[assignment]
REFUTATION = Lexicon(en=REFUTATION, es=es.REFUTATION)  # type: ignore[assignment]
OBJECTION_OPENER = Lexicon(en=OBJECTION_OPENER, es=es.OBJECTION_OPENER)  # type: ignore[assignment]
RULE_OPENER = Lexicon(en=RULE_OPENER, es=es.RULE_OPENER)  # type: ignore[assignment]
COUNTEREXAMPLE = Lexicon(en=COUNTEREXAMPLE, es=es.COUNTEREXAMPLE)  # type: ignore[assignment]
UNIVERSAL = Lexicon(en=UNIVERSAL, es=es.UNIVERSAL)  # type: ignore[assignment]
HEDGES = [
    (degree, Lexicon(en=pattern, es=spanish))  # type: ignore[misc]
    for (degree, pattern), (_, spanish) in zip(HEDGES, es.HEDGES, strict=True)
]

# Attributions: who said or found it.
_NAME = (
    r"((?:Dr\.|Prof\.|Professor)?\s?[A-Z][\w.&'-]*(?:\s+(?:of|for|and|the|[A-Z][\w.&'-]*)){0,6})"
)
_ATTRIBUTIONS_EN = [
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
ATTRIBUTIONS = {"en": _ATTRIBUTIONS_EN, "es": es.ATTRIBUTIONS}
_NOT_A_SOURCE = es.NOT_A_SOURCE | {
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
    for pattern in ATTRIBUTIONS[reading()]:
        for match in pattern.finditer(sentence.text):
            source = match.group(1).strip(" \"'“”")
            if len(source) < 3 or source.lower() in _NOT_A_SOURCE:
                continue
            add_citation(found, Citation(source=source, reference=quote(sentence)))
    return found


def _source_key(source: str) -> str:
    return re.sub(r"^(?:the|a|an|el|la|los|las|un|una)\s+", "", source.strip().lower())


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


def quote(sentence: Sentence) -> str:
    text = sentence.text if len(sentence.text) <= 240 else sentence.text[:237] + "..."
    return say("citation.sentence", n=sentence.index + 1, words=text)


def strip_marker(text: str) -> str:
    """Drop a leading discourse marker: "Therefore, we must..." → "We must..."."""
    return _strip_marker(text, reading())


@functools.lru_cache(maxsize=4096)
def _strip_marker(text: str, language: str) -> str:
    if language == "es":
        stripped = es.STRIP_MARKER.sub("", text)
        return stripped[:1].upper() + stripped[1:] if stripped else text
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


def content_words(text: str) -> frozenset[str]:
    return _content_words(text, reading())


@functools.lru_cache(maxsize=4096)  # sentences are compared with each other many times
def _content_words(text: str, language: str) -> frozenset[str]:
    stop = es.STOP if language == "es" else _STOP
    return frozenset(w for w in re.findall(r"[a-zà-ÿ]{3,}", text.lower()) if w not in stop)
