"""The learned fallacy model: a small linear model that scores a short text as one of five
fallacies (the ones the Argotario game data label) or none.

Features are names hashed (CRC-32) into a fixed number of buckets, as in the sentence-role
model: word unigrams and bigrams, and cue families read with the rules' own lexicons (an insult,
an emotive word, an attribution to a non-expert, a universal word...), which carry to texts
the model has never seen. Inference is pure Python; the weights are fitted by
``tools/train_fallacies.py`` (scikit-learn, a development tool) and shipped as
``arguments/fallacy_model.json``, which ``arguments/offline.py`` reads once and hands to the
detector (the domain never touches the disk; no training library at run time).
Probabilities are a softmax divided by a temperature chosen on author-grouped
cross-validation, so that a probability is about the chance of being right.
"""

from __future__ import annotations

import math
import operator
import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from arguments.domain.fallacies import induction, relevance
from arguments.domain.fallacies.cues import CONCLUDE, STOP, normal, stem
from toulmini_site.text.keywords import keywords as _words

# The five types the model names (taxonomy ids), and "none".
CLASSES = (
    "ad_hominem",
    "appeal_to_emotion",
    "false_authority",
    "hasty_generalization",
    "red_herring",
    "none",
)
WEIGHTS = "fallacy_model.json"

# The rule families' public cues (``relevance.CUES``, ``induction.CUES``), in the order the
# fitted weights were made with (the patterns' text is part of the weights' fingerprint).
_CUES: dict[str, re.Pattern[str]] = {
    "insult": relevance.CUES["insult"],
    "dismiss": relevance.CUES["dismiss"],
    "emotive": relevance.CUES["emotive"],
    "appeal": relevance.CUES["appeal"],
    "vulnerable": relevance.CUES["vulnerable"],
    "attribution": relevance.CUES["attribution"],
    "non_expert": relevance.CUES["non_expert"],
    "vague_expert": relevance.CUES["vague_expert"],
    "universal": induction.CUES["universal"],
    "thin": induction.CUES["thin"],
    "sweep": induction.CUES["sweep"],
    "divert": relevance.CUES["divert"],
    "conclude": CONCLUDE,
    "expert": _words(
        r"experts?",
        r"scientists?",
        r"doctors?",
        r"professors?",
        r"studies",
        r"study",
        r"research\w*",
        r"famous",
        r"stars?",
        r"celebrit(?:y|ies)",
    ),
    "person_attack": _words(
        r"(?:he|she|they|you) (?:is|are|was|were) (?:a|an|just|so|only)",
        r"look at (?:him|her|them|you)",
        r"(?:his|her|their|your) (?:own|looks|past|family|hair)",
    ),
    "concession": re.compile(
        r"^(?:sure|granted|of course|yes|admittedly|true|indeed|it is true)\b|\b(?:although"
        r"|though|even if|while it is)\b"
    ),
    "contrast": _words("but", "however", "yet", "on the other hand", "whereas"),
    "evidence": re.compile(r"\d|\b(?:percent|per cent|survey|statistics|data|evidence)\b"),
    "you": _words("you", "your"),
    "i": _words("i", "my", "me"),
    "we": _words("we", "our", "us"),
    "question": re.compile(r"\?"),
    "exclaim": re.compile(r"!"),
}
_TOKEN = re.compile(r"[a-z0-9']+")
# Letters only Spanish writes: a short Spanish text the language check cannot tell yet is never
# given to the English-only encoder.
_SPANISH = re.compile(r"[ñÑ¿¡]")


def cue_fingerprint() -> str:
    """A checksum of the cue lexicons: the rules share them with the model, so a change to a
    rule's vocabulary changes the model's features, and the model must be trained again."""
    patterns = "\n".join(f"{name}={p.pattern}" for name, p in _CUES.items())
    return f"{zlib.crc32(patterns.encode('utf-8')):08x}"


def feature_names(text: str, families: Sequence[str]) -> list[str]:
    """The names of the features of ``text`` (one short text or a window of sentences)."""
    lower = normal(text)
    tokens = _TOKEN.findall(lower)
    names: list[str] = []
    if "cues" in families:
        names += [f"cue={name}" for name, pattern in _CUES.items() if pattern.search(lower)]
    if "words" in families:
        names += [f"u={t}" for t in tokens]
    if "bigrams" in families:
        names += [f"b={a}_{b}" for a, b in zip(tokens, tokens[1:], strict=False)]
    if "stems" in families:
        names += [f"s={stem(t)}" for t in tokens if t not in STOP]
    return names


def bucket(name: str, buckets: int) -> int:
    return zlib.crc32(name.encode("utf-8")) % buckets


def feature_indices(text: str, *, buckets: int, families: Sequence[str]) -> list[int]:
    """The distinct hashed buckets that fire for ``text``, sorted (binary features)."""
    return sorted({bucket(name, buckets) for name in feature_names(text, families)})


