"""Train the offline analyzer's sentence-role model on the annotated web texts.

Reads webdiscourse-dev.jsonl in place (never copies it) and writes only fitted weights.
Run: ``make train`` (or .venv/bin/python -m benchmarks.train_roles).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from benchmarks.harness import ROOT

CORPUS = "webdiscourse-dev.jsonl"

# Our own questions for the corpus's five topics (the texts argue for or against them).
QUERIES = {
    "homeschooling": "Is homeschooling a good way to educate children?",
    "prayer-in-schools": "Should prayer be allowed in public schools?",
    "single-sex-education": "Is single-sex education better for pupils?",
    "redshirting": "Should parents delay their child's entry to kindergarten?",
    "mainstreaming": "Should children with disabilities be taught in mainstream classes?",
}


def find_corpus() -> Path | None:
    """The corpus file: $WEBDISCOURSE_DATA, or shared/data beside the checkout (or its parent,
    for a git worktree under the project folder); None when it is not there."""
    candidates = [
        Path(os.environ["WEBDISCOURSE_DATA"]) if os.environ.get("WEBDISCOURSE_DATA") else None,
        ROOT.parent / "shared" / "data" / CORPUS,
        ROOT.parent.parent / "shared" / "data" / CORPUS,
    ]
    return next((p for p in candidates if p is not None and p.is_file()), None)


def read_corpus(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
