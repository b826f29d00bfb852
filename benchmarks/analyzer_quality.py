"""How well the offline analyzer finds the parts of real arguments.

Reads ../shared/data/webdiscourse-dev.jsonl (206 web texts annotated with a modified Toulmin
model by Habernal & Gurevych, 2017) when it is there, and says so when it is not. The texts are
read in place, never copied. Overlap is by character offsets.

Prints, next to a simple baseline for each:
- claim: share of documents with an explicit claim where the sentence the analyzer picks as
  the claim overlaps it (and where phase 1 also succeeds, i.e. data was found too);
- data: precision (facts overlapping an annotated premise or backing) and recall (premises
  overlapped by a fact);
- rebuttal: precision and recall against rebuttal and refutation spans;
- where the offline chains end (verdicts, or which part stopped them), and time per document.
Run: .venv/bin/python -m benchmarks.analyzer_quality
"""

from __future__ import annotations

import collections
import json
import statistics
import sys
import time

from benchmarks.harness import ROOT, report

DATA = ROOT.parent / "shared" / "data" / "webdiscourse-dev.jsonl"

# Our own questions for the corpus's five topics (the texts argue for or against them).
QUERIES = {
    "homeschooling": "Is homeschooling a good way to educate children?",
    "prayer-in-schools": "Should prayer be allowed in public schools?",
    "single-sex-education": "Is single-sex education better for pupils?",
    "redshirting": "Should parents delay their child's entry to kindergarten?",
    "mainstreaming": "Should children with disabilities be taught in mainstream classes?",
}


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def spans(doc: dict, *types: str) -> list[tuple[int, int]]:
    return [
        (c["start"], c["end"])
        for c in doc["components"]
        if c["type"] in types and not c["implicit"] and c["start"] is not None
    ]


def pr(found: list[tuple[int, int]], gold: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    """(true found, all found, gold hit, all gold)."""
    hit_found = sum(any(overlaps(f, g) for g in gold) for f in found)
    hit_gold = sum(any(overlaps(g, f) for f in found) for g in gold)
    return hit_found, len(found), hit_gold, len(gold)


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}% ({n}/{d})" if d else "n/a"


def main() -> None:
    if not DATA.exists():
        print(f"Skipped: {DATA} is not here (the annotated corpus lives in shared/data).")
        return
    sys.path.insert(0, str(ROOT))
    from arguments.domain.analyzer import (
        NotInText,
        analyze_phase,
        find_claim,
        phase1,
        phase3,
        sentences,
    )
    from arguments.domain.toulmin import ChainState, apply_phase, evaluate

    docs = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    claim_hit = claim_total = base_claim_hit = chosen_hit = 0
    data_counts = [0, 0, 0, 0]
    base_data = [0, 0, 0, 0]
    rebut_counts = [0, 0, 0, 0]
    base_rebut = [0, 0, 0, 0]
    endings: collections.Counter[str] = collections.Counter()
    per_doc: list[float] = []
    for doc in docs:
        text, query = doc["text"], QUERIES[doc["topic"]]
        sents = sentences(text)
        where = {s.text: (s.start, s.end) for s in sents}
        claims = spans(doc, "claim")
        premises = spans(doc, "premise", "backing")
        rebuttals = spans(doc, "rebuttal", "refutation")
        started = time.perf_counter()
        try:
            p1 = phase1(query, text)
        except NotInText:
            p1 = None
        if claims:
            claim_total += 1
            try:
                _, chosen = find_claim(query, sents)
            except NotInText:
                chosen = None
            chosen_hit += bool(
                chosen and any(overlaps((chosen.start, chosen.end), c) for c in claims)
            )
            claim_span = where.get(p1.claim.statement) if p1 else None
            if p1 and claim_span is None:  # the marker was stripped: find the sentence
                claim_span = next(
                    (where[s.text] for s in sents if s.text.endswith(p1.claim.statement[1:])), None
                )
            claim_hit += bool(claim_span and any(overlaps(claim_span, c) for c in claims))
            base_claim_hit += bool(
                sents and any(overlaps((sents[0].start, sents[0].end), c) for c in claims)
            )
        facts = [where[f] for f in p1.data.facts if f in where] if p1 else []
        for i, v in enumerate(pr(facts, premises)):
            data_counts[i] += v
        for i, v in enumerate(pr([(s.start, s.end) for s in sents[1:]], premises)):
            base_data[i] += v
        exceptions = []
        if p1:
            p3 = phase3(query, text, p1.model_dump(mode="json"))
            exceptions = [where[e] for e in p3.rebuttal.exceptions if e in where]
        for i, v in enumerate(pr(exceptions, rebuttals)):
            rebut_counts[i] += v
        contrast = [
            (s.start, s.end) for s in sents if s.text.lower().startswith(("but", "however"))
        ]
        for i, v in enumerate(pr(contrast, rebuttals)):
            base_rebut[i] += v
        # The whole chain, as the app runs it.
        state = ChainState(query=query)
        try:
            while (result := evaluate(state)).status == "in_progress":
                output = analyze_phase(
                    {
                        "phase": result.next_phase,
                        "query": query,
                        "source_text": text,
                        "components": state.as_json(),
                    }
                )
                state = apply_phase(state, result.next_phase, output.model_dump(mode="json"))
            if result.status == "complete":
                endings[f"verdict {state.verdict.status}"] += 1
            else:
                endings[
                    "stopped: "
                    + " + ".join(
                        part.split(":")[0] for part in result.termination_reason.split("; ")
                    )
                ] += 1
        except NotInText as missing:
            endings["stopped: " + str(missing).split(":")[0]] += 1
        per_doc.append(time.perf_counter() - started)

    def prf(c: list[int]) -> str:
        return f"precision {pct(c[0], c[1])}, recall {pct(c[2], c[3])}"

    report(
        f"Offline analyzer on {len(docs)} annotated web texts ({DATA.name})",
        [
            ("claim sentence chosen (docs with an explicit claim)", pct(chosen_hit, claim_total)),
            ("  ... and shown in a phase-1 output (data found too)", pct(claim_hit, claim_total)),
            ("  baseline: first sentence", pct(base_claim_hit, claim_total)),
            ("data vs premise+backing", prf(data_counts)),
            ("  baseline: every sentence but the first", prf(base_data)),
            ("rebuttal vs rebuttal+refutation", prf(rebut_counts)),
            ("  baseline: sentences opening with But/However", prf(base_rebut)),
            *[(f"chains ending in {k}", str(v)) for k, v in sorted(endings.items())],
            (
                "time per document (all four phases)",
                f"median {statistics.median(per_doc) * 1000:.2f} ms, "
                f"max {max(per_doc) * 1000:.2f} ms",
            ),
        ],
    )


if __name__ == "__main__":
    main()
