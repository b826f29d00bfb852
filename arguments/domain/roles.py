"""Sentence roles: a small linear model that scores each sentence as claim, data, backing,
rebuttal or none.

The features are meant to hold on topics the model has never seen: position in the text,
length, discourse and stance markers, modality, grammatical person, punctuation and
attributions, plus hashed word and character n-grams. Each feature is a name hashed (CRC-32)
into a fixed number of buckets, so the fitted weights are a sparse table of a few thousand
rows. Inference is pure Python; the weights are fitted by ``tools/train_roles.py``
(scikit-learn, a development tool) and loaded outside the domain (``arguments/roles.py``).
"""

from __future__ import annotations

import math
import operator
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arguments.domain.markers import (
    CONCLUSION,
    COUNTEREXAMPLE,
    EXCEPTION,
    GENERAL_RULE,
    HEDGES,
    NUMBER,
    PREMISE,
    REFUTATION,
    STANCE,
    UNIVERSAL,
    attributions,
    content_words,
)
from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import Sentence

ROLES = ("claim", "data", "backing", "rebuttal", "none")

# Which families of features a model uses (chosen by leave-one-topic-out in training).
FAMILIES = ("cues", "words", "chars")

_MARKERS = {
    "conclusion": CONCLUSION,
    "stance": STANCE,
    "premise": PREMISE,
    "exception": EXCEPTION,
    "refutation": REFUTATION,
    "rule": GENERAL_RULE,
    "universal": UNIVERSAL,
    "example": COUNTEREXAMPLE,
    "number": NUMBER,
    **{f"hedge_{name}": pattern for name, pattern in HEDGES},
    "deontic": _words("should", "must", "ought", "need", "needs", "have to", "has to"),
    "possible": _words("can", "could", "may", "might"),
    "future": _words("will", "would", "going to"),
    "negation": re.compile(r"\b(?:not|never|no|nothing|none)\b|n't\b", re.IGNORECASE),
    "evaluative": _words(
        "good",
        "bad",
        "better",
        "worse",
        "best",
        "worst",
        "great",
        "terrible",
        "wrong",
        "right",
        "fair",
        "unfair",
        "important",
        "benefit",
        "benefits",
        "harm",
        "harmful",
    ),
    "personal": _words(
        "my son",
        "my daughter",
        "my child",
        "my children",
        "my kids",
        "my husband",
        "my wife",
        "when i was",
        "i was",
        "i have",
        "i had",
        "we have",
        "we had",
        "our",
    ),
    "own_stance": re.compile(
        r"\b(?:personally|I(?:'d|'m| would| wouldn't| will| won't| am| support| oppose| agree|"
        r" disagree| prefer| favou?r| recommend| believe| think| feel))\b",
        re.IGNORECASE,
    ),
    "reporting": _words("said", "says", "found", "reported", "according", "study", "studies"),
}
_PERSONS = {
    "i": re.compile(r"\b(?:I|me|my|mine|myself)\b"),
    "we": re.compile(r"\b(?:we|us|our|ours)\b", re.IGNORECASE),
    "you": re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE),
    "they": re.compile(r"\b(?:they|them|their)\b", re.IGNORECASE),
}
_STANCE_LIKE = re.compile(
    "|".join(p.pattern for p in (STANCE, CONCLUSION, _MARKERS["deontic"])), re.IGNORECASE
)
_TOKEN = re.compile(r"[a-z0-9']+")


def _bucket(name: str, buckets: int) -> int:
    return zlib.crc32(name.encode("utf-8")) % buckets


def _length_bin(tokens: int) -> str:
    for limit in (6, 12, 20, 30, 45):
        if tokens < limit:
            return f"<{limit}"
    return ">=45"


@dataclass(frozen=True)
class _Context:
    """What a sentence's features need to know about the whole text, computed once."""

    query_overlaps: list[int]
    stance: list[bool]

    @classmethod
    def of(cls, sents: Sequence[Sentence], query: str) -> _Context:
        query_words = content_words(query)
        return cls(
            query_overlaps=[len(content_words(s.text) & query_words) for s in sents],
            stance=[bool(_STANCE_LIKE.search(s.text)) for s in sents],
        )


