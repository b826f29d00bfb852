"""The only place that talks to a language model. See ``client.py`` for the interface."""

from toulmini_site.llm.client import (
    CallRecord,
    Completion,
    LLMClient,
    LLMError,
    LLMInvalidOutput,
    LLMNotConfigured,
    LLMOutputCut,
    LLMRequest,
    LLMTimeout,
    LLMUnavailable,
    StructuredResult,
    Usage,
    validation_details,
)
from toulmini_site.llm.deadline import CallLimits, Deadline
from toulmini_site.llm.offline import OfflineClient, word_chunks

__all__ = [
    "CallLimits",
    "CallRecord",
    "Completion",
    "Deadline",
    "LLMClient",
    "LLMError",
    "LLMInvalidOutput",
    "LLMNotConfigured",
    "LLMOutputCut",
    "LLMRequest",
    "LLMTimeout",
    "LLMUnavailable",
    "OfflineClient",
    "StructuredResult",
    "Usage",
    "validation_details",
    "word_chunks",
]
