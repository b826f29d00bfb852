"""Sentences written from templates, and read back: the machinery of an engine's catalogue of
what it writes (``arguments.domain.wording``, ``council.domain.wording``).

A catalogue holds whole sentences and parts of sentences, each an English template with
``%(name)s`` parameters. ``say`` writes one in English (what is stored); ``read`` finds its key
and parameters again in the stored English (every template must read back whole, which each
catalogue's tests check); ``shown`` writes it again through ``translate`` (gettext, whose
msgids are the English templates): a parameter that is a part the engine wrote is shown in
turn, a word (a strength, a degree, a label) is translated, a comma-separated list of such
words item by item, and every other parameter (words quoted from the text, numbers) stays as
written. A text no template wrote is shown as it is.

What is stored is the key and the parameters (``structure``: ``{"key", "params"}``, a nested
part as a structure of its own, several sentences joined by "; " as ``{"joined": [...]}``),
beside the English text the engines read: ``structure`` gives them as ``say`` was called when
this process wrote the sentence (a bounded memory of what it wrote), else read back from the
English (the rows stored before the structures were, through their data migration).
``render`` writes a structure in a reader's language; ``english(structure)`` is the text
``say`` wrote.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

_PARAMETER = re.compile(r"%\((\w+)\)s")
# How many sentences a catalogue remembers writing (with their keys and parameters) until a
# service stores them: far more than one run writes.
MEMORY = 4096


def _reader(template: str) -> re.Pattern[str]:
    pattern, last = "", 0
    for match in _PARAMETER.finditer(template):
        pattern += re.escape(template[last : match.start()]).replace("%%", "%")
        pattern += f"(?P<{match[1]}>.+?)"
        last = match.end()
    return re.compile(pattern + re.escape(template[last:]).replace("%%", "%"), re.DOTALL)


@dataclass(frozen=True)
class Said:
    """A sentence written from a template: its key and the words that fill it."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Catalogue:
    """Templates by key: ``sentences`` (whole texts) and ``parts`` (inside a parameter).
    Parameters named in ``nested`` hold a part (or sentence) shown in turn, those in ``words``
    a word translated as it is, those in ``word_lists`` words joined by ", ", and those in
    ``articled`` a word with its English article ("a strong"), shown as the word alone in
    another language."""

    sentences: dict[str, str]
    parts: dict[str, str] = field(default_factory=dict)
    nested: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    word_lists: frozenset[str] = frozenset()
    articled: frozenset[str] = frozenset()
    # A text several sentences joined by this separator (before what matches ``joined_before``).
    joined_before: re.Pattern[str] | None = None
    _written: OrderedDict[str, Said] = field(default_factory=OrderedDict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.templates = {**self.sentences, **self.parts}
        self._sentence_readers = {k: _reader(t) for k, t in self.sentences.items()}
        self._all_readers = {k: _reader(t) for k, t in self.templates.items()}

    def parameters(self, key: str) -> set[str]:
        return set(_PARAMETER.findall(self.templates[key]))

    def say(self, key: str, **params: object) -> str:
        """The English of ``key`` filled with ``params``; ``ValueError`` for an unknown key or
        parameters other than the template's (a caller's mistake, caught by the tests)."""
        if key not in self.templates:
            raise ValueError(f"no sentence {key!r}")
        if set(params) != self.parameters(key):
            raise ValueError(f"sentence {key!r} takes {sorted(self.parameters(key))}")
        values = {name: str(value) for name, value in params.items()}
        text = self.templates[key] % values
        self._written[text] = Said(key, values)
        self._written.move_to_end(text)
        while len(self._written) > MEMORY:
            self._written.popitem(last=False)
        return text

    def read(self, text: str, *, parts: bool = False) -> Said | None:
        """The key and parameters of a sentence ``say`` wrote (with ``parts``, of a part of one
        too), or None for any other text."""
        readers = self._all_readers if parts else self._sentence_readers
        for key, reader in readers.items():
            match = reader.fullmatch(text)
            if match is not None:
                return Said(key, match.groupdict())
        return None

    def structure(self, text: str, *, parts: bool = False) -> dict[str, Any] | None:
        """The key and parameters of a text ``say`` wrote, as JSON (see the module): as it was
        called when this process wrote it, else read back; None for any other text."""
        if not text:
            return None
        said = self._written.get(text) or self.read(text, parts=parts)
        if said is None:
            if self.joined_before is not None:
                pieces = self.joined_before.split(text)
                if len(pieces) > 1:
                    return {"joined": [self.structure(p) or p for p in pieces]}
            return None
        params: dict[str, Any] = {}
        for name, value in said.params.items():
            nested = self.structure(value, parts=True) if name in self.nested else None
            params[name] = nested or value
        return {"key": said.key, "params": params}

    def render(self, structure: Mapping[str, Any], translate: Callable[[str], str]) -> str:
        """A ``structure`` written in the language of ``translate``: a nested part is rendered
        in turn, a word translated, a list of words item by item, a word with its English
        article as the word alone in another language; any other parameter (words quoted
        from the text, numbers) as it is."""
        if "joined" in structure:
            return "; ".join(
                self.render(piece, translate) if isinstance(piece, Mapping) else str(piece)
                for piece in structure["joined"]
            )
        template = self.templates[structure["key"]]
        english = translate(template) == template
        values: dict[str, str] = {}
        for name, value in structure.get("params", {}).items():
            if isinstance(value, Mapping):
                values[name] = self.render(value, translate)
            elif name in self.words:
                values[name] = translate(value)
            elif name in self.word_lists:
                values[name] = ", ".join(translate(w) for w in value.split(", "))
            elif name in self.articled and not english:
                article, _, word = value.partition(" ")
                values[name] = translate(word) if article in ("a", "an") else value
            else:
                values[name] = str(value)
        return translate(template) % values

    def english(self, structure: Mapping[str, Any]) -> str:
        """The English text ``say`` wrote for ``structure``."""
        return self.render(structure, _same)

    def shown(self, text: str, translate: Callable[[str], str], *, parts: bool = False) -> str:
        """``text`` in the language of ``translate`` when ``say`` wrote it, else as it is."""
        structure = self.structure(text, parts=parts)
        return text if structure is None else self.render(structure, translate)


def _same(text: str) -> str:
    return text
