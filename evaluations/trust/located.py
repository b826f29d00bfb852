"""How often a language model's chain part is highlighted on the right sentence of its text
(``arguments.domain.located``), on the project's own examples: each part's words as a model
might write them (quoted, reworded, joined from two sentences, or its own) and the sentence
that says them, or none.

- ``located_tuning.jsonl``: the half the thresholds were chosen on;
- ``located_frozen.jsonl``: written and committed with it before the matcher, never tuned on.

Right: the highlight is inside the gold sentence (by its characters: the splitter may join
sentences that start in lower case), or nothing is highlighted and there is no gold
sentence. Wrong: a highlight on another sentence or beyond the gold one, or one where the
part is the model's own words. Missed: nothing highlighted though a sentence says it.

Run: ``python -m evaluations.trust.located``.
"""

from __future__ import annotations

import json
from pathlib import Path

from arguments.domain.located import locate_words
from toulmini_site.text.sentences import sentences

HERE = Path(__file__).resolve().parent


def tally(half: str) -> dict[str, int]:
    counts = {"right highlight": 0, "rightly none": 0, "wrong highlight": 0, "missed": 0}
    for line in (HERE / f"located_{half}.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        text = " ".join(row["sentences"])
        edges, at = [], 0
        for sentence in row["sentences"]:
            edges.append((at, at + len(sentence)))
            at += len(sentence) + 1
        sents = sentences(text)
        for n, p in enumerate(row["parts"]):
            found = locate_words(p["part"], n, p["words"], text, sents)
            gold = p["gold"]
            if found.start is None or found.end is None:
                counts["rightly none" if gold is None else "missed"] += 1
            elif gold is not None and edges[gold][0] <= found.start < found.end <= edges[gold][1]:
                counts["right highlight"] += 1
            else:  # another sentence, or more than the sentence (the splitter joined two)
                counts["wrong highlight"] += 1
    return counts


def main() -> None:
    for half in ("tuning", "frozen"):
        counts = tally(half)
        total = sum(counts.values())
        right = counts["right highlight"] + counts["rightly none"]
        shown = counts["right highlight"] + counts["wrong highlight"]
        print(
            f"{half}: {right}/{total} right; highlights right {counts['right highlight']}/{shown}; "
            + ", ".join(f"{k} {v}" for k, v in counts.items())
        )


if __name__ == "__main__":
    main()
