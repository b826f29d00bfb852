"""A mutation score from a sample of functions, when a whole run does not fit the time.

``plan PACKAGE FRACTION`` chooses, for each module of the package, whole functions at random
(seeded) until ``FRACTION`` of the module's mutants are in the sample; a module with at most
30% of its mutants unchecked is taken whole. It prints the mutmut patterns to run and keeps
the plan in ``mutants/sample_plan.json``. ``score`` prints, per package, the share of killed
mutants: exact for modules taken whole; for sampled modules, the killed share of the sampled
functions stands for the module (a stratified cluster estimate), with a bootstrap 95% interval.

    .venv/bin/python -m tools.mutation_sample plan coach.domain 0.2 > patterns.txt
    .venv/bin/mutmut run $(cat patterns.txt)
    .venv/bin/python -m tools.mutation_sample score

Functions, not single mutants, are the sampling unit: ``mutmut run NAME`` with single mutant
names fails its clean test run (pytest exits with a usage error), while patterns work.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path

from tools.mutation_packages import PACKAGES
from tools.mutation_score import equivalent_mutants

PLAN = Path("mutants/sample_plan.json")
WHOLE_BELOW = 0.3  # a module with at most this share unchecked is run whole


def _modules(package: str) -> dict[str, dict[str, dict[str, int | None]]]:
    """module -> function -> mutant -> exit code (None: not checked)."""
    out: dict[str, dict[str, dict[str, int | None]]] = {}
    root = Path("mutants", *package.split("."))
    for meta in sorted(root.rglob("*.py.meta")):
        codes = json.loads(meta.read_text()).get("exit_code_by_key", {})
        if not codes:
            continue
        module = ".".join(meta.relative_to("mutants").with_suffix("").with_suffix("").parts)
        functions: dict[str, dict[str, int | None]] = defaultdict(dict)
        for name, code in codes.items():
            functions[name.rsplit("__mutmut_", 1)[0]][name] = code
        out[module] = functions
    return out


def plan(package: str, fraction: float) -> None:
    rng = random.Random(24)
    chosen_by_module = json.loads(PLAN.read_text()) if PLAN.exists() else {}
    patterns: list[str] = []
    for module, functions in _modules(package).items():
        total = sum(len(m) for m in functions.values())
        unchecked = sum(code is None for m in functions.values() for code in m.values())
        names = sorted(functions)
        if unchecked <= WHOLE_BELOW * total:
            chosen, mode = names, "all"
        else:
            rng.shuffle(names)
            chosen, size, mode = [], 0, "sample"
            for name in names:
                if size >= fraction * total:
                    break
                chosen.append(name)
                size += len(functions[name])
        chosen_by_module[module] = {"mode": mode, "functions": sorted(chosen)}
        patterns += [f"{f}*" for f in chosen if None in functions[f].values()]
    PLAN.write_text(json.dumps(chosen_by_module, indent=1))
    print("\n".join(patterns))


def _estimate(strata: list[tuple[int, list[tuple[int, int]], str]]) -> float:
    total = killed = 0.0
    for size, clusters, _ in strata:
        checked = sum(c[1] for c in clusters)
        if checked:
            total += size
            killed += size * sum(c[0] for c in clusters) / checked
    return 100 * killed / total if total else float("nan")


def score() -> None:
    chosen_by_module = json.loads(PLAN.read_text()) if PLAN.exists() else {}
    rng = random.Random(7)
    for package in PACKAGES:
        strata: list[tuple[int, list[tuple[int, int]], str]] = []
        survivors: list[str] = []
        pending = 0
        for module, functions in _modules(package).items():
            entry = chosen_by_module.get(module, {"mode": "all", "functions": sorted(functions)})
            clusters = []
            for name in entry["functions"]:
                codes = functions.get(name, {})
                survivors += [m for m, code in codes.items() if code == 0]
                pending += sum(code is None for code in codes.values())
                checked = sum(code is not None for code in codes.values())
                clusters.append((sum(code not in (None, 0) for code in codes.values()), checked))
            size = sum(len(m) for m in functions.values())
            strata.append((size, clusters, entry["mode"]))
        if not strata:
            continue
        point = _estimate(strata)
        boots = sorted(
            _estimate(
                [
                    (size, [rng.choice(cl) for _ in cl] if mode == "sample" and cl else cl, mode)
                    for size, cl, mode in strata
                ]
            )
            for _ in range(400)
        )
        checked = sum(c[1] for _, cl, _ in strata for c in cl)
        total = sum(size for size, _, _ in strata)
        whole = all(mode == "all" for _, _, mode in strata)
        same = len(equivalent_mutants(survivors))
        print(
            f"{package:20} {point:.1f}% killed"
            + (" (every mutant)" if whole else f" (95% interval {boots[10]:.1f}-{boots[389]:.1f}%)")
            + f": {checked} of {total} mutants checked, {pending} of the sample still to run;"
            f" {len(survivors)} survivors, {same} of them case-only in a case-free pattern"
        )


if __name__ == "__main__":
    if sys.argv[1:2] == ["plan"]:
        plan(sys.argv[2], float(sys.argv[3]))
    else:
        score()
