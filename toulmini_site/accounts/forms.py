"""The account page's forms (the password forms are Django's own)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Language of the pages"),
        choices=[("", _("The browser's language"))] + list(settings.LANGUAGES),
        required=False,
    )
