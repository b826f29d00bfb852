"""Fixtures for the language-model layer: a fake OpenAI-compatible server on loopback."""

from collections.abc import Iterator

import pytest

from tests.llm.fake_openai_server import FakeOpenAIServer


@pytest.fixture
def openai_server() -> Iterator[FakeOpenAIServer]:
    """A scripted server on 127.0.0.1 (ephemeral port), stopped after the test."""
    server = FakeOpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()
