"""Precision at each confidence level the trust work shows, per judge (``make bench``).

- The claim reading (the calibrated ``Reading.claim_confidence``): on the short arguments
  (tuning and frozen halves, ``evaluations/analyzer``) and the Spanish ones (dev and frozen
  halves, ``evaluations/spanish``, read by the rules alone), how often the reader's claim is the
  annotated one at each level of its confidence; below ``CLAIM_SURE`` (0.5) the chain asks
  instead of running.
- Backing and warrant readers, the permission/prediction findings and the two fallacy
  shapes: on the trust examples (``examples.json``), dev and frozen halves apart: of the
  sentences each judge names, how many are right (precision), and how many it finds (recall).

Run: ``python -m evaluations.trust.report``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import django

HERE = Path(__file__).resolve().parent
SHORT = HERE.parent / "analyzer"
LEVELS = (
    (0.0, 0.4, "unsure (< 0.4): the chain asks"),
    (0.4, 0.5, "possible, < 0.5: the chain asks"),
    (0.5, 0.7, "possible (0.5 to 0.7)"),
    (0.7, 1.01, "likely (>= 0.7)"),
)


def _same(a: str, b: str) -> bool:
    norm = lambda t: " ".join(t.lower().strip(" .!?").split())  # noqa: E731
    return norm(a) == norm(b) or norm(a) in norm(b) or norm(b) in norm(a)


CLAIM_SETS = {
    "short arguments, tuning": SHORT / "short_arguments_tuning.jsonl",
    "short arguments, frozen": SHORT / "short_arguments_frozen.jsonl",
    "Spanish, dev": HERE.parent / "spanish" / "spanish_dev.jsonl",
    "Spanish, frozen": HERE.parent / "spanish" / "spanish_frozen.jsonl",
}


def claim_levels() -> None:
    from arguments.domain.reading import read
    from arguments.offline import sentence_roles

    for name, path in CLAIM_SETS.items():
        rows = [json.loads(line) for line in path.open(encoding="utf-8")]
        counts = {label: [0, 0] for _lo, _hi, label in LEVELS}
        for row in rows:
            reading = read(row["query"], row["text"], sentence_roles())
            sure = reading.claim_confidence
            if reading.claim is None or sure is None:
                continue
            for low, high, label in LEVELS:
                if low <= sure < high:
                    counts[label][0] += _same(reading.claim.text, row["claim"])
                    counts[label][1] += 1
        print(f"claim reading, {name} ({len(rows)} texts):")
        for label, (right, total) in counts.items():
            share = f"{100 * right / total:.0f}%" if total else "-"
            print(f"  {label:32} {right:2}/{total:2} right ({share})")


def _judge(name: str, says: Callable[[str], bool], yes: list[str], no: list[str]) -> str:
    named_yes = sum(says(t) for t in yes)
    named_no = sum(says(t) for t in no)
    named = named_yes + named_no
    precision = f"{100 * named_yes / named:.0f}%" if named else "-"
    return (
        f"  {name:38} precision {named_yes}/{named} ({precision}), "
        f"found {named_yes}/{len(yes)}, near misses named {named_no}/{len(no)}"
    )


def examples() -> None:
    from arguments.domain.authority import named_authority
    from arguments.domain.reading import rule_kind
    from arguments.offline import check_fallacies
    from council.domain.critique.offline import level_one
    from evaluations.trust import EXAMPLES

    def popper(kind: str) -> Callable[[str], bool]:
        return lambda t: any(f["claim"].startswith(kind) for f in level_one("popper", t))

    def fallacy(kind: str) -> Callable[[str], bool]:
        return lambda t: any(f.type == kind for f in check_fallacies(t))

    for half in ("dev", "frozen"):
        e = EXAMPLES[half]
        print(f"trust examples ({half} half):")
        print(
            _judge(
                "named source -> backing",
                lambda t: bool(named_authority(t)),
                *e["backing"].values(),
            )
        )
        print(
            _judge("general rule -> warrant", lambda t: bool(rule_kind(t)), *e["warrant"].values())
        )
        print(
            _judge(
                "hedge named (permissions must not be)",
                popper("Hedged claim"),
                e["hedge"],
                e["permission"],
            )
        )
        print(
            _judge(
                "prediction named (objections must not be)",
                popper("Prediction"),
                e["prediction"],
                e["objection_intro"],
            )
        )
        print(_judge("ad hominem", fallacy("ad_hominem"), e["ad_hominem"], e["clean"]))
        print(_judge("bandwagon (ad populum)", fallacy("ad_populum"), e["bandwagon"], e["clean"]))
        likely = [
            f for t in e["ad_hominem"] + e["bandwagon"] for f in check_fallacies(t) if f.likely
        ]
        print(f"  fallacy findings shown as likely on these: {len(likely)}")


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
    django.setup()
    claim_levels()
    examples()


if __name__ == "__main__":
    main()
