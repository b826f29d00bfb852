"""HTML forms; each checks only its input, the services check the rules."""

from __future__ import annotations

from django import forms

from arguments.services import chain_llm_available
from council import selectors as council_selectors
from toulmini_site.classrooms.domain.grading import COMMENT_MAX_CHARS, PART_LABELS, PARTS
from toulmini_site.classrooms.models import MAX_DAILY_MODEL_CALLS, Assignment, TutorHelp
from toulmini_site.classrooms.services import ENGINES, NAME_MAX


class ClassForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, label="Class name")


class JoinForm(forms.Form):
    code = forms.CharField(max_length=40, label="Join code")


class SettingsForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX)
    joining_open = forms.BooleanField(required=False, label="Students may join with the code")
    archived = forms.BooleanField(required=False, label="Archived (read-only)")
    daily_model_calls = forms.IntegerField(
        min_value=0, max_value=MAX_DAILY_MODEL_CALLS, label="Model calls per student per day"
    )


class TeacherForm(forms.Form):
    username = forms.CharField(max_length=150, label="Co-teacher's username")


ENGINE_LABELS = {
    "offline": "Built-in analyzer (works offline)",
    "manual": "Their own AI: the student pastes its answers",
    "llm": "The site's language model",
}


ESSAY_RUBRIC = "Student argument"


def rubric_choices() -> list[tuple[str, str]]:
    """The audit rubrics, the argumentative-essay one first."""
    names = sorted(council_selectors.rubrics().values_list("name", flat=True))
    return sorted(((n, n) for n in names), key=lambda choice: choice[0] != ESSAY_RUBRIC)


def engine_choices() -> list[tuple[str, str]]:
    """The chain engines that work on this server, in plain words (the language model only
    when one is configured)."""
    return [(e, ENGINE_LABELS[e]) for e in ENGINES if e != "llm" or chain_llm_available()]


class AssignmentForm(forms.Form):
    """Common fields, then each kind's own (``KIND_FIELDS``): the page shows only the chosen
    kind's fields, and the service ignores the others."""

    KIND_FIELDS = {
        "coach": ("topic", "language", "tutor_help"),
        "chain": ("query", "source_text", "engines"),
        "essay": ("rubric_name", "with_critique"),
    }

    title = forms.CharField(max_length=200)
    instructions = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False)
    kind = forms.ChoiceField(
        choices=Assignment.Kind.choices, widget=forms.RadioSelect, label="What the students do"
    )
    due_at = forms.DateTimeField(
        required=False,
        label="Due (optional)",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    published = forms.BooleanField(required=False, initial=True, label="Publish now")
    topic = forms.CharField(max_length=300, required=False, label="Topic the student argues about")
    language = forms.ChoiceField(
        choices=[("en", "English"), ("es", "Español")], label="Language of the tutor"
    )
    tutor_help = forms.ChoiceField(
        choices=TutorHelp.choices,
        initial=TutorHelp.FULL,
        required=False,
        label="How much the tutor may do",
        help_text="The tutor never writes a part for the student, at any level.",
    )
    query = forms.CharField(max_length=2000, required=False, label="Question the chain answers")
    source_text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        label="Text to analyse (leave empty and each student pastes their own)",
    )
    engines = forms.MultipleChoiceField(
        choices=engine_choices,
        required=False,
        initial=["offline", "manual"],
        widget=forms.CheckboxSelectMultiple,
        label="How the student may run the chain",
    )
    rubric_name = forms.ChoiceField(
        choices=rubric_choices, required=False, initial=ESSAY_RUBRIC, label="Audit rubric"
    )
    with_critique = forms.BooleanField(
        required=False, label="Also have the philosophers' council critique the essay"
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for part in PARTS:
            self.fields[f"max_{part}"] = forms.IntegerField(
                min_value=1, max_value=100, initial=4, label=f"Points: {PART_LABELS[part]}"
            )

    def clean_engines(self) -> list[str]:
        engines = self.cleaned_data["engines"]
        if self.cleaned_data.get("kind") == "chain" and not engines:
            raise forms.ValidationError("Choose at least one way to run the chain.")
        return engines

    def common_fields(self) -> list[forms.BoundField]:
        own = {name for names in self.KIND_FIELDS.values() for name in names}
        return [f for f in self if f.name not in own and not f.name.startswith("max_")]

    def kind_fields(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        labels = dict(Assignment.Kind.choices)
        return [
            (kind, labels[kind], [self[name] for name in names])
            for kind, names in self.KIND_FIELDS.items()
        ]

    def points_fields(self) -> list[forms.BoundField]:
        return [self[f"max_{part}"] for part in PARTS]

    def service_kwargs(self) -> dict:
        data = dict(self.cleaned_data)
        data["points_max"] = {part: data.pop(f"max_{part}") for part in PARTS}
        return data


class StartForm(forms.Form):
    engine = forms.ChoiceField(choices=engine_choices, required=False)
    source_text = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}), required=False)


class EssayForm(forms.Form):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14}), required=False, max_length=100_000
    )
    file = forms.FileField(required=False, label="…or upload a text file (UTF-8)")


class FeedbackForm(forms.Form):
    overall = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=COMMENT_MAX_CHARS,
        label="Overall comment",
    )

    def __init__(self, *args, maxima: dict[str, int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for part in PARTS:
            self.fields[f"comment_{part}"] = forms.CharField(
                widget=forms.Textarea(attrs={"rows": 2}),
                required=False,
                max_length=COMMENT_MAX_CHARS,
                label=PART_LABELS[part],
            )
            self.fields[f"points_{part}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=maxima[part],
                label=f"Points (0–{maxima[part]})",
            )

    @staticmethod
    def is_in(data) -> bool:
        """Whether ``data`` carries the feedback form's fields (not a bare Return)."""
        return any(key == "overall" or key.startswith(("comment_", "points_")) for key in data)

    def parts(
        self, suggestions: dict[str, dict]
    ) -> list[tuple[str, forms.BoundField, forms.BoundField, dict | None]]:
        """Per part: its label, comment and points fields, and the audit's suggestion."""
        return [
            (PART_LABELS[p], self[f"comment_{p}"], self[f"points_{p}"], suggestions.get(p))
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
        }

    @staticmethod
    def initial_from(feedback) -> dict:
        if feedback is None:
            return {}
        initial = {"overall": feedback.overall}
        for p in PARTS:
            initial[f"comment_{p}"] = feedback.comments.get(p, "")
            initial[f"points_{p}"] = feedback.points.get(p)
        return initial
