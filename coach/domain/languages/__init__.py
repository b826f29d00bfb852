"""The coach's language packs: one module per language (``en``, ``es``), one shape
(``LanguagePack``), and this registry.

Modules ask the registry, never a language by name: ``pack_for(code)`` for the session's
language (the default pack for a code no pack speaks), ``every(field)`` for a word list read
in any language (each pack's words, one pack after the other), ``alternatives(field)`` for the
same as a regular expression. Adding a language is one module and one ``register`` call.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from coach.domain.languages.base import LanguagePack

DEFAULT_LANGUAGE = "en"
_PACKS: dict[str, LanguagePack] = {}


def register(pack: LanguagePack) -> None:
    """Make ``pack`` answer for its code (replacing a pack of the same code)."""
    _PACKS[pack.code] = pack


def packs() -> tuple[LanguagePack, ...]:
    """Every registered pack, the default first."""
    return tuple(sorted(_PACKS.values(), key=lambda p: p.code != DEFAULT_LANGUAGE))


def codes() -> tuple[str, ...]:
    return tuple(p.code for p in packs())


def pack(code: str) -> LanguagePack:
    """The pack for ``code``; KeyError when no pack speaks it."""
    return _PACKS[code]


def pack_for(code: str | None) -> LanguagePack:
    """The pack for ``code``, or the default language's for a code no pack speaks."""
    return _PACKS.get(code or "", _PACKS[DEFAULT_LANGUAGE])


def every(name: str) -> tuple[str, ...]:
    """Every pack's entries of the list field ``name``, one pack after the other."""
    return tuple(itertools.chain.from_iterable(getattr(p, name) for p in packs()))


def every_set(name: str) -> frozenset[str]:
    return frozenset(every(name))


def alternatives(name: str) -> str:
    """Every pack's pattern alternatives of field ``name`` as one alternation (no group)."""
    return "|".join(_patterns(getattr(p, name) for p in packs()))


def _patterns(fields: Iterable[str | tuple[str, ...]]) -> list[str]:
    out: list[str] = []
    for value in fields:
        out.extend([value] if isinstance(value, str) else value)
    return [pattern for pattern in out if pattern]


def every_keyed(name: str, key: str) -> tuple[str, ...]:
    """Every pack's entries under ``key`` of the mapping field ``name``."""
    return tuple(itertools.chain.from_iterable(getattr(p, name).get(key, ()) for p in packs()))


def _register_builtin() -> None:
    from coach.domain.languages import en, es

    register(en.PACK)
    register(es.PACK)


_register_builtin()

__all__ = [
    "DEFAULT_LANGUAGE",
    "LanguagePack",
    "alternatives",
    "codes",
    "every",
    "every_keyed",
    "every_set",
    "pack",
    "pack_for",
    "packs",
    "register",
]
