"""How well the offline analyzer finds the parts of real arguments, on topics it has not seen.

Reads webdiscourse-dev.jsonl (206 web texts on five education topics, annotated with a modified
Toulmin model by Habernal & Gurevych, 2017) in place from the shared data folder when it is
there, and says so when it is not. The texts are never copied. Overlap is by character offsets.

Every figure is leave-one-topic-out: for each of the five topics, the analyzer is scored on
that topic's documents only, and anything learned is learned from the other four topics (the
sentence-role model is retrained per fold with the training code of ``tools.train_roles``;
the shipped weights, trained on all five, are never scored here). No regularisation C is
chosen per fold: the model averages the weights of one fit per C of a fixed grid
(``tools.train_roles.C_GRID``), so the held-out topic plays no part in any setting (the
averaging itself was adopted after trying it on these folds, see docs/analyzer.md). The model on
the encoder is scored twice: with its shipped settings (chosen on these same folds: optimistic),
and with C and scale chosen per held-out topic by a nested leave-one-topic-out of the other four
(``nested_encoded_engine``: the held-out topic plays no part in its choice). The data and
rebuttal thresholds (0.5, 0.2) were chosen earlier on all five folds and are not re-chosen per
fold: those figures are slightly optimistic. The
rules alone learn nothing from the data, but they were written while looking at all five
topics, so their figures are optimistic. Per topic and overall (pooled over the five held-out
topics), next to a baseline:
- claim hit: share of documents with an explicit claim where the sentence the analyzer picks
  as the claim overlaps an annotated claim (baseline: the first sentence);
- data: precision (facts overlapping an annotated premise or backing) and recall (premises and
  backings overlapped by a fact) (baseline: every sentence but the first);
- rebuttal: precision and recall against rebuttal and refutation spans (baseline: sentences
  opening with "But" or "However").
Under BENCH_SMALL (CI: a check that every part still runs, not a measure) each topic keeps its
first SMALL_TEXTS texts, the words model one C and the nested selection two (C, scale) pairs;
the full run is unchanged.
Run: .venv/bin/python -m evaluations.analyzer_quality
"""

from __future__ import annotations

import collections
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from benchmarks.harness import report, small
from tools.train_roles import C_GRID, QUERIES, design, find_corpus, fit, read_corpus

if TYPE_CHECKING:
    from arguments.domain.roles import RoleReader

Span = tuple[int, int]
# Texts kept per topic under BENCH_SMALL: enough for every fold to train on the other four.
SMALL_TEXTS = 4


def small_sample(docs: list[dict]) -> list[dict]:
    """``docs`` as the evaluation reads them: all of them, or under BENCH_SMALL the first
    SMALL_TEXTS of each topic (in the file's order)."""
    if not small():
        return docs
    return [d for topic in QUERIES for d in [d for d in docs if d["topic"] == topic][:SMALL_TEXTS]]


def overlaps(a: Span, b: Span) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def spans(doc: dict, *types: str) -> list[Span]:
    return [
        (c["start"], c["end"])
        for c in doc["components"]
        if c["type"] in types and not c["implicit"] and c["start"] is not None
    ]


@dataclass
class Picks:
    """What an engine picked in one document, as spans of the text."""

    claim: Span | None
    data: list[Span]
    rebuttals: list[Span]
    ending: str = ""
    level: str = ""  # how sure the reading is of its claim: likely, possible, unsure


