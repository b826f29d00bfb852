"""How the rules and the encoder's sentence-role model combine on the claim, chosen by grouped
cross-validation on tuning data only.

Where the text marks no sentence as its claim (``reading.strongest_claims``: a marked claim
always wins and is not part of the search), ``reading.find_claim`` combines the rules' ranking
(``claim_score``) with the model's P(claim). A setting of the combination is five numbers, each
a genre-agnostic reason for the model to leave the rules' choice alone:

- ``lead``: the rules' claim stands when it leads the next sentence by this many points (None:
  never by its lead alone);
- ``margin``: the model overrules the rules' claim only when its own P(claim) of the sentence it
  prefers exceeds its P(claim) of the rules' claim by this much (0: whenever it prefers another);
- ``backed``: whether the rules' claim stands when it carries a stance or a conclusion marker
  ("should", "I believe", "so"...) though not strongly enough to be a marked claim;
- ``short``: in a text of at most this many sentences the model chooses only among the
  sentences sharing a stem with the query, when any does (0: never restricted);
- ``rules_upto``: in a text of at most this many sentences the rules' claim stands, if it scores
  above 0 (0: never).

The grid (``GRID``) was written and committed before any setting was scored on it.

Groups (each its own fold): the five web-discourse topics (each read by a model fitted on the
other four, as ``evaluations.analyzer_quality`` does), the tuning short arguments, the voices
dev half, and the two voices sets tuned on since they were frozen. Never a frozen set: the
frozen short arguments are scored with the chosen setting, beside, and the held-out voices set
is not read here at all. Under BENCH_SMALL the web topics keep their first four texts (as
``evaluations.analyzer_quality``): a check that it runs.

Selection rule, fixed with the grid: on the training groups, a setting is eligible only if its
claim hits in every training group are at least the rules alone's; among the eligible, the
highest mean over the training genres (web, short arguments, voices: each its groups pooled) of
the claim hit wins; a tie goes to the earlier setting in ``GRID`` (the grid lists the settings
that leave more to the rules first). The rules alone are always eligible, so a fold without an
eligible setting falls back to them. Leave-one-group-out: for each group, the setting chosen
without it scores it; the shipped setting is the one chosen on all the groups.
Run: .venv/bin/python -m evaluations.claim_combination
"""

from __future__ import annotations

import itertools
import statistics
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from benchmarks.harness import ROOT, report, small

sys.path.insert(0, str(ROOT))

from arguments.domain.reading import Combination  # noqa: E402

Setting = Combination  # the fields named above: ``arguments.domain.reading.Combination``


# Written before the search. Conservative first (a tie goes to the earlier setting): a smaller
# lead keeps more rules' claims, a larger margin too, backed before not, a larger rules_upto.
LEADS = (2, 3, 4, 5, None)
MARGINS = (0.3, 0.2, 0.1, 0.0)
BACKED = (True, False)
SHORTS = (0, 6, 8)
RULES_UPTO = (6, 4, 0)
GRID = tuple(
    Setting(lead, margin, backed, short, rules_upto)
    for lead, margin, backed, short, rules_upto in itertools.product(
        LEADS, MARGINS, BACKED, SHORTS, RULES_UPTO
    )
)
# The setting shipped before this search (lead 4, the model free to overrule, subject restriction
# in texts of at most 6 sentences), scored beside the chosen one.
BEFORE = Setting(lead=4, margin=0.0, backed=False, short=6, rules_upto=0)


@dataclass(frozen=True)
class Text:
    """One text of a group: what ``find_claim`` reads, and which sentences are a gold claim."""

    query: str
    sents: list[Any]  # toulmini_site.text.sentences.Sentence
    probs: list[dict[str, float]]
    gold: frozenset[int]  # indices of the sentences that are (overlap) a gold claim


@dataclass(frozen=True)
class Group:
    name: str
    genre: str
    texts: list[Text]


SHORT_SETS = {
    "tuning short arguments": ("short", "short_arguments_tuning"),
    "voices dev": ("voices", "short_arguments_voices_dev"),
    "voices 1 (tuned on since)": ("voices", "short_arguments_voices_frozen"),
    "voices 2 (tuned on since)": ("voices", "short_arguments_voices_frozen2"),
}
FROZEN_SHORT = "short_arguments_frozen"  # scored once with the chosen setting, never chosen on


def _text(doc: dict, query: str, probs_of: Callable[[list, str], list]) -> Text:
    from tools.train_roles import _gold_hit
    from toulmini_site.text.sentences import sentences

    sents = sentences(doc["text"])
    gold = frozenset(s.index for s in sents if _gold_hit(s, doc))
    return Text(query, sents, probs_of(sents, query), gold)


