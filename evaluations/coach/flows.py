"""Scripted new-student sessions played through the coach's services (the path the page
takes): how many messages and clicks a cooperative student needs, and whether a typed "yes"
confirms the card showing, a near miss ("yes but change X", "no") does not, and a question
about their own part is answered about that part.

``flow_sessions_tune.json`` is tuned on; ``flow_sessions_frozen.json`` was written and
committed before the rule changes, run once and reported, and tuned on since (its own survey
with when it was made, read as a vague source, was fixed). Each session lists, per step, what
the student sends (``say``) and what must follow (``expect``: ``card``, ``confirms``,
``no_confirm``, ``about:<part>``). After a step's entries the student confirms a card the
session's way (``confirm``: ``click`` or a typed word), or says yes when there is none.

Playing needs the database (``coach.services``): the tests run it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coach import selectors, services
from coach.domain.tutor import GUIDING_QUESTIONS, PHRASES
from coach.models import CoachSession
from evaluations.coach import HERE
from toulmini_site.users import User

FLOWS_TUNE = HERE / "flow_sessions_tune.json"
FLOWS_FROZEN = HERE / "flow_sessions_frozen.json"
YES = {"en": "yes", "es": "sí"}
STEP_TRIES = 6


def load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["sessions"]


@dataclass
class Played:
    name: str
    language: str
    messages: int = 0  # typed, confirming words included
    clicks: int = 0
    finished: bool = False
    failures: list[str] = field(default_factory=list)


def _card(session: CoachSession) -> str:
    """The value of the card showing for the current step ("" when none)."""
    pending = selectors.pending_proposal(session)
    proposal = pending.proposal if pending is not None else None
    if not proposal or proposal.get("field") != session.current_step:
        return ""
    return proposal.get("value", "")


def _reply(session: CoachSession) -> str:
    last = session.messages.filter(role="assistant").order_by("-created_at", "-id").first()
    return last.text if last is not None else ""


def _part_text(session: CoachSession, part: str, card: str, said: list[str]) -> str:
    saved = session.draft.as_dict().get(part, "")
    if saved:
        return saved
    return card or (said[-1] if said else "")


def _leads_back(reply: str, language: str) -> bool:
    """Whether the step's question comes after a lead back to the step ("Back to your
    warrant: ..."), not as if nothing had been said."""
    lead = PHRASES[language]["back_to"].split("{")[0]
    return lead in reply


class _Player:
    def __init__(self, script: dict[str, Any], owner: User) -> None:
        self.script = script
        self.owner = owner
        self.session = services.session_create(
            owner=owner, topic=script["topic"], language=script["language"]
        )
        self.played = Played(script["name"], script["language"])
        self.said: list[str] = []  # the student's attempts on the step

    def refresh(self) -> None:
        self.session.refresh_from_db()
        self.session.draft.refresh_from_db()

    def send(self, text: str) -> None:
        turn = services.turn_start(session=self.session, user=self.owner, message=text)
        for _ in services.turn_events(session=self.session, turn=turn):
            pass
        self.played.messages += 1
        self.refresh()

    def click(self) -> None:
        services.proposal_confirm(session=self.session)
        self.played.clicks += 1
        self.refresh()

    def confirm(self) -> None:
        way = self.script["confirm"]
        if way == "click":
            self.click()
        else:
            self.send(way)

    def fail(self, step: str, text: str, why: str) -> None:
        self.played.failures.append(f"{step}: {text!r}: {why}")

    def entry(self, step: str, text: str, expect: str) -> None:
        card_before = _card(self.session)
        part_before = ""
        if expect.startswith("about:"):
            part_before = _part_text(self.session, expect[6:], card_before, self.said)
        self.send(text)
        moved = self.session.current_step != step or self.session.is_completed
        card = "" if moved else _card(self.session)
        reply = _reply(self.session)
        if expect == "card" and not card:
            self.fail(step, text, f"no card: {reply[:120]!r}")
        if expect == "confirms" and not (moved and self.session.draft.value(step) == card_before):
            self.fail(step, text, f"did not confirm: {reply[:120]!r}")
        if expect == "no_confirm":
            if moved or self.session.draft.value(step):
                self.fail(step, text, "confirmed or saved")
            elif card and card != card_before:
                self.fail(step, text, f"proposed {card!r}")
        if expect.startswith("about:"):
            lang = self.script["language"]
            if moved or not part_before or part_before not in reply:
                self.fail(step, text, f"not about {expect[6:]}: {reply[:160]!r}")
            elif GUIDING_QUESTIONS[lang][step] in reply and (card or not _leads_back(reply, lang)):
                self.fail(step, text, "asked the step's opening question again")
        if expect in ("card", ""):
            self.said.append(text)

    def play(self) -> Played:
        for step, entries in self.script["steps"].items():
            self.said = []
            for item in entries:
                if self.session.current_step != step:
                    self.fail(step, item["say"], "the step had already moved on")
                    break
                self.entry(step, item["say"], item.get("expect", ""))
            for _ in range(STEP_TRIES):
                if self.session.current_step != step or self.session.is_completed:
                    break
                if _card(self.session):
                    self.confirm()
                else:
                    self.send(YES[self.script["language"]])
            if self.session.current_step == step and not self.session.is_completed:
                self.fail(step, "", "never saved")
                return self.played
        self.played.finished = self.session.is_completed
        return self.played


def play(script: dict[str, Any], owner: User) -> Played:
    """One scripted session by ``owner`` (a fresh user: the turns per minute are counted)."""
    return _Player(script, owner).play()


__all__ = ["FLOWS_FROZEN", "FLOWS_TUNE", "Played", "load", "play"]
