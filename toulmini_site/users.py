"""The project's user, and the request of a signed-in one.

Services and selectors take the user as ``User``. ``request.user`` is typed ``User`` or
``AnonymousUser``, so a view that passed it on would need a cast at every call; instead a
page view behind ``login_required`` types its request as ``AuthedHttpRequest``, whose ``user``
is a ``User``. An API view takes ``toulmini_site.api.AuthedRequest`` likewise, under
``toulmini_site.api.authed_api_view``. A view open to visitors keeps ``HttpRequest`` and
narrows with ``signed_in`` where it knows someone is signed in.

The project keeps Django's own user model (no ``AUTH_USER_MODEL`` of its own): this module is
the one place that says so.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from toulmini_site.htmx import HtmxHttpRequest

__all__ = ["AuthedHttpRequest", "User", "signed_in"]


class AuthedHttpRequest(HtmxHttpRequest):
    """A page request that ``login_required`` let through: its user is signed in (and, as
    every page request, it carries django-htmx's ``htmx``)."""

    user: User


def signed_in(request: HttpRequest) -> User:
    """The signed-in user of ``request``; ``PermissionDenied`` for a visitor."""
    if not isinstance(request.user, User):
        raise PermissionDenied
    return request.user
