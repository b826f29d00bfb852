"""Sentence roles: a small linear model that scores each sentence as claim, data, backing,
rebuttal or none.

The features are meant to hold on topics the model has never seen: position in the text,
length, discourse and stance markers, modality, grammatical person, punctuation and
attributions, plus hashed word and character n-grams. Each feature is a name hashed (CRC-32)
into a fixed number of buckets, so the fitted weights are a sparse table of a few thousand
rows. Inference is pure Python; the weights are fitted by ``tools/train_roles.py``
(scikit-learn, a development tool) and loaded outside the domain (``arguments/offline.py``).
"""

from __future__ import annotations

import math
import operator
import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

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
# Letters only Spanish writes: a short Spanish text the language check cannot tell yet is never
# given to the English-only encoder.
_SPANISH = re.compile(r"[ñÑ¿¡]")


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


class RoleReader(Protocol):
    """What the reading needs of a sentence-role model (``RoleModel``, ``EncodedRoleModel``)."""

    def probabilities(self, sents: Sequence[Sentence], query: str) -> list[dict[str, float]]: ...


@dataclass(frozen=True)
class RoleModel:
    """A fitted linear model: per class an intercept, and sparse weights per bucket."""

    classes: tuple[str, ...]
    buckets: int
    families: tuple[str, ...]
    intercepts: tuple[float, ...]
    weights: Mapping[int, Sequence[float]]
    # the claim's confidence calibration (``reading.claim_candidates``), fitted in training
    claim_calibration: Mapping[str, float] | None = None

    @classmethod
    def from_json(cls, data: Mapping) -> RoleModel:
        """The model from its JSON form (as written by the training script)."""
        return cls(
            classes=tuple(data["classes"]),
            buckets=int(data["buckets"]),
            families=tuple(data["families"]),
            intercepts=tuple(float(v) for v in data["intercepts"]),
            weights={int(k): tuple(map(float, v)) for k, v in data["weights"].items()},
            claim_calibration=data.get("claim_calibration"),
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


# -- the model that reads meaning (on the sentence encoder) -----------------------------------

Vectors = Sequence[Sequence[float]]
Embed = Callable[[list[str]], Vectors]


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(map(operator.mul, a, b))


def dense_features(vectors: Vectors, query_vector: Sequence[float] | None) -> list[list[float]]:
    """Per sentence, what the encoder tells about it within its text: its own embedding, its
    cosine with the query's and with the text's mean (how central it is), and whether it is
    the sentence closest to each. The embeddings are L2-normalised (the encoder's output)."""
    if not vectors:
        return []
    n = len(vectors)
    dim = len(vectors[0])
    mean = [sum(v[k] for v in vectors) / n for k in range(dim)]
    norm = math.sqrt(sum(x * x for x in mean)) or 1.0
    mean = [x / norm for x in mean]
    central = [_dot(v, mean) for v in vectors]
    query = [_dot(v, query_vector) for v in vectors] if query_vector is not None else [0.0] * n
    top_central, top_query = max(central), max(query)
    return [
        [
            *map(float, v),
            query[i],
            central[i],
            float(query[i] == top_query and query_vector is not None),
            float(central[i] == top_central),
        ]
        for i, v in enumerate(vectors)
    ]


@dataclass(frozen=True)
class EncodedRoleModel:
    """The sentence-role model that reads meaning: a linear model over the encoder's embedding
    of each sentence (with its closeness to the query and to the whole text, ``dense_features``)
    and the hashed cue features of ``feature_names`` (position, length, markers, person...).

    ``embed`` (the encoder's ``encode``, handed in by ``arguments/offline.py``; the domain never
    loads a model) turns sentences into L2-normalised vectors. The encoder reads English only:
    for a text that is not English (``language_of``), or without ``embed``, the model answers
    with ``fallback``, the hashed-feature model. Same interface as ``RoleModel``."""

    classes: tuple[str, ...]
    buckets: int
    families: tuple[str, ...]
    intercepts: tuple[float, ...]
    weights: Mapping[int, Sequence[float]]
    dense: Sequence[Sequence[float]]  # per dense feature, a weight per class
    scale: float  # the embedding's dimensions are multiplied by this before the weights
    fallback: RoleModel | None = None
    embed: Embed | None = None
    claim_calibration: Mapping[str, float] | None = None
    # P(rebuttal) from which a sentence is an objection (``reading.objection_flags``)
    rebuttal_threshold: float | None = None

    @classmethod
    def from_json(
        cls, data: Mapping, *, fallback: RoleModel | None = None, embed: Embed | None = None
    ) -> EncodedRoleModel:
        """The model from its JSON form (as written by the training script)."""
        return cls(
            classes=tuple(data["classes"]),
            buckets=int(data["buckets"]),
            families=tuple(data["families"]),
            intercepts=tuple(float(v) for v in data["intercepts"]),
            weights={int(k): tuple(map(float, v)) for k, v in data["weights"].items()},
            dense=[tuple(map(float, row)) for row in data["dense"]],
            scale=float(data["scale"]),
            fallback=fallback,
            embed=embed,
            claim_calibration=data.get("claim_calibration"),
            rebuttal_threshold=data.get("rebuttal_threshold"),
        )

    def reads(self, sents: Sequence[Sentence]) -> bool:
        """Whether the encoder may read these sentences (English, and an encoder given)."""
        from arguments.domain.language import language_of

        text = " ".join(s.text for s in sents)
        return self.embed is not None and not language_of(text) and not _SPANISH.search(text)

    def probabilities_from(
        self,
        sents: Sequence[Sentence],
        query: str,
        vectors: Vectors,
        query_vector: Sequence[float] | None,
    ) -> list[dict[str, float]]:
        """Per sentence, the probability of each role, given the sentences' embeddings (and
        the query's, None for no query)."""
        out = []
        rows = dense_features(vectors, query_vector)
        indices = feature_indices(sents, query, buckets=self.buckets, families=self.families)
        dim = len(vectors[0]) if vectors else 0
        for bucket_ids, row in zip(indices, rows, strict=True):
            scores = list(self.intercepts)
            for index in bucket_ids:
                w = self.weights.get(index)
                if w is not None:
                    scores = list(map(operator.add, scores, w))
            for k, value in enumerate(row):
                if value:
                    x = value * self.scale if k < dim else value
                    scores = [s + x * w for s, w in zip(scores, self.dense[k], strict=True)]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            out.append({c: exps[i] / total for i, c in enumerate(self.classes)})
        return out

    def probabilities(self, sents: Sequence[Sentence], query: str) -> list[dict[str, float]]:
        """Per sentence, the probability of each role (the fallback's for a text the encoder
        may not read)."""
        if not sents:
            return []
        if not self.reads(sents):
            if self.fallback is None:
                raise ValueError("no encoder for this text and no fallback model")
            return self.fallback.probabilities(sents, query)
        assert self.embed is not None
        texts = [s.text for s in sents]
        if query.strip():
            *vectors, query_vector = self.embed([*texts, query.strip()])
        else:
            vectors, query_vector = list(self.embed(texts)), None
        return self.probabilities_from(sents, query, vectors, query_vector)
