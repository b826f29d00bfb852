"""schemathesis over every API operation in one long random run: cases, server errors, seed.

Runs ``tests/test_api_fuzz.py`` (the suite's small derandomized run) not derandomized, with
``FUZZ_EXAMPLES`` examples per operation (80 by default; schemathesis's explicit examples and
coverage phase come on top: 7,632 cases over 65 operations) and one Hypothesis seed (``FUZZ_SEED``,
or a random one, printed). The app runs in process through WSGI with the project's settings,
authenticated as a user owning one of each record; only the throttles are off (thousands of
calls a minute are the point). Every case is checked for no server error, the documented
status codes, media types and response schemas, and our JSON error shape. Prints the seed,
the case count, the operations covered and the 5xx answers.

Run: nice .venv/bin/python -m benchmarks.api_fuzz   (FUZZ_EXAMPLES, FUZZ_SEED)
Exits 1 when any case failed a check, any operation was left out, or (not with BENCH_SMALL)
fewer than 5,000 cases ran.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.harness import ROOT, report, small

TARGET = 5_000


def main() -> int:
    examples = os.environ.get("FUZZ_EXAMPLES", "2" if small() else "80")
    seed = os.environ.get("FUZZ_SEED") or str(random.randrange(2**32))
    with tempfile.TemporaryDirectory() as folder:
        counts_file = Path(folder) / "counts.json"
        env = {
            **os.environ,
            "FUZZ_EXAMPLES": examples,
            "FUZZ_RANDOM": "1",
            "FUZZ_REPORT": str(counts_file),
            "LOG_LEVEL": "ERROR",  # a "Not Found" line per refused case otherwise
        }
        command = [
            sys.executable,
            "-m",
            "pytest",
            "tests/test_api_fuzz.py",
            "-k",
            "keeps_to_its_schema",
            "-q",
            "-p",
            "no:cacheprovider",
            f"--hypothesis-seed={seed}",
        ]
        started = time.perf_counter()
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        took = time.perf_counter() - started
        if not counts_file.exists():
            print(run.stdout[-4000:], run.stderr[-4000:], sep="\n")
            print("api_fuzz: the test wrote no counts (see above)", file=sys.stderr)
            return 1
        counts = json.loads(counts_file.read_text())
    operations = {k: v for k, v in counts["operations"].items() if not k.startswith("5xx ")}
    errors = {k[4:]: v for k, v in counts["operations"].items() if k.startswith("5xx ")}
    every = set(counts["every_operation"])
    missing = sorted(every - set(operations))
    report(
        "schemathesis, one random run over every operation",
        [
            ("seed", seed),
            ("examples per operation", examples),
            ("cases", f"{counts['cases']:,}"),
            ("operations", f"{len(operations)} of {len(every)}"),
            ("fewest cases on one operation", str(min(operations.values(), default=0))),
            ("server errors (5xx)", str(counts["5xx"])),
            ("time", f"{took:.0f} s"),
            ("pytest", run.stdout.strip().splitlines()[-1] if run.stdout.strip() else "-"),
        ],
    )
    for label, n in sorted(errors.items()):
        print(f"  5xx x{n}: {label}")
    failed = run.returncode != 0 or counts["5xx"] or missing
    if run.returncode != 0:
        print(run.stdout[-6000:])
    if missing:
        print("  operations never called:", ", ".join(missing))
    if not small() and counts["cases"] < TARGET:
        print(f"  fewer than {TARGET:,} cases: raise FUZZ_EXAMPLES")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
