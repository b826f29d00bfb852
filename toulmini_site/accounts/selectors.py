"""Reading a user's settings."""

from __future__ import annotations

from typing import Any

from toulmini_site.accounts.models import UserSettings


def user_language(*, user: Any) -> str:
    """The language ``user`` chose on the site ("" when they never chose: the browser's)."""
    if not getattr(user, "is_authenticated", False):
        return ""
    language = (
        UserSettings.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    )
    return language or ""
