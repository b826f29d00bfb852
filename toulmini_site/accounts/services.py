"""Writing a user's settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.utils.translation import gettext

from toulmini_site.accounts.models import UserSettings
from toulmini_site.accounts.tasks import email_confirm_task, password_reset_task
from toulmini_site.refusals import Refusal
from toulmini_site.users import User


def user_language_set(*, user: User, language: str) -> UserSettings:
    """Remember ``language`` (a code of ``settings.LANGUAGES``, or "" for the browser's) as
    ``user``'s language on every device they log in from."""
    if language and language not in dict(settings.LANGUAGES):
        raise ValueError(f"unknown language {language!r}")
    row, _created = UserSettings.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return row


EMAIL_CONFIRM_SALT = "toulmini.accounts.email-confirm"
EMAIL_CONFIRM_MAX_AGE = 3 * 24 * 3600


class EmailLinkInvalid(Refusal):
    code = "EMAIL_LINK_INVALID"
    status = 400


def email_confirm_token(*, user: User, address: str) -> str:
    """A signed token naming ``user`` and the address they asked for; valid three days."""
    return signing.dumps({"u": user.pk, "e": address}, salt=EMAIL_CONFIRM_SALT)


def email_change_request(*, user: User, address: str, link_for: Any, language: str) -> None:
    """Queue the confirmation mail to ``address``; the account's address changes only when
    its link is opened (``email_confirm``). ``link_for(token)`` makes the absolute link."""
    token = email_confirm_token(user=user, address=address)
    email_confirm_task.enqueue(
        address=address, link=link_for(token), username=user.get_username(), language=language
    )


def email_confirm(*, user: User, token: str) -> str:
    """Set the address confirmed by ``token`` on ``user`` (who must be the one who asked)."""
    try:
        value = signing.loads(token, salt=EMAIL_CONFIRM_SALT, max_age=EMAIL_CONFIRM_MAX_AGE)
    except signing.BadSignature:
        raise EmailLinkInvalid(
            gettext("This confirmation link is not valid or has expired: ask for a new one.")
        ) from None
    if value.get("u") != user.pk:
        raise EmailLinkInvalid(
            gettext("This confirmation link is for another account: log in as that account.")
        )
    user.email = value["e"]
    user.save(update_fields=["email"])
    return user.email


def password_reset_request(*, email: str, domain: str, use_https: bool, language: str) -> None:
    """Queue the reset mail for ``email``, known or not: the request does the same either way."""
    password_reset_task.enqueue(email=email, domain=domain, use_https=use_https, language=language)
