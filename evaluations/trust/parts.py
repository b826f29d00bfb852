"""How often the reader is right when it names a stated rule (warrant) or a named source
(backing), by the kind of words it found, with the confidence it shows for that kind.

- The project's own examples (``parts_tuning.jsonl``, ``parts_frozen.jsonl``: short texts in
  many voices, each sentence's gold warrant and backing, near misses that must not be read so;
  the frozen half written and committed before any confidence changed, never tuned on).
- The web-discourse texts in ``../shared/data`` (when they are there; read, never copied):
  the annotators marked backing and premises, not warrants, so a sentence the reader names is
  counted right when it is annotated support (a backing or a premise: for a stated rule the
  most it can be), and for a named source also strictly (an annotated backing); a marked
  objection (a concession, a reported objection) is right when it is an annotated rebuttal.
  The first three topics are tuning, the last two (redshirting, mainstreaming) frozen. Not
  the sixth topic (held out): the file holds five. Under BENCH_SMALL (CI: a check that it
  runs) the first SMALL_TEXTS texts of each topic only.

``fit()`` gives the confidences the reader shows (``confidence.MARKED_RULE``, ``OTHER_RULE``,
``NAMED_SOURCE``, each for a short text and a long one, ``confidence.LONG_TEXT``): the
right-rate of each kind on the tuning data (the own tuning half and the web tuning topics),
smoothed by one right and one wrong (Laplace). The length is the only feature beyond the
kind: on the web tuning topics a rule in other words in a text of at most 20 sentences was
right 11/29, in a longer one 3/25 (of the cuts tried, 8, 12 and 20 sentences, the widest gap
on the tuning topics).

Run: ``python -m evaluations.trust.parts`` (the figures of each set apart, then the fit).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator
from pathlib import Path

import django

from benchmarks.harness import small
from tools.shared_data import shared_data_file

HERE = Path(__file__).resolve().parent
SUPPORT = {"backing", "premise"}
BANDS = ((0.7, 1.01, "likely (>= 0.7)"), (0.4, 0.7, "possible (0.4 to 0.7)"), (0.0, 0.4, "unsure"))

Count = dict[str, list[int]]  # kind -> [right, named]


def _kind(role: str, text: str) -> str:
    from arguments.domain.reading import rule_kind

    if role == "warrant":
        return "rule, marked" if rule_kind(text) == "marked" else "rule, other words"
    if role == "rebuttal":
        return "objection, marked"
    return "named source"


def _length(text: str) -> str:
    """ "short" or "long", as the reader tells texts apart (``confidence.LONG_TEXT``)."""
    from arguments.domain.confidence import LONG_TEXT
    from toulmini_site.text.sentences import sentences

    return "long" if len(sentences(text)) > LONG_TEXT else "short"


def _own(half: str) -> Iterator[tuple[str, dict[int, str]]]:
    """Each example's text and its gold roles by sentence index."""
    for line in (HERE / f"parts_{half}.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        gold = {i: "warrant" for i in row["warrant"]} | {i: "backing" for i in row["backing"]}
        yield " ".join(row["sentences"]), gold


def own_counts(half: str) -> tuple[Count, dict[str, list[int]], dict[str, int]]:
    """Per kind [right, named]; per confidence band [right, named]; gold found per role."""
    from arguments.domain.confidence import sentence_parts
    from arguments.offline import sentence_roles

    counts: Count = {}
    bands: dict[str, list[int]] = {label: [0, 0] for _lo, _hi, label in BANDS}
    found = {"warrant": 0, "backing": 0, "warrant gold": 0, "backing gold": 0}
    for text, gold in _own(half):
        for role in ("warrant", "backing"):
            found[f"{role} gold"] += sum(1 for r in gold.values() if r == role)
        length = _length(text)
        for part in sentence_parts("", text, sentence_roles()):
            if part.role not in ("warrant", "backing"):
                continue
            right = gold.get(part.sentence.index) == part.role
            found[part.role] += right
            tally = counts.setdefault(f"{_kind(part.role, part.sentence.text)}, {length}", [0, 0])
            tally[0] += right
            tally[1] += 1
            for low, high, label in BANDS:
                if low <= part.confidence < high:
                    bands[label][0] += right
                    bands[label][1] += 1
    return counts, bands, found


# The web texts' topics the confidences are fitted on; the other two are the frozen half.
WEB_TUNING = ("homeschooling", "prayer-in-schools", "single-sex-education")
SMALL_TEXTS = 4  # web texts read per topic under BENCH_SMALL


@functools.cache
def _web_parts() -> tuple[tuple[str, str, bool, bool], ...] | None:
    """Each stated rule and named source the reader finds in the web texts: (topic, kind,
    overlaps an annotated backing, overlaps an annotated backing or premise)."""
    from arguments.domain.confidence import sentence_parts
    from arguments.domain.reading import concedes
    from arguments.offline import sentence_roles

    path = shared_data_file("webdiscourse-dev.jsonl", "WEBDISCOURSE_DATA")
    if path is None:
        return None
    out = []
    seen: dict[str, int] = {}
    for line in path.open(encoding="utf-8"):
        doc = json.loads(line)
        seen[doc["topic"]] = seen.get(doc["topic"], 0) + 1
        if small() and seen[doc["topic"]] > SMALL_TEXTS:
            continue
        spans = [
            (c["start"], c["end"], c["type"])
            for c in doc["components"]
            if not c.get("implicit") and c["end"] > c["start"]
        ]
        length = _length(doc["text"])
        for part in sentence_parts("", doc["text"], sentence_roles()):
            s = part.sentence
            kinds = {t for a, b, t in spans if a < s.end and s.start < b}
            if part.role == "rebuttal" and concedes(s.text):  # shown at MARKED_OBJECTION
                out.append((doc["topic"], "objection, marked", False, "rebuttal" in kinds))
            if part.role not in ("warrant", "backing"):
                continue
            kind = f"{_kind(part.role, s.text)}, {length}"
            out.append((doc["topic"], kind, "backing" in kinds, bool(kinds & SUPPORT)))
    return tuple(out)


def web_counts(half: str) -> dict[str, list[int]] | None:
    """Per kind on the web texts of ``half`` ("tuning": WEB_TUNING's topics, "frozen": the
    others): [an annotated backing, an annotated backing or premise, named]."""
    parts = _web_parts()
    if parts is None:
        return None
    tally: dict[str, list[int]] = {}
    for topic, kind, strict, support in parts:
        if (topic in WEB_TUNING) != (half == "tuning"):
            continue
        row = tally.setdefault(kind, [0, 0, 0])
        row[0] += strict
        row[1] += support
        row[2] += 1
    return tally


KINDS = tuple(
    f"{kind}, {length}"
    for kind in ("rule, marked", "rule, other words", "named source")
    for length in ("short", "long")
) + ("objection, marked",)


def fit() -> dict[str, float]:
    """The confidence of each kind in a short and in a long text: its right-rate on the
    tuning data (the own tuning half and the web tuning topics, where a sentence is right when
    it is annotated support: the web texts have no warrant annotation, so for a stated rule
    this is the most it can be), smoothed by one right and one wrong."""
    counts, _bands, _found = own_counts("tuning")
    web = web_counts("tuning") or {}
    out = {}
    for kind in KINDS:
        right, named = counts.get(kind, [0, 0])
        _strict, support, web_named = web.get(kind, [0, 0, 0])
        out[kind] = round((right + support + 1) / (named + web_named + 2), 2)
    return out


def _band(confidence: float) -> str:
    return next(label for low, high, label in BANDS if low <= confidence < high)


def _share(right: int, total: int) -> str:
    return f"{right}/{total} ({100 * right / total:.0f}%)" if total else "0/0 (-)"


def report() -> None:
    from arguments.domain import confidence

    shown = {"objection, marked": confidence.MARKED_OBJECTION}
    for kind, value in (
        ("rule, marked", confidence.MARKED_RULE),
        ("rule, other words", confidence.OTHER_RULE),
        ("named source", confidence.NAMED_SOURCE),
    ):
        shown[f"{kind}, short"], shown[f"{kind}, long"] = value.short, value.long
    for half in ("tuning", "frozen"):
        counts, bands, found = own_counts(half)
        print(f"stated rules and named sources, own examples ({half} half):")
        for kind, (right, named) in sorted(counts.items()):
            print(f"  {kind:28} shown at {shown[kind]:.2f}: right {_share(right, named)}")
        for label, (right, named) in bands.items():
            if named:
                print(f"  band {label:22} right {_share(right, named)}")
        for role in ("warrant", "backing"):
            print(f"  {role} found: {found[role]}/{found[role + ' gold']}")
    for half in ("tuning", "frozen"):
        web = web_counts(half)
        if web is None:
            print("web-discourse texts: not there (../shared/data), skipped")
            break
        topics = "the " + ("first three" if half == "tuning" else "last two")
        if small():
            topics += f" (BENCH_SMALL: the first {SMALL_TEXTS} texts of each)"
        print(f"web texts ({half}: {topics} topics), right = annotated support (rebuttal):")
        web_bands: dict[str, list[int]] = {}
        for kind, (strict, support, named) in sorted(web.items()):
            said = (
                f"an annotated rebuttal {_share(support, named)}"
                if kind.startswith("objection")
                else f"backing or premise {_share(support, named)}, "
                f"an annotated backing {_share(strict, named)}"
            )
            print(f"  {kind:28} shown at {shown[kind]:.2f}: {said}")
            tally = web_bands.setdefault(_band(shown[kind]), [0, 0])
            tally[0] += support
            tally[1] += named
        for label, (right, named) in web_bands.items():
            print(f"  band {label:22} right {_share(right, named)}")
    print("fit on the tuning data (smoothed right-rate):", fit())


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
    django.setup()
    report()


if __name__ == "__main__":
    main()