def web_groups() -> list[Group]:
    """The five web topics, each read by a model fitted on the other four (texts with an
    explicit claim only); empty when the corpus is not here."""
    from arguments.domain.roles import EncodedRoleModel
    from tools.train_roles import (
        QUERIES,
        default_encode,
        encoded_rows,
        find_corpus,
        fit_encoded,
        read_corpus,
    )

    path = find_corpus()
    if path is None:
        return []
    from evaluations.analyzer_quality import small_sample

    docs = small_sample(read_corpus(path))
    encode = default_encode()
    rows = {id(d): encoded_rows(d, encode) for d in docs}
    groups = []
    for topic, query in QUERIES.items():
        fitted = fit_encoded([r for d in docs if d["topic"] != topic for r in rows[id(d)]])
        model = EncodedRoleModel.from_json(fitted, embed=encode)
        explicit = [
            d
            for d in docs
            if d["topic"] == topic
            and any(c["type"] == "claim" and not c["implicit"] for c in d["components"])
        ]
        texts = [_text(d, query, model.probabilities) for d in explicit]
        groups.append(Group(f"web: {topic}", "web", texts))
    return groups


def short_group(name: str, genre: str, file: str) -> Group:
    """A set of the project's short arguments, read by the shipped model (fitted on the web
    texts only)."""
    from arguments.offline import sentence_roles
    from tools.train_roles import short_arguments

    model = sentence_roles()
    assert model is not None
    texts = [_text(case, case["query"], model.probabilities) for case in short_arguments((file,))]
    return Group(name, genre, texts)


def hits(group: Group, setting: Combination | None) -> int:
    """How many of the group's texts get a gold claim (None: the rules alone)."""
    from arguments.domain.reading import NotInText, find_claim

    n = 0
    for text in group.texts:
        try:
            if setting is None:
                _, chosen = find_claim(text.query, text.sents)
            else:
                _, chosen = find_claim(
                    text.query, text.sents, probs=text.probs, combination=setting
                )
        except NotInText:
            continue
        n += chosen is not None and chosen.index in text.gold
    return n


Table = dict[tuple[str, Combination | None], int]


def table(groups: list[Group]) -> Table:
    """Claim hits of every group under the rules alone and every setting of the grid."""
    return {
        (g.name, setting): hits(g, setting) for g in groups for setting in (None, BEFORE, *GRID)
    }


def choose(groups: list[Group], scores: Table) -> Combination | None:
    """The selection rule (the module's doc) on ``groups``; None: the rules alone."""

    def genre_mean(setting: Combination | None) -> float:
        genres = sorted({g.genre for g in groups})
        return statistics.fmean(
            sum(scores[g.name, setting] for g in groups if g.genre == genre)
            / sum(len(g.texts) for g in groups if g.genre == genre)
            for genre in genres
        )

    eligible = [s for s in GRID if all(scores[g.name, s] >= scores[g.name, None] for g in groups)]
    best: Combination | None = None
    best_mean = genre_mean(None)
    for setting in eligible:  # in the grid's order: a tie keeps the earlier
        if (mean := genre_mean(setting)) > best_mean:
            best, best_mean = setting, mean
    return best


def folds(groups: list[Group]) -> Iterator[tuple[Group, list[Group]]]:
    for held in groups:
        yield held, [g for g in groups if g is not held]


def describe(setting: Combination | None) -> str:
    if setting is None:
        return "rules alone"
    lead = "never" if setting.lead is None else str(setting.lead)
    return (
        f"lead {lead}, margin {setting.margin:g}, backed {'yes' if setting.backed else 'no'}, "
        f"subject <= {setting.short}, rules <= {setting.rules_upto}"
    )


def figure(n: int, total: int) -> str:
    return f"{100 * n / total:5.1f}% ({n}/{total})"


def main() -> None:
    groups = web_groups() + [short_group(n, *spec) for n, spec in SHORT_SETS.items()]
    scores = table(groups)
    final = choose(groups, scores)
    rows: list[tuple[str, str]] = [
        ("claim hit per group (texts)", "rules alone | before | held out (CV) | chosen on all")
    ]
    for held, train in folds(groups):
        chosen = choose(train, scores)
        size = len(held.texts)
        figures = (scores[held.name, s] for s in (None, BEFORE, chosen, final))
        rows.append(
            (
                f"  {held.name} ({size})",
                " | ".join(figure(n, size) for n in figures) + f"  CV chose: {describe(chosen)}",
            )
        )
    rows.append(("chosen on every group", describe(final)))
    rows.append(("before", describe(BEFORE)))
    frozen = short_group("frozen short arguments", "short", FROZEN_SHORT)
    for genre, members in (
        *((genre, [g for g in groups if g.genre == genre]) for genre in ("web", "short", "voices")),
        ("frozen short arguments, never chosen on (but shown in every run)", [frozen]),
    ):
        total = sum(len(g.texts) for g in members)
        if not total:
            continue
        rows.append(
            (
                f"{genre} ({total})",
                " | ".join(
                    f"{label} {figure(sum(hits(g, s) for g in members), total)}"
                    for label, s in (("rules", None), ("before", BEFORE), ("chosen", final))
                ),
            )
        )
    title = "The claim's combination of rules and model: leave-one-group-out on tuning data"
    report(title + (" (BENCH_SMALL: 4 web texts a topic)" if small() else ""), rows)


if __name__ == "__main__":
    main()
