"""What the offline analyzer writes today, phase by phase, for every text the tests hold, pinned.

The quality of the analyzer is measured on held-out annotated essays (benchmarks/); the tests
in test_analyzer.py check its rules one at a time. Neither fails when a change moves one
fact, a scope, an evidence type, a confidence or a sentence of reasoning on a text it was not
written for. This snapshot does: after a deliberate change to the rules or the shipped role
model, review the difference and write the new snapshot with

    .venv/bin/python -m tests.arguments.test_analyzer_snapshot

Each phase runs on the parts before it (as the offline engine fills a chain that is not
stopped), with the rules alone and with the shipped sentence-role model.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arguments.demo import DEMO_CHAINS
from arguments.domain.analyzer import NotInText, analyze_phase
from arguments.offline import sentence_roles
from evaluations.fallacies import HELD_OUT, PHONE_BAN_OP_ED, SECOND_SET
from tests.arguments.texts import CYCLING, EQUALITY, HOMEWORK, OP_EDS

SNAPSHOT = Path(__file__).parent / "snapshots" / "analyzer.json"


def documents() -> dict[str, tuple[str, str]]:
    docs = {f"demo.{i}": (c["query"], c["source_text"]) for i, c in enumerate(DEMO_CHAINS)}
    docs |= {f"op_ed.{i}": pair for i, pair in enumerate(OP_EDS)}
    docs["equality"] = ("Should JavaScript code use === instead of ==?", EQUALITY)
    docs["homework"] = ("Should primary schools give homework?", HOMEWORK)
    docs["cycling"] = ("Should cities build bike lanes?", CYCLING)
    docs["phone_ban"] = ("Should schools ban phones?", PHONE_BAN_OP_ED)
    # Short argumentative texts, five at a time, as mixed essays of fallacious reasoning.
    for name, examples in (("second", SECOND_SET), ("held_out", HELD_OUT)):
        texts = [text for _type, text in examples]
        for start in range(0, len(texts), 5):
            docs[f"{name}.{start}"] = (
                "Is this argument sound?",
                " ".join(texts[start : start + 5]),
            )
    return docs


def chain(query: str, text: str, roles: Any) -> dict[str, Any]:
    components: dict[str, Any] = {}
    written: dict[str, Any] = {}
    for phase in (1, 2, 3, 4):
        inputs = {"phase": phase, "query": query, "source_text": text, "components": components}
        try:
            output = analyze_phase(inputs, roles=roles).model_dump(mode="json")
        except NotInText as missing:
            written[f"phase{phase}"] = {"not_in_text": str(missing)}
            break
        written[f"phase{phase}"] = output
        components |= output
    return written


def current() -> dict[str, Any]:
    model = sentence_roles()
    return {
        f"{key}.{label}": chain(query, text, roles)
        for key, (query, text) in documents().items()
        for label, roles in (("rules", None), ("model", model))
    }


def test_the_analyzer_writes_exactly_what_it_wrote_when_the_snapshot_was_taken():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    found = current()
    assert found.keys() == expected.keys()
    changed = [key for key in found if found[key] != expected[key]]
    assert not changed, f"{len(changed)} chains changed, e.g. {changed[:5]}"


if __name__ == "__main__":
    SNAPSHOT.write_text(json.dumps(current(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {SNAPSHOT}")
