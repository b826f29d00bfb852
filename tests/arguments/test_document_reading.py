"""One reading of a document: validated and split once, each judge's reading computed once."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from arguments.domain import document as document_module
from arguments.domain.document import DocumentReading, Readers
from arguments.domain.fallacies import detect_fallacies
from arguments.domain.reading import read
from arguments.offline import document_reading, fallacy_model, sentence_reading, sentence_roles
from toulmini_site.text.documents import DocumentError

ESSAY = (
    "Cities should ban cars from their centres. According to the council's 2023 report, "
    "traffic in the centre doubled in ten years. In general, fewer cars mean cleaner air. "
    "Of course, some shopkeepers worry about losing customers. Everyone is buying electric "
    "cars, so they must be the best choice. Therefore the city must close the centre to cars."
)


class Counting:
    """Wraps the domain functions a reading calls, counting the calls."""

    def __init__(self, monkeypatch):
        self.calls: dict[str, int] = {"read": 0, "detect_fallacies": 0, "language_of": 0}
        for name in self.calls:
            original = getattr(document_module, name)
            monkeypatch.setattr(document_module, name, self._counted(name, original))

    def _counted(self, name, original):
        def wrapper(*args, **kwargs):
            self.calls[name] += 1
            return original(*args, **kwargs)

        return wrapper


class FakeEncoder:
    def __init__(self):
        self.loads = 0
        self.encoded: list[list[str]] = []

    def load(self):
        self.loads += 1
        return self

    def encode(self, sentences):
        self.encoded.append(list(sentences))
        return np.ones((len(sentences), 4), dtype=np.float32)


def test_the_reading_is_validated_once_at_the_boundary():
    with pytest.raises(DocumentError):
        DocumentReading.of("   ")
    reading = DocumentReading.of("One sentence here.\r\nAnother sentence there.")
    assert reading.text == "One sentence here.\nAnother sentence there."
    assert [s.text for s in reading.sentences] == ["One sentence here.", "Another sentence there."]


def test_each_judge_reading_is_computed_once_however_often_it_is_asked(monkeypatch):
    counting = Counting(monkeypatch)
    reading = document_reading(ESSAY)
    assert counting.calls == {"read": 0, "detect_fallacies": 0, "language_of": 0}  # lazy
    for _ in range(5):
        assert reading.roles
        assert reading.fallacies
        assert reading.english
        reading.roles_within(ESSAY)
        reading.fallacies_within("Everyone is buying electric cars")
    assert counting.calls == {"read": 1, "detect_fallacies": 1, "language_of": 1}


def test_judges_asking_at_once_on_many_threads_cause_one_computation(monkeypatch):
    counting = Counting(monkeypatch)
    reading = document_reading(ESSAY)
    threads = [threading.Thread(target=lambda: reading.fallacies) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counting.calls["detect_fallacies"] == 1


def test_the_one_reading_is_the_readings_the_judges_made_on_their_own():
    reading = document_reading(ESSAY, query="Should cities ban cars?")
    alone = read("Should cities ban cars?", ESSAY, sentence_roles())
    assert reading.roles == {s.text: alone.role_of(s) for s in alone.sentences}
    assert set(reading.roles.values()) >= {"claim", "warrant", "rebuttal"}
    assert reading.roles_within(ESSAY) == sentence_reading(ESSAY, "Should cities ban cars?")
    assert list(reading.fallacies) == detect_fallacies(ESSAY, model=fallacy_model())


def test_a_part_of_the_document_gets_its_share_of_the_reading():
    reading = document_reading(ESSAY)
    part = "Of course, some shopkeepers worry about losing customers. Everyone is buying"
    assert reading.roles_within(part) == {
        "Of course, some shopkeepers worry about losing customers.": reading.roles[
            "Of course, some shopkeepers worry about losing customers."
        ]
    }
    tail = ESSAY[ESSAY.index("Everyone") :]
    inside = reading.fallacies_within(tail)
    assert [f.type for f in inside] == ["ad_populum"]
    assert all(f.quote in tail for f in inside)
    assert reading.fallacies_within("Cities should ban cars from their centres.") == []


def test_embeddings_are_made_once_and_only_when_asked():
    fake = FakeEncoder()
    reading = DocumentReading.of(ESSAY, readers=Readers(encoder=fake.load))
    assert reading.roles is not None and reading.fallacies is not None
    assert fake.loads == 0  # judges that read no meaning never load the encoder
    first = reading.embeddings
    assert first is not None and first.shape == (len(reading.sentences), 4)
    assert reading.embeddings is first
    assert fake.loads == 1
    assert fake.encoded == [[s.text for s in reading.sentences]]


def test_a_text_not_in_english_gets_no_embeddings():
    fake = FakeEncoder()
    spanish = (
        "Las ciudades deberían prohibir los coches en el centro porque el aire de las calles "
        "es cada vez peor para los niños y para los mayores que viven en ellas."
    )
    reading = DocumentReading.of(spanish, readers=Readers(encoder=fake.load))
    assert not reading.english
    assert reading.embeddings is None
    assert fake.loads == 0


def test_without_an_encoder_there_are_no_embeddings():
    assert DocumentReading.of(ESSAY).embeddings is None
