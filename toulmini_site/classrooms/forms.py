"""HTML forms; each checks only its input, the services check the rules."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from arguments.services import chain_llm_available
from council import selectors as council_selectors
from toulmini_site.classrooms import kinds
from toulmini_site.classrooms.domain.grading import COMMENT_MAX_CHARS, PART_LABELS, PARTS
from toulmini_site.classrooms.models import MAX_DAILY_MODEL_CALLS, Feedback, TutorHelp
from toulmini_site.classrooms.services import ENGINES, NAME_MAX, feedback_fields

# The domain's part labels, shown through gettext (the rest are the Toulmin parts' names).
PART_LABEL_MSGIDS = (gettext_noop("Data / grounds"),)


def part_label(part: str, *, kind: str) -> str:
    """A part's name in the feedback on work of ``kind``, as the kind names it (coach work's
    one Backing row covers both its backings)."""
    return str(kinds.kind_of(kind).part_label(part))


class VersionedForm(forms.Form):
    """A form that edits saved state: it carries the version it was loaded from and the values
    it showed (``base``), so a save based on an older version is merged field by field with
    what was saved meanwhile, or refused with both shown (``toulmini_site.versions``)."""

    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    base = forms.CharField(required=False, widget=forms.HiddenInput)

    def versioning(self) -> dict[str, Any]:
        """The service's ``version`` and ``base`` arguments (a malformed base: none)."""
        try:
            base = json.loads(self.cleaned_data.get("base") or "null")
        except ValueError:
            base = None
        return {
            "version": self.cleaned_data.get("version"),
            "base": base if isinstance(base, dict) else None,
        }

    @staticmethod
    def loaded(version: int, values: dict[str, Any]) -> dict[str, Any]:
        """The initial ``version`` and ``base`` for a form showing ``values``."""
        return {"version": version, "base": json.dumps(values, ensure_ascii=False)}

    def rebased(self, version: int, values: dict[str, Any]) -> None:
        """After a refused stale save: the user's values stay in the fields, the version and
        base become the saved ones, so saving again (having seen both) keeps the user's."""
        data = self.data.copy()  # type: ignore[attr-defined]  # a QueryDict (bound form)
        for key, value in self.loaded(version, values).items():
            data[key] = str(value)
        self.data = data


class ClassForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, label=_("Class name"))


class JoinForm(forms.Form):
    code = forms.CharField(max_length=40, label=_("Join code"))


class SettingsForm(VersionedForm):
    name = forms.CharField(max_length=NAME_MAX, label=_("Name"))
    joining_open = forms.BooleanField(required=False, label=_("Students may join with the code"))
    archived = forms.BooleanField(required=False, label=_("Archived (read-only)"))
    daily_model_calls = forms.IntegerField(
        min_value=0, max_value=MAX_DAILY_MODEL_CALLS, label=_("Model calls per student per day")
    )
    time_zone = forms.CharField(
        max_length=64,
        required=False,
        label=_("Time zone of the class's times (e.g. Europe/Madrid; empty: the site's)"),
    )


class TeacherForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Co-teacher's username"))


ENGINE_LABELS = {
    "offline": _("Built-in analyzer (works offline)"),
    "manual": _("Their own AI: the student pastes its answers"),
    "llm": _("The site's language model"),
}


ESSAY_RUBRIC = "Student argument"


def rubric_choices() -> list[tuple[str, str]]:
    """The audit rubrics, the argumentative-essay one first."""
    names = sorted(council_selectors.rubrics().values_list("name", flat=True))
    # Each seeded rubric's name in the reader's language (council/vocabulary.py).
    return sorted(((n, gettext(n)) for n in names), key=lambda choice: choice[0] != ESSAY_RUBRIC)


def engine_choices() -> list[tuple[str, str]]:
    """The chain engines that work on this server, in plain words (the language model only
    when one is configured)."""
    return [(e, str(ENGINE_LABELS[e])) for e in ENGINES if e != "llm" or chain_llm_available()]


