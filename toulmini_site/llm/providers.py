"""Which client serves which engine, read through one function tests can replace."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from django.conf import settings

from toulmini_site.llm.client import LLMClient, LLMNotConfigured
from toulmini_site.llm.deadline import CallLimits
from toulmini_site.llm.offline import OfflineClient
from toulmini_site.llm.wording import MESSAGES

if TYPE_CHECKING:
    from toulmini_site.llm.openai_provider import OpenAICompatibleClient

_overrides: dict[str, Callable[[], LLMClient]] = {}


def llm_configured() -> bool:
    """True when a server-side language model is configured (``LLM_MODEL`` is set)."""
    return bool(settings.LLM_MODEL) or "llm" in _overrides


def default_engine() -> str:
    """The engine work uses when none is asked for: ``"llm"`` when a model is configured,
    else ``"offline"``."""
    return "llm" if llm_configured() else "offline"


def client_for(engine: str) -> LLMClient:
    """A fresh client for ``engine``: ``"offline"`` or ``"llm"``.

    Raises ``LLMNotConfigured`` for ``"llm"`` when no model is configured.
    """
    if engine in _overrides:
        return _overrides[engine]()
    if engine == "offline":
        return OfflineClient()
    if engine == "llm":
        if not settings.LLM_MODEL:
            raise LLMNotConfigured(MESSAGES.say("llm.not_configured"))
        return _model_client()
    raise ValueError(f"unknown engine {engine!r}")


def _model_client() -> OpenAICompatibleClient:
    # Imported here: the openai SDK takes ~0.5 s to import, which every process that
    # never calls a model (the MCP server, management commands) should not pay.
    from toulmini_site.llm.openai_provider import OpenAICompatibleClient

    return OpenAICompatibleClient(
        model=settings.LLM_MODEL,
        base_url=settings.LLM_BASE_URL or None,
        api_key=settings.LLM_API_KEY or None,
        validation_retries=settings.LLM_VALIDATION_RETRIES,
        temperature=settings.LLM_TEMPERATURE,
        limits=CallLimits.from_settings(),
    )


def prepare_model_client() -> None:
    """Load the model client's code now, when a model is configured (a web process, as it
    starts): otherwise the process's first model call imports the SDK and its resources
    (about half a second of CPU on a quiet machine), and after a restart under load every
    student whose turn arrives meanwhile waits behind that import."""
    if not settings.LLM_MODEL:
        return
    from toulmini_site.llm.openai_provider import warm_up

    warm_up(_model_client())


@contextmanager
def override_client(engine: str, factory: Callable[[], LLMClient]) -> Iterator[None]:
    """Serve ``engine`` from ``factory`` inside the block (tests and benchmarks)."""
    previous = _overrides.get(engine)
    _overrides[engine] = factory
    try:
        yield
    finally:
        if previous is None:
            _overrides.pop(engine, None)
        else:
            _overrides[engine] = previous
