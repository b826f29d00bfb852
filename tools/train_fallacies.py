"""Train the learned fallacy model on the Argotario game data.

Reads argotario-en-2018-01-15.tsv in place (never copies it), adds the hand-written examples
we may tune on (``OWN_SETS``: their texts of the five types, and their near misses as "none";
never a frozen half nor the held-out set), and writes only fitted weights,
``arguments/fallacy_model.json``, the same bytes each run. The settings below were chosen by
cross-validation that keeps each author's texts on one side of the split (``--search`` prints
the grid); the temperature that calibrates the probabilities is chosen on the out-of-fold
scores of the same cross-validation. Our own examples are in every fold's training side (they
are not Argotario texts, so they never meet a test author).

Run: ``make train`` (or .venv/bin/python -m tools.train_fallacies [--search | --nested]).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments.domain.fallacies.learned import (  # noqa: E402
    CLASSES,
    WEIGHTS,
    cue_fingerprint,
    feature_indices,
)
from tools.shared_data import shared_data_file  # noqa: E402

# The sentence encoder's ``encode``: texts in, one vector per text out.
Encode = Callable[[Sequence[str]], Any]

DATA = "argotario-en-2018-01-15.tsv"
# The hand-written example sets (evaluations/fallacies) the model learns from besides the game's
# texts: the ones the rules were tuned on. The frozen halves and held_out are never read here.
OWN_SETS = ("tuning", "second_set", "voices_dev", "voices_web_dev", "voices_essay_dev")
OUT = ROOT / "arguments" / WEIGHTS

# The game's names for its types, as taxonomy ids.
TYPE_OF = {
    "Ad Hominem": "ad_hominem",
    "Appeal to Emotion": "appeal_to_emotion",
    "Irrelevant Authority": "false_authority",
    "Hasty Generalization": "hasty_generalization",
    "Red Herring": "red_herring",
    "No Fallacy": "none",
}

# The settings, chosen by author-grouped cross-validation (``--search``).
BUCKETS = 2**18
FAMILIES = ("cues", "words")
C = 0.25
BALANCED = False
FOLDS = 5
SEED = 0
# The settings ``--search`` compares (class weights "balanced" lowered top-1 everywhere
# they were tried, so they are no longer in the grid).
SEARCH = tuple(
    (families, c)
    for families in (
        ("words",),
        ("words", "bigrams"),
        ("cues", "words"),
        ("cues", "words", "bigrams"),
        ("cues", "words", "stems"),
    )
    for c in (0.1, 0.25, 0.5, 1.0)
)
# Temperatures tried for calibration (the one with the least out-of-fold log loss is kept).
TEMPERATURES = tuple(round(0.5 + 0.05 * k, 2) for k in range(51))


@dataclass(frozen=True)
class Argument:
    author: str
    text: str
    label: str  # the gold: the players' vote when one settled, else what the author meant
    intended: str


def find_data() -> Path | None:
    """The data file: $ARGOTARIO_DATA, or shared/data beside the checkout (or its parent, for a git
    worktree under the project folder); None when it is not there."""
    return shared_data_file(DATA, "ARGOTARIO_DATA")


def read_arguments(path: Path) -> list[Argument]:
    """The labelled arguments; a text that runs over several lines is joined back."""
    records: list[list[str]] = []
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    for line in lines:
        fields = line.split("\t")
        if len(fields) == 9 and fields[0].isdigit():
            records.append(fields)
        elif records:  # a line break inside the previous text
            records[-1][8] += "\n" + line
    out = []
    for fields in records:
        intended = TYPE_OF.get(fields[5])
        if intended is None:
            continue
        voted = TYPE_OF.get(fields[6], intended)
        out.append(Argument(fields[2], fields[8].strip(), voted, intended))
    return out


def own_arguments() -> list[Argument]:
    """Our examples of the five types, and our texts with no fallacy (labelled "none"); the
    other nine types are left out (the model has no class for them, and they are not "none")."""
    from evaluations.fallacies import examples

    return [
        Argument(f"own:{name}", text, kind or "none", kind or "none")
        for name in OWN_SETS
        for kind, text in examples(name)
        if (kind or "none") in CLASSES
    ]


def design(
    arguments: list[Argument], *, families: tuple[str, ...] = FAMILIES, buckets: int = BUCKETS
) -> list[tuple[list[int], int]]:
    return [
        (feature_indices(a.text, buckets=buckets, families=families), CLASSES.index(a.label))
        for a in arguments
    ]


def _matrix(rows: list[tuple[list[int], int]], used: dict[int, int]) -> Any:
    from scipy.sparse import csr_matrix

    data, row_ids, cols = [], [], []
    for r, (features, _) in enumerate(rows):
        for col in features:
            if col in used:
                row_ids.append(r)
                cols.append(used[col])
                data.append(1.0)
    return csr_matrix((data, (row_ids, cols)), shape=(len(rows), len(used)))


def fit_raw(
    rows: list[tuple[list[int], int]], *, c: float = C, balanced: bool = BALANCED
) -> tuple[Any, dict[int, int]]:
    """The fitted scikit-learn model and its column of each bucket in use."""
    from sklearn.linear_model import LogisticRegression

    used = {col: k for k, col in enumerate(sorted({col for f, _ in rows for col in f}))}
    model = LogisticRegression(
        C=c,
        max_iter=5000,
        random_state=SEED,
        class_weight="balanced" if balanced else None,
    )
    model.fit(_matrix(rows, used), [label for _, label in rows])
    return model, used


def raw_scores(
    model: Any, used: dict[int, int], rows: list[tuple[list[int], int]]
) -> list[list[float]]:
    """Per row, the linear score of each of CLASSES (as the shipped inference computes it)."""
    matrix = _matrix(rows, used)
    decision = model.decision_function(matrix)
    out = []
    for values in decision:
        score = [0.0] * len(CLASSES)
        for k, label in enumerate(model.classes_):
            score[int(label)] = float(values[k])
        out.append(score)
    return out


def folds(arguments: list[Argument], k: int = FOLDS) -> list[int]:
    """The fold of each argument: authors dealt to folds, biggest first, to even the sizes."""
    sizes: dict[str, int] = {}
    for a in arguments:
        sizes[a.author] = sizes.get(a.author, 0) + 1
    load = [0] * k
    fold_of: dict[str, int] = {}
    for author in sorted(sizes, key=lambda name: (-sizes[name], name)):
        target = min(range(k), key=lambda f: (load[f], f))
        fold_of[author] = target
        load[target] += sizes[author]
    return [fold_of[a.author] for a in arguments]


def out_of_fold(
    arguments: list[Argument],
    *,
    families: tuple[str, ...] = FAMILIES,
    c: float = C,
    balanced: bool = BALANCED,
    k: int = FOLDS,
    extra: list[Argument] | None = None,
) -> list[list[float]]:
    """Each argument's class scores from a model fitted without its author's texts (and with
    ``extra``, our own examples, on every training side)."""
    rows = design(arguments, families=families)
    always = design(extra or [], families=families)
    fold = folds(arguments, k)
    scores: list[list[float]] = [[] for _ in arguments]
    for f in range(k):
        train = [rows[i] for i in range(len(rows)) if fold[i] != f] + always
        test = [i for i in range(len(rows)) if fold[i] == f]
        model, used = fit_raw(train, c=c, balanced=balanced)
        for i, score in zip(test, raw_scores(model, used, [rows[i] for i in test]), strict=True):
            scores[i] = score
    return scores


def softmax(scores: list[float], temperature: float = 1.0) -> list[float]:
    scaled = [s / temperature for s in scores]
    top = max(scaled)
    exps = [math.exp(s - top) for s in scaled]
    total = sum(exps)
    return [e / total for e in exps]


def log_loss(scores: list[list[float]], labels: list[int], temperature: float) -> float:
    return -sum(
        math.log(max(softmax(s, temperature)[y], 1e-12))
        for s, y in zip(scores, labels, strict=True)
    ) / len(labels)


def temperature_for(scores: list[list[float]], labels: list[int]) -> float:
    """The temperature with the least log loss on out-of-fold scores (ties to the lower)."""
    return min(TEMPERATURES, key=lambda t: (round(log_loss(scores, labels, t), 6), t))


def top1(scores: list[list[float]], labels: list[int]) -> float:
    """Share of the fallacy texts whose highest-scoring fallacy (of five) is their type."""
    none = CLASSES.index("none")
    hits = total = 0
    for score, label in zip(scores, labels, strict=True):
        if label == none:
            continue
        total += 1
        best = max((k for k in range(len(CLASSES)) if k != none), key=lambda k: score[k])
        hits += best == label
    return hits / total


def fit(arguments: list[Argument]) -> dict:
    """The model's JSON form (see ``FallacyModel.from_json``)."""
    labels = [CLASSES.index(a.label) for a in arguments]
    own = own_arguments()
    temperature = temperature_for(out_of_fold(arguments, extra=own), labels)
    model, used = fit_raw(design(arguments + own))
    coef = model.coef_
    order = [list(model.classes_).index(k) for k in range(len(CLASSES))]
    return {
        "classes": list(CLASSES),
        "cues": cue_fingerprint(),
        "buckets": BUCKETS,
        "families": list(FAMILIES),
        "temperature": temperature,
        "intercepts": [round(float(model.intercept_[k]), 4) for k in order],
        "weights": {
            str(col): [round(float(coef[k, j]), 4) for k in order]
            for col, j in sorted(used.items())
            if max(abs(float(coef[k, j])) for k in order) >= 5e-4
        },
    }


