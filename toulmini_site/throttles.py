"""DRF's throttles, counted per ``client_address`` in the limits' fail-soft cache.

Beside the API (``toulmini_site.api``), not in ``toulmini_site.limits``: the limits raise our
refusals and import no DRF; this is the API's adapter to them."""

from __future__ import annotations

from typing import Any, cast

from django.core.cache.backends.base import BaseCache
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from toulmini_site.limits import cache as limits_cache
from toulmini_site.limits import client_address

# DRF's throttles only get and set; the fail-soft cache answers both like a cache backend.
cache = cast(BaseCache, limits_cache)


class AnonThrottle(AnonRateThrottle):
    """DRF's anonymous rate, per ``client_address`` and counted in the fail-soft cache."""

    cache = cache

    def get_ident(self, request: Any) -> str:
        return client_address(request)


class UserThrottle(UserRateThrottle):
    """DRF's per-user rate (anonymous callers per ``client_address``), fail-soft."""

    cache = cache

    def get_ident(self, request: Any) -> str:
        return client_address(request)


class AuthRateThrottle(AnonThrottle):
    """The strict per-address rate for the token endpoint (``THROTTLE_AUTH``)."""

    scope = "auth"
