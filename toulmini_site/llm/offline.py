"""The offline provider: deterministic, rule-based analyzers behind the client interface.

Each app registers a function per purpose (in its ``AppConfig.ready``). The function gets the
request's ``inputs`` and returns a pydantic model, a dict, or (for streams) text. It never
reaches the network. Its output goes through the same validation as a real model's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from toulmini_site.llm.client import (
    LLMClient,
    LLMError,
    LLMInvalidOutput,
    LLMRequest,
    Usage,
    validation_details,
)

Analyzer = Callable[[dict[str, Any]], BaseModel | dict[str, Any] | str | Iterable[str]]

_ANALYZERS: dict[str, Analyzer] = {}

OFFLINE_MODEL = "rules-v1"


def register_offline(purpose: str, analyzer: Analyzer) -> None:
    """Make ``analyzer`` answer the offline provider's calls for ``purpose``."""
    _ANALYZERS[purpose] = analyzer


def _analyzer_for(purpose: str) -> Analyzer:
    try:
        return _ANALYZERS[purpose]
    except KeyError:
        raise LLMError(f"The offline analyzer cannot handle {purpose!r}.") from None


class OfflineClient(LLMClient):
    provider = "offline"

    def __init__(self) -> None:
        super().__init__(model=OFFLINE_MODEL, validation_retries=0)

    def _complete(self, request: LLMRequest) -> tuple[str | BaseModel, Usage]:
        result = _analyzer_for(request.purpose)(request.inputs)
        if isinstance(result, BaseModel | str):
            return result, Usage()
        if isinstance(result, dict):
            assert request.schema is not None
            try:
                return request.schema.model_validate(result), Usage()
            except ValidationError as exc:
                # An interface error, recorded like any failed attempt, not a bare pydantic one.
                errors = validation_details(exc)
                raise LLMInvalidOutput(
                    f"The offline analyzer for {request.purpose!r} returned an invalid result: "
                    + "; ".join(f"{e['loc']}: {e['msg']}" for e in errors[:5]),
                    errors=errors,
                ) from exc
        raise LLMError(f"The offline analyzer for {request.purpose!r} returned no result.")

    def _stream_chunks(self, request: LLMRequest) -> Iterator[str | Usage]:
        result = _analyzer_for(request.purpose)(request.inputs)
        if isinstance(result, BaseModel):
            result = result.model_dump_json()
        if isinstance(result, str):
            yield from word_chunks(result)
        else:
            yield from result


def word_chunks(text: str) -> Iterator[str]:
    """Split text into word-sized chunks (keeping the spaces), as a model would stream it."""
    yield from re.findall(r"\S+\s*|\s+", text)