def dump(weights: dict) -> str:
    """The weights as JSON text, the same bytes for the same weights."""
    return json.dumps(weights, sort_keys=True, separators=(",", ":")) + "\n"


def search(arguments: list[Argument]) -> None:
    """Print top-1 and log loss of each setting on author-grouped cross-validation."""
    labels = [CLASSES.index(a.label) for a in arguments]
    own = own_arguments()
    for families, c in SEARCH:
        scores = out_of_fold(arguments, families=families, c=c, extra=own)
        t = temperature_for(scores, labels)
        print(
            f"{'+'.join(families):22} C={c:<5} top-1 {top1(scores, labels):6.1%}  "
            f"log loss {log_loss(scores, labels, t):.3f} (T={t})",
            flush=True,
        )


def nested(arguments: list[Argument]) -> None:
    """Print top-1 with the setting chosen inside each fold: for each of the FOLDS outer folds,
    the setting of SEARCH with the most top-1 on a 4-fold author-grouped cross-validation of
    the other folds is fitted on them and scored on the outer fold (what the shipped choice,
    made on all folds at once, would score without that optimism)."""
    own = own_arguments()
    fold = folds(arguments)
    none = CLASSES.index("none")
    hits = total = 0
    for f in range(FOLDS):
        inner = [a for a, k in zip(arguments, fold, strict=True) if k != f]
        inner_labels = [CLASSES.index(a.label) for a in inner]
        families, c = max(
            SEARCH,
            key=lambda s: top1(
                out_of_fold(inner, families=s[0], c=s[1], k=FOLDS - 1, extra=own), inner_labels
            ),
        )
        model, used = fit_raw(design(inner + own, families=families), c=c)
        test = [a for a, k in zip(arguments, fold, strict=True) if k == f]
        rows = design(test, families=families)
        for (_, label), score in zip(rows, raw_scores(model, used, rows), strict=True):
            if label != none:
                total += 1
                hits += (
                    max((k for k in range(len(CLASSES)) if k != none), key=lambda k: score[k])
                    == label
                )
        print(
            f"fold {f}: chose {'+'.join(families)} C={c}; top-1 so far {hits / total:.1%}",
            flush=True,
        )
    print(f"nested top-1 on the five types: {hits / total:.1%} ({hits}/{total})")


