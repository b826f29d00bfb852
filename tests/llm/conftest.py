"""Fixtures for the language-model layer: a fake OpenAI-compatible server on loopback."""

from collections.abc import Iterator

import pytest

from tests.llm.fake_openai_server import FakeOpenAIServer


@pytest.fixture(autouse=True)
def fresh_format_memory() -> Iterator[None]:
    """A server's refusal of ``response_format`` is remembered per process: not across tests."""
    from toulmini_site.llm.openai_provider import forget_refused_formats

    forget_refused_formats()
    yield
    forget_refused_formats()


@pytest.fixture
def openai_server() -> Iterator[FakeOpenAIServer]:
    """A scripted server on 127.0.0.1 (ephemeral port), stopped after the test."""
    server = FakeOpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()
