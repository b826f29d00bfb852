"""One reading of a document per run, passed to every judge as data.

A chain run, an audit, a critique and a fallacy check each make one ``DocumentReading`` of
their text at the boundary (``arguments.offline.document_reading``) and hand it on: the
document is validated once and split into sentences once, and each thing read from it is
computed at most once, on first use, whichever judge asks first:

- ``sentences``: the sentences with their character offsets (at once, when it is made);
- ``reading`` and ``roles``: what each sentence does in the argument (``reading.read``);
- ``fallacies``: the fallacy findings (``fallacies.detect_fallacies``), most confident first;
- ``embeddings``: one unit vector per sentence from the sentence encoder, only for a text
  in English (the encoder's language) and only when a judge asks for them: a judge that does
  not read meaning never loads the encoder;
- ``language``: the language check (``language.language_of``).

The judges of parts of the document (a critique's deeper levels, which quote a sentence or a
clause) take the part's share of the one reading: ``roles_within`` and ``fallacies_within``.

Safe to share between threads (a critique's philosophers run in a pool): a value is computed
under a lock, so two judges asking at once still cause one computation.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from arguments.domain.fallacies.detector import detect_fallacies
from arguments.domain.fallacies.findings import FallacyFinding
from arguments.domain.language import language_of
from arguments.domain.reading import Reading, read
from toulmini_site.text.documents import validate_document
from toulmini_site.text.sentences import Sentence, sentences

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from arguments.domain.fallacies.learned import FallacyModel
    from arguments.domain.roles import RoleReader

T = TypeVar("T")


class Encoder(Protocol):
    def encode(self, sentences: Sequence[str]) -> NDArray[np.float32]: ...


@dataclass(frozen=True)
class Readers:
    """What reads a document: the sentence-role model, the fallacy model, and the sentence
    encoder (a function loading it, called only when embeddings are asked for). Without a
    model, the rules alone; without an encoder, no embeddings."""

    roles: RoleReader | None = None
    fallacy_model: FallacyModel | None = None
    encoder: Callable[[], Encoder] | None = None


@dataclass(frozen=True, eq=False)
class DocumentReading:
    """One document, validated and split once; what the judges read from it, computed once.

    Make it with ``DocumentReading.of`` (which validates the text); ``query`` is the question
    the text answers, when there is one (a chain's), which the sentence reading uses to find
    the claim.
    """

    text: str
    sentences: tuple[Sentence, ...]
    query: str = ""
    pinned: tuple[tuple[int, str], ...] = ()  # roles a person gave sentences, by index
    readers: Readers = field(default_factory=Readers, repr=False)
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    @classmethod
    def of(
        cls,
        text: str,
        *,
        query: str = "",
        readers: Readers | None = None,
        pinned: Mapping[int, str] | None = None,
        validate: bool = True,
    ) -> DocumentReading:
        """The reading of ``text``, validated (``DocumentError`` when it cannot be used), or
        taken as it is with ``validate=False`` (a text checked where it was stored).
        ``pinned``: the roles a person gave sentences (``reading.read``)."""
        document = validate_document(text) if validate else text
        return cls(
            text=document,
            sentences=tuple(sentences(document)),
            query=query,
            pinned=tuple(sorted((pinned or {}).items())),
            readers=readers or Readers(),
        )

    def _once(self, name: str, compute: Callable[[], T]) -> T:
        with self._lock:
            if name not in self._memo:
                self._memo[name] = compute()
            value: T = self._memo[name]
            return value

    @property
    def pins(self) -> dict[int, str]:
        return dict(self.pinned)

    @property
    def language(self) -> str:
        """ "" when the text reads as English (or is too short to tell), else what it is
        (``language.language_of``)."""
        return self._once("language", lambda: language_of(self.text))

    @property
    def english(self) -> bool:
        return not self.language

    @property
    def reading(self) -> Reading:
        """What each sentence does in the argument about ``query`` (``reading.read``)."""
        return self._once(
            "reading",
            lambda: read(
                self.query,
                self.text,
                self.readers.roles,
                self.pins or None,
                sents=list(self.sentences),
            ),
        )

    @property
    def roles(self) -> dict[str, str]:
        """Sentence text -> claim, data, warrant, rebuttal, restatement or none."""
        return self._once(
            "roles", lambda: {s.text: self.reading.role_of(s) for s in self.reading.sentences}
        )

    @property
    def fallacies(self) -> tuple[FallacyFinding, ...]:
        """The fallacy findings of the whole document, most confident first."""
        return self._once(
            "fallacies",
            lambda: tuple(
                detect_fallacies(
                    self.text, model=self.readers.fallacy_model, sentences=self.sentences
                )
            ),
        )

    @property
    def embeddings(self) -> NDArray[np.float32] | None:
        """One unit vector per sentence (rows in the order of ``sentences``), or None when the
        text is not English or there is no encoder."""
        return self._once("embeddings", self._embed)

    def _embed(self) -> NDArray[np.float32] | None:
        if self.readers.encoder is None or not self.english:
            return None
        return self.readers.encoder().encode([s.text for s in self.sentences])

    def roles_within(self, span: str) -> dict[str, str]:
        """The roles of the document's sentences that ``span`` quotes whole."""
        if span.strip() == self.text.strip():
            return self.roles
        return {text: role for text, role in self.roles.items() if text in span}

    def fallacies_within(self, span: str) -> list[FallacyFinding]:
        """The document's findings whose quote lies inside ``span``."""
        return [f for f in self.fallacies if f.quote in span]
