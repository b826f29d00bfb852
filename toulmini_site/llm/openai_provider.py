"""The OpenAI-compatible provider: the official SDK against OpenAI, vLLM, Ollama, llama.cpp.

Structured output is requested with the pydantic schema as a JSON schema
(``response_format={"type": "json_schema", ...}``, not strict, which every compatible server
accepts) and validated here, so the raw text of a failed attempt can be recorded. The SDK's own
retry loop handles 408/409/429/5xx and connection errors with back-off (``max_retries``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import openai
from openai.types.chat import ChatCompletionMessageParam

from toulmini_site.llm.client import (
    LLMClient,
    LLMError,
    LLMRequest,
    LLMTimeout,
    LLMUnavailable,
    Message,
    Usage,
)


class OpenAICompatibleClient(LLMClient):
    provider = "openai"

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 2,
        validation_retries: int = 2,
        temperature: float = 0.2,
    ) -> None:
        super().__init__(model=model, validation_retries=validation_retries)
        self.temperature = temperature
        self._sdk = openai.OpenAI(
            base_url=base_url or None,
            # Local servers (Ollama, llama.cpp) accept any key; the SDK insists on one.
            api_key=api_key or "not-needed",
            timeout=timeout,
            max_retries=max_retries,
        )

    def _complete(self, request: LLMRequest) -> tuple[str, Usage]:
        assert request.schema is not None
        response_format: Any = {
            "type": "json_schema",
            "json_schema": {
                "name": request.schema.__name__,
                "schema": request.schema.model_json_schema(),
                "strict": False,
            },
        }
        with _translated_errors():
            response = self._sdk.chat.completions.create(
                model=self.model,
                messages=_sdk_messages(request.messages),
                response_format=response_format,
                temperature=self.temperature,
            )
        content = (response.choices[0].message.content or "") if response.choices else ""
        return _strip_fences(content), _usage(response.usage)

    def _stream_chunks(self, request: LLMRequest) -> Iterator[str | Usage]:
        with _translated_errors():
            stream = self._sdk.chat.completions.create(
                model=self.model,
                messages=_sdk_messages(request.messages),
                temperature=self.temperature,
                stream=True,
                stream_options={"include_usage": True},
            )
            for chunk in stream:
                if chunk.choices and chunk.choices[0].delta.content:
                    yield chunk.choices[0].delta.content
                if chunk.usage is not None:
                    yield _usage(chunk.usage)


class _translated_errors:
    """Turn SDK exceptions into the interface's ``LLMError`` family."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> None:
        if exc is None or isinstance(exc, LLMError):
            return
        if isinstance(exc, openai.APITimeoutError):
            raise LLMTimeout("The language model did not answer in time.") from exc
        if isinstance(exc, openai.RateLimitError):
            raise LLMUnavailable("The language model is rate-limited (429); try later.") from exc
        if isinstance(exc, openai.APIStatusError):
            raise LLMUnavailable(f"The language model server answered {exc.status_code}.") from exc
        if isinstance(exc, openai.APIConnectionError):
            raise LLMUnavailable("The language model server could not be reached.") from exc
        if isinstance(exc, openai.OpenAIError):
            raise LLMError(f"The language model call failed: {exc}") from exc


def _sdk_messages(messages: Sequence[Message]) -> list[ChatCompletionMessageParam]:
    """Our ``{"role", "content"}`` messages as the SDK's typed ones (system, user, assistant)."""
    sdk: list[ChatCompletionMessageParam] = []
    for message in messages:
        role, content = message["role"], message["content"]
        if role == "system":
            sdk.append({"role": "system", "content": content})
        elif role == "user":
            sdk.append({"role": "user", "content": content})
        elif role == "assistant":
            sdk.append({"role": "assistant", "content": content})
        else:
            raise ValueError(f"A message's role is system, user or assistant, not {role!r}.")
    return sdk


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage()
    return Usage(tokens_in=usage.prompt_tokens or 0, tokens_out=usage.completion_tokens or 0)


def _strip_fences(text: str) -> str:
    """Some local models wrap JSON in a Markdown fence despite the instructions."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        if stripped.rstrip().endswith("```"):
            stripped = stripped.rstrip()[:-3]
    return stripped.strip()
