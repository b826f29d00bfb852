"""One sentence splitter: ``toulmini_site.text.sentences``. No other module of the project cuts
text into sentences with a regular expression of its own (``(?<=[.!?])\\s+``, ``[.!?]+\\s``):
such a splitter ends a sentence after "Dr." or inside a quotation, and each copy does it
differently. The rule reads every string in the code, so a pattern built in a constant is
caught as well as one passed to ``re.split``."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("arguments", "coach", "council", "toulmini_site", "tools", "benchmarks", "evaluations")
THE_SPLITTER = "toulmini_site/text/sentences.py"
SKIPPED = {"migrations", "__pycache__"}

# A character class of sentence-ending marks: it holds ".", "!" and "?", and no clause mark
# ("," ";" ":"), which would make it a clause or punctuation pattern instead.
_ANY_CLASS = r"\[(?:\\.|[^\]\\])*\]"
_CLASS = rf"(?=\[[^\]]*\.)(?=\[[^\]]*!)(?=\[[^\]]*\?)(?!\[[^\]]*[,;:]){_ANY_CLASS}"
# ... looked behind for, or followed (closing quotes and brackets allowed between) by white
# space: the two shapes of a sentence cut.
SPLITTER = re.compile(rf"\(\?<={_CLASS}\)|{_CLASS}[+*]?(?:{_ANY_CLASS}[+*]?)?(?:\\s|\(\?=\\s)")


def splitters_in(source: str) -> list[str]:
    """The sentence-cutting patterns among the string constants of ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [match.group() for match in SPLITTER.finditer(node.value)]
    return found


def modules_with_splitters(root: Path) -> dict[str, list[str]]:
    found = {}
    for package in PACKAGES:
        for folder, subfolders, files in os.walk(root / package):
            subfolders[:] = [name for name in subfolders if name not in SKIPPED]
            for name in files:
                path = Path(folder) / name
                relative = path.relative_to(root).as_posix()
                if not name.endswith(".py") or relative == THE_SPLITTER:
                    continue
                if patterns := splitters_in(path.read_text(encoding="utf-8")):
                    found[relative] = patterns
    return found


def test_no_module_splits_sentences_on_its_own():
    assert modules_with_splitters(ROOT) == {}


def test_the_project_splitter_is_what_the_rule_recognises():
    source = (ROOT / THE_SPLITTER).read_text(encoding="utf-8")
    assert splitters_in(source)  # the rule would see it, were it anywhere else


def test_the_rule_sees_each_shape_of_an_ad_hoc_splitter():
    ad_hoc = [
        r'parts = re.split(r"(?<=[.!?])\s+", text)',
        r'_PARTS = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")',
        r'_BOUNDARY = re.compile(r"(?<=[.!?…\"”»)])\s+|\n+")',
        r'cut = re.compile(r"[.?!]+\s+")',
        r'ends = re.finditer("[!?.](?=\\s)", text)',
    ]
    assert [bool(splitters_in(line)) for line in ad_hoc] == [True] * len(ad_hoc)


def test_the_rule_leaves_clause_and_punctuation_patterns_alone():
    others = [
        r'_CLAUSES = re.compile(r"[.;:!?¿¡,\n()]+")',  # clauses, not sentences
        r'_IF_THEN = re.compile(r"\bif\b[^.?!]*?\bthen\b")',  # within one sentence
        r'_PROPER = re.compile(r"(?<![.!?:]\s)\b[A-Z][a-z]+")',  # not after an end
        r'_AFTER_END = re.compile(r"[.!?] (?:[a-z]+ ){1,3}")',  # a cue, not a cut
        "text = 'Is it? Yes. No!'",
    ]
    assert [splitters_in(line) for line in others] == [[]] * len(others)
