"""What the model clients write when a call fails (``LLMError`` and its kinds), as templates
with a key and their parameters (``toulmini_site.text.wording``), so a stored failure (a
critique's, an audit's, a philosopher's line in an incomplete analysis) and a refusal answered
to a request are shown in the reader's language. The English is what ``str(error)`` says and
what the services store; a server's own reason, a validation summary and an engine's purpose
are quoted as they came."""

from __future__ import annotations

from collections.abc import Callable

from toulmini_site.text.wording import Catalogue

MESSAGES = Catalogue(
    {
        "llm.cut": "The model's answer was cut off at %(tokens)s tokens (LLM_MAX_TOKENS).",
        "llm.cut_twice": (
            "The model's answer was cut off at %(tokens)s tokens (LLM_MAX_TOKENS), even with "
            "twice the budget."
        ),
        "llm.deadline": (
            "The language model gave no whole answer within %(seconds)s s (LLM_DEADLINE_SECONDS)."
        ),
        "llm.timeout": "The language model did not answer in time.",
        "llm.rate_limited": "The language model is rate-limited (429); try later.",
        # the longer first: a reason after the status is read as one
        "llm.status_reason": "The language model server answered %(status)s: %(reason)s.",
        "llm.status": "The language model server answered %(status)s.",
        "llm.unreachable": "The language model server could not be reached.",
        "llm.unreadable": "The language model server sent an unreadable answer (not JSON).",
        "llm.broke_off": "The connection to the language model server broke off.",
        "llm.failed": "The language model call failed: %(reason)s",
        "llm.invalid": (
            "The model's answer did not match the expected format after %(attempts)s attempts: "
            "%(errors)s"
        ),
        "llm.not_configured": (
            "No language model is configured on this server (set LLM_MODEL); use the offline "
            "analyzer or your own AI."
        ),
        "llm.offline_invalid": (
            "The offline engine for %(purpose)s returned an invalid result: %(errors)s"
        ),
        "llm.offline_prompt": (
            "The offline engine cannot handle %(purpose)s from a prompt: its service calls the "
            "engine directly."
        ),
    }
)


def message_shown(text: str, translate: Callable[[str], str]) -> str:
    """A model client's message in the language of ``translate`` (any other text as it is)."""
    return MESSAGES.shown(text, translate)