@dataclass
class Tally:
    claim_hit: int = 0
    claim_total: int = 0
    # per level the reading gives its claim: [right, said]
    levels: dict[str, list[int]] = field(default_factory=dict)
    data: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    rebuttal: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def add(self, doc: dict, picks: Picks) -> None:
        claims = spans(doc, "claim")
        if claims:
            self.claim_total += 1
            hit = bool(picks.claim and any(overlaps(picks.claim, c) for c in claims))
            self.claim_hit += hit
            if picks.level:
                level = self.levels.setdefault(picks.level, [0, 0])
                level[0] += hit
                level[1] += 1
        for i, v in enumerate(pr(picks.data, spans(doc, "premise", "backing"))):
            self.data[i] += v
        for i, v in enumerate(pr(picks.rebuttals, spans(doc, "rebuttal", "refutation"))):
            self.rebuttal[i] += v

    def __iadd__(self, other: Tally) -> Tally:
        self.claim_hit += other.claim_hit
        self.claim_total += other.claim_total
        for name, (right, said) in other.levels.items():
            level = self.levels.setdefault(name, [0, 0])
            level[0] += right
            level[1] += said
        self.data = [a + b for a, b in zip(self.data, other.data, strict=True)]
        self.rebuttal = [a + b for a, b in zip(self.rebuttal, other.rebuttal, strict=True)]
        return self


def pr(found: list[Span], gold: list[Span]) -> tuple[int, int, int, int]:
    """(true found, all found, gold hit, all gold)."""
    hit_found = sum(any(overlaps(f, g) for g in gold) for f in found)
    hit_gold = sum(any(overlaps(g, f) for f in found) for g in gold)
    return hit_found, len(found), hit_gold, len(gold)


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}% ({n}/{d})" if d else "n/a"


def short(n: int, d: int) -> str:
    return f"{100 * n / d:5.1f}%" if d else "  n/a "


def baseline(doc: dict) -> Picks:
    from toulmini_site.text.sentences import sentences

    sents = sentences(doc["text"])
    return Picks(
        claim=(sents[0].start, sents[0].end) if sents else None,
        data=[(s.start, s.end) for s in sents[1:]],
        rebuttals=[
            (s.start, s.end) for s in sents if s.text.lower().startswith(("but", "however"))
        ],
    )


def analyzer_picks(doc: dict, roles: RoleReader | None) -> Picks:
    """The offline analyzer's picks in ``doc``: phases 1 to 3 each run on the parts before
    them (even where the app's circuit breaker would stop the chain), and the chain's ending."""
    from arguments.domain.analyzer import NotInText, analyze_phase, find_claim
    from arguments.domain.reading import read
    from arguments.domain.toulmin import ChainState, apply_phase, evaluate
    from toulmini_site.text.sentences import sentences

    text, query = doc["text"], QUERIES[doc["topic"]]
    sents = sentences(text)
    where = {s.text: (s.start, s.end) for s in sents}

    def phase(number: int, components: dict) -> dict:
        inputs = {"phase": number, "query": query, "source_text": text, "components": components}
        return analyze_phase(inputs, roles=roles).model_dump(mode="json")

    try:
        _, chosen = find_claim(query, sents, roles=roles)
    except NotInText:
        chosen = None
    claim = (chosen.start, chosen.end) if chosen else None
    level = read(query, text, roles).claim_level
    data: list[Span] = []
    rebuttals: list[Span] = []
    try:
        components = phase(1, {})
    except NotInText:
        components = {}
    if components:
        data = [where[f] for f in components["data"]["facts"] if f in where]
        components |= phase(2, components)
        rebuttal = phase(3, components)["rebuttal"]
        # An objection is listed once, as an exception or as a counterexample: count both.
        objections = rebuttal["exceptions"] + rebuttal["counterexamples"]
        rebuttals = [where[e] for e in objections if e in where]

    state = ChainState(query=query)  # the whole chain, as the app runs it
    try:
        while (result := evaluate(state)).status == "in_progress":
            assert result.next_phase is not None  # a chain in progress names its next phase
            output = phase(result.next_phase, state.as_json())
            state = apply_phase(state, result.next_phase, output)
        if result.status == "complete":
            assert state.verdict is not None  # a complete chain has its verdict
            ending = f"verdict {state.verdict.status}"
        else:
            ending = "stopped: " + " + ".join(
                part.split(":")[0] for part in result.termination_reason.split("; ")
            )
    except NotInText as missing:
        ending = "stopped: " + str(missing).split(":")[0]
    return Picks(claim=claim, data=data, rebuttals=rebuttals, ending=ending, level=level)


