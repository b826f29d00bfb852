"""How a piece of work came to be: per Toulmin part, where its words came from, when, how often
it was worked on, the tutor turns it took and the marks on them; for an essay, its saves,
pasted characters and writing time. Pure: the caller passes the records as plain values.

What is read is only what the app keeps anyway (the coach conversation and each draft part's
provenance, the chain's phase attempts) plus, for essays, one row per save: when, how long the
text was, how many characters were pasted since the last save and how long the student was
writing (the browser counts both; keystrokes are never recorded).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class Event:
    """One moment on the timeline: when, which part (lane), what happened."""

    at: datetime
    lane: str
    what: str  # student | tutor | pressed | withheld | proposal | attempt | accepted | save | paste
    size: int = 0  # characters (an essay save's length, a paste's size)


@dataclass(frozen=True)
class PartProcess:
    lane: str  # a coach step, a chain phase ("phase1"...), or "essay"
    origin: str  # student | tutor | tutor_edited | offline | llm | manual | mcp | unknown | ""
    first_at: datetime | None
    last_at: datetime | None
    revisions: int  # student messages on a coach step; attempts at a chain phase; essay saves
    tutor_turns: int = 0
    pressed: int = 0
    withheld: int = 0


@dataclass(frozen=True)
class EssayProcess:
    saves: int
    characters: int
    pasted: int  # characters pasted, summed over saves
    active_seconds: int  # writing time the browser measured, summed over saves


@dataclass(frozen=True)
class ProcessReport:
    kind: str  # coach | chain | essay
    parts: tuple[PartProcess, ...]
    events: tuple[Event, ...]
    essay: EssayProcess | None = None

    @property
    def started_at(self) -> datetime | None:
        return self.events[0].at if self.events else None

    @property
    def ended_at(self) -> datetime | None:
        return self.events[-1].at if self.events else None


@dataclass(frozen=True)
class Message:
    role: str  # student | tutor
    step: str
    at: datetime
    pressure: str = ""
    withheld: bool = False
    proposal_decision: str = ""


def _span(events: Sequence[Event]) -> tuple[datetime | None, datetime | None]:
    if not events:
        return None, None
    return min(e.at for e in events), max(e.at for e in events)


def coach_process(
    steps: Sequence[str], messages: Iterable[Message], origins: dict[str, str]
) -> ProcessReport:
    """Per coach step: its draft part's provenance (``origins``, "" for an empty part), the
    student's messages on it, the tutor's turns, and the marks on them."""
    events: list[Event] = []
    for m in messages:
        if m.role == "student":
            events.append(Event(m.at, m.step, "pressed" if m.pressure else "student"))
        else:
            what = "withheld" if m.withheld else "proposal" if m.proposal_decision else "tutor"
            events.append(Event(m.at, m.step, what))
    events.sort(key=lambda e: e.at)
    parts = []
    for step in steps:
        mine = [e for e in events if e.lane == step]
        first, last = _span(mine)
        parts.append(
            PartProcess(
                lane=step,
                origin=origins.get(step, ""),
                first_at=first,
                last_at=last,
                revisions=sum(1 for e in mine if e.what in ("student", "pressed")),
                tutor_turns=sum(1 for e in mine if e.what in ("tutor", "withheld", "proposal")),
                pressed=sum(1 for e in mine if e.what == "pressed"),
                withheld=sum(1 for e in mine if e.what == "withheld"),
            )
        )
    return ProcessReport("coach", tuple(parts), tuple(events))


@dataclass(frozen=True)
class Attempt:
    phase: int
    source: str  # offline | llm | manual | mcp
    accepted: bool
    at: datetime


def chain_process(attempts: Iterable[Attempt], phases: int = 4) -> ProcessReport:
    """Per chain phase: who wrote it (the engine, or the student's own AI), how many outputs
    were offered and when; rejected outputs are kept as attempts."""
    ordered = sorted(attempts, key=lambda a: a.at)
    events = [
        Event(a.at, f"phase{a.phase}", "accepted" if a.accepted else "attempt") for a in ordered
    ]
    sources = {f"phase{a.phase}": a.source for a in ordered if a.accepted}
    parts = []
    for n in range(1, phases + 1):
        lane = f"phase{n}"
        mine = [e for e in events if e.lane == lane]
        first, last = _span(mine)
        parts.append(
            PartProcess(
                lane=lane,
                origin=sources.get(lane, ""),
                first_at=first,
                last_at=last,
                revisions=len(mine),
            )
        )
    return ProcessReport("chain", tuple(parts), tuple(events))


@dataclass(frozen=True)
class Save:
    at: datetime
    characters: int
    pasted: int = 0
    active_seconds: int = 0


def essay_process(saves: Sequence[Save]) -> ProcessReport:
    """An essay's saves: its length over time, what was pasted, and the writing time."""
    ordered = sorted(saves, key=lambda s: s.at)
    events: list[Event] = []
    for save in ordered:
        events.append(Event(save.at, "essay", "save", save.characters))
        if save.pasted:
            events.append(Event(save.at, "essay", "paste", save.pasted))
    first, last = _span(events)
    essay = EssayProcess(
        saves=len(ordered),
        characters=ordered[-1].characters if ordered else 0,
        pasted=sum(s.pasted for s in ordered),
        active_seconds=sum(s.active_seconds for s in ordered),
    )
    part = PartProcess(
        lane="essay",
        origin="student" if ordered else "",
        first_at=first,
        last_at=last,
        revisions=len(ordered),
    )
    return ProcessReport("essay", (part,), tuple(events), essay)


# -- the timeline, laid out for an SVG drawn by the template ----------------------------------


@dataclass(frozen=True)
class Dot:
    x: float
    y: int
    what: str
    title: str = ""


@dataclass(frozen=True)
class Lane:
    label: str
    y: int


@dataclass(frozen=True)
class Timeline:
    lanes: tuple[Lane, ...]
    dots: tuple[Dot, ...]
    width: int
    height: int
    label_width: int
    extra: dict[str, str] = field(default_factory=dict)


def timeline(
    report: ProcessReport,
    labels: dict[str, str],
    *,
    width: int = 360,
    label_width: int = 130,
    lane_height: int = 24,
) -> Timeline:
    """Each part a lane, each event a dot placed by its time between the first and the last
    event (equal spacing by order when all happen at once)."""
    lanes = tuple(
        Lane(labels.get(p.lane, p.lane), index * lane_height + lane_height // 2)
        for index, p in enumerate(report.parts)
    )
    row = {p.lane: index for index, p in enumerate(report.parts)}
    start, end = report.started_at, report.ended_at
    span = (end - start).total_seconds() if start and end else 0
    usable = width - label_width - 10
    dots = []
    for order, event in enumerate(report.events):
        if span > 0 and start is not None:
            share = (event.at - start).total_seconds() / span
        else:
            share = order / max(len(report.events) - 1, 1)
        dots.append(
            Dot(
                x=label_width + 5 + share * usable,
                y=row.get(event.lane, 0) * lane_height + lane_height // 2,
                what=event.what,
            )
        )
    return Timeline(lanes, tuple(dots), width, max(len(lanes), 1) * lane_height, label_width)