def feature_names(
    sentence: Sentence,
    sents: Sequence[Sentence],
    query: str,
    families: Sequence[str] = FAMILIES,
    context: _Context | None = None,
) -> list[str]:
    """The names of the features that fire for ``sentence`` within its text ``sents``."""
    context = context or _Context.of(sents, query)
    text = sentence.text
    lower = sentence.lower
    tokens = _TOKEN.findall(lower)
    names: list[str] = []
    if "cues" in families:
        count = len(sents)
        i = sentence.index
        names += [
            f"relpos={5 * i // max(1, count)}",
            f"length={_length_bin(len(tokens))}",
            f"doc_length={min(count, 12) // 4}",
        ]
        if i == 0:
            names.append("first")
        if i == 1:
            names.append("second")
        if i == count - 1:
            names.append("last")
        if count == 1:
            names.append("only")
        names += [f"marker={name}" for name, pattern in _MARKERS.items() if pattern.search(text)]
        names += [f"person={name}" for name, pattern in _PERSONS.items() if pattern.search(text)]
        if attributions(sentence):
            names.append("attribution")
        ending = text.rstrip("\"'”’)] ")[-1:]
        names.append(f"ends={ending if ending in '.?!:' else 'other'}")
        for mark, name in (('"', "quote"), ("“", "quote"), ("(", "bracket"), (":", "colon")):
            if mark in text:
                names.append(f"has={name}")
        if "http" in lower or "www." in lower:
            names.append("has=url")
        if re.search(r"\b[A-Z]{3,}\b", text):
            names.append("has=shouting")
        if tokens:
            names.append(f"w0={tokens[0]}")
            names.append(f"w01={' '.join(tokens[:2])}")
        overlaps = context.query_overlaps
        names.append(f"query_overlap={min(overlaps[i], 3)}")
        # Where the sentence stands among the text's sentences transfers across topics.
        if overlaps[i] and overlaps[i] == max(overlaps):
            names.append("most_query_overlap")
        if overlaps[i] and not any(overlaps[:i]):
            names.append("first_query_overlap")
        stance = context.stance
        if stance[i] and not any(stance[:i]):
            names.append("first_stance")
        if i > 0:
            previous = sents[i - 1].text
            names += [
                f"prev_marker={name}"
                for name in ("conclusion", "exception", "premise")
                if _MARKERS[name].search(previous)
            ]
            if previous.rstrip().endswith("?"):
                names.append("prev_question")
    if "words" in families:
        names += [f"u={t}" for t in tokens]
        names += [f"b={a}_{b}" for a, b in zip(tokens, tokens[1:], strict=False)]
    if "chars" in families:
        for token in tokens:
            padded = f"<{token}>"
            for n in (3, 4, 5):
                names += [f"c={padded[k : k + n]}" for k in range(len(padded) - n + 1)]
    return names


def feature_indices(
    sents: Sequence[Sentence], query: str, *, buckets: int, families: Sequence[str] = FAMILIES
) -> list[list[int]]:
    """Per sentence of a text, the distinct hashed buckets that fire, sorted (binary)."""
    context = _Context.of(sents, query)
    return [
        sorted(
            {
                _bucket(name, buckets)
                for name in feature_names(sentence, sents, query, families, context)
            }
        )
        for sentence in sents
    ]


@dataclass(frozen=True)
class RoleModel:
    """A fitted linear model: per class an intercept, and sparse weights per bucket."""

    classes: tuple[str, ...]
    buckets: int
    families: tuple[str, ...]
    intercepts: tuple[float, ...]
    weights: Mapping[int, Sequence[float]]

    @classmethod
    def from_json(cls, data: Mapping) -> RoleModel:
        """The model from its JSON form (as written by the training script)."""
        return cls(
            classes=tuple(data["classes"]),
            buckets=int(data["buckets"]),
            families=tuple(data["families"]),
            intercepts=tuple(float(v) for v in data["intercepts"]),
            weights={int(k): tuple(map(float, v)) for k, v in data["weights"].items()},
        )

    def probabilities(self, sents: Sequence[Sentence], query: str) -> list[dict[str, float]]:
        """Per sentence, the probability of each role (softmax over the classes)."""
        out = []
        for indices in feature_indices(sents, query, buckets=self.buckets, families=self.families):
            scores = list(self.intercepts)
            for index in indices:
                row = self.weights.get(index)
                if row is not None:
                    scores = list(map(operator.add, scores, row))
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            out.append({c: exps[i] / total for i, c in enumerate(self.classes)})
        return out
