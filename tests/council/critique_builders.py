"""Builders for the council's critique tests: a document and a scripted council model."""

from __future__ import annotations

import re
import threading
from typing import Any

from toulmini_site.llm.client import LLMRequest

CRITIQUE_DOCUMENT = (
    "Remote work obviously makes every team more productive. Managers should therefore "
    "allow it everywhere, except for the teams they lead themselves. Studies ultimately "
    "prove that many people prefer working from home."
)


def critique_halves(span: str) -> list[str]:
    """Two exact substrings of ``span``: its first and second halves, cut at a space."""
    spaces = [m.start() for m in re.finditer(r" ", span.strip())]
    if not spaces:
        return [span.strip()]
    cut = spaces[len(spaces) // 2]
    text = span.strip()
    return [text[:cut].strip(), text[cut:].strip()]


class CritiqueModel:
    """A scripted council model: every target gets one point per half of its quote.

    Tune it per test: ``confidence``, ``severity``, ``points`` (per target), ``decompose``,
    ``quote`` (a function span -> list of quotes), ``claim`` (a function (agent, quote,
    level) -> claim), ``fallacy`` (what each point names), ``fail`` (a function request -> exception
    or None), ``adjust`` (agent -> adjustments), ``summary``. It also measures concurrency.
    """

    def __init__(self) -> None:
        self.confidence = 0.8
        self.severity = "High"
        self.area = ""
        self.points = 2
        self.decompose = True
        self.quote = critique_halves
        self.claim = lambda agent, quote, level: f"{agent} objects to: {quote}"
        self.fallacy = ""
        self.fail: Any = None
        self.adjust: dict[str, list[dict[str, Any]]] = {}
        self.summary = "The council found problems."
        self.in_flight = 0
        self.max_in_flight = 0
        self.in_flight_by_purpose: dict[str, int] = {}
        self.max_in_flight_by_purpose: dict[str, int] = {}
        self.threads: set[tuple[str, int]] = set()  # (purpose, thread) of each call
        self._lock = threading.Lock()
        self._arrived = threading.Condition(self._lock)
        self.together: dict[str, int] = {}  # purpose -> calls ``measured`` waits to see at once

    def __call__(self, request: LLMRequest) -> Any:
        with self._lock:
            self.threads.add((request.purpose, threading.get_ident()))
        if self.fail is not None and (error := self.fail(request)) is not None:
            return error
        inputs = request.inputs
        if request.purpose == "council.critique.tree":
            return {
                "groups": [
                    {
                        "target_id": t["id"],
                        "points": [
                            {
                                "claim": self.claim(inputs["agent"], q, inputs["level"]),
                                "evidence": q,
                                "confidence": self.confidence,
                                "severity": self.severity,
                                "area": self.area or inputs["agent"],
                                "decompose": self.decompose,
                                "fallacy": self.fallacy,
                            }
                            for q in self.quote(t["span"])[: self.points]
                        ],
                    }
                    for t in inputs["targets"]
                ]
            }
        if request.purpose == "council.critique.self":
            return {"adjustments": self.adjust.get(inputs["agent"], [])}
        return {"final_assessment": self.summary}

    def measured(self, request: LLMRequest) -> Any:
        """Like calling it, but counting how many calls are in flight at once."""
        import time

        purpose = request.purpose
        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            now = self.in_flight_by_purpose[purpose] = self.in_flight_by_purpose.get(purpose, 0) + 1
            self.max_in_flight_by_purpose[purpose] = max(
                self.max_in_flight_by_purpose.get(purpose, 0), now
            )
            self._arrived.notify_all()
            # Wait (a short while) for the calls that should be in flight beside this one: on
            # a loaded machine a fixed sleep let the first calls end before the last began.
            together = self.together.get(purpose, 1)
            self._arrived.wait_for(
                lambda: self.max_in_flight_by_purpose[purpose] >= together, timeout=1.0
            )
        try:
            time.sleep(0.01)
            return self(request)
        finally:
            with self._lock:
                self.in_flight -= 1
                self.in_flight_by_purpose[purpose] -= 1
