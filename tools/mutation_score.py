"""Mutation score per package, from mutmut's results (``make mutation`` runs mutmut first).

Prints, for the three domains and the text toolkit, the mutants killed (or timed out) out of
those checked, and the score; then the surviving mutants of each package, grouped by module.

One kind of survivor is equivalent by construction and is recognised here from the mutants'
source (``mutants/<module>.py`` holds each mutant beside the original): a string whose only
change is its case, inside a pattern that ignores case (``keywords()``, imported as
``_words`` or ``_rx``, or a ``re`` call with ``re.IGNORECASE``), when the string holds no
backslash escape that changed (``\\w`` upper-cased is ``\\W``, which is not equivalent;
mutmut keeps ``\\b`` as it is). No test can tell those apart. A second score counts them as
equivalent; the raw score is printed first.

A mutant in code that runs only at import time survives every forked mutmut run; when
``tools.mutation_fresh`` has since seen the tests fail on it in a fresh process (on the
module as it is now), it counts as killed, and the count is printed beside the score.
Run: .venv/bin/python -m tools.mutation_score
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

from tools.mutation_fresh import fresh_kills
from tools.mutation_packages import PACKAGES

TARGET = 85.0
_LINE = re.compile(r"^\s*(\S+): (.+)$")


_CASELESS_CALLS = {"_words", "_rx", "keywords"}


def _ignores_case(call: ast.Call) -> bool:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    if name in _CASELESS_CALLS:
        return True
    flags = [*call.args, *(k.value for k in call.keywords)]
    return any(isinstance(f, ast.Attribute) and f.attr == "IGNORECASE" for f in flags)


def _functions(path: Path) -> dict[str, ast.AST]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


_TOKEN = re.compile(r"\\.|.", re.DOTALL)


def _same_but_case(old: str, new: str) -> bool:
    """True when ``new`` is ``old`` with only the case of letters changed, escapes kept
    exactly (``\\b`` stays ``\\b``: ``\\B`` or ``\\W`` mean something else)."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    if old == new or len(a) != len(b):
        return False
    return all(
        x == y if x.startswith("\\") else x.lower() == y.lower() for x, y in zip(a, b, strict=True)
    )


def _case_only_in_caseless_pattern(original: ast.AST, mutant: ast.AST) -> bool:
    """True when the two functions differ in one string constant, only in its case, and that
    string is an argument (directly or in a tuple or list) of a call that ignores case."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(original):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    changed = [
        (a, b)
        for a, b in zip(ast.walk(original), ast.walk(mutant), strict=False)
        if type(a) is not type(b)
        or (isinstance(a, ast.Constant) and a.value != getattr(b, "value", None))
    ]
    if len(changed) != 1:
        return False
    old, new = changed[0]
    if not (isinstance(old, ast.Constant) and isinstance(old.value, str)):
        return False
    if not isinstance(new, ast.Constant) or not isinstance(new.value, str):
        return False
    if not _same_but_case(old.value, new.value):
        return False
    parent = parents.get(id(old))
    while isinstance(parent, ast.Tuple | ast.List | ast.Starred):
        parent = parents.get(id(parent))
    return isinstance(parent, ast.Call) and _ignores_case(parent)


def equivalent_mutants(names: list[str]) -> set[str]:
    """The names among ``names`` that are case-only changes in a case-insensitive pattern."""
    by_file: dict[Path, list[str]] = defaultdict(list)
    for name in names:
        module = name.split(".x")[0].rsplit(".", 0)[0]
        by_file[Path("mutants", *module.split(".")).with_suffix(".py")].append(name)
    found: set[str] = set()
    for path, members in by_file.items():
        if not path.exists():
            continue
        functions = _functions(path)
        for name in members:
            function = name.rsplit(".", 1)[1] if "ǁ" not in name else "xǁ" + name.split("xǁ", 1)[1]
            base = function.rsplit("__mutmut_", 1)[0]
            original = functions.get(f"{base}__mutmut_orig")
            mutant = functions.get(function)
            if original is None or mutant is None:
                continue
            if _case_only_in_caseless_pattern(original, mutant):
                found.add(name)
    return found


def main() -> None:
    if not Path("mutants").is_dir():
        print("No mutation results yet: run `make mutation` first.")
        return
    mutmut = Path(sys.executable).with_name("mutmut")
    out = subprocess.run(
        [str(mutmut), "results", "--all", "true"], capture_output=True, text=True, check=True
    ).stdout
    fresh = fresh_kills()
    fresh_counts: Counter[str] = Counter()
    statuses: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: dict[str, Counter[str]] = defaultdict(Counter)
    surviving: list[str] = []
    for line in out.splitlines():
        match = _LINE.match(line)
        if not match:
            continue
        name, status = match.groups()
        package = next((p for p in PACKAGES if name.startswith(p + ".")), None)
        if package is None:
            continue
        if status == "survived" and name in fresh:
            status = "killed"
            fresh_counts[package] += 1
        statuses[package][status] += 1
        if status == "survived":
            surviving.append(name)
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
        at_import = (
            f", {fresh_counts[package]} of them killed in a fresh process (import-time code)"
            if fresh_counts[package]
            else ""
        )
        print(f"  {package:22} {killed}/{checked} = {score:.1f}%{flag}{partial}{at_import}")
    equivalent = equivalent_mutants(surviving)
    print("\n== Counting case-only changes in case-insensitive patterns as equivalent")
    for package in PACKAGES:
        counts = statuses.get(package, Counter())
        checked = sum(n for s, n in counts.items() if s not in ("not checked", "skipped"))
        same = sum(1 for name in equivalent if name.startswith(package + "."))
        if checked and checked > same:
            killed = counts["killed"] + counts["timeout"]
            score = 100 * killed / (checked - same)
            print(f"  {package:22} {killed}/{checked - same} = {score:.1f}% ({same} equivalent)")
    for package in PACKAGES:
        if survivors.get(package):
            print(f"\n  surviving mutants in {package}, by module:")
            for module, n in survivors[package].most_common():
                print(f"    {module}: {n}")


if __name__ == "__main__":
    main()
