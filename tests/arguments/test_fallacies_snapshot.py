"""What the offline fallacy checker (the rules with the learned model) finds today on every
hand-written example, pinned.

The accuracy tests (test_fallacies.py) ask for recall and precision *rates*; a change to a
rule that moves one finding, its span, its confidence or its explanation can keep the rates
and pass them. This snapshot fails on any such change, so a change to the rules is made on
purpose: after one, review the difference and write the new snapshot with

    .venv/bin/python -m tests.arguments.test_fallacies_snapshot

Nothing here tunes the detector: it records what it does (held-out texts included).
"""

from __future__ import annotations

import json
from pathlib import Path

from arguments.offline import check_fallacies
from evaluations.fallacies import HELD_OUT, PHONE_BAN_OP_ED, SECOND_SET, TUNING

SNAPSHOT = Path(__file__).parent / "snapshots" / "fallacies.json"


def texts() -> dict[str, str]:
    named = {"phone_ban_op_ed": PHONE_BAN_OP_ED}
    for name, examples in (("tuning", TUNING), ("second", SECOND_SET), ("held_out", HELD_OUT)):
        for index, (_type, text) in enumerate(examples):
            named[f"{name}.{index}"] = text
    return named


def current() -> dict[str, list[list]]:
    return {
        key: [[f.type, f.start, f.end, f.confidence, f.explanation] for f in check_fallacies(text)]
        for key, text in texts().items()
    }


def test_the_detector_finds_exactly_what_it_found_when_the_snapshot_was_taken():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    found = current()
    assert found.keys() == expected.keys()
    changed = [key for key in found if found[key] != expected[key]]
    assert not changed, f"{len(changed)} texts changed, e.g. {changed[:5]}"


if __name__ == "__main__":
    SNAPSHOT.write_text(json.dumps(current(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {SNAPSHOT}")