@dataclass(frozen=True)
class FallacyModel:
    """A fitted linear model: per class an intercept and sparse weights per bucket, and the
    temperature that calibrates its softmax."""

    classes: tuple[str, ...]
    buckets: int
    families: tuple[str, ...]
    temperature: float
    intercepts: tuple[float, ...]
    weights: Mapping[int, Sequence[float]]
    cues: str = ""  # the cue_fingerprint the model was trained with
    # A model that reads meaning also has a weight per class for each dimension of the
    # sentence encoder's embedding of the text (times ``scale``); ``embed`` is the encoder's
    # ``encode``, handed in by ``arguments/offline.py`` (the domain loads no model). The encoder
    # reads English only: for a text that is not English, or without ``embed``, such a model
    # answers with ``fallback`` (the model on words and cues alone).
    dense: Sequence[Sequence[float]] = ()
    scale: float = 1.0
    embed: Callable[[list[str]], Sequence[Sequence[float]]] | None = None
    fallback: FallacyModel | None = None

    @classmethod
    def from_json(
        cls,
        data: Mapping,
        *,
        embed: Callable[[list[str]], Sequence[Sequence[float]]] | None = None,
        fallback: FallacyModel | None = None,
    ) -> FallacyModel:
        """The model from its JSON form (as written by the training script); ``embed`` and
        ``fallback`` for a model on the encoder (``dense`` weights)."""
        return cls(
            classes=tuple(data["classes"]),
            buckets=int(data["buckets"]),
            families=tuple(data["families"]),
            temperature=float(data["temperature"]),
            intercepts=tuple(float(v) for v in data["intercepts"]),
            weights={int(k): tuple(map(float, v)) for k, v in data["weights"].items()},
            cues=str(data.get("cues", "")),
            dense=[tuple(map(float, row)) for row in data.get("dense", ())],
            scale=float(data.get("scale", 1.0)),
            embed=embed,
            fallback=fallback,
        )

    def reader(self, text: str) -> FallacyModel:
        """The model that reads ``text``: this one, or for a model on the encoder that may not
        read it (not English, or no encoder), its fallback."""
        if not self.dense:
            return self
        from arguments.domain.language import language_of

        if self.embed is not None and not language_of(text) and not _SPANISH.search(text):
            return self
        if self.fallback is None:
            raise ValueError("no encoder for this text and no fallback model")
        return self.fallback

    def scores(self, text: str) -> list[float]:
        """The raw linear score of each class for ``text``."""
        model = self.reader(text)
        if model is not self:
            return model.scores(text)
        scores = list(self.intercepts)
        if self.dense:
            assert self.embed is not None
            xs = [float(value) * self.scale for value in self.embed([text])[0]]
            if len(xs) != len(self.dense):
                raise ValueError("the embedding and the dense weights differ in length")
            # Per class, the products added in the order of the dimensions (the same sums,
            # to the last bit, as adding each dimension's row to every class in turn).
            for k, column in enumerate(zip(*self.dense, strict=True)):
                total = scores[k]
                for product in map(operator.mul, xs, column):
                    total += product
                scores[k] = total
        for index in feature_indices(text, buckets=self.buckets, families=self.families):
            row = self.weights.get(index)
            if row is not None:
                scores = [s + w for s, w in zip(scores, row, strict=True)]
        return scores

    def probabilities(self, text: str, *, none_shift: float = 0.0) -> dict[str, float]:
        """The calibrated probability of each class for ``text``.

        ``none_shift`` is added to the score of "none" before the softmax: a change of prior,
        for texts where a fallacy is rarer than in the game the model learned from."""
        temperature = self.reader(text).temperature
        scores = [s / temperature for s in self.scores(text)]
        scores[self.classes.index("none")] += none_shift
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {c: exps[i] / total for i, c in enumerate(self.classes)}

    def telling_words(self, text: str, kind: str, limit: int = 3) -> list[str]:
        """The content words of ``text`` whose features push most toward ``kind`` against
        "none" (pronouns, contractions and other function words are never named)."""
        model = self.reader(text)
        if model is not self:
            return model.telling_words(text, kind, limit)
        k, none = self.classes.index(kind), self.classes.index("none")
        tokens = _TOKEN.findall(normal(text))
        pull: dict[str, float] = {}
        for i, token in enumerate(tokens):
            if token in STOP or len(token) < 3 or "'" in token:  # "doesn't", "you're"
                continue
            names = []
            if "words" in self.families:
                names.append(f"u={token}")
            if "stems" in self.families and token not in STOP:
                names.append(f"s={stem(token)}")
            if "bigrams" in self.families:
                if i > 0:
                    names.append(f"b={tokens[i - 1]}_{token}")
                if i + 1 < len(tokens):
                    names.append(f"b={token}_{tokens[i + 1]}")
            weight = 0.0
            for name in names:
                row = self.weights.get(bucket(name, self.buckets))
                if row is not None:
                    weight += row[k] - row[none]
            pull[token] = max(pull.get(token, weight), weight)
        ranked = sorted(pull.items(), key=lambda item: (-item[1], item[0]))
        return [word for word, weight in ranked[:limit] if weight > 0]
