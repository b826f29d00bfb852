"""Where a class struggles, by Toulmin part: pure arithmetic over flat submission rows.

Every reading is counted from what the work and the teacher already say, never guessed:

- **points**: the teacher's points on a part, as a share of the part's maximum, counted in four
  bands (under 25%, 25-49%, 50-74%, 75% and over);
- **missing**: the work lacks a part it should hold by now (a coach draft with a passed step
  empty, a turned-in chain without the component), or the essay's audit gave its criterion 1
  of 5;
- **weak**: the teacher gave under half the part's points, or (where the teacher has not graded
  the part) the audit gave its criterion 2 of 5;
- **not started**: still assigned; **stuck**: coach work not finished and untouched for
  ``STUCK_AFTER``, or a chain stopped by a circuit breaker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from toulmini_site.classrooms.domain.grading import PARTS

BANDS = ("0-24", "25-49", "50-74", "75-100")
STUCK_AFTER = timedelta(days=3)
# An audit score (1-5) at or under which a part reads missing, then weak.
AUDIT_MISSING_AT = 1
AUDIT_WEAK_AT = 2


@dataclass(frozen=True)
class WorkRow:
    """One submission as the analytics read it (flat values, one query for a whole class)."""

    student_id: int
    assignment_id: int
    kind: str  # the assignment's kind (``classrooms.kinds``)
    state: str  # assigned | in_progress | turned_in | returned
    points: Mapping[str, int] = field(default_factory=dict)
    maxima: Mapping[str, int] = field(default_factory=dict)
    # The parts the work holds and the parts it should hold by now (the coach steps and chain
    # phases already passed, every part once turned in), where the kind says; an essay is read
    # through its audit instead.
    present: frozenset[str] = frozenset()
    expected: frozenset[str] = frozenset()
    audit_scores: Mapping[str, int] = field(default_factory=dict)
    # The step work that goes step by step (a coach session) is on: such work reads stuck when
    # it is left unfinished on its step.
    coach_step: str | None = None
    finished: bool = False  # a coach session completed, a chain with a verdict
    stopped: bool = False  # a chain stopped by a circuit breaker
    last_activity: datetime | None = None

    @property
    def started(self) -> bool:
        return self.state != "assigned"


@dataclass(frozen=True)
class PartReading:
    """One part over the rows read: the teacher's points in bands, and how often it is missing
    or weak among the started work."""

    part: str
    graded: int
    bands: tuple[int, ...]  # counts per ``BANDS``
    mean_share: float | None  # mean points / maximum, 0-1, over the graded
    missing: int
    weak: int
    started: int

    @property
    def struggling(self) -> int:
        return self.missing + self.weak

    @property
    def struggling_share(self) -> float:
        return self.struggling / self.started if self.started else 0.0


@dataclass(frozen=True)
class StudentState:
    student_id: int
    assignment_id: int
    reason: str  # not_started | stuck_step | stopped
    step: str | None = None
    since: datetime | None = None


@dataclass(frozen=True)
class ClassReading:
    parts: tuple[PartReading, ...]
    not_started: tuple[StudentState, ...]
    stuck: tuple[StudentState, ...]
    submissions: int
    started: int

    def hardest(self, limit: int = 3) -> list[PartReading]:
        """The parts most often missing or weak, worst first (parts no one struggles with are
        left out)."""
        ranked = sorted(
            (p for p in self.parts if p.struggling),
            key=lambda p: (-p.struggling_share, PARTS.index(p.part)),
        )
        return ranked[:limit]


def band_of(points: int, maximum: int) -> int:
    """The band index (0-3) of ``points`` out of ``maximum``."""
    if maximum <= 0:
        return 0
    share = points / maximum
    return min(3, int(share * 4)) if share < 1 else 3


def _part_state(row: WorkRow, part: str) -> tuple[bool, bool]:
    """(missing, weak) of one started row's part."""
    if part in row.expected and part not in row.present:
        return True, False
    score = row.audit_scores.get(part)
    if score is not None and score <= AUDIT_MISSING_AT:
        return True, False
    maximum = row.maxima.get(part, 0)
    if part in row.points and maximum:
        return False, row.points[part] * 2 < maximum
    return False, score is not None and score <= AUDIT_WEAK_AT


def read_class(rows: Iterable[WorkRow], *, now: datetime) -> ClassReading:
    """The class's reading over ``rows`` (one assignment's or the whole class's)."""
    rows = list(rows)
    started_rows = [r for r in rows if r.started]
    parts = []
    for part in PARTS:
        bands = [0] * len(BANDS)
        shares: list[float] = []
        missing = weak = 0
        for row in rows:
            maximum = row.maxima.get(part, 0)
            if part in row.points and maximum:
                bands[band_of(row.points[part], maximum)] += 1
                shares.append(row.points[part] / maximum)
        for row in started_rows:
            is_missing, is_weak = _part_state(row, part)
            missing += is_missing
            weak += is_weak
        parts.append(
            PartReading(
                part=part,
                graded=len(shares),
                bands=tuple(bands),
                mean_share=sum(shares) / len(shares) if shares else None,
                missing=missing,
                weak=weak,
                started=len(started_rows),
            )
        )
    not_started = tuple(
        StudentState(r.student_id, r.assignment_id, "not_started") for r in rows if not r.started
    )
    stuck = []
    for row in started_rows:
        if row.stopped:
            stuck.append(StudentState(row.student_id, row.assignment_id, "stopped"))
        elif (
            row.coach_step is not None
            and not row.finished
            and row.state == "in_progress"
            and row.last_activity is not None
            and now - row.last_activity >= STUCK_AFTER
        ):
            stuck.append(
                StudentState(
                    row.student_id,
                    row.assignment_id,
                    "stuck_step",
                    step=row.coach_step,
                    since=row.last_activity,
                )
            )
    return ClassReading(
        parts=tuple(parts),
        not_started=not_started,
        stuck=tuple(stuck),
        submissions=len(rows),
        started=len(started_rows),
    )


# -- charts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Bar:
    """One horizontal bar of a chart: its label and its segments (value, css class)."""

    label: str
    segments: tuple[tuple[int, str], ...]

    @property
    def total(self) -> int:
        return sum(value for value, _ in self.segments)


@dataclass(frozen=True)
class Rect:
    x: float
    y: int
    width: float
    height: float
    css: str
    value: int


@dataclass(frozen=True)
class Row:
    label: str
    y: int
    rects: tuple[Rect, ...]
    total: int
    end: float  # where the bar ends (its value is written after it)


def bar_layout(
    bars: Iterable[Bar], *, width: int = 480, bar_height: int = 22, gap: int = 10, label: int = 0
) -> tuple[list[Row], int]:
    """Rectangles for horizontal stacked bars scaled to the longest bar (drawn by the
    template as SVG): returns the rows and the drawing's height."""
    bars = list(bars)
    longest = max((b.total for b in bars), default=0) or 1
    scale = (width - label) / longest
    rows = []
    for index, bar in enumerate(bars):
        y = index * (bar_height + gap)
        x = float(label)
        rects = []
        for value, css in bar.segments:
            if value:
                rects.append(Rect(x, y, value * scale, bar_height, css, value))
                x += value * scale
        rows.append(Row(bar.label, y, tuple(rects), bar.total, x))
    height = max(len(bars) * (bar_height + gap) - gap, bar_height)
    return rows, height