def run_engine(
    docs: list[dict], picker_for_fold: Callable[[str, list[dict]], Callable[[dict], Picks]]
) -> tuple[dict[str, Tally], collections.Counter[str], list[float]]:
    """Leave-one-topic-out: ``picker_for_fold(topic, training docs)`` scores that topic."""
    tallies: dict[str, Tally] = {}
    endings: collections.Counter[str] = collections.Counter()
    times: list[float] = []
    for topic in QUERIES:
        held_out = [d for d in docs if d["topic"] == topic]
        pick = picker_for_fold(topic, [d for d in docs if d["topic"] != topic])
        tally = Tally()
        for doc in held_out:
            started = time.perf_counter()
            picks = pick(doc)
            times.append(time.perf_counter() - started)
            tally.add(doc, picks)
            if picks.ending:
                endings[picks.ending] += 1
        tallies[topic] = tally
    return tallies, endings, times


def verdict_share(endings: collections.Counter[str]) -> str:
    """The share of the chains that reach a verdict (sustained, overruled or remanded)."""
    reached = sum(n for ending, n in endings.items() if ending.startswith("verdict"))
    return pct(reached, sum(endings.values()))


def per_topic_rows(name: str, tallies: dict[str, Tally]) -> list[tuple[str, str]]:
    overall = Tally()
    for tally in tallies.values():
        overall += tally
    rows = [(name, "claim hit | data P / R | rebuttal P / R")]
    for topic, t in [*tallies.items(), ("overall (pooled)", overall)]:
        rows.append(
            (
                f"  {topic}",
                f"{short(t.claim_hit, t.claim_total)} of {t.claim_total:3d} | "
                f"{short(t.data[0], t.data[1])} / {short(t.data[2], t.data[3])} | "
                f"{short(t.rebuttal[0], t.rebuttal[1])} / {short(t.rebuttal[2], t.rebuttal[3])}",
            )
        )
    shares = [100 * t.claim_hit / t.claim_total for t in tallies.values() if t.claim_total]
    mean = f"{statistics.mean(shares):.1f}%" if shares else "n/a"
    rows.append(("  mean of the five topics' claim hit", mean))
    if overall.levels:
        rows.append(
            (
                "  claim right when the reader says (precision per level)",
                ", ".join(
                    f"{name} {pct(*overall.levels[name])}"
                    for name in ("likely", "possible", "unsure")
                    if name in overall.levels
                ),
            )
        )
    return rows


def encoded_engine(
    docs: list[dict],
) -> tuple[dict[str, Tally], collections.Counter[str], list[float]]:
    """Leave-one-topic-out with the sentence-role model on the encoder, retrained per fold
    with ``tools.train_roles.fit_encoded`` (its settings fixed, see docs/analyzer.md); the claim
    calibration is the shipped one (fitted on all five topics' out-of-fold picks: the levels'
    precision is in-sample for it)."""
    import dataclasses

    from arguments.domain.roles import EncodedRoleModel
    from arguments.offline import sentence_roles
    from tools.train_roles import default_encode, encoded_rows, fit_encoded

    encode = default_encode()
    shipped = sentence_roles()
    calibration = getattr(shipped, "claim_calibration", None)
    threshold = getattr(shipped, "rebuttal_threshold", None)
    rows = {id(d): encoded_rows(d, encode) for d in docs}

    def model_for_fold(topic: str, train: list[dict]) -> Callable[[dict], Picks]:
        model = EncodedRoleModel.from_json(
            fit_encoded([r for d in train for r in rows[id(d)]]), embed=encode
        )
        model = dataclasses.replace(
            model, claim_calibration=calibration, rebuttal_threshold=threshold
        )
        return lambda doc: analyzer_picks(doc, model)

    return run_engine(docs, model_for_fold)


