"""How often the audit's Toulmin-part criteria are right, measured for their confidence.

An audit reads the parts of an argument (claim, grounds, warrant, rebuttal) from the chain's
reading of the text (``council.domain.audit.analyzers``): a criterion says the part is there
(and quotes the sentences playing it) or that no sentence plays it. Each judgement carries a
confidence measured for calibration: the share of such judgements that were right, per part
and per answer (there / not there), on texts with a gold reading:

- "there" is right when a quoted sentence is a gold sentence of the part; "not there" is
  right when the text has no such part (a stated warrant only for the warrant);
- the confidence is (right + 1) / (said + 2) on the tuning texts
  (``short_arguments_tuning``, ``short_arguments_voices_dev``), the shipped table
  ``council.domain.audit.calibration.PART_CONFIDENCE``; the frozen texts
  (``short_arguments_frozen``, ``short_arguments_voices_frozen3``) are never used for it and
  give the honest precision at each level (likely from 0.7, possible from 0.4, as the
  chain's claim);
- the first two voices frozen sets (``short_arguments_voices_frozen``,
  ``short_arguments_voices_frozen2``) were tuned on since (the analyzer's claim was tuned on
  the first, the second's one failing case was discussed): shown on the tuning side, not used
  for the table.

``ANALYZER_EVAL_TUNING_ONLY=1`` (or ``--tuning-only``) skips the held-out set
(``evaluations.analyzer_genres.HELD_OUT``: ``short_arguments_voices_frozen3``), so whoever
is tuning never sees it.

The audit reads a text with no query, as an audit does. Backing has no gold in these texts
and is not measured; nor are the criteria that are not Toulmin parts (reasoning markers,
citations, balance, clarity, security): they show no level.
Run: .venv/bin/python -m evaluations.audit_confidence [--tuning-only]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from benchmarks.harness import ROOT, report
from evaluations.analyzer_genres import HELD_OUT, read_set, same, tuning_only

if TYPE_CHECKING:
    from arguments.domain.roles import RoleReader

TUNING = ("short_arguments_tuning", "short_arguments_voices_dev")
TUNED_SINCE = ("short_arguments_voices_frozen", "short_arguments_voices_frozen2")
FROZEN = ("short_arguments_frozen", "short_arguments_voices_frozen3")
PARTS = ("claim", "grounds", "warrant", "rebuttal")

Judgement = tuple[str, bool, bool]  # part, said there, right


def set_groups(skip_held_out: bool) -> list[tuple[str, tuple[str, ...]]]:
    """The groups of sets measured, labelled; without the held-out sets when
    ``skip_held_out``."""
    frozen = tuple(name for name in FROZEN if not (skip_held_out and name in HELD_OUT))
    return [
        ("tuning texts (the table is fitted here)", TUNING),
        ("frozen sets tuned on since (tuning side, not fitted)", TUNED_SINCE),
        ("frozen texts", frozen),
    ]


def cases(names: Iterable[str]) -> list[dict[str, Any]]:
    folder = ROOT / "evaluations" / "analyzer"
    return [case for name in names for case in read_set(folder / f"{name}.jsonl")]


def gold(case: dict[str, Any], part: str) -> list[str]:
    """The gold sentences of ``part`` in a short argument."""
    if part == "claim":
        return [case["claim"]]
    if part == "grounds":
        return list(case["data"])
    if part == "warrant":
        return [case["warrant"]["text"]] if case["warrant"]["stated"] else []
    return list(case["objections"])


def judgements(case: dict[str, Any], roles: RoleReader | None) -> list[Judgement]:
    """The audit's judgement of each part of ``case`` and whether it is right."""
    from arguments.domain.reading import read
    from council.domain.audit.analyzers import assess

    reading = read("", case["text"], roles)
    by_text = {s.text.strip(): reading.role_of(s) for s in reading.sentences}
    out = []
    for part in PARTS:
        answer = assess(text=case["text"], analyzer=part, criterion_name=part, roles=by_text)
        quoted = [e.content for e in answer.evidence]
        golds = gold(case, part)
        if quoted:
            out.append((part, True, any(same(q, g) for q in quoted for g in golds)))
        else:
            out.append((part, False, not golds))
    return out


def tally(found: Iterable[Judgement]) -> dict[tuple[str, bool], list[int]]:
    """(part, said there) -> [right, said]."""
    counts: dict[tuple[str, bool], list[int]] = {}
    for part, there, right in found:
        got = counts.setdefault((part, there), [0, 0])
        got[0] += right
        got[1] += 1
    return counts


def measured_table(counts: dict[tuple[str, bool], list[int]]) -> dict[str, dict[str, float]]:
    """The confidence of each judgement, (right + 1) / (said + 2), as the shipped table."""
    return {
        part: {
            answer: round((right + 1) / (said + 2), 2)
            for answer, there in (("there", True), ("absent", False))
            for right, said in [counts.get((part, there), [0, 0])]
        }
        for part in PARTS
    }


def main() -> None:
    from arguments.offline import sentence_roles
    from council.domain.audit.calibration import PART_CONFIDENCE, part_confidence, part_level

    roles = sentence_roles()
    rows: list[tuple[str, str]] = []
    if tuning_only():
        print("ANALYZER_EVAL_TUNING_ONLY: the held-out sets are not run.")
    for label, names in set_groups(tuning_only()):
        found = [j for case in cases(names) for j in judgements(case, roles)]
        counts = tally(found)
        rows.append((f"{label}: {len(found)} judgements", "right / said (share)"))
        for (part, there), (right, said) in sorted(counts.items()):
            answer = "there" if there else "not there"
            rows.append((f"  {part} {answer}", f"{right}/{said} ({100 * right / said:.0f}%)"))
        levels: dict[str, list[int]] = {}
        for part, there, right in found:
            got = levels.setdefault(part_level(part_confidence(part, there)), [0, 0])
            got[0] += right
            got[1] += 1
        rows.append(
            (
                "  right at each level of the shipped table",
                ", ".join(
                    f"{level} {100 * r / n:.1f}% ({r}/{n})"
                    for level in ("likely", "possible", "unsure")
                    for r, n in [levels.get(level, [0, 0])]
                    if n
                ),
            )
        )
        if names == TUNING:
            table = measured_table(counts)
            rows.append(("  measured table", str(table)))
            rows.append(("  shipped table is the measured one", str(table == PART_CONFIDENCE)))
    report("Audit: the Toulmin-part criteria's confidence, measured for calibration", rows)


if __name__ == "__main__":
    main()
