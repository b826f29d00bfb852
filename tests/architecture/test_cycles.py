"""No two modules of the project import each other, directly or round about, counting imports
inside functions (``tests/architecture/cycles.py``); and the check bites: a copy of the code
with one new cycle, hidden inside a function, fails it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.architecture.cycles import PACKAGES, import_cycles

ROOT = Path(__file__).resolve().parents[2]


def test_the_code_has_no_import_cycle():
    assert import_cycles() == []


def test_a_new_cycle_hidden_inside_a_function_fails_the_check(tmp_path):
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    quotes = tmp_path / "council" / "domain" / "critique" / "quotes.py"
    quotes.write_text(
        quotes.read_text(encoding="utf-8")
        + "\n\ndef _dodge():\n    from council.domain.critique.tree import TreeBuilder\n\n"
        "    return TreeBuilder\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}

    found = subprocess.run(
        [sys.executable, "-m", "tests.architecture.cycles"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )

    cycles = [json.loads(line) for line in found.stdout.splitlines()]
    assert cycles == [["council.domain.critique.quotes", "council.domain.critique.tree"]]
