"""The fallacy checker on Argotario with every setting chosen without the texts it is scored on.

Five outer folds keep each author's texts on one side (``tools.train_fallacies.folds``). For
each outer fold, on the other four folds only (an inner 4-fold author-grouped
cross-validation):

1. the encoded model's C is chosen from ``NESTED_C`` (scale ``ENCODED_SCALE``) by the model's
   top-1 on the five types, and its temperature by the least log loss on the same inner scores;
2. the checker's short-text pair (WHOLE_SHIFT, WHOLE_AT) is chosen from ``NESTED_GRID`` by
   the rule the shipped pair was chosen by: the most checker
   top-1 with at most 15% of "no fallacy" texts flagged, among pairs that flag no more of our
   tuning sets' near misses than the sentence pair (read by the outer fold's model).

Then the model with the chosen C, fitted on the four folds (and our tuning examples, as
``make train``), checks the outer fold's texts with the chosen pair. Pooled over the outer
folds, against the commonest-type guess (the commonest of the five on the training side):

- the model's top-1 on the five types (its ranking, every fallacious text answered);
- the checker's top-1 (its top finding names the gold type; no finding counts as wrong), the
  share of fallacious texts it says anything about, and of "no fallacy" texts it flags;
- per level it shows (likely, possible), the precision of its top finding on the texts it
  flags (a finding on a "no fallacy" text is wrong), and the commonest-type guess on the same
  texts (the baseline at the same coverage);
- the precision of the model's own type by its calibrated probability (the levels a
  confidence threshold could draw).

BENCH_SMALL=1 runs a quarter of the authors, one C and two pairs, to prove it runs.
Run: .venv/bin/python -m evaluations.fallacy_nested
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field

from benchmarks.harness import ROOT, report, small

sys.path.insert(0, str(ROOT))

from arguments.domain.fallacies import FallacyFinding, detect_fallacies  # noqa: E402
from arguments.domain.fallacies.detector import NONE_SHIFT, POSSIBLE_AT  # noqa: E402
from arguments.domain.fallacies.learned import CLASSES, FallacyModel  # noqa: E402
from evaluations.fallacies import examples  # noqa: E402
from evaluations.fallacy_checker import (  # noqa: E402
    CLEAN_MAX,
    argotario_arguments,
    checker_top1,
)
from tools import train_fallacies as training  # noqa: E402

FIVE = [c for c in CLASSES if c != "none"]
NESTED_C = (0.1, 0.25)  # two of ``--search-encoded``'s grid, at the shipped scale
# The short-text pairs (WHOLE_SHIFT, WHOLE_AT) chosen from: the part of the evaluation's grid
# around the shipped pair (the whole grid, read by the checker per inner fold, costs hours).
NESTED_GRID = tuple((shift, at) for shift in (1.0, 0.75, 0.5, 0.25) for at in (0.3, 0.2))
# The model's calibrated probability of its own type: the bands the last table reports.
BANDS = ((0.7, 1.01), (0.5, 0.7), (0.4, 0.5), (0.3, 0.4), (0.2, 0.3), (0.0, 0.2))


@dataclass(frozen=True)
class _Remembering(FallacyModel):
    """The model, remembering each text's scores: the grid asks it about each text once per
    pair, and only the shift of "none" differs."""

    memory: dict[str, list[float]] = field(default_factory=dict, compare=False, hash=False)

    def scores(self, text: str) -> list[float]:
        if text not in self.memory:
            self.memory[text] = super().scores(text)
        return list(self.memory[text])


@dataclass(frozen=True)
class Side:
    """Arguments with their embeddings."""

    arguments: list[training.Argument]
    vectors: list[list[float]]


def _models(
    train: Side, own: Side, inner: tuple[list[list[float]], list], k: int
) -> tuple[list[FallacyModel], list[int], float]:
    """The inner author-grouped cross-validation of ``train`` (``inner``: its out-of-fold
    scores and fold models): the model per fold (as the shipped checker reads it, with its
    fold's model on words as fallback), the fold of each argument, and the temperature chosen
    on the out-of-fold scores."""
    encode = training.default_encode()
    labels = [CLASSES.index(a.label) for a in train.arguments]
    scores, fitted = inner
    temperature = training.temperature_for(scores, labels)
    fold = training.folds(train.arguments, k)
    rows, own_rows = training.design(train.arguments), training.design(own.arguments)
    models = []
    for f, (model, used) in enumerate(fitted):
        plain, plain_used = training.fit_raw(
            [rows[i] for i in range(len(rows)) if fold[i] != f] + own_rows
        )
        models.append(
            _Remembering.from_json(
                training.encoded_json(model, used, temperature, training.ENCODED_SCALE, exact=True),
                embed=encode,
                fallback=_plain(plain, plain_used, temperature),
            )
        )
    return models, fold, temperature


def _plain(model: object, used: dict[int, int], temperature: float) -> FallacyModel:
    coef = model.coef_  # type: ignore[attr-defined]
    classes = list(model.classes_)  # type: ignore[attr-defined]
    order = [classes.index(k) for k in range(len(CLASSES))]
    return FallacyModel(
        classes=CLASSES,
        buckets=training.BUCKETS,
        families=training.FAMILIES,
        temperature=temperature,
        intercepts=tuple(float(model.intercept_[k]) for k in order),  # type: ignore[attr-defined]
        weights={col: [float(coef[k, j]) for k in order] for col, j in used.items()},
    )


def _final(train: Side, own: Side, c: float, temperature: float) -> FallacyModel:
    """The model fitted on all of ``train`` (and our examples), as ``make train`` fits it."""
    rows = training.design(train.arguments + own.arguments)
    model, used = training.fit_raw_encoded(rows, train.vectors + own.vectors, c=c)
    plain, plain_used = training.fit_raw(rows)
    return _Remembering.from_json(
        training.encoded_json(model, used, temperature, training.ENCODED_SCALE, exact=True),
        embed=training.default_encode(),
        fallback=_plain(plain, plain_used, temperature),
    )


def _top1_share(arguments: list[training.Argument], found: list[list[FallacyFinding]]) -> float:
    hits, texts, _, _ = checker_top1(arguments, found)
    return sum(hits.values()) / max(sum(texts.values()), 1)


def _clean_share(arguments: list[training.Argument], found: list[list[FallacyFinding]]) -> float:
    _, _, flagged, clean = checker_top1(arguments, found)
    return flagged / max(clean, 1)


def _choose_pair(
    inner: list[training.Argument],
    models: list[FallacyModel],
    fold: list[int],
    outer_model: FallacyModel,
) -> tuple[float, float]:
    """The short-text pair with the most inner top-1 with at most CLEAN_MAX flagged, among
    pairs that flag no more near misses than the sentence pair (a tie: the earlier pair)."""
    near_misses = [t for name in training.OWN_SETS for k, t in examples(name) if not k]

    def misses(whole: tuple[float, float]) -> int:
        return sum(bool(detect_fallacies(t, model=outer_model, whole=whole)) for t in near_misses)

    allowed = misses((NONE_SHIFT, POSSIBLE_AT))
    grid = NESTED_GRID[2:4] if small() else NESTED_GRID
    best: tuple[float, int] = (-1.0, 0)
    for n, pair in enumerate(grid):
        found = [
            detect_fallacies(a.text, model=models[f], whole=pair)
            for a, f in zip(inner, fold, strict=True)
        ]
        if _clean_share(inner, found) > CLEAN_MAX or misses(pair) > allowed:
            continue
        best = max(best, (_top1_share(inner, found), -n))
    return grid[-best[1]]


def _pct(n: int, d: int) -> str:
    return f"{n / d:6.1%} ({n}/{d})" if d else "   n/a"


def main() -> None:
    title = "Fallacies: Argotario, nested author-grouped cross-validation (every setting chosen "
    title += "inside the fold)"
    arguments = argotario_arguments(title)
    if arguments is None:
        return
    encode = training.default_encode()
    vectors = training.vectors_of(arguments, encode)
    own_arguments = training.own_arguments()
    own = Side(own_arguments, training.vectors_of(own_arguments, encode))
    outer = training.folds(arguments)
    cs = NESTED_C[1:2] if small() else NESTED_C
    chosen: list[str] = []
    found: list[list[FallacyFinding]] = [[] for _ in arguments]
    model_type: list[tuple[str, float]] = [("", 0.0) for _ in arguments]  # type, probability
    commonest: list[str] = ["" for _ in arguments]
    for f in range(training.FOLDS):
        inside = [i for i in range(len(arguments)) if outer[i] != f]
        train = Side([arguments[i] for i in inside], [vectors[i] for i in inside])
        labels = [CLASSES.index(a.label) for a in train.arguments]
        inner = {
            c: training.out_of_fold_encoded(
                train.arguments, train.vectors, own.arguments, own.vectors, c=c, k=4
            )
            for c in cs
        }
        top1 = {c: training.top1(inner[c][0], labels) for c in cs}
        c = max(cs, key=lambda value: (top1[value], -cs.index(value)))
        models, fold, temperature = _models(train, own, inner[c], 4)
        final = _final(train, own, c, temperature)
        pair = _choose_pair(train.arguments, models, fold, final)
        chosen.append(f"fold {f}: C {c}, T {temperature}, short-text pair {pair[0]}/{pair[1]}")
        kinds = Counter(a.label for a in train.arguments if a.label != "none")
        common = max(FIVE, key=lambda k: (kinds[k], k))
        for i in range(len(arguments)):
            if outer[i] == f:
                text = arguments[i].text
                found[i] = detect_fallacies(text, model=final, whole=pair)
                probs = final.probabilities(text)
                kind = max(FIVE, key=lambda k: (probs[k], k))
                model_type[i] = (kind, probs[kind])
                commonest[i] = common
    rows = _figures(arguments, found, model_type, commonest)
    rows += [("  chosen", line) for line in chosen]
    report(title + (" (BENCH_SMALL: a quarter of the authors)" if small() else ""), rows)


def _figures(
    arguments: list[training.Argument],
    found: list[list[FallacyFinding]],
    model_type: list[tuple[str, float]],
    commonest: list[str],
) -> list[tuple[str, str]]:
    fallacious = [i for i, a in enumerate(arguments) if a.label != "none"]
    clean = [i for i, a in enumerate(arguments) if a.label == "none"]
    n = len(fallacious)
    guess = sum(arguments[i].label == commonest[i] for i in fallacious)
    model_hits = sum(model_type[i][0] == arguments[i].label for i in fallacious)
    checker = sum(bool(found[i]) and found[i][0].type == arguments[i].label for i in fallacious)
    said = sum(bool(found[i]) for i in fallacious)
    rows = [
        ("texts", f"{len(arguments)} by {len({a.author for a in arguments})} authors"),
        ("commonest-type guess, top-1 on the five types", _pct(guess, n)),
        ("model top-1 on the five types (always answers)", _pct(model_hits, n)),
        ("CHECKER top-1 (no finding = wrong)", _pct(checker, n)),
        ("checker says something on fallacious texts", _pct(said, n)),
        ('"no fallacy" texts flagged', _pct(sum(bool(found[i]) for i in clean), len(clean))),
    ]
    for level, test in (
        ("likely", lambda x: x.likely),
        ("possible", lambda x: not x.likely),
        ("either", lambda x: True),
    ):
        flagged = [i for i in range(len(arguments)) if found[i] and test(found[i][0])]
        right = sum(found[i][0].type == arguments[i].label for i in flagged)
        same = sum(arguments[i].label == commonest[i] for i in flagged)
        rows.append(
            (
                f"top finding right, {level}",
                f"{_pct(right, len(flagged))}; the commonest-type guess on the same texts "
                f"{_pct(same, len(flagged))}",
            )
        )
    for low, high in BANDS:
        inside = [i for i in range(len(arguments)) if low <= model_type[i][1] < high]
        right = sum(model_type[i][0] == arguments[i].label for i in inside)
        share = len([i for i in inside if arguments[i].label != "none"])
        rows.append(
            (
                f"  model's type at p {low:.1f}-{min(high, 1.0):.1f}",
                f"right {_pct(right, len(inside))}, fallacious texts among them "
                f"{_pct(share, len(inside))}",
            )
        )
    return rows


if __name__ == "__main__":
    main()
