"""The import contracts (``[tool.importlinter]`` in pyproject.toml) hold, and they bite: a
copy of the code whose domain imports the model client fails ``lint-imports``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("toulmini_site", "arguments", "coach", "council")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
DOMAIN_APPS = ("arguments", "coach", "council", "toulmini_site/classrooms")


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def code_copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("contracts")
    shutil.copy(ROOT / "pyproject.toml", root)
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    return root


def test_the_code_keeps_every_contract(code_copy):
    result = lint_imports(code_copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout


def test_a_domain_importing_the_model_client_breaks_the_contracts(code_copy):
    tree = code_copy / "council" / "domain" / "critique" / "tree.py"
    original = tree.read_text()
    tree.write_text(original + "\nfrom toulmini_site.llm import LLMError  # noqa\n")
    try:
        result = lint_imports(code_copy)
    finally:
        tree.write_text(original)
    assert result.returncode != 0
    broken = re.findall(r"^(.*) BROKEN", result.stdout, re.MULTILINE)
    assert any("pure" in name for name in broken), result.stdout
    assert "council.domain.critique.tree -> toulmini_site.llm" in result.stdout


def test_a_model_importing_a_service_breaks_the_layers(code_copy):
    model = code_copy / "council" / "models" / "critique.py"
    original = model.read_text()
    model.write_text(original + "\nfrom council.services import runs  # noqa\n")
    try:
        result = lint_imports(code_copy)
    finally:
        model.write_text(original)
    assert result.returncode != 0
    assert "council.models.critique -> council.services.runs" in result.stdout


def test_no_domain_module_imports_django_or_the_model_client():
    pattern = re.compile(r"^(from|import) (django|toulmini_site\.llm)", re.MULTILINE)
    offenders = [
        str(path.relative_to(ROOT))
        for app in DOMAIN_APPS
        for path in (ROOT / app / "domain").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_no_domain_module_reads_a_file():
    pattern = re.compile(r"\.read_text\(|\bopen\(|\.read_bytes\(")
    offenders = [
        str(path.relative_to(ROOT))
        for app in DOMAIN_APPS
        for path in (ROOT / app / "domain").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_a_service_raising_a_drf_error_breaks_the_refusal_contract(code_copy):
    service = code_copy / "coach" / "services.py"
    original = service.read_text()
    service.write_text(original + "\nfrom rest_framework.exceptions import APIException  # noqa\n")
    try:
        result = lint_imports(code_copy)
    finally:
        service.write_text(original)
    assert result.returncode != 0
    assert "coach.services -> rest_framework" in result.stdout


def _contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "importlinter"
    ]["contracts"]


def test_no_contract_excuses_an_import():
    assert [c["id"] for c in _contracts() if c.get("ignore_imports")] == []


def test_every_module_of_the_house_has_its_floor():
    (house,) = [c for c in _contracts() if c["id"] == "house"]
    floors = {name.strip() for layer in house["layers"] for name in re.split(r"[:|]", layer)}
    site = {
        f"toulmini_site.{path.stem if path.suffix == '.py' else path.name}"
        for path in (ROOT / "toulmini_site").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists())
    }
    assert site - floors == set()
    assert {"arguments", "coach", "council"} <= floors


def test_a_feature_app_importing_the_school_breaks_the_house(code_copy):
    service = code_copy / "arguments" / "services.py"
    original = service.read_text()
    service.write_text(original + "\nfrom toulmini_site.classrooms import models  # noqa\n")
    try:
        result = lint_imports(code_copy)
    finally:
        service.write_text(original)
    assert result.returncode != 0
    assert "The whole house" in result.stdout.split("Broken contracts")[-1], result.stdout
    assert "arguments.services -> toulmini_site.classrooms.models" in result.stdout


def test_the_platform_importing_an_app_breaks_the_house(code_copy):
    limits = code_copy / "toulmini_site" / "limits" / "rates.py"
    original = limits.read_text()
    limits.write_text(original + "\nfrom toulmini_site.classrooms import models  # noqa\n")
    try:
        result = lint_imports(code_copy)
    finally:
        limits.write_text(original)
    assert result.returncode != 0
    assert "toulmini_site.limits.rates -> toulmini_site.classrooms.models" in result.stdout


def test_the_school_calling_the_apps_that_listen_to_it_breaks_a_contract(code_copy):
    service = code_copy / "toulmini_site" / "classrooms" / "services.py"
    original = service.read_text()
    service.write_text(
        original + "\nfrom toulmini_site.lti import grades  # noqa\n"
        "from toulmini_site.privacy import public  # noqa\n"
    )
    try:
        result = lint_imports(code_copy)
    finally:
        service.write_text(original)
    assert result.returncode != 0
    assert "toulmini_site.classrooms.services -> toulmini_site.lti.grades" in result.stdout
    assert "toulmini_site.classrooms.services -> toulmini_site.privacy.public" in result.stdout


def test_a_school_app_importing_one_above_it_breaks_the_school_floor(code_copy):
    """The learning platform reaching the account page, or privacy reaching it, is out of the
    school floor's order (accounts -> privacy -> learning platform -> classrooms)."""
    lti = code_copy / "toulmini_site" / "lti" / "services.py"
    original = lti.read_text()
    lti.write_text(original + "\nfrom toulmini_site.privacy import services as erase  # noqa\n")
    try:
        result = lint_imports(code_copy)
    finally:
        lti.write_text(original)
    assert result.returncode != 0
    broken = re.findall(r"^(.*) BROKEN", result.stdout, re.MULTILINE)
    assert any("School floor" in name for name in broken), result.stdout
    assert "toulmini_site.lti.services -> toulmini_site.privacy.services" in result.stdout
