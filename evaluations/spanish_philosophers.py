"""How the offline philosophers' style rules read Spanish: sentences written for the project.

Each example (``evaluations/spanish/philosophers_*.jsonl``) names a philosopher, a Spanish
sentence (Spain, Mexico, Argentina, Colombia, Chile; forum posts, letters, essays, reports,
notices) and the area its first rule should find, or none for a near miss that must not fire
(a permission read as a hedge, "todos los martes", a reason given, a figure, what others
will say). Two halves, written together before any rule read Spanish:
- ``philosophers_frozen.jsonl``: committed before the rules and never looked at while
  writing them (the honest figure);
- ``philosophers_dev.jsonl``: the rules were written against it (optimistic).
Figures per half: found (of the sentences that should fire, the share whose first finding
has the expected area), quiet (of the near misses, the share with no finding) and all right.

Russell's and Kant's contradiction checks are measured the same way on short Spanish texts
(``evaluations/spanish/contradictions_*.jsonl``, two halves written together before either
check read Spanish, the frozen one committed first): each names the philosopher and whether
the text contradicts itself (an absolute against its opposite, a concession admitting what an
absolute denies, opposite duties) or is a near miss (two sentences agreeing in other words,
what others say, a question, a condition, a concession of the same stance, another subject).
Figures per half: found (contradictions with a Consistency finding) and near misses quiet.

And the whole offline council on the clean texts of the Spanish reader's examples
(``evaluations/spanish/spanish_*.jsonl``: short arguments with no fallacy, read as a critique
of the text): how many get a point, and how many points, by kind. Fewer is better on these
texts, but not every point is noise (a duty with no principle stated is Kant's to name).
Run: .venv/bin/python -m evaluations.spanish_philosophers
"""

from __future__ import annotations

import json
from typing import Any

from benchmarks.harness import ROOT, report

HALVES = ("frozen", "dev")


def read_half(half: str, kind: str = "philosophers") -> list[dict[str, Any]]:
    path = ROOT / "evaluations" / "spanish" / f"{kind}_{half}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def first_area(agent: str, sentence: str) -> str | None:
    """The area of the first of ``agent``'s Spanish rules that finds something in
    ``sentence``, as ``level_one`` takes it, or None."""
    from council.domain.critique.offline import _match, _rules

    for rule in _rules(agent, "es"):
        if _match(rule, sentence):
            return rule.area
    return None


def finds_contradiction(agent: str, text: str) -> bool:
    """Whether ``agent`` reports a contradiction (a Consistency finding) in the Spanish
    ``text``, as ``level_one`` reads a Spanish document."""
    from council.domain.critique.offline import level_one

    found = level_one(agent, text, [], None, language="es")
    return any(f["area"] == "Consistency" for f in found)


def clean_points(half: str) -> tuple[int, int, int, dict[str, int]]:
    """(clean texts, texts with a point, points, points by kind) of the offline council on
    the clean texts of the Spanish reader's ``half``."""
    from council.services.critique_council import run_critique_council
    from evaluations.spanish_reader import SETS, read_set
    from toulmini_site.llm.offline import OfflineClient

    texts = [c["text"] for c in read_set(SETS[half]) if not c["fallacy"]]
    with_point = points = 0
    kinds: dict[str, int] = {}
    for text in texts:
        found = run_critique_council(text, client=OfflineClient(), max_workers=1)["points"]
        with_point += bool(found)
        points += len(found)
        for point in found:
            said = point["critique"].split(" (")[0].split(":")[0].split(" '")[0]
            kind = f"{point['area']}: {said}"
            kinds[kind] = kinds.get(kind, 0) + 1
    return len(texts), with_point, points, kinds


def _share(hits: int, total: int) -> str:
    return f"{100 * hits / total:5.1f}% ({hits}/{total})" if total else "n/a"


def main() -> None:
    rows: list[tuple[str, str]] = []
    for half in HALVES:
        cases = read_half(half)
        firing = [c for c in cases if c["area"]]
        quiet = [c for c in cases if not c["area"]]
        found = sum(first_area(c["agent"], c["text"]) == c["area"] for c in firing)
        silent = sum(first_area(c["agent"], c["text"]) is None for c in quiet)
        rows += [
            (f"{half} half ({len(cases)} sentences)", ""),
            ("  found (expected area, first rule)", _share(found, len(firing))),
            ("  near misses left quiet", _share(silent, len(quiet))),
            ("  all right", _share(found + silent, len(cases))),
        ]
    report("Offline philosophers' style rules on Spanish sentences", rows)
    rows = []
    for half in HALVES:
        cases = read_half(half, "contradictions")
        firing = [c for c in cases if c["contradicts"]]
        quiet = [c for c in cases if not c["contradicts"]]
        found = sum(finds_contradiction(c["agent"], c["text"]) for c in firing)
        silent = sum(not finds_contradiction(c["agent"], c["text"]) for c in quiet)
        rows += [
            (f"{half} half ({len(cases)} texts)", ""),
            ("  contradictions found", _share(found, len(firing))),
            ("  near misses left quiet", _share(silent, len(quiet))),
        ]
    report("Russell's and Kant's contradiction checks on Spanish texts", rows)
    rows = []
    for half in HALVES:
        texts, with_point, points, kinds = clean_points(half)
        rows += [
            (f"{half} half ({texts} clean texts)", ""),
            ("  texts with a point", _share(with_point, texts)),
            ("  points a text", f"{points / texts:.1f} ({points})"),
        ]
        rows += [(f"    {kind}", str(n)) for kind, n in sorted(kinds.items(), key=lambda k: -k[1])]
    report("The offline council on clean short Spanish texts", rows)


if __name__ == "__main__":
    main()