def claim_hits(docs: list[dict], roles: RoleReader) -> int:
    """How many of ``docs`` (those with an explicit claim) get a claim overlapping one."""
    from arguments.domain.analyzer import NotInText, find_claim
    from toulmini_site.text.sentences import sentences

    hits = 0
    for doc in docs:
        claims = spans(doc, "claim")
        if not claims:
            continue
        try:
            _, chosen = find_claim(QUERIES[doc["topic"]], sentences(doc["text"]), roles=roles)
        except NotInText:
            continue
        hits += bool(chosen and any(overlaps((chosen.start, chosen.end), c) for c in claims))
    return hits


def nested_encoded_engine(
    docs: list[dict],
) -> tuple[dict[str, Tally], collections.Counter[str], dict[str, tuple[float, float]]]:
    """Leave-one-topic-out with the encoded model's (C, scale) chosen without the held-out
    topic: for each held-out topic, the pair of ``ENCODED_GRID`` with the most claim hits over a
    leave-one-topic-out of the other four (fitted on three, scored on the fourth; a tie goes to
    the earlier pair in the grid) is fitted on the four and scores the held-out topic. The
    shipped calibration and objection threshold, as ``encoded_engine``. Also the pair chosen
    for each held-out topic. Under BENCH_SMALL, two pairs of the grid (a check that it runs)."""
    import dataclasses
    import itertools

    from arguments.domain.roles import EncodedRoleModel
    from arguments.offline import sentence_roles
    from tools.train_roles import ENCODED_GRID, default_encode, encoded_rows, fit_encoded

    encode = default_encode()
    shipped = sentence_roles()
    calibration = getattr(shipped, "claim_calibration", None)
    threshold = getattr(shipped, "rebuttal_threshold", None)
    rows = {id(d): encoded_rows(d, encode) for d in docs}
    grid = ENCODED_GRID[4:6] if small() else ENCODED_GRID

    def model(train: list[dict], c: float, scale: float) -> EncodedRoleModel:
        fitted = fit_encoded([r for d in train for r in rows[id(d)]], c=c, scale=scale)
        return EncodedRoleModel.from_json(fitted, embed=encode)

    # hits[outer, inner, pair]: the inner topic's claim hits by a model fitted on the three
    # topics that are neither (one fit serves both orders of the two topics).
    hits: dict[tuple[str, str, tuple[float, float]], int] = {}
    for a, b in itertools.combinations(QUERIES, 2):
        train = [d for d in docs if d["topic"] not in (a, b)]
        for pair in grid:
            fitted = model(train, *pair)
            hits[a, b, pair] = claim_hits([d for d in docs if d["topic"] == b], fitted)
            hits[b, a, pair] = claim_hits([d for d in docs if d["topic"] == a], fitted)
    chosen: dict[str, tuple[float, float]] = {}
    for outer in QUERIES:
        inner = [t for t in QUERIES if t != outer]
        score = {pair: sum(hits[outer, t, pair] for t in inner) for pair in grid}
        chosen[outer] = max(grid, key=lambda pair: (score[pair], -grid.index(pair)))

    def model_for_fold(topic: str, train: list[dict]) -> Callable[[dict], Picks]:
        roles = dataclasses.replace(
            model(train, *chosen[topic]),
            claim_calibration=calibration,
            rebuttal_threshold=threshold,
        )
        return lambda doc: analyzer_picks(doc, roles)

    tallies, endings, _ = run_engine(docs, model_for_fold)
    return tallies, endings, chosen


