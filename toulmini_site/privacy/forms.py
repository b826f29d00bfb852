from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from toulmini_site.users import User


class DeleteAccountForm(forms.Form):
    """Confirms with the password, or, for an account with none (made by a learning
    platform), by typing the username."""

    confirmation = forms.CharField(
        label=_("Your password"), strip=False, widget=forms.PasswordInput
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        if not user.has_usable_password():
            self.fields["confirmation"].label = _("Type your username")
            self.fields["confirmation"].widget = forms.TextInput()

    def clean_confirmation(self) -> str:
        value = self.cleaned_data["confirmation"]
        ok = (
            self.user.check_password(value)
            if self.user.has_usable_password()
            else value.strip() == self.user.get_username()
        )
        if not ok:
            raise forms.ValidationError(_("That is not right; nothing was deleted."))
        return value
