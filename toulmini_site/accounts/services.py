"""Writing a user's settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from toulmini_site.accounts.models import UserSettings


def user_language_set(*, user: Any, language: str) -> UserSettings:
    """Remember ``language`` (a code of ``settings.LANGUAGES``, or "" for the browser's) as
    ``user``'s language on every device they log in from."""
    if language and language not in dict(settings.LANGUAGES):
        raise ValueError(f"unknown language {language!r}")
    row, _created = UserSettings.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return row
