"""The README and docs/ stay true to the repository: no absolute path and no issue number,
every relative link reaches a file (and its heading), every repository path they name in
code font exists, and the code maps name only folders and modules that are there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = (
    "toulmini_site", "arguments", "coach", "council", "templates", "static", "locale", "tests",
    "benchmarks", "evaluations", "tools", "docs", ".ci",
)  # fmt: skip

ABSOLUTE = re.compile(
    r"(?<![\w.:/~-])/(?:work|home|tmp|Users|root|mnt|srv|opt|var|private)/|\b[A-Z]:\\"
)
ISSUE = re.compile(r"\bissues?\s*#?\d+|(?<![\w&/#])#\d+\b", re.IGNORECASE)
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\s]+)`")
PATHLIKE = re.compile(r"[\w*.<>-]+(?:/[\w*.<>-]+)*/?")


def documents(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def anchor(heading: str) -> str:
    """A Markdown heading's anchor as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _exists(base: Path, name: str) -> bool:
    """Whether ``name`` (globs and ``<placeholders>`` allowed) is there under ``base``."""
    if "<" in name or "*" in name:
        pattern = re.sub(r"<[^>]*>", "*", name).rstrip("/")
        return any(base.glob(pattern))
    return (base / name).exists()


def problems(path: Path, root: Path = ROOT) -> list[str]:
    """What in the Markdown file ``path`` points outside ``root`` or at nothing."""
    found = []
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(root).as_posix()
    for number, line in enumerate(text.splitlines(), start=1):
        place = f"{where}:{number}"
        if match := ABSOLUTE.search(line):
            found.append(f"{place}: absolute path {match.group()!r}")
        if match := ISSUE.search(line):
            found.append(f"{place}: issue number {match.group()!r}")
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            file, _, heading = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            if not linked.is_file():
                found.append(f"{place}: link to a missing file {target!r}")
            elif heading and heading not in _anchors(linked):
                found.append(f"{place}: link to a missing heading {target!r}")
        for name in CODE.findall(line):
            pathlike = name.split("/")[0] in TOP and "/" in name and PATHLIKE.fullmatch(name)
            if pathlike and not _exists(root, name):
                found.append(f"{place}: names a missing path {name!r}")
    return found + _map_problems(path, text, root)


def _anchors(path: Path) -> set[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return {anchor(line.lstrip("#")) for line in lines if line.startswith("#")}


def _fenced_blocks(text: str) -> list[list[str]]:
    blocks: list[list[str]] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    return blocks


def _map_problems(path: Path, text: str, root: Path) -> list[str]:
    """The code maps: a fenced block whose lines start with a top-level folder. A line at the
    left margin names folders or files from the root; a line indented by two names them in the
    folder above; the words after a wide gap describe them."""
    found = []
    for lines in _fenced_blocks(text):
        if not lines or lines[0].split("/")[0] not in TOP:
            continue
        folder = root
        for line in lines:
            indent = len(line) - len(line.lstrip(" "))
            if indent not in (0, 2) or not line.strip():
                continue
            names = re.split(r" {2,}", line.strip())[0].split()
            base = root if indent == 0 else folder
            for name in names:
                if not PATHLIKE.fullmatch(name):
                    break  # the description begins
                if not _exists(base, name):
                    where = path.relative_to(root).as_posix()
                    found.append(f"{where}: the map names {name!r}, which is not there")
            if indent == 0 and names and names[0].endswith("/"):
                folder = root / names[0]
    return found


def test_the_readme_and_docs_point_at_nothing_outside_or_missing():
    assert [p for doc in documents() for p in problems(doc)] == []


def test_the_check_sees_each_kind_of_problem(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "train.py").write_text("")
    (tmp_path / "docs" / "other.md").write_text("# Other\n## Deep part\n")
    readme = tmp_path / "README.md"
    readme.write_text(
        "Data in /work/shared/data, see issue 28 and #12.\n"
        "[ok](docs/other.md#deep-part) [gone](docs/gone.md) [bad](docs/other.md#nowhere)"
        " [web](https://example.org/x#1)\n"
        "`tools/train.py` `tools/gone.py` `120/min`\n"
        "```\ntools/           training\n  train.py       fits\n  mutate.py      scores\n```\n"
    )

    assert problems(readme, tmp_path) == [
        "README.md:1: absolute path '/work/'",
        "README.md:1: issue number 'issue 28'",
        "README.md:2: link to a missing file 'docs/gone.md'",
        "README.md:2: link to a missing heading 'docs/other.md#nowhere'",
        "README.md:3: names a missing path 'tools/gone.py'",
        "README.md: the map names 'mutate.py', which is not there",
    ]