class AssignmentForm(forms.Form):
    """Common fields, then each kind's own (its ``settings_fields``, declared here): the page
    shows only the chosen kind's fields, and the service ignores the others."""

    title = forms.CharField(max_length=200, label=_("Title"))
    instructions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}), required=False, label=_("Instructions")
    )
    kind = forms.ChoiceField(
        choices=kinds.choices, widget=forms.RadioSelect, label=_("What the students do")
    )
    due_at = forms.DateTimeField(
        required=False,
        label=_("Due (optional)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    published = forms.BooleanField(required=False, initial=True, label=_("Publish now"))
    topic = forms.CharField(
        max_length=300, required=False, label=_("Topic the student argues about")
    )
    language = forms.ChoiceField(
        choices=[("en", _("English")), ("es", _("Spanish"))], label=_("Language of the tutor")
    )
    tutor_help = forms.ChoiceField(
        choices=TutorHelp.choices,
        initial=TutorHelp.FULL,
        required=False,
        label=_("How much the tutor may do"),
        help_text=_(
            "Questions only: the tutor only asks questions. Explanations: it also explains, "
            "with examples on other topics. Full coaching: it also tidies the student's own "
            "words when asked. At every level it never writes a part for the student."
        ),
    )
    query = forms.CharField(max_length=2000, required=False, label=_("Question the chain answers"))
    source_text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        label=_("Text to analyse (leave empty and each student pastes their own)"),
    )
    engines = forms.MultipleChoiceField(
        choices=engine_choices,
        required=False,
        initial=["offline", "manual"],
        widget=forms.CheckboxSelectMultiple,
        label=_("How the student may run the chain"),
    )
    rubric_name = forms.ChoiceField(
        choices=rubric_choices, required=False, initial=ESSAY_RUBRIC, label=_("Audit rubric")
    )
    with_critique = forms.BooleanField(
        required=False, label=_("Also have the philosophers' council critique the essay")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for part in PARTS:
            self.fields[f"max_{part}"] = forms.IntegerField(
                min_value=1,
                max_value=100,
                initial=4,
                label=_("Points: %(part)s") % {"part": _(PART_LABELS[part])},
            )

    def clean_engines(self) -> list[str]:
        engines = self.cleaned_data["engines"]
        kind = self.cleaned_data.get("kind")
        if kind and "engines" in kinds.kind_of(kind).settings_fields and not engines:
            raise forms.ValidationError(_("Choose at least one way to run the chain."))
        return engines

    def common_fields(self) -> list[forms.BoundField]:
        own = {name for kind in kinds.names() for name in kinds.kind_of(kind).settings_fields}
        return [f for f in self if f.name not in own and not f.name.startswith("max_")]

    def kind_fields(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        return [
            (name, str(label), [self[f] for f in kinds.kind_of(name).settings_fields])
            for name, label in kinds.choices()
        ]

    def points_fields(self) -> list[forms.BoundField]:
        return [self[f"max_{part}"] for part in PARTS]

    def service_kwargs(self) -> dict:
        data = dict(self.cleaned_data)
        data["points_max"] = {part: data.pop(f"max_{part}") for part in PARTS}
        return data


class StartForm(forms.Form):
    engine = forms.ChoiceField(choices=engine_choices, required=False, label=_("Engine"))
    source_text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5}), required=False, label=_("Source text")
    )


class AutosavedForm(VersionedForm):
    """A versioned form whose text is also kept on the server as it is typed
    (``classrooms.autosave``): ``draft_version`` is the kept draft's version the page knew."""

    draft_version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def rebased(self, version: int, values: dict[str, Any], *, draft: int | None = None) -> None:
        """As ``VersionedForm.rebased``; with ``draft``, the kept draft's version too."""
        super().rebased(version, values)
        if draft is not None:
            self.redrafted(draft)

    def redrafted(self, draft: int) -> None:
        """The kept draft's version becomes ``draft`` (the rest of the form as it was)."""
        data = self.data.copy()  # type: ignore[attr-defined]  # a QueryDict (bound form)
        data["draft_version"] = str(draft)
        self.data = data


class EssayForm(AutosavedForm):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14}), required=False, max_length=100_000
    )
    file = forms.FileField(required=False, label=_("…or upload a text file (UTF-8)"))


class FeedbackForm(AutosavedForm):
    overall = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=COMMENT_MAX_CHARS,
        label=_("Overall comment"),
    )

    def __init__(self, *args: Any, maxima: dict[str, int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for part in PARTS:
            self.fields[f"comment_{part}"] = forms.CharField(
                widget=forms.Textarea(attrs={"rows": 2}),
                required=False,
                max_length=COMMENT_MAX_CHARS,
                label=_(PART_LABELS[part]),
            )
            self.fields[f"points_{part}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=maxima[part],
                label=_("Points (0–%(max)s)") % {"max": maxima[part]},
            )

    @staticmethod
    def is_in(data: Iterable[str]) -> bool:
        """Whether ``data`` carries the feedback form's fields (not a bare Return)."""
        return any(key == "overall" or key.startswith(("comment_", "points_")) for key in data)

    def parts(
        self,
        suggestions: dict[str, dict],
        *,
        saved: dict[str, Any] | None = None,
        kind: str,
    ) -> list[tuple[str, forms.BoundField, forms.BoundField, dict | None, dict[str, Any]]]:
        """Per part: its label, comment and points fields, the audit's suggestion, and what
        is saved on the server where it clashes with what is typed (after a stale save).
        Each part is named as the work's ``kind`` names it."""
        saved = saved or {}
        return [
            (
                part_label(p, kind=kind),
                self[f"comment_{p}"],
                self[f"points_{p}"],
                suggestions.get(p),
                {k: saved[f"{k}_{p}"] for k in ("comment", "points") if f"{k}_{p}" in saved},
            )
            for p in PARTS
        ]

    def points_total(self) -> int:
        """The sum of the points as typed (or as saved), ignoring what is not a number: the
        running total the page starts from (a script keeps it current while typing)."""
        total = 0
        for p in PARTS:
            value = self[f"points_{p}"].value()
            try:
                total += int(value)
            except (TypeError, ValueError):
                continue
        return total

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "comments": {p: data[f"comment_{p}"] for p in PARTS if data[f"comment_{p}"]},
            "points": {p: data[f"points_{p}"] for p in PARTS if data[f"points_{p}"] is not None},
            "overall": data["overall"],
            **self.versioning(),
        }

    @staticmethod
    def initial_from(feedback: Feedback | None) -> dict:
        initial = VersionedForm.loaded(
            feedback.version if feedback else 0, feedback_fields(feedback)
        )
        if feedback is None:
            return initial
        initial["overall"] = feedback.overall
        for p in PARTS:
            initial[f"comment_{p}"] = feedback.comments.get(p, "")
            initial[f"points_{p}"] = feedback.points.get(p)
        return initial
