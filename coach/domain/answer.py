"""BASELINE (temporary): the server's path for one tutor answer, before the structural guard."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from coach.domain.guards import enforce_turn
from coach.domain.stream import parse_answer, streamed_text


def serve(chunks: Iterable[str], inputs: dict[str, Any]) -> Iterator[dict[str, Any]]:
    buffer: list[str] = []
    shown = ""
    for chunk in chunks:
        buffer.append(chunk)
        text = streamed_text("".join(buffer))
        if len(text) > len(shown):
            yield {"type": "partial", "text": text[len(shown) :]}
            shown = text
    raw = parse_answer("".join(buffer))
    result, status = enforce_turn(raw, inputs)
    yield {"type": "final", "result": result.model_dump(exclude_none=True), "status": status}
