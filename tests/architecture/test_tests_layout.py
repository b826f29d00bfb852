"""Test modules share data and helpers through plain modules (``builders.py``, ``texts.py``,
``tests/browser.py``...), never by importing another test module (importing one runs its
module-level code and can collect its tests twice) nor a ``conftest`` (pytest loads each
conftest as a plugin of its own directory: a helper kept there is reached round about, and a
fixture imported from another directory's conftest registers twice)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _imports_of_test_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [
            n
            for n in names
            if n.startswith("tests.")
            and (n.split(".")[-1].startswith("test_") or n.split(".")[-1] == "conftest")
        ]
    return found


def test_no_test_module_imports_another_test_module():
    offenders = {
        str(path.relative_to(TESTS)): imported
        for path in sorted(TESTS.rglob("*.py"))
        if "node_modules" not in path.parts and (imported := _imports_of_test_modules(path))
    }
    assert offenders == {}


def test_the_check_sees_an_import_of_a_test_module(tmp_path):
    module = tmp_path / "test_example.py"
    module.write_text(
        "from tests.arguments.test_aif import MALFORMED\nimport tests.x.test_y\n"
        "from tests.coach.conftest import make_session\nfrom tests.coach.builders import answer\n"
    )

    assert _imports_of_test_modules(module) == [
        "tests.arguments.test_aif",
        "tests.x.test_y",
        "tests.coach.conftest",
    ]
