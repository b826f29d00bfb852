"""Reading a user's settings."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser

from toulmini_site.accounts.models import UserSettings
from toulmini_site.users import User


def user_language(*, user: User | AnonymousUser | None) -> str:
    """The language ``user`` chose on the site ("" when they never chose: the browser's)."""
    if not isinstance(user, User):  # a visitor
        return ""
    language = (
        UserSettings.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
    )
    return language or ""
