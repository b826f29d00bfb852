"""Train the offline analyzer's sentence-role model on the annotated web texts.

Reads webdiscourse-dev.jsonl in place (never copies it) and writes only fitted weights.
Run: ``make train`` (or .venv/bin/python -m tools.train_roles).
"""

from __future__ import annotations

import json
from pathlib import Path

from tools.shared_data import shared_data_file

ROOT = Path(__file__).resolve().parent.parent
CORPUS = "webdiscourse-dev.jsonl"

# Our own questions for the corpus's five topics (the texts argue for or against them).
QUERIES = {
    "homeschooling": "Is homeschooling a good way to educate children?",
    "prayer-in-schools": "Should prayer be allowed in public schools?",
    "single-sex-education": "Is single-sex education better for pupils?",
    "redshirting": "Should parents delay their child's entry to kindergarten?",
    "mainstreaming": "Should children with disabilities be taught in mainstream classes?",
}


def find_corpus() -> Path | None:
    """The corpus file: $WEBDISCOURSE_DATA, or shared/data beside the checkout (or its
    parent, for a git worktree under the project folder); None when it is not there."""
    return shared_data_file(CORPUS, "WEBDISCOURSE_DATA")


def read_corpus(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


# The hyper-parameters (buckets and families chosen earlier by leave-one-topic-out).
BUCKETS = 2**18
FAMILIES = ("cues", "words")
# The regularisation strengths the model averages over. No C is chosen: a model is fitted for
# each and their weights are averaged, so the benchmark has no setting to pick per held-out
# topic (choosing C by nested leave-one-topic-out picked smaller values on the inner folds
# than suited the held-out topics; the grid was fixed before the averaging was tried).
C_GRID = (0.02, 0.03, 0.05, 0.1, 0.2, 0.3)
SEED = 0
WEIGHTS = ROOT / "arguments" / "sentence_roles.json"

_ROLE_OF = {
    "claim": "claim",
    "premise": "data",
    "backing": "backing",
    "rebuttal": "rebuttal",
    "refutation": "rebuttal",
}


def labelled_sentences(doc: dict) -> list[tuple[list, int, str]]:
    """(the document's sentences, the sentence's index, its role) for each sentence: the role
    of the annotated component covering most of it, if that covers a quarter of it or more."""
    from toulmini_site.text.sentences import sentences

    sents = sentences(doc["text"])
    out = []
    for sentence in sents:
        cover: dict[str, int] = {}
        for c in doc["components"]:
            if c["implicit"] or c["start"] is None or c["type"] not in _ROLE_OF:
                continue
            shared = min(sentence.end, c["end"]) - max(sentence.start, c["start"])
            if shared > 0:
                role = _ROLE_OF[c["type"]]
                cover[role] = cover.get(role, 0) + shared
        role = max(cover, key=lambda r: (cover[r], r)) if cover else "none"
        if cover and cover[role] < (sentence.end - sentence.start) / 4:
            role = "none"
        out.append((sents, sentence.index, role))
    return out


def design(
    docs: list[dict], *, families: tuple[str, ...] = FAMILIES, buckets: int = BUCKETS
) -> list[tuple[list[int], int]]:
    """Per sentence of ``docs``: its hashed feature buckets and its role's index in ROLES.

    In a text whose claim is implicit, the sentences marked as nothing are left out: the
    annotators marked no claim there, so the sentence stating the position would be taught
    as "none" (leaving them out raised the leave-one-topic-out claim hit)."""
    from arguments.domain.roles import ROLES, feature_indices

    out = []
    for doc in docs:
        labelled = labelled_sentences(doc)
        if not labelled:
            continue
        explicit = any(r == "claim" for _, _, r in labelled)
        features = feature_indices(
            labelled[0][0], QUERIES[doc["topic"]], buckets=buckets, families=families
        )
        out += [
            (features[index], ROLES.index(role))
            for _, index, role in labelled
            if explicit or role != "none"
        ]
    return out


def fit(
    docs: list[dict],
    *,
    families: tuple[str, ...] = FAMILIES,
    cs: tuple[float, ...] = C_GRID,
    buckets: int = BUCKETS,
    rows: list[tuple[list[int], int]] | None = None,
) -> dict:
    """Fit the sentence-role model on ``docs`` (or on their ``design`` rows, when given);
    its JSON form (see ``RoleModel.from_json``).

    One logistic regression per C in ``cs``, averaged: the mean of their weights and
    intercepts, so the averaged model's scores are the mean of theirs (its probabilities the
    normalised geometric mean of theirs) and it is one linear model of the same size. BLAS
    runs on one thread: faster here (the fits are small) and the same bytes on any machine."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    from arguments.domain.roles import ROLES

    if rows is None:
        rows = design(docs, families=families, buckets=buckets)
    used = sorted({col for features, _ in rows for col in features})
    column = {col: k for k, col in enumerate(used)}  # fit on the buckets in use only
    row_ids = [r for r, (features, _) in enumerate(rows) for _ in features]
    cols = [column[col] for features, _ in rows for col in features]
    labels = np.array([label for _, label in rows])
    matrix = csr_matrix(
        (np.ones(len(cols)), (row_ids, cols)), shape=(len(rows), len(used)), dtype=np.float64
    )
    with threadpool_limits(limits=1):
        models = [
            LogisticRegression(C=c, max_iter=3000, random_state=SEED, class_weight="balanced").fit(
                matrix, labels
            )
            for c in cs
        ]
    coef = np.mean([m.coef_ for m in models], axis=0)
    intercept = np.mean([m.intercept_ for m in models], axis=0)
    return {
        "classes": [ROLES[k] for k in models[0].classes_],
        "buckets": buckets,
        "families": list(families),
        "averaged_over_c": list(cs),
        "intercepts": [round(float(v), 4) for v in intercept],
        "weights": {
            str(col): [round(float(v), 4) for v in coef[:, k]]
            for k, col in enumerate(used)
            if np.abs(coef[:, k]).max() >= 5e-5
        },
    }


def dump(weights: dict) -> str:
    """The weights as JSON text, the same bytes for the same weights."""
    return json.dumps(weights, sort_keys=True, separators=(",", ":")) + "\n"


def main() -> None:
    path = find_corpus()
    if path is None:
        raise SystemExit(
            "webdiscourse-dev.jsonl is not here (looked in ../shared/data/ and "
            "../../shared/data/; set WEBDISCOURSE_DATA): nothing to train on."
        )
    docs = read_corpus(path)
    text = dump(fit(docs))
    WEIGHTS.write_text(text, encoding="utf-8")
    print(f"Wrote {WEIGHTS.relative_to(ROOT)} ({len(text) / 1024:.0f} KiB) from {len(docs)} texts.")


if __name__ == "__main__":
    main()
