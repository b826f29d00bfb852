"""Saves that cannot lose an update: each form carries the version it was loaded from.

A write based on an older version (a second tab, the browser's Back button, another teacher)
is merged field by field with what was saved meanwhile when no field was changed on both
sides (``merge_fields``); otherwise it is refused (``StaleWrite``, 409) with the current values,
so the page can show them beside the user's and nothing of either is lost.

Pure Python: services of every app use it, and so may the domains.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from toulmini_site.refusals import Refusal


@dataclass(frozen=True)
class Merge:
    """The merged values, and the fields changed on both sides to different values."""

    values: dict[str, Any]
    conflicts: tuple[str, ...]


def merge_fields(
    *, base: Mapping[str, Any], mine: Mapping[str, Any], theirs: Mapping[str, Any]
) -> Merge:
    """A three-way merge of flat field -> value mappings: ``base`` is what the user loaded,
    ``mine`` what they send, ``theirs`` what is saved now. A field changed on one side only
    takes that side's value; a field changed on both sides to different values is a conflict
    (``values`` then holds the user's, for the form shown again)."""
    values: dict[str, Any] = {}
    conflicts = []
    for field in sorted({*base, *mine, *theirs}):
        old, new, saved = base.get(field), mine.get(field), theirs.get(field)
        if new == saved or saved == old:
            values[field] = new
        elif new == old:
            values[field] = saved
        else:
            values[field] = new
            conflicts.append(field)
    return Merge(values, tuple(conflicts))


class StaleWrite(Refusal):
    """A save based on an older version, with changes that clash with the saved ones (or,
    without the loaded values to merge on, any change): nothing was written. ``version`` and
    ``current`` are what is saved now; ``conflicts`` the fields changed on both sides."""

    code = "STALE_VERSION"
    status = 409

    def __init__(
        self,
        message: str,
        *,
        version: int,
        current: Mapping[str, Any],
        conflicts: tuple[str, ...] = (),
        code: str | None = None,
    ) -> None:
        self.version = version
        self.current = dict(current)
        self.conflicts = tuple(conflicts)
        super().__init__(
            message,
            code=code,
            extra={"version": version, "current": self.current, "conflicts": list(conflicts)},
        )


def resolve(
    *,
    expected: int | None,
    version: int,
    mine: Mapping[str, Any],
    theirs: Mapping[str, Any],
    base: Mapping[str, Any] | None,
    message: str,
    code: str | None = None,
) -> dict[str, Any]:
    """The values to write for a save of ``mine`` loaded at version ``expected`` when the
    saved version is ``version``: ``mine`` when nothing changed meanwhile (or no version was
    given), the field-by-field merge when it has no conflict; otherwise ``StaleWrite``."""
    if expected is None or expected == version:
        return dict(mine)
    if base is not None:
        merged = merge_fields(base=base, mine=mine, theirs=theirs)
        if not merged.conflicts:
            return merged.values
        conflicts = merged.conflicts
    else:
        conflicts = tuple(f for f in sorted({*mine, *theirs}) if mine.get(f) != theirs.get(f))
        if not conflicts:
            return dict(mine)
    raise StaleWrite(message, version=version, current=theirs, conflicts=conflicts, code=code)
