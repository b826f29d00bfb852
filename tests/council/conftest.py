"""Fixtures for the council's tests (critique fixtures are prefixed ``critique_``); the
builders are in ``tests/council/critique_builders.py``."""

from __future__ import annotations

import pytest

from tests.council.critique_builders import CRITIQUE_DOCUMENT, CritiqueModel


@pytest.fixture
def critique_model() -> CritiqueModel:
    return CritiqueModel()


@pytest.fixture
def critique_document() -> str:
    return CRITIQUE_DOCUMENT
