"""API tokens that expire: DRF's token authentication with an age limit (``API_TOKEN_DAYS``).

Its own module because DRF imports the authentication classes named in the settings while
``rest_framework.views`` is still loading, so they cannot live beside the API views.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from toulmini_site.limits import now_datetime
from toulmini_site.users import User


def token_expires_at(token: Token) -> datetime:
    """When ``token`` stops working; compared with the limits' one clock (``now_datetime``)."""
    return token.created + timedelta(days=settings.API_TOKEN_DAYS)


class TokenExpired(exceptions.AuthenticationFailed):
    default_detail = gettext_lazy(
        "The API token has expired: ask for a new one with your password."
    )
    default_code = "token_expired"


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, except that a token older than ``API_TOKEN_DAYS`` is
    deleted and refused (401 ``TOKEN_EXPIRED``); ``POST auth/token/`` gives a new one."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expires_at(token) <= now_datetime():
            token.delete()
            raise TokenExpired()
        return user, token


def token_issue(*, user: User) -> Token:
    """A new API token for ``user`` (from the account page), replacing any other: the key is
    shown once there, and an app holding the old one must use the new one."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


def token_of(*, user: User) -> Token | None:
    """``user``'s API token, if they have one (its key is not shown again)."""
    return Token.objects.filter(user=user).first()


def token_revoke_all(*, user: User) -> int:
    """Delete ``user``'s API token: every app using it is signed out."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return deleted
