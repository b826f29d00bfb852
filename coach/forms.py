"""The HTML pages' input: each form validates what its page posts."""

import json
from typing import Any

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from coach.domain.steps import STEPS
from coach.models import DRAFT_COLUMNS, CoachSession
from coach.services import MESSAGE_MAX_CHARS, TOPIC_MAX_CHARS


class SessionForm(forms.Form):
    topic = forms.CharField(
        label=_("Topic"),
        max_length=TOPIC_MAX_CHARS,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. phones in classrooms")}),
    )
    language = forms.ChoiceField(
        label=_("Tutor language"), choices=CoachSession.Language.choices, initial="en"
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The tutor speaks the page's language unless the student picks another.
        page = (get_language() or "").split("-")[0]
        if page in CoachSession.Language.values:
            self.fields["language"].initial = page


class TurnForm(forms.Form):
    message = forms.CharField(
        label=_("Your message"),
        max_length=MESSAGE_MAX_CHARS,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={
            "max_length": _(
                "Your message is %(show_value)d characters long; the limit is "
                "%(limit_value)d. Shorten it and send again."
            )
        },
    )
    retry = forms.BooleanField(required=False)


class DraftForm(forms.Form):
    draft_version = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # The texts the page was loaded with (JSON): a save from an older version is merged on them.
    base = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for step in STEPS:
            self.fields[step] = forms.CharField(
                required=False,
                max_length=MESSAGE_MAX_CHARS,
                strip=True,
                widget=forms.Textarea(attrs={"rows": 2, "data-step": step}),
            )

    def draft_values(self) -> dict[str, str]:
        return {step: self.cleaned_data[step] for step in DRAFT_COLUMNS}

    def draft_base(self) -> dict[str, str] | None:
        try:
            base = json.loads(self.cleaned_data.get("base") or "null")
        except ValueError:
            return None
        return base if isinstance(base, dict) else None
