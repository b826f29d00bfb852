"""mypy checks every module it is given: no module is let off its errors (``ignore_errors``)
and none of the project's own packages is left out of ``files``."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
PACKAGES = {"toulmini_site", "arguments", "coach", "council", "benchmarks", "tools"}


def excused(config: dict[str, Any]) -> list[str]:
    """The modules a ``[tool.mypy]`` config lets off their errors."""
    found = []
    for override in config.get("overrides", []):
        if override.get("ignore_errors"):
            modules = override.get("module", [])
            found += [modules] if isinstance(modules, str) else modules
    return found


def test_no_module_is_let_off_its_type_errors():
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["mypy"]
    assert excused(config) == []
    assert PACKAGES - set(config["files"]) == set()


def test_the_check_sees_a_module_let_off():
    config = {
        "overrides": [
            {"module": ["sklearn.*"], "ignore_missing_imports": True},
            {"module": ["coach.api", "coach.views"], "ignore_errors": True},
            {"module": "council.views", "ignore_errors": True},
        ]
    }
    assert excused(config) == ["coach.api", "coach.views", "council.views"]
