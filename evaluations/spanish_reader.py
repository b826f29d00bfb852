"""How the offline reader reads Spanish: short arguments written for the project in Spanish.

The texts (``evaluations/spanish/``) are the project's own, written by hand in many voices and
registers (Spain and Latin America; school and university essays, letters to the editor, e-mails,
forum posts, speeches; the claim first, last or in the middle; with and without discourse
markers), each with its gold claim (a sentence of the text), whether a careful reader would let
the chain reach a verdict, and the one fallacy it carries (or none: a clean text, several of them
near misses shaped like a fallacy that must not fire). Two halves, written at the same time
before any rule read Spanish:
- ``spanish_frozen.jsonl``: committed before the rules changed and never looked at case by case
  while changing them (the honest figure);
- ``spanish_dev.jsonl``: used while changing the rules (its figures are optimistic).

Each text runs the whole chain as the app does (phases 1-4 with the circuit breaker, the rules
with the shipped sentence-role model, which the reader keeps for English), and the fallacy
checker as the app runs it. Figures per half:
- refused: texts the offline reader refused to read (should be none);
- claim hit: the sentence taken as the claim overlaps the gold claim, beside the first-sentence
  baseline (the first sentence taken as the claim);
- verdict: of the texts that should reach a verdict, the share that do; stopped: of the others,
  the share the chain stops;
- fallacy top-1: of the texts carrying a fallacy, the share whose top finding names it (none
  counts as wrong); clean flagged: of the clean texts, the share with any finding, and with a
  likely one.
Run: .venv/bin/python -m evaluations.spanish_reader
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.harness import ROOT, report
from evaluations.analyzer_genres import Score, same

SETS = {
    "frozen": ROOT / "evaluations" / "spanish" / "spanish_frozen.jsonl",
    "dev": ROOT / "evaluations" / "spanish" / "spanish_dev.jsonl",
}


def read_set(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def run_chain(case: dict[str, Any]) -> tuple[bool, str | None, bool]:
    """(reached a verdict, the claim phase 1 found, refused as unreadable) for ``case``, the
    chain run as the app runs it offline."""
    from arguments.domain.analyzer import NotInText
    from arguments.domain.toulmin import ChainState, apply_phase, evaluate
    from arguments.offline import analyzer_phase

    def phase(number: int, components: dict) -> dict:
        return analyzer_phase(
            number, query=case["query"], source_text=case["text"], components=components
        ).model_dump(mode="json")

    state = ChainState(query=case["query"])
    refused = False
    try:
        while (result := evaluate(state)).status == "in_progress" and result.next_phase:
            state = apply_phase(state, result.next_phase, phase(result.next_phase, state.as_json()))
        complete = result.status == "complete"
    except NotInText as stop:
        complete = False
        refused = str(stop).startswith("LANGUAGE NOT READ")
    try:
        claim = phase(1, {})["claim"]["statement"]
    except NotInText:
        claim = None
    return complete, claim, refused


def score(cases: list[dict[str, Any]]) -> Score:
    from arguments.domain.fallacies import LIKELY_AT
    from arguments.offline import check_fallacies
    from toulmini_site.text.sentences import sentences

    s = Score()
    for case in cases:
        complete, claim, refused = run_chain(case)
        s.add("refused", refused)
        if case["reach_verdict"]:
            s.add("verdict", complete)
        else:
            s.add("stopped", not complete)
        s.add("claim", bool(claim and same(claim, case["claim"])))
        first = sentences(case["text"])[0].text
        s.add("baseline", same(first, case["claim"]))
        found = check_fallacies(case["text"])
        if case["fallacy"]:
            s.add("top1", bool(found) and found[0].type == case["fallacy"])
        else:
            s.add("clean any", bool(found))
            s.add("clean likely", any(f.confidence >= LIKELY_AT for f in found))
    return s


NAMES = (
    ("refused", "refused as a language not read"),
    ("claim", "claim hit"),
    ("baseline", "claim hit, first-sentence baseline"),
    ("verdict", "should reach a verdict and do"),
    ("stopped", "should stop and do"),
    ("top1", "fallacy top-1 (texts with one)"),
    ("clean any", "clean texts flagged (any finding)"),
    ("clean likely", "clean texts flagged (a likely finding)"),
)


def main() -> None:
    rows: list[tuple[str, str]] = []
    for set_name, path in SETS.items():
        cases = read_set(path)
        scored = score(cases)
        rows.append((f"{set_name} half ({len(cases)} texts)", ""))
        for key, label in NAMES:
            rows.append((f"  {label}", scored.figure(key)))
    report("Offline reader on Spanish: short arguments written for the project", rows)


if __name__ == "__main__":
    main()
