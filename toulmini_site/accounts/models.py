"""Each user's own settings (one row per user, made when first needed)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class UserSettings(models.Model):
    """What a user chose for themselves. An empty ``language`` follows the browser."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_settings"
    )
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("user settings")
        verbose_name_plural = _("user settings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(language="")
                | models.Q(language__in=[code for code, _name in settings.LANGUAGES]),
                name="accounts_usersettings_language_known",
            )
        ]

    def __str__(self) -> str:
        return f"settings of user {self.user_id}"
