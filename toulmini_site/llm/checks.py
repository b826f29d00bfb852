"""Checking the configured model server: does it answer structured output and a stream, and
how fast. Used by ``manage.py model_check`` before its quality check.

Each probe is one ordinary call through the client, so it meets every rule a real call meets
(the deadline, the token budget, the fallbacks): what passes here works for the features.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from pydantic import BaseModel, Field

from toulmini_site.llm.client import LLMClient, LLMError

PROBE_MESSAGES = [
    {
        "role": "system",
        "content": "You check arithmetic. Answer with JSON only, as the schema says.",
    },
    {
        "role": "user",
        "content": 'What is 2 + 3? Give the number as "answer" and the number in English '
        'words as "word".',
    },
]
STREAM_MESSAGES = [
    {"role": "system", "content": "You answer in one short plain sentence."},
    {"role": "user", "content": "Say hello to a class of students."},
]


class ProbeAnswer(BaseModel):
    answer: int = Field(description="the sum")
    word: str = Field(description="the sum in English words")


@dataclass(frozen=True)
class Probe:
    """One probe: whether it worked, how long it took (and, for a stream, until the first
    visible words), what it said, or the error."""

    ok: bool
    ms: int | None = None
    first_ms: int | None = None
    said: str = ""
    error: str = ""
    code: str = ""

    @property
    def reached(self) -> bool:
        """Whether the server answered at all (if not with what was asked)."""
        if self.ok or not self.code:
            return True
        return self.code != "MODEL_UNAVAILABLE" or "could not be reached" not in self.error


def _ms(since: float) -> int:
    return round((time.perf_counter() - since) * 1000)


def probe_structured(client: LLMClient) -> Probe:
    """Ask for a small JSON object; it must validate (its sum must be right, too)."""
    started = time.perf_counter()
    try:
        result = client.structured(
            purpose="model_check.structured", messages=PROBE_MESSAGES, schema=ProbeAnswer
        )
    except LLMError as exc:
        return Probe(False, _ms(started), error=str(exc), code=exc.code)
    elapsed = _ms(started)
    said = result.value.model_dump_json()
    if result.value.answer != 5:
        return Probe(False, elapsed, said=said, error="The model's sum was wrong.")
    return Probe(True, elapsed, said=said)


def probe_stream(client: LLMClient) -> Probe:
    """Stream a short sentence; it must arrive, in at least one piece."""
    started = time.perf_counter()
    first: int | None = None
    pieces: list[str] = []
    try:
        for chunk in client.stream(purpose="model_check.stream", messages=STREAM_MESSAGES):
            if first is None and chunk.strip():
                first = _ms(started)
            pieces.append(chunk)
    except LLMError as exc:
        return Probe(False, _ms(started), first, "".join(pieces), str(exc), exc.code)
    said = "".join(pieces).strip()
    if not said:
        return Probe(False, _ms(started), first, error="The stream ended with no words.")
    return Probe(True, _ms(started), first, said)