def main() -> None:
    path = find_corpus()
    if path is None:
        print(
            "Skipped analyzer_quality: webdiscourse-dev.jsonl is not here "
            "(looked in ../shared/data/ and ../../shared/data/; set WEBDISCOURSE_DATA)."
        )
        return
    docs = small_sample(read_corpus(path))

    base, _, _ = run_engine(docs, lambda topic, train: baseline)
    rules, rule_endings, rule_times = run_engine(
        docs, lambda topic, train: lambda doc: analyzer_picks(doc, None)
    )
    model: dict[str, Tally] | None = None
    encoded: dict[str, Tally] = {}
    encoded_endings: collections.Counter[str] = collections.Counter()
    encoded_times: list[float] = []
    nested: dict[str, Tally] = {}
    nested_endings: collections.Counter[str] = collections.Counter()
    chosen: dict[str, tuple[float, float]] = {}
    model_endings: collections.Counter[str] = collections.Counter()
    model_times: list[float] = []
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print("Skipped the model's figures: scikit-learn (the dev extra) retrains it per fold.")
    else:
        from arguments.domain.roles import RoleModel
        from arguments.offline import plain_sentence_roles

        calibration = plain_sentence_roles().claim_calibration

        design_rows = {id(d): design([d]) for d in docs}
        # under BENCH_SMALL (a check that the benchmark runs, not a measure) one C, not the grid
        grid = C_GRID[2:3] if small() else C_GRID

        def model_for_fold(topic: str, train: list[dict]) -> Callable[[dict], Picks]:
            train_rows = [row for d in train for row in design_rows[id(d)]]
            roles = RoleModel.from_json(
                {**fit(train, cs=grid, rows=train_rows), "claim_calibration": calibration}
            )
            return lambda doc: analyzer_picks(doc, roles)

        model, model_endings, model_times = run_engine(docs, model_for_fold)
        encoded, encoded_endings, encoded_times = encoded_engine(docs)
        nested, nested_endings, chosen = nested_encoded_engine(docs)
    rows = [
        *per_topic_rows("baseline (first sentence; all but first; But/However)", base),
        *per_topic_rows("rules only (no model; written looking at all five topics)", rules),
        *[(f"rules: chains ending in {k}", str(v)) for k, v in sorted(rule_endings.items())],
        ("rules: chains reaching a verdict", verdict_share(rule_endings)),
        (
            "rules: time per document (all four phases)",
            f"median {statistics.median(rule_times) * 1000:.2f} ms, "
            f"max {max(rule_times) * 1000:.2f} ms",
        ),
    ]
    if model is not None:
        rows += [
            *per_topic_rows(
                f"rules + sentence-role model (trained on the other four, averaged over C {grid})",
                model,
            ),
            *[(f"model: chains ending in {k}", str(v)) for k, v in sorted(model_endings.items())],
            ("model: chains reaching a verdict", verdict_share(model_endings)),
            (
                "model: time per document (all four phases)",
                f"median {statistics.median(model_times) * 1000:.2f} ms, "
                f"max {max(model_times) * 1000:.2f} ms",
            ),
            *per_topic_rows(
                "rules + sentence-role model on the encoder (trained on the other four; shipped "
                "calibration)",
                encoded,
            ),
            *[
                (f"encoder model: chains ending in {k}", str(v))
                for k, v in sorted(encoded_endings.items())
            ],
            ("encoder model: chains reaching a verdict", verdict_share(encoded_endings)),
            (
                "encoder model: time per document (all four phases)",
                f"median {statistics.median(encoded_times) * 1000:.2f} ms, "
                f"max {max(encoded_times) * 1000:.2f} ms",
            ),
            *per_topic_rows(
                "rules + sentence-role model on the encoder, C and scale chosen by nested "
                "leave-one-topic-out (never on the topic scored)",
                nested,
            ),
            (
                "  nested: (C, scale) chosen per held-out topic",
                ", ".join(f"{topic} {c}/{s:g}" for topic, (c, s) in chosen.items()),
            ),
            ("nested: chains reaching a verdict", verdict_share(nested_endings)),
        ]
    report(
        f"Offline analyzer, leave-one-topic-out on {len(docs)} annotated web texts ({path.name})"
        + (f" (BENCH_SMALL: the first {SMALL_TEXTS} of each topic)" if small() else ""),
        rows,
    )


if __name__ == "__main__":
    main()
