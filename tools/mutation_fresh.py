"""Survivors mutmut cannot judge: mutants in functions that run while their module is imported.

mutmut imports the code once, forks a child per mutant and switches the mutant on inside the
child. A function that runs only at import time (building the evaluation cases, compiling a
pattern table) has run before the switch, so its mutants always "survive", whatever the tests.
This script finds the surviving mutants in such functions (called from module-level code:
assignments, decorators, default values, class bodies), writes each into a scratch copy of the
project with ``mutmut apply``, and runs the package's tests in a new process, where the import
runs the mutant. Exit codes land in ``mutants/fresh_results.json`` with the hash of the module
they were measured on; ``mutation_score`` counts a mutant the tests failed as killed, and
ignores an entry whose module has changed since.

Run after mutmut: .venv/bin/python -m tools.mutation_fresh [PACKAGE ...]
"""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from tools.mutation_packages import PACKAGES

RESULTS = Path("mutants/fresh_results.json")
TESTS = {
    "arguments.domain": ["tests/arguments"],
    "coach.domain": ["tests/coach"],
    "council.domain": ["tests/council"],
    "toulmini_site.text": ["tests/text"],
}
TIMEOUT = 900  # seconds per mutant; a hang counts as killed, as mutmut's timeouts do
_SKIP = shutil.ignore_patterns(".git", ".venv", "mutants", "node_modules", "staticfiles", "*.pyc")


SOURCES = ("arguments", "coach", "council", "toulmini_site")


def _module_level_calls(tree: ast.Module) -> set[str]:
    """Names called by code that runs at import: module and class bodies, decorators and
    default values (not function bodies)."""
    called: set[str] = set()

    def calls_in(node: ast.AST) -> None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
                called.add(sub.func.id)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                for part in getattr(child, "decorator_list", []):
                    calls_in(part)
                for default in [*child.args.defaults, *filter(None, child.args.kw_defaults)]:
                    calls_in(default)
                continue
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name):
                called.add(child.func.id)
            visit(child)

    visit(tree)
    return called


def _module_name(path: Path) -> str:
    parts = path.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_time_functions() -> set[str]:
    """``module.x_function`` for every project function some module calls at import time,
    in its own module or through ``from module import function [as alias]``."""
    found: set[str] = set()
    for root in SOURCES:
        for path in sorted(Path(root).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            here = _module_name(path)
            origin = {
                n.name: (here, n.name)
                for n in tree.body
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            }
            for node in tree.body:
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    for alias in node.names:
                        origin[alias.asname or alias.name] = (node.module, alias.name)
            for name in _module_level_calls(tree) & origin.keys():
                module, function = origin[name]
                found.add(f"{module}.x_{function}")
    return found


def module_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def survivors(package: str) -> dict[Path, list[str]]:
    """Source path -> surviving mutants in import-time functions of that module."""
    at_import = import_time_functions()
    found: dict[Path, list[str]] = {}
    for meta in sorted(Path("mutants", *package.split(".")).rglob("*.py.meta")):
        source = meta.relative_to("mutants").with_suffix("")
        codes = json.loads(meta.read_text()).get("exit_code_by_key", {})
        names = [
            name
            for name, code in codes.items()
            if code == 0 and name.rsplit("__mutmut_", 1)[0] in at_import
        ]
        if names:
            found[source] = names
    return found


def _pytest_args() -> list[str]:
    config = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["mutmut"]
    return list(config.get("pytest_add_cli_args", []))


def run(packages: list[str]) -> None:
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    mutmut = Path(sys.executable).with_name("mutmut")
    with tempfile.TemporaryDirectory(prefix="mutation-fresh-") as tmp:
        scratch = Path(tmp, "project")
        shutil.copytree(".", scratch, ignore=_SKIP)
        (scratch / "mutants").symlink_to(Path("mutants").resolve())
        for package in packages:
            found = survivors(package)
            if not found:
                continue
            # The unmutated copy must pass, or every mutant would look killed.
            clean = [sys.executable, "-m", "pytest", *_pytest_args(), *TESTS[package]]
            if subprocess.run(clean, cwd=scratch, capture_output=True).returncode != 0:
                sys.exit(f"{package}: the tests fail on the unmutated scratch copy; nothing run")
            for source, names in found.items():
                original = source.read_text()
                digest = module_hash(source)
                for name in names:
                    subprocess.run([str(mutmut), "apply", name], cwd=scratch, check=True)
                    try:
                        code = subprocess.run(
                            clean,
                            cwd=scratch,
                            capture_output=True,
                            timeout=TIMEOUT,
                        ).returncode
                    except subprocess.TimeoutExpired:
                        code = -1
                    finally:
                        (scratch / source).write_text(original)
                    results[name] = {"exit_code": code, "module": digest}
                    verdict = "survived" if code == 0 else "killed"
                    print(f"  {name}: {verdict} in a fresh process (pytest exit {code})")
                    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True))


def fresh_kills() -> set[str]:
    """Mutants killed in a fresh process, measured on the module as it is now."""
    if not RESULTS.exists():
        return set()
    hashes: dict[str, str] = {}
    killed = set()
    for name, entry in json.loads(RESULTS.read_text()).items():
        module = name.split(".x_", 1)[0]
        path = Path(*module.split(".")).with_suffix(".py")
        if module not in hashes:
            hashes[module] = module_hash(path) if path.exists() else ""
        if entry["exit_code"] != 0 and entry["module"] == hashes[module]:
            killed.add(name)
    return killed


if __name__ == "__main__":
    run(sys.argv[1:] or list(PACKAGES))
