"""How well the offline fallacy detector names the fallacies in short texts we wrote ourselves.

Reads ``evaluations/fallacies/``: the tuning set (written before the detector,
then used to tune its cues), the second set (held out in round 1, tuned on in round 2): both
in-sample now; and the held-out set (written after round 2 was frozen: out-of-sample). For
each type: precision (of the findings of that type, how many are on an example of that type)
and recall (of the examples of that type, how many got a finding of it); and the share of
no-fallacy texts that get any finding.

Run: .venv/bin/python -m benchmarks.fallacies
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from benchmarks.harness import ROOT, report, summary_ms

sys.path.insert(0, str(ROOT))

from arguments.domain.fallacies import TAXONOMY, detect_fallacies  # noqa: E402
from evaluations.fallacies import HELD_OUT, SECOND_SET, TUNING, Example  # noqa: E402


def figures(examples: tuple[Example, ...]) -> tuple[list[tuple[str, str]], list[str]]:
    """The table rows for ``examples`` and the texts whose type was missed."""
    true_positive: Counter[str] = Counter()
    flagged: Counter[str] = Counter()
    expected: Counter[str] = Counter()
    clean_flagged = clean = 0
    missed: list[str] = []
    for kind, text in examples:
        found: set[str] = {f.type for f in detect_fallacies(text)}
        for name in found:
            flagged[name] += 1
            true_positive[name] += name == kind
            if kind and name != kind:
                missed.append(f"{kind} also flagged {name}: {text}")
        if kind:
            expected[kind] += 1
            if kind not in found:
                missed.append(f"{kind}: {text}")
        else:
            clean += 1
            if found:
                clean_flagged += 1
                missed.append(f"(no fallacy) flagged {sorted(found)}: {text}")
    rows: list[tuple[str, str]] = []
    for name in TAXONOMY:
        if not expected[name]:
            continue
        precision = true_positive[name] / flagged[name] if flagged[name] else 0.0
        recall = true_positive[name] / expected[name]
        rows.append(
            (
                name,
                f"precision {precision:6.1%} ({true_positive[name]}/{flagged[name]})   "
                f"recall {recall:6.1%} ({true_positive[name]}/{expected[name]})",
            )
        )
    all_tp, all_flagged = sum(true_positive.values()), sum(flagged.values())
    all_expected = sum(expected.values())
    rows.append(
        (
            "all types",
            f"precision {all_tp / max(all_flagged, 1):6.1%} ({all_tp}/{all_flagged})   "
            f"recall {all_tp / max(all_expected, 1):6.1%} ({all_tp}/{all_expected})",
        )
    )
    rows.append(
        (
            "no-fallacy texts flagged",
            f"{clean_flagged / max(clean, 1):6.1%} ({clean_flagged}/{clean})",
        )
    )
    return rows, missed


def main() -> None:
    for title, examples in (
        ("Fallacies: tuning set (in-sample: the cues were tuned on it)", TUNING),
        ("Fallacies: second set (in-sample: held out in round 1, tuned on in round 2)", SECOND_SET),
        ("Fallacies: held-out set (out-of-sample: written after round 2 was frozen)", HELD_OUT),
    ):
        if not examples:
            print(f"\n== {title}\n  (empty)")
            continue
        rows, missed = figures(examples)
        report(title, rows)
        if "-v" in sys.argv:
            print("\n".join(f"    - {m}" for m in missed))
    timing()


def timing() -> None:
    """Time to check a text of the API's maximum length (5,000 characters)."""
    text = " ".join(t for _, t in TUNING)[:5000]
    samples = []
    for _ in range(20):
        started = time.perf_counter()
        detect_fallacies(text)
        samples.append(time.perf_counter() - started)
    report("Fallacies: offline check of a 5,000-character text", [("time", summary_ms(samples))])


if __name__ == "__main__":
    main()
