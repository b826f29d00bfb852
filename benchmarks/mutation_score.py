"""Mutation score per package, from mutmut's results (``make mutation`` runs mutmut first).

Prints, for the three domains and the text toolkit, the mutants killed (or timed out) out of
those checked, and the score; then the surviving mutants of each package, grouped by module.
Run: .venv/bin/python -m benchmarks.mutation_score
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

PACKAGES = ("arguments.domain", "coach.domain", "council.domain", "toulmini_site.text")
TARGET = 85.0
_LINE = re.compile(r"^\s*(\S+): (.+)$")


def main() -> None:
    if not Path("mutants").is_dir():
        print("No mutation results yet: run `make mutation` first.")
        return
    mutmut = Path(sys.executable).with_name("mutmut")
    out = subprocess.run(
        [str(mutmut), "results", "--all", "true"], capture_output=True, text=True, check=True
    ).stdout
    statuses: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: dict[str, Counter[str]] = defaultdict(Counter)
    for line in out.splitlines():
        match = _LINE.match(line)
        if not match:
            continue
        name, status = match.groups()
        package = next((p for p in PACKAGES if name.startswith(p + ".")), None)
        if package is None:
            continue
        statuses[package][status] += 1
        if status in ("survived", "no tests"):
            survivors[package][name.split(".x")[0].rsplit("__mutmut", 1)[0]] += 1
    print("\n== Mutation score (killed or timed out / checked)")
    for package in PACKAGES:
        counts = statuses.get(package, Counter())
        checked = sum(n for s, n in counts.items() if s not in ("not checked", "skipped"))
        if not checked:
            print(f"  {package:22} not run")
            continue
        unchecked = counts["not checked"]
        killed = counts["killed"] + counts["timeout"]
        score = 100 * killed / checked if checked else 0.0
        flag = "" if score >= TARGET else f"  (below {TARGET:.0f}%)"
        partial = f", {unchecked} not checked yet" if unchecked else ""
        print(f"  {package:22} {killed}/{checked} = {score:.1f}%{flag}{partial}")
    for package in PACKAGES:
        if survivors.get(package):
            print(f"\n  surviving mutants in {package}, by module:")
            for module, n in survivors[package].most_common():
                print(f"    {module}: {n}")


if __name__ == "__main__":
    main()
