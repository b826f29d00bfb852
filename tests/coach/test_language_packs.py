"""The coach's language packs: the registry answers with the right pack, and no coach module
outside the packs holds a word list that mixes two languages."""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from coach.domain import languages
from coach.domain.languages import en, es
from coach.domain.languages.base import LanguagePack, fold
from coach.domain.phrases import guess_language, is_confirmation
from coach.domain.steps import LANGUAGES, step_name

COACH = Path(__file__).resolve().parents[2] / "coach"
PACKS_DIR = COACH / "domain" / "languages"
_WORD = re.compile(r"[a-z]{3,}")
_ESCAPE = re.compile(r"\\[a-zA-Z]")


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():  # the keys are the code's names (steps, pressures)
            yield from _strings(item)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _strings(item)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(fold(_ESCAPE.sub(" ", text))))


def _lexicon(pack: LanguagePack) -> set[str]:
    """Every word a pack holds: its lists, its patterns and its texts."""
    found: set[str] = set()
    for spec in dataclasses.fields(pack):
        if spec.name != "code":
            for text in _strings(getattr(pack, spec.name)):
                found |= _words(text)
    return found


def _units(path: Path, root: Path) -> Iterator[tuple[str, list[str]]]:
    """(name, string constants) for each top-level statement of a module, docstrings left
    out: a word list, a pattern, a function's literals."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for statement in tree.body:
        texts = [
            node.value
            for node in ast.walk(statement)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ]
        name = getattr(statement, "name", None) or ast.unparse(statement).split("=")[0][:40]
        yield f"{path.relative_to(root)}:{statement.lineno} {name.strip()}", texts


def _mixed_units(root: Path, english_only: set[str], spanish_only: set[str]) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if PACKS_DIR in path.parents or "migrations" in path.parts:
            continue
        for name, texts in _units(path, root):
            said = set().union(*(_words(text) for text in texts)) if texts else set()
            english, spanish = said & english_only, said & spanish_only
            if english and spanish:
                found.append(f"{name}: {sorted(english)[:3]} + {sorted(spanish)[:3]}")
    return found


def test_the_registry_returns_each_languages_own_pack():
    assert languages.pack("en") is en.PACK
    assert languages.pack("es") is es.PACK
    assert languages.codes() == ("en", "es") == LANGUAGES
    assert "vale" in languages.pack("es").confirmations
    assert "vale" not in languages.pack("en").confirmations
    assert "yes" in languages.pack("en").confirmations
    with pytest.raises(KeyError):
        languages.pack("fr")


def test_a_language_no_pack_speaks_gets_the_default_pack():
    assert languages.pack_for("fr") is en.PACK
    assert languages.pack_for(None) is en.PACK
    assert languages.pack_for("es") is es.PACK
    assert step_name("claim", "fr") == "Claim"
    assert step_name("claim", "es") == "Tesis"


def test_every_joins_the_packs_lists_one_after_the_other():
    joined = languages.every("confirmations")
    assert joined == en.PACK.confirmations + es.PACK.confirmations
    assert languages.every_keyed("asked_parts", "claim") == (
        "claim",
        "claims",
        "tesis",
        "afirmacion",
    )


def test_a_registered_pack_is_answered_for_its_code_and_read_in_any_language(monkeypatch):
    french = dataclasses.replace(en.PACK, code="fr", confirmations=("oui", "d'accord"))
    monkeypatch.setattr(languages, "_PACKS", {**languages._PACKS})
    languages.register(french)
    assert languages.pack("fr").confirmations == ("oui", "d'accord")
    assert languages.codes() == ("en", "es", "fr")
    assert "oui" in languages.every("confirmations")


def test_guessing_the_language_asks_each_pack():
    assert guess_language("¿Qué pongo?", "en") == "es"
    assert guess_language("the data show that it is more", "es") == "en"
    assert guess_language("los datos son de la encuesta", "en") == "es"
    assert guess_language("ok", "es") == "es"
    assert is_confirmation("sí, me sirve") and is_confirmation("yes, that works")
    assert not is_confirmation("no está bien")


def test_the_packs_words_are_told_apart():
    english_only = _lexicon(en.PACK) - _lexicon(es.PACK)
    spanish_only = _lexicon(es.PACK) - _lexicon(en.PACK)
    assert {"because", "unless", "write", "claim"} <= english_only
    assert {"porque", "salvo", "escribir", "tesis"} <= spanish_only


def test_no_coach_module_mixes_two_languages_words_in_one_list():
    """Each pack's words are used through the registry: a module outside the packs that held
    English and Spanish words in one list, pattern or function would be listed here."""
    english_only = _lexicon(en.PACK) - _lexicon(es.PACK)
    spanish_only = _lexicon(es.PACK) - _lexicon(en.PACK)
    assert _mixed_units(COACH, english_only, spanish_only) == []


def test_the_mixing_check_finds_a_mixed_list(tmp_path):
    """The check above can fail: of two modules, the one with a mixed list is found."""
    (tmp_path / "mixed.py").write_text(
        'WORDS = frozenset({"because", "porque"})\nONE = ("unless",)\n'
    )
    (tmp_path / "plain.py").write_text('WORDS = ("because", "unless")\nOTHER = ("porque",)\n')
    english_only = _lexicon(en.PACK) - _lexicon(es.PACK)
    spanish_only = _lexicon(es.PACK) - _lexicon(en.PACK)
    found = _mixed_units(tmp_path, english_only, spanish_only)
    assert len(found) == 1 and found[0].startswith("mixed.py:1 WORDS")
