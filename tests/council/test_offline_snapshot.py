"""What the offline council and the offline auditors write today, pinned.

The tests beside this one check each philosopher's and each auditor's rules one at a time;
neither fails when a change moves a finding, a severity, a confidence, an adjustment, a
merged point, a score or a sentence of the written critique on a text it was not written
for. This snapshot does: after a deliberate change to the rules, review the difference and
write the new snapshot with

    .venv/bin/python -m tests.council.test_offline_snapshot
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from council.domain.audit.analyzers import ANALYZERS, assess
from council.domain.critique.formatter import format_critique_output
from council.services.critique_council import run_critique_council
from evaluations.fallacies import HELD_OUT, PHONE_BAN_OP_ED, SECOND_SET, TUNING
from tests.arguments.texts import OP_EDS
from tests.council.texts import LEAKY, OPINION, SOUND, WEAK
from toulmini_site.llm.offline import OfflineClient

SNAPSHOT = Path(__file__).parent / "snapshots" / "offline.json"

# Duties and assertions that contradict earlier ones (more than the two Russell reports), with
# a maxim longer than the 80 characters a finding quotes, no purpose, no data, one block.
CONTRADICTIONS = (
    "Public schools in every district of the country should ban personal phones in every "
    "single classroom during lessons. Teachers must collect phones at the door. Phones are "
    "always useful for safety. Public schools in every district should not ban personal phones "
    "in every single classroom. Phones are never useful for safety. Teachers must not collect "
    "phones at the door. Pupils always learn better without screens. Pupils never learn better "
    "without screens. Screens are always harmful for pupils. Screens are never harmful for "
    "pupils."
)


def documents() -> dict[str, str]:
    docs = {"weak": WEAK, "sound": SOUND, "opinion": OPINION, "leaky": LEAKY}
    docs["contradictions"] = CONTRADICTIONS
    docs |= {f"op_ed.{i}": text for i, (_query, text) in enumerate(OP_EDS)}
    docs["phone_ban"] = PHONE_BAN_OP_ED
    # Short argumentative texts, eight at a time, as mixed essays.
    for name, examples in (("tuning", TUNING), ("second", SECOND_SET), ("held_out", HELD_OUT)):
        texts = [text for _type, text in examples]
        for start in range(0, len(texts), 8):
            docs[f"{name}.{start}"] = "\n\n".join(texts[start : start + 8])
    return docs


def critique(text: str) -> dict[str, Any]:
    data = run_critique_council(text, client=OfflineClient(), max_workers=1)
    return {"data": data, "written": format_critique_output(data, usage="offline")}


def audit(text: str) -> dict[str, Any]:
    return {
        name: assess(text=text, analyzer=name, criterion_name="Criterion").model_dump(mode="json")
        for name in sorted(ANALYZERS)
    }


def current() -> dict[str, Any]:
    return {
        key: {"critique": critique(text), "audit": audit(text)} for key, text in documents().items()
    }


def test_the_offline_council_and_auditors_write_exactly_what_the_snapshot_holds():
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    found = json.loads(json.dumps(current()))  # tuples as lists, as in the file
    assert found.keys() == expected.keys()
    changed = [
        f"{key}.{part}"
        for key in found
        for part in ("critique", "audit")
        if found[key][part] != expected[key][part]
    ]
    assert not changed, f"{len(changed)} outputs changed, e.g. {changed[:5]}"


if __name__ == "__main__":
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
    django.setup()  # as under pytest: the app installs its prompt texts at start-up
    SNAPSHOT.write_text(json.dumps(current(), indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {SNAPSHOT}")
