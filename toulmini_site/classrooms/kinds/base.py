"""The protocol every assignment kind implements, and the registry the rest of classrooms
reads kinds from: the services (validating settings, starting, turning in, which kind takes
a text), the selectors (progress, the linked work, its detail), the assignment form and the
API (the kinds offered) ask the kind instead of branching on its name.

A kind is one module with one object that has:

- ``name`` (at most 20 characters, the ``Assignment.kind`` value), ``label`` and ``order``
  (where it comes in the lists of kinds);
- ``settings_fields``: the assignment settings it takes (the form shows only these);
- ``settings(given)``: its settings validated, as ``(columns, problems)``: the
  ``Assignment`` columns to store and the refusal details (``{"loc", "msg"}``);
- ``start(submission, engine=, source_text=)``: creates the work on a locked submission;
- ``turn_in(submission)``: what turning in runs (the essay's audit), on the locked row;
- ``progress(row)``: ``{"label", ...}`` from a submission's flat grid values;
- ``work(submission)``: ``{type, id, url}`` of the linked work, or None;
- ``detail(submission)``: the work as its teacher reads it (the API), or None;
- ``part_label(part)``: a grading part's name in the feedback;
- ``takes_text``: whether the student writes the text on the submission (the essay box);
- ``detail_template``: the fragment the submission page shows the work with (it gets the
  page's context: ``submission``, ``progress``, ``chain``, ``essay_form``...);
- ``settings_template`` and ``start_template``: the fragments the assignment page shows the
  kind's settings with, and adds to the student's start form (they get ``assignment``,
  ``start_form``, ``engine_options``);
- ``process(submission)``: how the work came to be (``domain.process.ProcessReport`` whose
  ``kind`` is the kind's name), or None; ``lanes()``: the report's parts by name for people;
  ``revisions_label`` and ``tutor_columns``: what the report's table counts;
- ``analytics_columns()``: the annotations and ``analytics_values`` the fields the class
  analytics read of a submission (one query for every kind in the class); ``reading(row)``:
  the ``domain.analytics.WorkRow`` fields the kind fills from such a row;
- ``export(submission)``: what the work exports as in the returned-work export (JSON);
- ``evidence(submission)``: what the work's own judges read of each part
  (``domain.drafting.PartEvidence`` by part), for machine-drafted feedback; none by default.

``Kind`` below holds the defaults (no settings, no work to start or run at turn-in, parts
named as graded), so a simple kind overrides only what it has.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from django.utils.translation import gettext, gettext_lazy

from toulmini_site.classrooms.domain.grading import PART_LABELS, PARTS
from toulmini_site.classrooms.models import KIND_LABELS

if TYPE_CHECKING:
    from toulmini_site.classrooms.domain.drafting import PartEvidence
    from toulmini_site.classrooms.domain.process import ProcessReport
    from toulmini_site.classrooms.models import Submission

Problems = list[dict[str, str]]
# Turned-in work: the analytics expect every part of it.
DONE = ("turned_in", "returned")


# The settings columns of ``Assignment`` as an assignment of a kind without them has them.
BLANK_SETTINGS: dict[str, Any] = {
    "topic": "",
    "language": "en",
    "tutor_help": "full",
    "query": "",
    "source_text": "",
    "engines": [],
    "rubric_name": "",
    "with_critique": False,
}


class AssignmentKind(Protocol):
    name: str
    label: Any
    order: int
    settings_fields: tuple[str, ...]
    takes_text: bool
    detail_template: str
    settings_template: str
    start_template: str
    revisions_label: Any
    tutor_columns: bool
    analytics_values: tuple[str, ...]

    def settings(self, given: Mapping[str, Any]) -> tuple[dict[str, Any], Problems]: ...

    def start(self, submission: Submission, *, engine: str | None, source_text: str) -> None: ...

    def turn_in(self, submission: Submission) -> None: ...

    def progress(self, row: Mapping[str, Any]) -> dict[str, Any]: ...

    def work(self, submission: Submission) -> dict[str, Any] | None: ...

    def detail(self, submission: Submission) -> dict[str, Any] | None: ...

    def part_label(self, part: str) -> str: ...

    def process(self, submission: Submission) -> ProcessReport | None: ...

    def lanes(self) -> dict[str, str]: ...

    def analytics_columns(self) -> dict[str, Any]: ...

    def reading(self, row: Mapping[str, Any]) -> dict[str, Any]: ...

    def export(self, submission: Submission) -> dict[str, Any]: ...

    def evidence(self, submission: Submission) -> dict[str, PartEvidence]: ...


class Kind:
    """Defaults for a kind: override what differs."""

    name = ""
    label: Any = ""
    order = 100
    settings_fields: tuple[str, ...] = ()
    takes_text = False
    detail_template = "classrooms/kinds/_none.html"
    settings_template = "classrooms/kinds/_empty.html"
    start_template = "classrooms/kinds/_empty.html"
    revisions_label: Any = gettext_lazy("Saves")
    tutor_columns = False
    analytics_values: tuple[str, ...] = ()

    def settings(self, given: Mapping[str, Any]) -> tuple[dict[str, Any], Problems]:
        return {}, []

    def start(self, submission: Submission, *, engine: str | None, source_text: str) -> None:
        return None

    def turn_in(self, submission: Submission) -> None:
        return None

    def progress(self, row: Mapping[str, Any]) -> dict[str, Any]:
        started = row.get("state") not in (None, "assigned")
        return {"label": gettext_lazy("started") if started else gettext_lazy("not started")}

    def work(self, submission: Submission) -> dict[str, Any] | None:
        return None

    def detail(self, submission: Submission) -> dict[str, Any] | None:
        return None

    def part_label(self, part: str) -> str:
        return gettext(PART_LABELS[part])

    def process(self, submission: Submission) -> ProcessReport | None:
        return None

    def lanes(self) -> dict[str, str]:
        return {}

    def analytics_columns(self) -> dict[str, Any]:
        return {}

    def reading(self, row: Mapping[str, Any]) -> dict[str, Any]:
        """Work turned in with nothing to read expects every part (and holds none)."""
        expected = frozenset(PARTS) if row["state"] in DONE else frozenset()
        return {"expected": expected, "last_activity": row["updated_at"]}

    def export(self, submission: Submission) -> dict[str, Any]:
        """The work's link and its detail, as the teacher reads them."""
        return {"work": self.work(submission), "work_detail": self.detail(submission)}

    def evidence(self, submission: Submission) -> dict[str, PartEvidence]:
        """No judge of its own: nothing to draft feedback from."""
        return {}


_KINDS: dict[str, AssignmentKind] = {}


def register(kind: AssignmentKind) -> AssignmentKind:
    """Add a kind to the registry (a second kind of the same name replaces the first)."""
    if not kind.name or len(kind.name) > 20:
        raise ValueError(f"a kind's name is 1 to 20 characters: {kind.name!r}")
    _KINDS[kind.name] = kind
    KIND_LABELS[kind.name] = kind.label
    return kind


def unregister(name: str) -> None:
    """Take a kind out of the registry (tests that add a kind of their own)."""
    _KINDS.pop(name, None)
    KIND_LABELS.pop(name, None)


def kind_of(name: str) -> AssignmentKind:
    """The registered kind called ``name``; ``LookupError`` for none."""
    try:
        return _KINDS[name]
    except KeyError:
        raise LookupError(f"no assignment kind {name!r}") from None


def _listed() -> list[AssignmentKind]:
    return sorted(_KINDS.values(), key=lambda kind: (kind.order, kind.name))


def names() -> list[str]:
    return [kind.name for kind in _listed()]


def choices() -> list[tuple[str, Any]]:
    """``(name, label)`` of every registered kind, for forms and the API."""
    return [(kind.name, kind.label) for kind in _listed()]