# -- the model on the sentence encoder ----------------------------------------------------------
# The same features with the encoder's embedding of the text (times ENCODED_SCALE); the
# settings chosen by author-grouped cross-validation (``--search-encoded``).
ENCODED_OUT = ROOT / "arguments" / "fallacy_model_encoded.json"
ENCODED_C = 0.1
ENCODED_SCALE = 2.0
ENCODED_SEARCH = tuple(
    (c, s) for c, s in ((0.05, 1.0), (0.05, 2.0), (0.1, 1.0), (0.1, 2.0), (0.1, 4.0), (0.25, 2.0),
                        (0.25, 4.0), (0.5, 2.0), (0.5, 4.0))
)  # fmt: skip


def default_encode() -> Encode:
    """The shipped sentence encoder's ``encode`` (verified before its first use)."""
    from toulmini_site.text.encoder import default_encoder

    return default_encoder().encode


def vectors_of(arguments: list[Argument], encode: Encode) -> list[list[float]]:
    return [list(map(float, v)) for v in encode([a.text for a in arguments])] if arguments else []


def _encoded_matrix(
    rows: list[tuple[list[int], int]],
    used: dict[int, int],
    vectors: list[list[float]],
    scale: float,
) -> Any:
    import numpy as np
    from scipy.sparse import csr_matrix, hstack

    dense = np.array(vectors, dtype=np.float64) * scale
    return hstack([_matrix(rows, used), csr_matrix(dense)]).tocsr()


def fit_raw_encoded(
    rows: list[tuple[list[int], int]],
    vectors: list[list[float]],
    *,
    c: float = ENCODED_C,
    scale: float = ENCODED_SCALE,
) -> tuple[Any, dict[int, int]]:
    """The fitted scikit-learn model on the hashed features and the embedding."""
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    used = {col: k for k, col in enumerate(sorted({col for f, _ in rows for col in f}))}
    with threadpool_limits(limits=1):
        model = LogisticRegression(C=c, max_iter=5000, random_state=SEED)
        model.fit(_encoded_matrix(rows, used, vectors, scale), [label for _, label in rows])
    return model, used


def raw_scores_encoded(
    model: Any,
    used: dict[int, int],
    rows: list[tuple[list[int], int]],
    vectors: list[list[float]],
    scale: float,
) -> list[list[float]]:
    decision = model.decision_function(_encoded_matrix(rows, used, vectors, scale))
    out = []
    for values in decision:
        score = [0.0] * len(CLASSES)
        for k, label in enumerate(model.classes_):
            score[int(label)] = float(values[k])
        out.append(score)
    return out


