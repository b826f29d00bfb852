"""No Python module of the project, code or test, is over 900 lines: past about 500 a module
is a sign to split by concept, and past 900 it is a defect."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 900
SKIPPED = {".venv", ".git", "node_modules", "mutants", "migrations", "staticfiles"}


def modules_over(root: Path, limit: int) -> dict[str, int]:
    """Each ``.py`` file under ``root`` (outside ``SKIPPED`` folders) longer than ``limit``."""
    found = {}
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if name not in SKIPPED]
        for name in files:
            if not name.endswith(".py"):
                continue
            path = Path(folder) / name
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found[path.relative_to(root).as_posix()] = lines
    return found


def test_no_module_is_over_900_lines():
    assert modules_over(ROOT, MAX_LINES) == {}


def test_the_check_sees_a_long_module_and_skips_installed_code(tmp_path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "long.py").write_text("x = 1\n" * 901)
    (tmp_path / "app" / "short.py").write_text("x = 1\n" * 900)
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "installed.py").write_text("x = 1\n" * 5000)

    assert modules_over(tmp_path, MAX_LINES) == {"app/long.py": 901}
