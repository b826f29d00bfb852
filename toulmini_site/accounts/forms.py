"""The account page's forms (the password forms are Django's own)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Language of the pages"),
        choices=[("", _("The browser's language"))] + list(settings.LANGUAGES),
        required=False,
    )


EMAIL_REASON = _(
    "Used only to send you a link when you forget your password, and to confirm a new "
    "address. Teachers need one (a class cannot wait for an administrator); for students it "
    "is optional: without it, your teacher or the site's administrator resets your password."
)


class SignupForm(UserCreationForm):
    """Django's sign-up form, plus the role and an e-mail address (required for teachers)."""

    role = forms.ChoiceField(
        label=_("I will use Toulmini as"),
        choices=[("student", _("a student")), ("teacher", _("a teacher"))],
        initial="student",
        required=False,
        widget=forms.RadioSelect,
    )
    email = forms.EmailField(
        label=_("E-mail address"), required=False, help_text=EMAIL_REASON, max_length=254
    )

    field_order = ["username", "role", "email", "password1", "password2"]

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("role") == "teacher" and not data.get("email"):
            self.add_error(
                "email", _("Teachers need an e-mail address to reset a forgotten password.")
            )
        return data


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=_("New e-mail address"),
        max_length=254,
        help_text=EMAIL_REASON,
        widget=forms.EmailInput(attrs={"aria-describedby": "email-help", "autocomplete": "email"}),
    )