def out_of_fold_encoded(
    arguments: list[Argument],
    vectors: list[list[float]],
    own: list[Argument],
    own_vectors: list[list[float]],
    *,
    c: float = ENCODED_C,
    scale: float = ENCODED_SCALE,
    k: int = FOLDS,
) -> tuple[list[list[float]], list]:
    """Each argument's class scores from an encoded model fitted without its author's texts
    (our own examples on every training side), and the fold models."""
    rows = design(arguments)
    always = design(own)
    fold = folds(arguments, k)
    scores: list[list[float]] = [[] for _ in arguments]
    fitted = []
    for f in range(k):
        train = [i for i in range(len(rows)) if fold[i] != f]
        test = [i for i in range(len(rows)) if fold[i] == f]
        model, used = fit_raw_encoded(
            [rows[i] for i in train] + always,
            [vectors[i] for i in train] + own_vectors,
            c=c,
            scale=scale,
        )
        fitted.append((model, used))
        got = raw_scores_encoded(
            model, used, [rows[i] for i in test], [vectors[i] for i in test], scale
        )
        for i, score in zip(test, got, strict=True):
            scores[i] = score
    return scores, fitted


def encoded_json(
    model: Any, used: dict[int, int], temperature: float, scale: float, *, exact: bool = False
) -> dict:
    """The encoded model's JSON form (``FallacyModel.from_json`` with ``dense``); rounded
    weights unless ``exact`` (the evaluation's per-fold models)."""
    coef = model.coef_
    order = [list(model.classes_).index(k) for k in range(len(CLASSES))]
    r = (lambda v: float(v)) if exact else (lambda v: round(float(v), 4))
    return {
        "classes": list(CLASSES),
        "cues": cue_fingerprint(),
        "buckets": BUCKETS,
        "families": list(FAMILIES),
        "temperature": temperature,
        "scale": scale,
        "intercepts": [r(model.intercept_[k]) for k in order],
        "weights": {
            str(col): [r(coef[k, j]) for k in order]
            for col, j in sorted(used.items())
            if exact or max(abs(float(coef[k, j])) for k in order) >= 5e-4
        },
        "dense": [[r(coef[k, len(used) + d]) for k in order] for d in range(DIMENSION)],
    }


DIMENSION = 384


def fit_encoded(arguments: list[Argument], encode: Encode) -> dict:
    labels = [CLASSES.index(a.label) for a in arguments]
    own = own_arguments()
    vectors, own_vectors = vectors_of(arguments, encode), vectors_of(own, encode)
    scores, _ = out_of_fold_encoded(arguments, vectors, own, own_vectors)
    temperature = temperature_for(scores, labels)
    model, used = fit_raw_encoded(design(arguments + own), vectors + own_vectors)
    return encoded_json(model, used, temperature, ENCODED_SCALE)


def search_encoded(arguments: list[Argument], encode: Encode) -> None:
    """Print top-1 and log loss of each encoded setting on author-grouped cross-validation."""
    labels = [CLASSES.index(a.label) for a in arguments]
    own = own_arguments()
    vectors, own_vectors = vectors_of(arguments, encode), vectors_of(own, encode)
    for c, scale in ENCODED_SEARCH:
        scores, _ = out_of_fold_encoded(arguments, vectors, own, own_vectors, c=c, scale=scale)
        t = temperature_for(scores, labels)
        print(
            f"encoded C={c:<5} scale={scale:<4} top-1 {top1(scores, labels):6.1%}  "
            f"log loss {log_loss(scores, labels, t):.3f} (T={t})",
            flush=True,
        )


def main() -> None:
    path = find_data()
    if path is None:
        raise SystemExit(
            f"{DATA} is not here (looked in ../shared/data/ and ../../shared/data/; set "
            "ARGOTARIO_DATA): nothing to train on."
        )
    arguments = read_arguments(path)
    if "--search" in sys.argv:
        search(arguments)
        return
    if "--search-encoded" in sys.argv:
        search_encoded(arguments, default_encode())
        return
    if "--nested" in sys.argv:
        nested(arguments)
        return
    for out, weights in (
        (OUT, fit(arguments)),
        (ENCODED_OUT, fit_encoded(arguments, default_encode())),
    ):
        text = dump(weights)
        out.write_text(text, encoding="utf-8")
        print(
            f"Wrote {out.relative_to(ROOT)} ({len(text) / 1024:.0f} KiB) from {len(arguments)} "
            f"Argotario texts and {len(own_arguments())} of our examples."
        )


if __name__ == "__main__":
    main()
