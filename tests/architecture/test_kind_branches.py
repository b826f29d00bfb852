"""No assignment-kind branches outside the kinds: the school's code and every template ask the
kind (``toulmini_site/classrooms/kinds/``) instead of comparing its name, so a new kind is one
module and its fragments, and no page or export silently treats it as one of the others."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The school's code and every template (the kinds' own module and fragments excepted).
SCANNED = (
    "toulmini_site/classrooms",
    "toulmini_site/lti",
    "toulmini_site/privacy",
    "toulmini_site/accounts",
    "toulmini_site/school.py",
    "toulmini_site/urls.py",
)
KINDS_HOME = (
    "toulmini_site/classrooms/kinds/",
    "toulmini_site/classrooms/templates/classrooms/kinds/",
)
SKIPPED = ("/migrations/",)

BRANCH = re.compile(
    r"""\bkind["')\]]*\s*(==|!=)                # kind == "essay", get("kind") != ...
    | (==|!=)\s*[\w.]*\bkind\b                   # "essay" == assignment.kind
    | \bKind\.(COACH|CHAIN|ESSAY)\b              # Assignment.Kind.ESSAY
    | (?<!for\ )\bkind\s+(not\s+)?in\s*[(\[{]    # kind in ("coach", "chain")
    | \btype\s*(==|!=)\s*["']                    # work.type != "essay"
    | ["'](coach|chain|essay|coach_session)["']\s*(==|!=)
    """,
    re.VERBOSE,
)


def kind_branches(root: Path, paths: tuple[str, ...]) -> list[str]:
    """``path:line: text`` of each line under ``paths`` (Python and templates) that branches
    on an assignment kind's name, outside the kinds' own files."""
    found = []
    for start in paths:
        base = root / start
        files = [base] if base.is_file() else sorted(base.rglob("*"))
        for path in files:
            name = path.relative_to(root).as_posix()
            if path.suffix not in (".py", ".html") or not path.is_file():
                continue
            if name.startswith(KINDS_HOME) or any(skip in f"/{name}" for skip in SKIPPED):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if BRANCH.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_no_kind_branches_outside_the_kinds():
    assert kind_branches(ROOT, SCANNED) == []


def test_every_template_of_the_project_is_free_of_kind_branches_too():
    templates = tuple(
        path.relative_to(ROOT).as_posix()
        for path in ROOT.glob("**/templates")
        if ".venv" not in path.parts and "node_modules" not in path.parts
    )
    assert templates  # the scan sees the templates at all
    assert kind_branches(ROOT, templates) == []


def test_the_check_sees_each_way_a_branch_comes_back_and_leaves_the_kinds_alone(tmp_path):
    app = tmp_path / "toulmini_site" / "classrooms"
    (app / "kinds").mkdir(parents=True)
    (app / "templates" / "classrooms").mkdir(parents=True)
    branches = [
        'if submission.assignment.kind == "essay":',
        "elif kind != Assignment.Kind.CHAIN:",
        "ok = Assignment.Kind.COACH",
        'if row.kind in ("coach", "chain"):',
        'if "essay" == assignment.kind:',
        'if self.cleaned_data.get("kind") == "chain" and not engines:',
    ]
    (app / "process.py").write_text("\n".join(branches) + "\n")
    (app / "templates" / "classrooms" / "page.html").write_text(
        '{% if assignment.kind == "chain" %}x{% endif %}\n'
        '{% if work.type != "essay" %}y{% endif %}\n'
    )
    (app / "kinds" / "essay.py").write_text('if assignment.kind == "essay":\n    pass\n')
    (app / "fine.py").write_text(
        "for kind in kinds.names():\n    label = kinds.kind_of(kind).label\n"
        "Each kind in it names its columns.\n"
    )
    found = kind_branches(tmp_path, ("toulmini_site/classrooms",))
    assert [line.split(":")[1] for line in found] == ["1", "2", "3", "4", "5", "6", "1", "2"]
    assert {line.split(":")[0] for line in found} == {
        "toulmini_site/classrooms/process.py",
        "toulmini_site/classrooms/templates/classrooms/page.html",
    }
